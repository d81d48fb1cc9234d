import type { BanqueListQuery } from '@app/shared';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { pageOf } from '../../db/paging.ts';
import type { BanquesTable } from '../../db/schema.ts';

/** A bank with the number of its movements (its kept counter, the key counterKey would build per row). */
function withDetails(db: Executor) {
  return db
    .selectFrom('banques as b')
    .selectAll('b')
    .select(
      sql<string | null>`(SELECT total FROM compteurs WHERE cle = 'mouvements_bancaires|banque_id=' || b.id)`.as(
        'nombre_mouvements',
      ),
    );
}

export type BanqueRow = NonNullable<Awaited<ReturnType<typeof findBanque>>>;

export async function findBanque(db: Executor, id: number) {
  return withDetails(db).where('b.id', '=', id).executeTakeFirst();
}

export async function findPrincipale(db: Executor) {
  return withDetails(db).where('b.est_principale', '=', true).executeTakeFirst();
}

/** The principal bank first, then by name; a small table, counted in the same query. */
export async function listBanques(db: Executor, query: BanqueListQuery) {
  let matching = db.selectFrom('banques as b');
  if (query.statut) matching = matching.where('b.statut', '=', query.statut);
  return pageOf(db, {
    matching,
    key: 'b.id',
    order: [
      ['b.est_principale', 'desc'],
      ['b.nom', 'asc'],
      ['b.id', 'asc'],
    ],
    details: (inPage) => withDetails(db).where(inPage),
    total: 'count',
    page: query.page,
    limit: query.limit,
  });
}

/** The currencies of the FCFA accounts: the only ones the company's money (whole FCFA) goes through. */
const FCFA = ['XOF', 'XAF'] as const;

/** The banks' count, the active ones, and the balance of the FCFA accounts (no sum across currencies). */
export async function banqueTotaux(db: Executor) {
  return db
    .selectFrom('banques')
    .select([
      sql<string>`count(*)`.as('nombre'),
      sql<string>`count(*) FILTER (WHERE statut = 'active')`.as('actives'),
      sql<string>`coalesce(sum(solde) FILTER (WHERE devise IN ('XOF', 'XAF')), 0)`.as('solde_total'),
    ])
    .executeTakeFirstOrThrow();
}

/** The banks a payment or an expense may go to: active FCFA accounts. */
function openBanques(db: Executor) {
  return db.selectFrom('banques').where('statut', '=', 'active').where('devise', 'in', FCFA);
}

/** The banks a form offers, the principal first. */
export async function listBanquesChoix(db: Executor) {
  return openBanques(db)
    .select(['id', 'nom', 'est_principale'])
    .orderBy('est_principale', 'desc')
    .orderBy('nom')
    .orderBy('id')
    .execute();
}

export async function isBanqueOpen(db: Executor, id: number): Promise<boolean> {
  return (await openBanques(db).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Whether payments or expenses wait at the bank (it stays active until they are decided). */
export async function hasPendingDecisions(db: Executor, id: number): Promise<boolean> {
  const row = await db
    .selectNoFrom(
      sql<boolean>`EXISTS (SELECT 1 FROM versements
          WHERE banque_id = ${id} AND statut = 'en_attente' AND date_suppression IS NULL)
        OR EXISTS (SELECT 1 FROM depenses WHERE banque_id = ${id} AND statut = 'en_attente')`.as('pending'),
    )
    .executeTakeFirstOrThrow();
  return row.pending;
}

/** The bank's row locked until the transaction ends. */
export async function lockBanque(db: Executor, id: number) {
  // NO KEY: a payment being declared at the bank (its foreign key's share lock) need not wait.
  return db.selectFrom('banques').selectAll().where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
}

export async function insertBanque(db: Executor, values: Insertable<BanquesTable>) {
  return db.insertInto('banques').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateBanque(db: Executor, id: number, values: Updateable<BanquesTable>) {
  await db
    .updateTable('banques')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The current principal bank stops being one (before another becomes it); answers its id, if any. */
export async function clearPrincipale(db: Executor, exceptId?: number): Promise<number | undefined> {
  let query = db
    .updateTable('banques')
    .set({ est_principale: false, updated_at: new Date() })
    .where('est_principale', '=', true);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.returning('id').executeTakeFirst())?.id;
}

/** Whether anything refers to the bank: a movement, a payment, an expense or a refund (then it is kept, deactivated). */
export async function isBanqueReferenced(db: Executor, id: number): Promise<boolean> {
  const row = await db
    .selectNoFrom(
      sql<boolean>`EXISTS (SELECT 1 FROM mouvements_bancaires WHERE banque_id = ${id})
        OR EXISTS (SELECT 1 FROM versements WHERE banque_id = ${id})
        OR EXISTS (SELECT 1 FROM depenses WHERE banque_id = ${id})
        OR EXISTS (SELECT 1 FROM remboursements WHERE banque_id = ${id})
        OR EXISTS (SELECT 1 FROM releves_bancaires WHERE banque_id = ${id})`.as('used'),
    )
    .executeTakeFirstOrThrow();
  return row.used;
}

export async function deleteBanque(db: Executor, id: number) {
  await db.deleteFrom('banques').where('id', '=', id).execute();
}
