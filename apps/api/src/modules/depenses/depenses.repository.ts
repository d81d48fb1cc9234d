import type { DepenseCategorie, DepenseListQuery, DepenseStatut } from '@app/shared';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Scope } from '../../caller.ts';
import { counterKey, counterSum, counterValue } from '../../db/counters.ts';
import type { Executor } from '../../db/database.ts';
import { type ListQuery, listOf, pageOf, type TotalSource } from '../../db/paging.ts';
import type { DepensesTable } from '../../db/schema.ts';
import { containsPattern } from '../../db/search.ts';
import { postMouvement } from '../banques/ledger.repository.ts';

const SORT_COLUMNS = { date_depense: 'd.date_depense', created_at: 'd.created_at', montant: 'd.montant' } as const;

/** The expenses a caller sees (decisions §4): all, or those he filed (a gestionnaire: his clients'). */
function depensesFrom(db: Executor, scope: Scope) {
  const query = db.selectFrom('depenses as d');
  if (scope.kind === 'self') return query.where('d.created_by', '=', scope.utilisateurId);
  if (scope.kind === 'clients') {
    return query.where('d.created_by', 'in', (eb) =>
      eb.selectFrom('membres').select('utilisateur_id').where('gestionnaire_id', '=', scope.gestionnaireId),
    );
  }
  return query;
}

/** An expense with its filer, its bank and whoever decided it. */
function withDetails(db: Executor) {
  return db
    .selectFrom('depenses as d')
    .innerJoin('utilisateurs as c', 'c.id', 'd.created_by')
    .innerJoin('banques as b', 'b.id', 'd.banque_id')
    .leftJoin('utilisateurs as t', 't.id', 'd.traite_par')
    .selectAll('d')
    .select([
      'c.nom as createur_nom',
      'c.prenom as createur_prenom',
      'b.nom as banque_nom',
      't.nom as traite_nom',
      't.prenom as traite_prenom',
    ]);
}

export type DepenseRow = NonNullable<Awaited<ReturnType<typeof findDepense>>>;

export async function findDepense(db: Executor, scope: Scope, id: number) {
  return withDetails(db)
    .where('d.id', '=', id)
    .where('d.id', 'in', depensesFrom(db, scope).select('d.id'))
    .executeTakeFirst();
}

/** The kept counter for everyone's list under its counted filters; a count within a scope or a bank; capped for a search. */
function depensesTotal(scope: Scope, query: ListQuery<DepenseListQuery>): TotalSource {
  if (query.search) return 'search';
  if (scope.kind !== 'all' || query.banque_id) return 'count';
  return { counter: counterKey('depenses', { statut: query.statut, categorie: query.categorie }) };
}

