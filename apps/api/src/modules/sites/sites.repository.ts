import type { SiteListQuery } from '@app/shared';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { type ListQuery, listOf, pageOf } from '../../db/paging.ts';
import type { MediaKind, SitesTable } from '../../db/schema.ts';
import { containsPattern, escapeLike } from '../../db/search.ts';

const siteColumns = [
  's.id',
  's.nom_site',
  's.adresse_site',
  's.ville_site',
  's.prix_metre_carre',
  's.localisation_site',
  's.video_site',
  's.est_actif',
  's.created_by',
  's.updated_by',
  's.created_at',
  's.updated_at',
] as const;

const productCount = sql<string>`(SELECT count(*) FROM produits WHERE produits.site_id = s.id)`.as('nombre_produits');

export function sitesList(db: Executor, query: ListQuery<SiteListQuery>, onlyActive: boolean) {
  let select = db.selectFrom('sites as s');
  if (onlyActive || query.est_actif === 'true') select = select.where('s.est_actif', '=', true);
  if (query.est_actif === 'false') select = select.where('s.est_actif', '=', false);
  if (query.ville_site) select = select.where('s.ville_site', 'ilike', escapeLike(query.ville_site));
  if (query.search) {
    const pattern = containsPattern(query.search);
    select = select.where((eb) =>
      eb.or([
        eb('s.nom_site', 'ilike', pattern),
        eb('s.ville_site', 'ilike', pattern),
        eb('s.adresse_site', 'ilike', pattern),
      ]),
    );
  }
  return listOf({
    matching: select,
    key: 's.id',
    order: [
      [`s.${query.sortBy}`, query.sortOrder],
      ['s.id', query.sortOrder],
    ],
    details: (inPage) => db.selectFrom('sites as s').select(siteColumns).select(productCount).where(inPage),
    // A few hundred sites at most: counted.
    total: 'count',
  });
}

export async function listSites(db: Executor, query: SiteListQuery, onlyActive: boolean) {
  return pageOf(db, { ...sitesList(db, query, onlyActive), page: query.page, limit: query.limit });
}

export async function findSite(db: Executor, id: number) {
  return db.selectFrom('sites as s').select(siteColumns).select(productCount).where('s.id', '=', id).executeTakeFirst();
}

export type SiteRow = NonNullable<Awaited<ReturnType<typeof findSite>>>;

export async function siteStats(db: Executor, onlyActive: boolean) {
  return db
    .selectFrom('sites')
    .$if(onlyActive, (q) => q.where('est_actif', '=', true))
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      sql<string>`count(*) FILTER (WHERE est_actif)`.as('actifs'),
      sql<string>`count(DISTINCT lower(ville_site))`.as('villes'),
      sql<string | null>`round(avg(prix_metre_carre))`.as('prix_moyen_m2'),
      sql<string | null>`min(prix_metre_carre)`.as('prix_min_m2'),
    ])
    .executeTakeFirstOrThrow();
}

export async function siteMedias(db: Executor, siteIds: readonly number[]) {
  if (siteIds.length === 0) return [];
  return db
    .selectFrom('site_medias')
    .select(['site_id', 'kind', 'path'])
    .where('site_id', 'in', siteIds)
    .orderBy('site_id')
    .orderBy('kind')
    .orderBy('position')
    .execute();
}

export async function insertSiteMedias(
  db: Executor,
  siteId: number,
  kind: MediaKind,
  files: readonly { path: string; original_name: string; mime_type: string; size_bytes: number }[],
) {
  if (files.length === 0) return;
  await db
    .insertInto('site_medias')
    .values(files.map((file, position) => ({ ...file, site_id: siteId, kind, position })))
    .execute();
}

/** Removes a kind of media of a site; returns the file paths to delete once committed. */
export async function deleteSiteMedias(db: Executor, siteId: number, kind: MediaKind): Promise<string[]> {
  const rows = await db
    .deleteFrom('site_medias')
    .where('site_id', '=', siteId)
    .where('kind', '=', kind)
    .returning('path')
    .execute();
  return rows.map((r) => r.path);
}

export async function insertSite(db: Executor, values: Insertable<SitesTable>) {
  return db.insertInto('sites').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateSite(db: Executor, id: number, values: Updateable<SitesTable>) {
  await db
    .updateTable('sites')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteSite(db: Executor, id: number) {
  await db.deleteFrom('sites').where('id', '=', id).execute();
}
