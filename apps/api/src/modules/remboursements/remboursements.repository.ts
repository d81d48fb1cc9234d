import type { RemboursementListQuery, RemboursementStatut } from '@app/shared';
import { type ExpressionBuilder, type Insertable, sql, type Updateable } from 'kysely';
import type { Scope } from '../../caller.ts';
import { counterKey, counterSum, counterValue } from '../../db/counters.ts';
import type { Executor } from '../../db/database.ts';
import { type ListQuery, listOf, pageOf, type TotalSource } from '../../db/paging.ts';
import type { DB, RemboursementsTable } from '../../db/schema.ts';
import { containsPattern } from '../../db/search.ts';
import { addToMontantPaye, postMouvement } from '../banques/ledger.repository.ts';

const SORT_COLUMNS = { date_creation: 'r.date_creation', montant: 'r.montant' } as const;

/** The members a scope reaches: a gestionnaire's clients, one's own file; none to filter for everyone. */
function membresOf(eb: ExpressionBuilder<DB, never>, scope: Exclude<Scope, { kind: 'all' }>) {
  const membres = eb.selectFrom('membres').select('membres.id');
  return scope.kind === 'clients'
    ? membres.where('membres.gestionnaire_id', '=', scope.gestionnaireId)
    : membres.where('membres.utilisateur_id', '=', scope.utilisateurId);
}

/** The refunds a caller sees (decisions §4): all, his clients', his own. */
function remboursementsFrom(db: Executor, scope: Scope) {
  const query = db.selectFrom('remboursements as r');
  return scope.kind === 'all' ? query : query.where('r.membre_id', 'in', (eb) => membresOf(eb as never, scope));
}

/** A refund with its member, who filed and who processed it, and the bank debited. */
function withDetails(db: Executor) {
  return db
    .selectFrom('remboursements as r')
    .innerJoin('membres as m', 'm.id', 'r.membre_id')
    .innerJoin('utilisateurs as mu', 'mu.id', 'm.utilisateur_id')
    .leftJoin('utilisateurs as d', 'd.id', 'r.created_by')
    .leftJoin('utilisateurs as t', 't.id', 'r.traite_par')
    .leftJoin('banques as b', 'b.id', 'r.banque_id')
    .selectAll('r')
    .select([
      'mu.nom as membre_nom',
      'mu.prenom as membre_prenom',
      'mu.email as membre_email',
      'm.code_esv as membre_code',
      'd.nom as depose_nom',
      'd.prenom as depose_prenom',
      't.nom as traite_nom',
      't.prenom as traite_prenom',
      'b.nom as banque_nom',
    ]);
}

export type RemboursementRow = NonNullable<Awaited<ReturnType<typeof findRemboursement>>>;

export async function findRemboursement(db: Executor, scope: Scope, id: number) {
  return withDetails(db)
    .where('r.id', '=', id)
    .where('r.id', 'in', remboursementsFrom(db, scope).select('r.id'))
    .executeTakeFirst();
}

/** The kept counter for everyone's list by status; an exact count within a scope or for one member. */
function remboursementsTotal(scope: Scope, query: ListQuery<RemboursementListQuery>): TotalSource {
  if (scope.kind !== 'all' || query.membre_id) return 'count';
  return { counter: counterKey('remboursements', { statut: query.statut }) };
}

/** Newest request first by default (spec 3 §2.3: page size 10). */
export function remboursementsList(db: Executor, scope: Scope, query: ListQuery<RemboursementListQuery>) {
  let matching = remboursementsFrom(db, scope);
  if (query.statut) matching = matching.where('r.statut', '=', query.statut);
  if (query.membre_id) matching = matching.where('r.membre_id', '=', query.membre_id);
  const column = SORT_COLUMNS[query.sortBy];
  return listOf({
    matching,
    key: 'r.id',
    order: [
      [column, query.sortOrder],
      ['r.id', query.sortOrder],
    ],
    details: (inPage) => withDetails(db).where(inPage),
    total: remboursementsTotal(scope, query),
  });
}

export async function listRemboursements(db: Executor, scope: Scope, query: RemboursementListQuery) {
  return pageOf(db, { ...remboursementsList(db, scope, query), page: query.page, limit: query.limit });
}

