import type { VersementListQuery, VersementStatut } from '@app/shared';
import { type ExpressionBuilder, type Insertable, sql, type Updateable } from 'kysely';
import type { Scope } from '../../caller.ts';
import { counterKey, counterSum, counterValue } from '../../db/counters.ts';
import type { Executor } from '../../db/database.ts';
import { type ListQuery, listOf, pageOf, type TotalSource } from '../../db/paging.ts';
import type { DB, VersementsTable } from '../../db/schema.ts';
import { containsPattern } from '../../db/search.ts';
import { addToMontantPaye, postMouvement } from '../banques/ledger.repository.ts';

const SORT_COLUMNS = { created_at: 'v.created_at', date_versement: 'v.date_versement', montant: 'v.montant' } as const;

/** The members whose payments a scope reaches: a gestionnaire's clients, one's own file. */
function membresOf(eb: ExpressionBuilder<DB, 'versements'>, scope: Exclude<Scope, { kind: 'all' }>) {
  const membres = eb.selectFrom('membres').select('membres.id');
  return scope.kind === 'clients'
    ? membres.where('membres.gestionnaire_id', '=', scope.gestionnaireId)
    : membres.where('membres.utilisateur_id', '=', scope.utilisateurId);
}

/** The payments a caller sees (decisions §4): all, his clients', his own; never a deleted one. */
function versementsFrom(db: Executor, scope: Scope) {
  let query = db.selectFrom('versements as v').where('v.date_suppression', 'is', null);
  if (scope.kind !== 'all') {
    query = query.where('v.membre_id', 'in', (eb) => membresOf(eb as never, scope));
  }
  return query;
}

/** A payment with its member, product, bank and the people who declared and decided it. */
function withDetails(db: Executor) {
  return db
    .selectFrom('versements as v')
    .innerJoin('membres as m', 'm.id', 'v.membre_id')
    .innerJoin('utilisateurs as mu', 'mu.id', 'm.utilisateur_id')
    .innerJoin('produits as p', 'p.id', 'v.produit_id')
    .innerJoin('banques as b', 'b.id', 'v.banque_id')
    .leftJoin('utilisateurs as d', 'd.id', 'v.created_by')
    .leftJoin('utilisateurs as t', 't.id', 'v.traite_par')
    .selectAll('v')
    .select([
      'mu.nom as membre_nom',
      'mu.prenom as membre_prenom',
      'm.code_esv as membre_code',
      'p.titre as produit_titre',
      'p.type as produit_type',
      'p.prix_vente as produit_prix',
      'b.nom as banque_nom',
      'd.nom as declare_nom',
      'd.prenom as declare_prenom',
      't.nom as traite_nom',
      't.prenom as traite_prenom',
    ]);
}

export type VersementRow = NonNullable<Awaited<ReturnType<typeof findVersement>>>;

/** One payment in the caller's scope (none when deleted or outside it). */
export async function findVersement(db: Executor, scope: Scope, id: number) {
  return withDetails(db)
    .where('v.id', '=', id)
    .where('v.id', 'in', versementsFrom(db, scope).select('v.id'))
    .executeTakeFirst();
}

/**
 * Where the total comes from: the kept counter for the whole list under its counted filters;
 * an exact count within one member or product (a few hundred rows at most) or within a scope;
 * a count capped SEARCH_COUNT_CAP rows past the page for a search or a date range, which may match thousands.
 */
function versementsTotal(scope: Scope, query: ListQuery<VersementListQuery>): TotalSource {
  if (query.search || query.date_debut || query.date_fin) return 'search';
  if (scope.kind !== 'all' || query.membre_id || query.produit_id) return 'count';
  return {
    counter: counterKey('versements', {
      statut: query.statut,
      type_versement: query.type_versement,
      banque_id: query.banque_id,
    }),
  };
}

/** Newest first by default; filters and search of spec 3 §2.1 (receipt number, member's name or code). */
export function versementsList(db: Executor, scope: Scope, query: ListQuery<VersementListQuery>) {
  let matching = versementsFrom(db, scope);
  if (query.statut) matching = matching.where('v.statut', '=', query.statut);
  if (query.type_versement) matching = matching.where('v.type_versement', '=', query.type_versement);
  if (query.produit_id) matching = matching.where('v.produit_id', '=', query.produit_id);
  if (query.banque_id) matching = matching.where('v.banque_id', '=', query.banque_id);
  if (query.membre_id) matching = matching.where('v.membre_id', '=', query.membre_id);
  if (query.date_debut) matching = matching.where('v.date_versement', '>=', query.date_debut);
  if (query.date_fin) matching = matching.where('v.date_versement', '<=', query.date_fin);
  if (query.search) {
    const pattern = containsPattern(query.search);
    // Each branch on its own index: the receipt's trigram index, the members found by name or code.
    matching = matching.where((eb) =>
      eb.or([
        eb('v.numero_recu', 'ilike', pattern),
        eb(
          'v.membre_id',
          'in',
          eb
            .selectFrom('membres as sm')
            .innerJoin('utilisateurs as su', 'su.id', 'sm.utilisateur_id')
            .select('sm.id')
            .where((w) =>
              w.or([
                w('sm.code_esv', 'ilike', pattern),
                w('su.nom', 'ilike', pattern),
                w('su.prenom', 'ilike', pattern),
                w(sql`su.prenom || ' ' || su.nom`, 'ilike', pattern),
              ]),
            ),
        ),
      ]),
    );
  }
  const column = SORT_COLUMNS[query.sortBy];
  return listOf({
    matching,
    key: 'v.id',
    order: [
      [column, query.sortOrder],
      ['v.id', query.sortOrder],
    ],
    details: (inPage) => withDetails(db).where(inPage),
    total: versementsTotal(scope, query),
  });
}

