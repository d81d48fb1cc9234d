import type { DemandeListQuery, DemandeStatut } from '@app/shared';
import { type Insertable, sql, type Updateable } from 'kysely';
import { counterKey, counterValue } from '../../db/counters.ts';
import type { Executor } from '../../db/database.ts';
import { type ListQuery, listOf, pageOf } from '../../db/paging.ts';
import type { DemandesTable } from '../../db/schema.ts';
import { containsPattern } from '../../db/search.ts';

/** A demande with its product and site, its manager and the member it created. */
function withDetails(db: Executor) {
  return db
    .selectFrom('demandes as d')
    .innerJoin('produits as p', 'p.id', 'd.produit_id')
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .leftJoin('utilisateurs as g', 'g.id', 'd.gere_par')
    .leftJoin('membres as m', 'm.demande_id', 'd.id')
    .selectAll('d')
    .select([
      'p.titre as produit_titre',
      'p.prix_vente as produit_prix',
      's.id as site_id',
      's.nom_site',
      's.ville_site',
      'g.nom as gestionnaire_nom',
      'g.prenom as gestionnaire_prenom',
      'm.id as membre_id',
      'm.code_esv as membre_code',
    ]);
}

export type DemandeRow = NonNullable<Awaited<ReturnType<typeof findDemande>>>;

export async function findDemande(db: Executor, id: number) {
  return withDetails(db).where('d.id', '=', id).executeTakeFirst();
}

/**
 * The applicant's name as typed (family name first) for a search written as the screens show it
 * ('Issa Ouédraogo' → 'Ouédraogo Issa'); null for a single word.
 */
function typedOrder(search: string): string | null {
  const words = search.trim().split(/\s+/);
  return words.length > 1 ? [words.at(-1), ...words.slice(0, -1)].join(' ') : null;
}

/** Whose requests a reader is kept to: those he created (a commercial), or his own (a demandeur). */
export interface DemandesOf {
  column: 'created_by' | 'demandeur_id';
  id: number;
}

/**
 * Newest first; search over the applicant's name (in either order), the product's title and the
 * notes (spec 1 §2.5); only those of `owner` when given.
 */
export function demandesList(db: Executor, query: ListQuery<DemandeListQuery>, owner?: DemandesOf) {
  let matching = db.selectFrom('demandes as d');
  if (owner) matching = matching.where(`d.${owner.column}`, '=', owner.id);
  if (query.statut) matching = matching.where('d.statut', '=', query.statut);
  if (query.search) {
    const pattern = containsPattern(query.search);
    const reordered = typedOrder(query.search);
    // Each branch on its own trigram index; an OR across the join could use none.
    matching = matching.where((eb) =>
      eb.or([
        eb('d.nom_complet', 'ilike', pattern),
        ...(reordered ? [eb('d.nom_complet', 'ilike', containsPattern(reordered))] : []),
        eb('d.notes', 'ilike', pattern),
        eb('d.produit_id', 'in', eb.selectFrom('produits').select('id').where('titre', 'ilike', pattern)),
      ]),
    );
  }
  return listOf({
    matching,
    key: 'd.id',
    order: [
      ['d.created_at', query.sortOrder],
      ['d.id', query.sortOrder],
    ],
    details: (inPage) => withDetails(db).where(inPage),
    // One person's requests have no kept counter: counted up to the cap, as a search's.
    total: query.search || owner ? 'search' : { counter: counterKey('demandes', { statut: query.statut }) },
  });
}

export async function listDemandes(db: Executor, query: DemandeListQuery, owner?: DemandesOf) {
  return pageOf(db, { ...demandesList(db, query, owner), page: query.page, limit: query.limit });
}

/** The count of each status, from the kept counters: one row read per status, whatever the table's size. */
export async function demandeStats(db: Executor) {
  const kept = (statut?: DemandeStatut) => counterValue(counterKey('demandes', { statut }));
  return db
    .selectNoFrom([
      kept().as('total'),
      kept('en_attente').as('en_attente'),
      kept('validee').as('validee'),
      kept('rejetee').as('rejetee'),
    ])
    .executeTakeFirstOrThrow();
}

/** The demande row alone, locked until the transaction ends: two validations run one after the other. */
export async function lockDemande(db: Executor, id: number) {
  return db.selectFrom('demandes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A pending demande of the same person (same CNI or e-mail), served by the CNI and e-mail indexes. */
export async function hasPendingDemande(
  db: Executor,
  person: { num_cni: string; email: string },
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('demandes')
    .select('id')
    .where('statut', '=', 'en_attente')
    .where((eb) => eb.or([eb('num_cni', '=', person.num_cni), eb(sql`lower(email)`, '=', person.email.toLowerCase())]));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Links the requests filed with an e-mail, not linked yet, to the demandeur account an admin just created for it. */
export async function linkDemandesToDemandeur(db: Executor, demandeurId: number, email: string) {
  await db
    .updateTable('demandes')
    .set({ demandeur_id: demandeurId })
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('demandeur_id', 'is', null)
    .execute();
}

export async function insertDemande(db: Executor, values: Insertable<DemandesTable>) {
  return db.insertInto('demandes').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateDemande(db: Executor, id: number, values: Updateable<DemandesTable>) {
  await db
    .updateTable('demandes')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteDemande(db: Executor, id: number) {
  await db.deleteFrom('demandes').where('id', '=', id).execute();
}

/** Active products of active sites that no member holds: what the public form may offer. */
function availableProduits(db: Executor) {
  return db
    .selectFrom('produits as p')
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .where('p.est_actif', '=', true)
    .where('s.est_actif', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('membres as m').select(sql`1`.as('one')).whereRef('m.produit_id', '=', 'p.id'))),
    );
}

export async function listAvailableProduits(db: Executor) {
  return availableProduits(db)
    .select(['p.id', 'p.titre', 'p.type', 'p.prix_vente', 's.nom_site as site_nom', 's.ville_site as site_ville'])
    .orderBy('p.titre')
    .orderBy('p.id')
    .execute();
}

/** Locks the product for the decision, and reads the price it is sold at. */
export async function lockProduit(db: Executor, id: number) {
  return db.selectFrom('produits').select('prix_vente').where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function isProduitHeld(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('membres').select('id').where('produit_id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function isProduitAvailable(db: Executor, id: number): Promise<boolean> {
  const row = await availableProduits(db).select('p.id').where('p.id', '=', id).executeTakeFirst();
  return row !== undefined;
}
