import type { ProduitListQuery } from '@app/shared';
import { type Insertable, sql, type Updateable } from 'kysely';
import { counterKey } from '../../db/counters.ts';
import type { Executor } from '../../db/database.ts';
import { type ListQuery, listOf, pageOf, type TotalSource } from '../../db/paging.ts';
import type { MediaKind, ProduitsTable } from '../../db/schema.ts';
import { containsPattern, escapeLike } from '../../db/search.ts';

/** 'reserve' while a member holds the product (decisions §5), computed with the membres index. */
const disponibilite = sql<
  'disponible' | 'reserve'
>`CASE WHEN EXISTS (SELECT 1 FROM membres m WHERE m.produit_id = p.id) THEN 'reserve' ELSE 'disponible' END`;

function produitsFrom(db: Executor) {
  return db.selectFrom('produits as p').innerJoin('sites as s', 's.id', 'p.site_id');
}

function selectProduits(db: Executor) {
  return produitsFrom(db).select([
    'p.id',
    'p.site_id',
    'p.titre',
    'p.description',
    'p.type',
    'p.superficie',
    'p.nombre_chambre',
    'p.nombre_salon',
    'p.nombre_cuisine',
    'p.nombre_toilette',
    'p.delais_construction',
    'p.prix_vente',
    'p.caution',
    'p.video_logement',
    'p.est_actif',
    'p.created_by',
    'p.updated_by',
    'p.date_creation',
    'p.date_modification',
    's.nom_site',
    's.adresse_site',
    's.ville_site',
    's.prix_metre_carre',
    's.localisation_site',
    's.est_actif as site_actif',
    's.video_site',
    's.created_at as site_created_at',
    's.updated_at as site_updated_at',
    disponibilite.as('disponibilite'),
  ]);
}

/** Kept for the type and site filters; the others (price, city, availability, search) are counted. */
function produitsTotal(filters: ListQuery<ProduitListQuery>, onlyActive: boolean): TotalSource {
  if (filters.search) return 'search';
  const { ville, prix_min, prix_max, disponibilite } = filters;
  if (ville || prix_min !== undefined || prix_max !== undefined || disponibilite) return 'count';
  const visible = onlyActive ? 'true' : undefined;
  return { counter: counterKey('produits', { visible, type: filters.type, site_id: filters.site_id }) };
}

function matchingProduits(db: Executor, filters: ListQuery<ProduitListQuery>, onlyActive: boolean) {
  let q = produitsFrom(db);
  // A product of a deactivated site is hidden too.
  if (onlyActive) q = q.where('p.est_actif', '=', true).where('s.est_actif', '=', true);
  if (filters.type) q = q.where('p.type', '=', filters.type);
  if (filters.site_id) q = q.where('p.site_id', '=', filters.site_id);
  if (filters.ville) q = q.where('s.ville_site', 'ilike', escapeLike(filters.ville));
  if (filters.prix_min !== undefined) q = q.where('p.prix_vente', '>=', String(filters.prix_min));
  if (filters.prix_max !== undefined) q = q.where('p.prix_vente', '<=', String(filters.prix_max));
  if (filters.disponibilite) {
    const held = sql<boolean>`EXISTS (SELECT 1 FROM membres m WHERE m.produit_id = p.id)`;
    q = q.where(filters.disponibilite === 'reserve' ? held : sql<boolean>`NOT ${held}`);
  }
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    // Each table's columns on their own trigram indexes; an OR across the join could use none.
    q = q.where((eb) =>
      eb.or([
        eb('p.titre', 'ilike', pattern),
        eb('p.description', 'ilike', pattern),
        eb(
          'p.site_id',
          'in',
          eb
            .selectFrom('sites')
            .select('id')
            .where((w) => w.or([w('nom_site', 'ilike', pattern), w('ville_site', 'ilike', pattern)])),
        ),
      ]),
    );
  }
  return q;
}