export async function listVersements(db: Executor, scope: Scope, query: VersementListQuery) {
  return pageOf(db, { ...versementsList(db, scope, query), page: query.page, limit: query.limit });
}

/** Counts and amounts per status: a few counter rows for everyone's; one grouped read within a scope. */
export async function versementStats(db: Executor, scope: Scope) {
  if (scope.kind === 'all') {
    const kept = (statut?: VersementStatut) => counterKey('versements', { statut });
    return db
      .selectNoFrom([
        counterValue(kept()).as('total'),
        counterValue(kept('en_attente')).as('en_attente'),
        counterValue(kept('valide')).as('valide'),
        counterValue(kept('rejete')).as('rejete'),
        counterSum(kept('valide')).as('montant_valide'),
        counterSum(kept('en_attente')).as('montant_en_attente'),
      ])
      .executeTakeFirstOrThrow();
  }
  return versementsFrom(db, scope)
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) FILTER (WHERE v.statut = 'en_attente')`.as('en_attente'),
      sql<string>`count(*) FILTER (WHERE v.statut = 'valide')`.as('valide'),
      sql<string>`count(*) FILTER (WHERE v.statut = 'rejete')`.as('rejete'),
      sql<string>`coalesce(sum(v.montant) FILTER (WHERE v.statut = 'valide'), 0)`.as('montant_valide'),
      sql<string>`coalesce(sum(v.montant) FILTER (WHERE v.statut = 'en_attente'), 0)`.as('montant_en_attente'),
    ])
    .executeTakeFirstOrThrow();
}

/** The payment's row alone, locked until the transaction ends: two decisions run one after the other. */
export async function lockVersement(db: Executor, scope: Scope, id: number) {
  return versementsFrom(db, scope).selectAll('v').where('v.id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertVersement(db: Executor, values: Insertable<VersementsTable>) {
  return db.insertInto('versements').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateVersement(db: Executor, id: number, values: Updateable<VersementsTable>) {
  await db
    .updateTable('versements')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * The member a payment is filed for, with the product he holds: the caller himself (a member), or
 * the member named, within the caller's scope.
 */
export async function findMembreForVersement(db: Executor, scope: Scope, membreId: number | undefined) {
  let query = db.selectFrom('membres').select(['id', 'produit_id', 'gestionnaire_id']);
  if (scope.kind === 'self') return query.where('utilisateur_id', '=', scope.utilisateurId).executeTakeFirst();
  if (membreId === undefined) return undefined;
  query = query.where('id', '=', membreId);
  if (scope.kind === 'clients') query = query.where('gestionnaire_id', '=', scope.gestionnaireId);
  return query.executeTakeFirst();
}

/** The member's account, told of a decision on his payment. */
export async function findMembreAccount(db: Executor, membreId: number) {
  return db
    .selectFrom('membres')
    .innerJoin('utilisateurs', 'utilisateurs.id', 'membres.utilisateur_id')
    .select(['utilisateurs.id', 'utilisateurs.email', 'utilisateurs.prenom', 'utilisateurs.nom'])
    .where('membres.id', '=', membreId)
    .executeTakeFirst();
}

/**
 * A pending payment validated in the ledger, in the caller's transaction: its bank credited (a
 * movement), the member's paid total raised, the row stamped. `at` dates it (the demo seed's
 * history); otherwise it is now.
 */
export async function recordValidation(
  db: Executor,
  v: { id: number; banque_id: number; membre_id: number; montant: number; numero_recu: string; date_recu: string },
  traitePar: number,
  at?: Date,
) {
  const posted = await postMouvement(db, {
    banque_id: v.banque_id,
    operation: 'versement_valide',
    date_valeur: v.date_recu,
    montant: v.montant,
    source_table: 'versements',
    source_id: v.id,
    commentaire: `Reçu ${v.numero_recu}`,
    created_by: traitePar,
    created_at: at,
  });
  // A credit is never refused; the bank exists (foreign key).
  if (!posted) throw new Error(`banque ${v.banque_id} introuvable`);
  await addToMontantPaye(db, v.membre_id, v.montant);
  const date_validation = at ?? new Date();
  await updateVersement(db, v.id, { statut: 'valide', date_validation, traite_par: traitePar });
  return { date_validation, solde_apres: posted.solde_apres };
}

/** The scan's stored path and type, for a payment in the caller's scope. */
export async function findScan(db: Executor, scope: Scope, id: number) {
  return versementsFrom(db, scope)
    .select(['v.scan_path', 'v.scan_nom', 'v.scan_type'])
    .where('v.id', '=', id)
    .executeTakeFirst();
}
