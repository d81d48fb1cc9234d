import { CHANTIER_STATUTS, type ChantierListQuery, type ChantierStatut } from '@app/shared';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Scope } from '../../caller.ts';
import { counterKey, counterValue } from '../../db/counters.ts';
import type { Executor } from '../../db/database.ts';
import { type ListQuery, listOf, pageOf, type TotalSource } from '../../db/paging.ts';
import type { ChantiersTable } from '../../db/schema.ts';
import { containsPattern } from '../../db/search.ts';

const SORT_COLUMNS = {
  date_debut: 'c.date_debut',
  date_fin_prevue: 'c.date_fin_prevue',
  nom_chantier: 'c.nom_chantier',
  statut: 'c.statut',
  date_creation: 'c.date_creation',
} as const;

/** Running past its planned end: the dashboard's 'Chantiers en retard'. */
const EN_RETARD = sql<boolean>`c.statut = 'en_cours' AND c.date_fin_prevue < current_date`;

/**
 * The chantiers a caller reads (spec 2 §6): staff all of them; a member those of his product or of
 * its site (decisions §4).
 */
function chantiersFrom(db: Executor, scope: Scope) {
  const query = db.selectFrom('chantiers as c');
  if (scope.kind !== 'self') return query;
  const own = db
    .selectFrom('membres as m')
    .innerJoin('produits as mp', 'mp.id', 'm.produit_id')
    .where('m.utilisateur_id', '=', scope.utilisateurId);
  return query.where((eb) =>
    eb.or([eb('c.produit_id', 'in', own.select('mp.id')), eb('c.site_id', 'in', own.select('mp.site_id'))]),
  );
}

/** A chantier with its responsible, product, site and creator. */
function withDetails(db: Executor) {
  return db
    .selectFrom('chantiers as c')
    .leftJoin('utilisateurs as r', 'r.id', 'c.responsable_id')
    .leftJoin('produits as p', 'p.id', 'c.produit_id')
    .leftJoin('sites as s', 's.id', 'c.site_id')
    .leftJoin('utilisateurs as u', 'u.id', 'c.created_by')
    .selectAll('c')
    .select([
      EN_RETARD.as('en_retard'),
      'r.nom as responsable_nom',
      'r.prenom as responsable_prenom',
      'p.titre as produit_titre',
      'p.type as produit_type',
      'p.prix_vente as produit_prix',
      's.nom_site as site_nom',
      's.ville_site as site_ville',
      'u.nom as createur_nom',
      'u.prenom as createur_prenom',
    ]);
}

export type ChantierRow = NonNullable<Awaited<ReturnType<typeof findChantier>>>;

export async function findChantier(db: Executor, scope: Scope, id: number) {
  return withDetails(db)
    .where('c.id', '=', id)
    .where('c.id', 'in', chantiersFrom(db, scope).select('c.id'))
    .executeTakeFirst();
}

/** The kept counter for everyone's list by status; a count otherwise (a company has hundreds at most); capped for a search. */
function chantiersTotal(scope: Scope, query: ListQuery<ChantierListQuery>): TotalSource {
  if (query.search) return 'search';
  if (scope.kind === 'self' || query.ville || query.responsable_id || query.site_id || query.produit_id) {
    return 'count';
  }
  return { counter: counterKey('chantiers', { statut: query.statut }) };
}

/** The screen's list (spec 2 §7): filters, search over name, city and address, sort, page. */
export function chantiersList(db: Executor, scope: Scope, query: ListQuery<ChantierListQuery>) {
  let matching = chantiersFrom(db, scope);
  if (query.statut) matching = matching.where('c.statut', '=', query.statut);
  if (query.ville) matching = matching.where('c.ville', '=', query.ville);
  if (query.responsable_id) matching = matching.where('c.responsable_id', '=', query.responsable_id);
  if (query.site_id) matching = matching.where('c.site_id', '=', query.site_id);
  if (query.produit_id) matching = matching.where('c.produit_id', '=', query.produit_id);
  if (query.search) {
    const pattern = containsPattern(query.search);
    matching = matching.where((eb) =>
      eb.or([
        eb('c.nom_chantier', 'ilike', pattern),
        eb('c.ville', 'ilike', pattern),
        eb('c.adresse', 'ilike', pattern),
      ]),
    );
  }
  return listOf({
    matching,
    key: 'c.id',
    order: [
      [SORT_COLUMNS[query.sortBy], query.sortOrder],
      ['c.id', query.sortOrder],
    ],
    details: (inPage) => withDetails(db).where(inPage),
    total: chantiersTotal(scope, query),
  });
}

export async function listChantiers(db: Executor, scope: Scope, query: ChantierListQuery) {
  return pageOf(db, { ...chantiersList(db, scope, query), page: query.page, limit: query.limit });
}