/** Newest expense date first by default; search over description, category and the filer's name (spec 3 §2.2). */
export function depensesList(db: Executor, scope: Scope, query: ListQuery<DepenseListQuery>) {
  let matching = depensesFrom(db, scope);
  if (query.statut) matching = matching.where('d.statut', '=', query.statut);
  if (query.categorie) matching = matching.where('d.categorie', '=', query.categorie);
  if (query.banque_id) matching = matching.where('d.banque_id', '=', query.banque_id);
  if (query.search) {
    const pattern = containsPattern(query.search);
    matching = matching.where((eb) =>
      eb.or([
        eb('d.description', 'ilike', pattern),
        eb(sql<string>`d.categorie`, 'ilike', pattern),
        eb('d.categorie_autre', 'ilike', pattern),
        eb(
          'd.created_by',
          'in',
          eb
            .selectFrom('utilisateurs as su')
            .select('su.id')
            .where((w) =>
              w.or([
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
    key: 'd.id',
    order: [
      [column, query.sortOrder],
      ['d.id', query.sortOrder],
    ],
    details: (inPage) => withDetails(db).where(inPage),
    total: depensesTotal(scope, query),
  });
}

export async function listDepenses(db: Executor, scope: Scope, query: DepenseListQuery) {
  return pageOf(db, { ...depensesList(db, scope, query), page: query.page, limit: query.limit });
}

/** Counts and amounts per status, and the categories present: kept counters for everyone's; grouped reads within a scope. */
export async function depenseStats(db: Executor, scope: Scope) {
  if (scope.kind === 'all') {
    const kept = (statut?: DepenseStatut) => counterKey('depenses', { statut });
    const totals = await db
      .selectNoFrom([
        counterValue(kept()).as('total'),
        counterValue(kept('en_attente')).as('en_attente'),
        counterValue(kept('approuvee')).as('approuvee'),
        counterValue(kept('rejetee')).as('rejetee'),
        counterSum(kept()).as('montant_total'),
        counterSum(kept('approuvee')).as('montant_approuve'),
        counterSum(kept('en_attente')).as('montant_en_attente'),
      ])
      .executeTakeFirstOrThrow();
    // The nine category keys of the counters ('depenses|categorie=…'), those still counting rows.
    const categories = await db
      .selectFrom('compteurs')
      .select([sql<DepenseCategorie>`substr(cle, length('depenses|categorie=') + 1)`.as('categorie'), 'total'])
      .where('cle', 'like', 'depenses|categorie=%')
      .where(sql<boolean>`total > 0`)
      .orderBy('total', 'desc')
      .orderBy('cle')
      .execute();
    return { totals, categories };
  }
  const totals = await depensesFrom(db, scope)
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) FILTER (WHERE d.statut = 'en_attente')`.as('en_attente'),
      sql<string>`count(*) FILTER (WHERE d.statut = 'approuvee')`.as('approuvee'),
      sql<string>`count(*) FILTER (WHERE d.statut = 'rejetee')`.as('rejetee'),
      sql<string>`coalesce(sum(d.montant), 0)`.as('montant_total'),
      sql<string>`coalesce(sum(d.montant) FILTER (WHERE d.statut = 'approuvee'), 0)`.as('montant_approuve'),
      sql<string>`coalesce(sum(d.montant) FILTER (WHERE d.statut = 'en_attente'), 0)`.as('montant_en_attente'),
    ])
    .executeTakeFirstOrThrow();
  const categories = await depensesFrom(db, scope)
    .select(['d.categorie as categorie', sql<string>`count(*)`.as('total')])
    .groupBy('d.categorie')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('d.categorie')
    .execute();
  return { totals, categories };
}

/** The expense's row alone, locked until the transaction ends: two decisions run one after the other. */
export async function lockDepense(db: Executor, scope: Scope, id: number) {
  return depensesFrom(db, scope).selectAll('d').where('d.id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertDepense(db: Executor, values: Insertable<DepensesTable>) {
  return db.insertInto('depenses').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateDepense(db: Executor, id: number, values: Updateable<DepensesTable>) {
  await db
    .updateTable('depenses')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteDepense(db: Executor, id: number) {
  await db.deleteFrom('depenses').where('id', '=', id).execute();
}

/** The supporting file's stored path and type, for an expense in the caller's scope. */
export async function findDepenseJustificatif(db: Executor, scope: Scope, id: number) {
  return depensesFrom(db, scope)
    .select(['d.justificatif_path', 'd.justificatif_nom', 'd.justificatif_type'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/**
 * A pending expense approved in the ledger, in the caller's transaction: its bank debited (a
 * movement), the row stamped. Null when the balance does not hold it (nothing changed). `at` dates
 * it (the demo seed's history); otherwise it is now.
 */
export async function recordApprobation(
  db: Executor,
  d: { id: number; banque_id: number; montant: number; categorie: string; description: string; date_depense: string },
  traitePar: number,
  commentaire: string | null,
  at?: Date,
) {
  const posted = await postMouvement(db, {
    banque_id: d.banque_id,
    operation: 'depense_approuvee',
    date_valeur: d.date_depense,
    montant: d.montant,
    source_table: 'depenses',
    source_id: d.id,
    commentaire: `Dépense ${d.categorie} : ${d.description}`.slice(0, 500),
    created_by: traitePar,
    created_at: at,
  });
  if (!posted) return null;
  const date_approbation = at ?? new Date();
  await updateDepense(db, d.id, { statut: 'approuvee', date_approbation, commentaire, traite_par: traitePar });
  return { date_approbation, solde_apres: posted.solde_apres };
}