/** Counts and amounts per status: a few counter rows for everyone's; one grouped read within a scope. */
export async function remboursementStats(db: Executor, scope: Scope) {
  if (scope.kind === 'all') {
    const kept = (statut?: RemboursementStatut) => counterKey('remboursements', { statut });
    return db
      .selectNoFrom([
        counterValue(kept()).as('total'),
        counterValue(kept('en_attente')).as('en_attente'),
        counterValue(kept('approuve')).as('approuve'),
        counterValue(kept('rejete')).as('rejete'),
        counterSum(kept('approuve')).as('montant_approuve'),
        counterSum(kept('en_attente')).as('montant_en_attente'),
      ])
      .executeTakeFirstOrThrow();
  }
  return remboursementsFrom(db, scope)
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) FILTER (WHERE r.statut = 'en_attente')`.as('en_attente'),
      sql<string>`count(*) FILTER (WHERE r.statut = 'approuve')`.as('approuve'),
      sql<string>`count(*) FILTER (WHERE r.statut = 'rejete')`.as('rejete'),
      sql<string>`coalesce(sum(r.montant) FILTER (WHERE r.statut = 'approuve'), 0)`.as('montant_approuve'),
      sql<string>`coalesce(sum(r.montant) FILTER (WHERE r.statut = 'en_attente'), 0)`.as('montant_en_attente'),
    ])
    .executeTakeFirstOrThrow();
}

/** What may still be refunded to members: paid total less the requests still pending (never below zero). */
const remboursable = sql<string>`greatest(m.montant_deja_paye - coalesce((
    SELECT sum(p.montant) FROM remboursements p WHERE p.membre_id = m.id AND p.statut = 'en_attente'
  ), 0), 0)`;

/**
 * The members the caller may file a refund for, by name, e-mail or member code, with what may
 * still be refunded to each: a member himself, a gestionnaire's clients, anyone for the others.
 */
export async function listRemboursementMembres(
  db: Executor,
  scope: Scope,
  { search, limit }: { search?: string; limit: number },
) {
  let query = db
    .selectFrom('membres as m')
    .innerJoin('utilisateurs as u', 'u.id', 'm.utilisateur_id')
    .select([
      'm.id',
      'u.nom',
      'u.prenom',
      'u.email',
      'm.code_esv',
      'm.montant_deja_paye',
      remboursable.as('montant_remboursable'),
    ]);
  if (scope.kind === 'self') query = query.where('m.utilisateur_id', '=', scope.utilisateurId);
  if (scope.kind === 'clients') query = query.where('m.gestionnaire_id', '=', scope.gestionnaireId);
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) =>
      eb.or([
        eb('u.nom', 'ilike', pattern),
        eb('u.prenom', 'ilike', pattern),
        eb(sql`u.prenom || ' ' || u.nom`, 'ilike', pattern),
        eb('u.email', 'ilike', pattern),
        eb('m.code_esv', 'ilike', pattern),
      ]),
    );
  }
  return query.orderBy('u.nom').orderBy('u.prenom').orderBy('m.id').limit(sql.lit(limit)).execute();
}

/**
 * The member a refund is filed for, locked until the transaction ends, with what may still be
 * refunded to him: the caller himself, or the member named, within the caller's scope. The lock
 * comes first and the sum after it, so a request that waited on it counts the one before it.
 */
export async function lockMembreForRemboursement(db: Executor, scope: Scope, membreId: number | undefined) {
  let query = db.selectFrom('membres as m').select('m.id').forUpdate();
  if (scope.kind === 'self') query = query.where('m.utilisateur_id', '=', scope.utilisateurId);
  else if (membreId === undefined) return undefined;
  else query = query.where('m.id', '=', membreId);
  if (scope.kind === 'clients') query = query.where('m.gestionnaire_id', '=', scope.gestionnaireId);
  const locked = await query.executeTakeFirst();
  if (!locked) return undefined;
  return db
    .selectFrom('membres as m')
    .select(['m.id', 'm.gestionnaire_id', 'm.montant_deja_paye', remboursable.as('montant_remboursable')])
    .where('m.id', '=', locked.id)
    .executeTakeFirstOrThrow();
}

/** The request's row alone, locked until the transaction ends: two decisions run one after the other. */
export async function lockRemboursement(db: Executor, scope: Scope, id: number) {
  return remboursementsFrom(db, scope).selectAll('r').where('r.id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertRemboursement(db: Executor, values: Insertable<RemboursementsTable>) {
  return db.insertInto('remboursements').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateRemboursement(db: Executor, id: number, values: Updateable<RemboursementsTable>) {
  await db
    .updateTable('remboursements')
    .set({ ...values, date_modification: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteRemboursement(db: Executor, id: number) {
  await db.deleteFrom('remboursements').where('id', '=', id).execute();
}

/** The supporting file's stored path and type, for a request in the caller's scope. */
export async function findRemboursementJustificatif(db: Executor, scope: Scope, id: number) {
  return remboursementsFrom(db, scope)
    .select(['r.justificatif_path', 'r.justificatif_nom', 'r.justificatif_type'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/**
 * A pending refund approved in the ledger, in the caller's transaction: the bank (the principal
 * one) debited, the member's paid total lowered, the row stamped; bank first, then member, the
 * order a payment's validation takes, so that the two never wait on each other. Answers what
 * refused it ('solde': the balance, 'total': the paid total) with nothing kept, the transaction
 * being rolled back by the caller's error. `at` dates it (the demo seed's history).
 */
export async function recordApprobation(
  db: Executor,
  r: { id: number; membre_id: number; montant: number; raison: string },
  banqueId: number,
  traitePar: number,
  commentaire: string | null,
  at?: Date,
) {
  const posted = await postMouvement(db, {
    banque_id: banqueId,
    operation: 'remboursement_approuve',
    montant: r.montant,
    source_table: 'remboursements',
    source_id: r.id,
    commentaire: `Remboursement : ${r.raison}`.slice(0, 500),
    created_by: traitePar,
    created_at: at,
  });
  if (!posted) return 'solde' as const;
  if (!(await addToMontantPaye(db, r.membre_id, -r.montant))) return 'total' as const;
  const date_traitement = at ?? new Date();
  await updateRemboursement(db, r.id, {
    statut: 'approuve',
    date_traitement,
    traite_par: traitePar,
    commentaire_traitement: commentaire,
    banque_id: banqueId,
  });
  return { date_traitement, solde_apres: posted.solde_apres };
}