/** A product's chantiers, newest start first (GET /chantiers/product/{id}). */
export async function listChantiersOfProduit(db: Executor, scope: Scope, produitId: number) {
  return withDetails(db)
    .where('c.produit_id', '=', produitId)
    .where('c.id', 'in', chantiersFrom(db, scope).select('c.id'))
    .orderBy('c.date_debut', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
}

/**
 * The figures of GET /chantiers/stats within a scope: counts by status (kept counters for
 * everyone's), cities, budgets, the late ones; and what the mean progress is computed from.
 */
export async function chantierStats(db: Executor, scope: Scope) {
  const parStatut =
    scope.kind === 'self'
      ? await chantiersFrom(db, scope)
          .select(['c.statut', sql<string>`count(*)`.as('total')])
          .groupBy('c.statut')
          .execute()
      : await db
          .selectNoFrom(CHANTIER_STATUTS.map((statut) => counterValue(counterKey('chantiers', { statut })).as(statut)))
          .executeTakeFirstOrThrow()
          .then((row) =>
            CHANTIER_STATUTS.map((statut) => ({
              statut,
              total: (row as Record<ChantierStatut, string | null>)[statut] ?? '0',
            })),
          );
  const totals = await chantiersFrom(db, scope)
    .select([
      sql<string>`coalesce(sum(c.budget_prevu), 0)`.as('budget_prevu'),
      sql<string>`coalesce(sum(c.budget_utilise), 0)`.as('budget_utilise'),
      sql<string>`count(*) FILTER (WHERE ${EN_RETARD})`.as('en_retard'),
    ])
    .executeTakeFirstOrThrow();
  const villes = await chantiersFrom(db, scope)
    .select(['c.ville', sql<string>`count(*)`.as('total')])
    .groupBy('c.ville')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('c.ville')
    .execute();
  // The progress shown follows the shared rule where none was entered: computed in the service.
  const avancements = await chantiersFrom(db, scope)
    .select(['c.statut', 'c.pourcentage_avancement', 'c.date_debut', 'c.date_fin_prevue'])
    .execute();
  return { parStatut, totals, villes, avancements };
}

/** The chantier's row alone, locked until the transaction ends (a status change reads then writes it). */
export async function lockChantier(db: Executor, id: number) {
  return db.selectFrom('chantiers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertChantier(db: Executor, values: Insertable<ChantiersTable>) {
  return db.insertInto('chantiers').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateChantier(db: Executor, id: number, values: Updateable<ChantiersTable>) {
  await db
    .updateTable('chantiers')
    .set({ ...values, date_modification: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteChantier(db: Executor, id: number) {
  await db.deleteFrom('chantiers').where('id', '=', id).execute();
}

/** A staff account that may be responsible for a chantier (an active one). */
export async function isResponsable(db: Executor, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('utilisateurs')
    .select('id')
    .where('id', '=', id)
    .where('role', 'in', ['admin', 'gestionnaire', 'comptable', 'commercial'])
    .where('statut', '=', 'actif')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findSiteOfProduit(db: Executor, produitId: number) {
  return db.selectFrom('produits').select(['id', 'site_id']).where('id', '=', produitId).executeTakeFirst();
}

export async function siteExists(db: Executor, siteId: number): Promise<boolean> {
  return (await db.selectFrom('sites').select('id').where('id', '=', siteId).executeTakeFirst()) !== undefined;
}

/** The photos of the chantiers of a page, in one query. */
export async function chantierPhotos(db: Executor, chantierIds: readonly number[]) {
  if (chantierIds.length === 0) return [];
  return db
    .selectFrom('chantier_photos')
    .select(['id', 'chantier_id', 'path', 'original_name'])
    .where('chantier_id', 'in', chantierIds)
    .orderBy('chantier_id')
    .orderBy('id')
    .execute();
}

export async function countChantierPhotos(db: Executor, chantierId: number): Promise<number> {
  const row = await db
    .selectFrom('chantier_photos')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('chantier_id', '=', chantierId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertChantierPhotos(
  db: Executor,
  chantierId: number,
  files: readonly { path: string; original_name: string; mime_type: string; size_bytes: number }[],
) {
  if (files.length === 0) return;
  await db
    .insertInto('chantier_photos')
    .values(files.map((file) => ({ ...file, chantier_id: chantierId })))
    .execute();
}

/** Removes one photo of the chantier, or all of them; returns the file paths to delete once committed. */
export async function deleteChantierPhotos(db: Executor, chantierId: number, photoId?: number): Promise<string[]> {
  let query = db.deleteFrom('chantier_photos').where('chantier_id', '=', chantierId);
  if (photoId !== undefined) query = query.where('id', '=', photoId);
  return (await query.returning('path').execute()).map((row) => row.path);
}