export function produitsList(db: Executor, filters: ListQuery<ProduitListQuery>, onlyActive: boolean) {
  return listOf({
    matching: matchingProduits(db, filters, onlyActive),
    key: 'p.id',
    order: [
      [`p.${filters.sortBy}`, filters.sortOrder],
      ['p.id', filters.sortOrder],
    ],
    details: (inPage) => selectProduits(db).where(inPage),
    // The catalogue's filters (price ranges, availability, city) are too many to keep: counted.
    total: produitsTotal(filters, onlyActive),
  });
}

export async function listProduits(db: Executor, filters: ProduitListQuery, onlyActive: boolean) {
  return pageOf(db, { ...produitsList(db, filters, onlyActive), page: filters.page, limit: filters.limit });
}

export async function findProduit(db: Executor, id: number) {
  return selectProduits(db).where('p.id', '=', id).executeTakeFirst();
}

export type ProduitRow = NonNullable<Awaited<ReturnType<typeof findProduit>>>;

export async function produitStats(db: Executor, onlyActive: boolean) {
  let query = db.selectFrom('produits as p');
  if (onlyActive) query = query.where('p.est_actif', '=', true);
  return query
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      sql<string>`count(*) FILTER (WHERE p.type = 'logement')`.as('logements'),
      sql<string>`count(*) FILTER (WHERE p.type = 'terrain')`.as('terrains'),
      sql<string>`count(*) FILTER (WHERE EXISTS (SELECT 1 FROM membres m WHERE m.produit_id = p.id))`.as('reserves'),
      sql<string | null>`round(avg(p.prix_vente))`.as('prix_moyen'),
    ])
    .executeTakeFirstOrThrow();
}

export async function produitMedias(db: Executor, produitIds: readonly number[]) {
  if (produitIds.length === 0) return [];
  return db
    .selectFrom('produit_medias')
    .select(['produit_id', 'kind', 'path'])
    .where('produit_id', 'in', produitIds)
    .orderBy('produit_id')
    .orderBy('kind')
    .orderBy('position')
    .execute();
}

/** The first photo of each product of the page (no N+1). */
export async function firstPhotos(db: Executor, produitIds: readonly number[]) {
  if (produitIds.length === 0) return [];
  return db
    .selectFrom('produit_medias')
    .select(['produit_id', 'path'])
    .distinctOn('produit_id')
    .where('produit_id', 'in', produitIds)
    .where('kind', '=', 'photo')
    .orderBy('produit_id')
    .orderBy('position')
    .execute();
}

export async function insertProduitMedias(
  db: Executor,
  produitId: number,
  kind: MediaKind,
  files: readonly { path: string; original_name: string; mime_type: string; size_bytes: number }[],
) {
  if (files.length === 0) return;
  await db
    .insertInto('produit_medias')
    .values(files.map((file, position) => ({ ...file, produit_id: produitId, kind, position })))
    .execute();
}

export async function deleteProduitMedias(db: Executor, produitId: number, kind?: MediaKind): Promise<string[]> {
  let query = db.deleteFrom('produit_medias').where('produit_id', '=', produitId);
  if (kind) query = query.where('kind', '=', kind);
  const rows = await query.returning('path').execute();
  return rows.map((r) => r.path);
}

export async function insertProduit(db: Executor, values: Insertable<ProduitsTable>) {
  return db.insertInto('produits').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateProduit(db: Executor, id: number, values: Updateable<ProduitsTable>) {
  await db
    .updateTable('produits')
    .set({ ...values, date_modification: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteProduit(db: Executor, id: number) {
  await db.deleteFrom('produits').where('id', '=', id).execute();
}

export async function siteIsActive(db: Executor, siteId: number): Promise<boolean | undefined> {
  const row = await db.selectFrom('sites').select('est_actif').where('id', '=', siteId).executeTakeFirst();
  return row?.est_actif;
}
