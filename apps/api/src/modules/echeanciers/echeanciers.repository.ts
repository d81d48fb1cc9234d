import type { Echeance } from '@app/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { companyToday } from '../../db/echeances.ts';

export async function findCurrentEcheancier(db: Executor, membreId: number) {
  return db
    .selectFrom('echeanciers')
    .select(['id', 'version', 'premiere_echeance'])
    .where('membre_id', '=', membreId)
    .where('remplace_le', 'is', null)
    .executeTakeFirst();
}

export async function listEcheances(db: Executor, echeancierId: number): Promise<Echeance[]> {
  const rows = await db
    .selectFrom('echeances')
    .select(['numero', 'date_echeance', 'montant'])
    .where('echeancier_id', '=', echeancierId)
    .orderBy('numero')
    .execute();
  return rows.map((r) => ({ numero: r.numero, date: r.date_echeance, montant: Number(r.montant) }));
}

/** Every version, the newest first, with who wrote it. */
export async function listVersions(db: Executor, membreId: number) {
  return db
    .selectFrom('echeanciers as s')
    .leftJoin('utilisateurs as u', 'u.id', 's.cree_par')
    .select((eb) => [
      's.version',
      's.premiere_echeance',
      's.motif',
      's.created_at',
      's.remplace_le',
      'u.prenom',
      'u.nom',
      eb
        .selectFrom('echeances as e')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('e.echeancier_id', '=', 's.id')
        .as('echeances'),
    ])
    .where('s.membre_id', '=', membreId)
    .orderBy('s.version', 'desc')
    .execute();
}

/** The validated payments, in the order they were validated: the order they settle the schedule in. */
export async function listSettlingPayments(db: Executor, membreId: number) {
  return db
    .selectFrom('versements')
    .select(['id', 'montant', 'date_versement'])
    .where('membre_id', '=', membreId)
    .where('statut', '=', 'valide')
    .where('date_suppression', 'is', null)
    .orderBy('date_validation')
    .orderBy('id')
    .execute();
}

export async function refundedTotal(db: Executor, membreId: number): Promise<number> {
  const row = await db
    .selectFrom('remboursements')
    .select(sql<string>`coalesce(sum(montant), 0)`.as('total'))
    .where('membre_id', '=', membreId)
    .where('statut', '=', 'approuve')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function todayInCompany(db: Executor): Promise<string> {
  const { rows } = await sql<{ today: string }>`SELECT ${companyToday} AS today`.execute(db);
  return rows[0]?.today ?? new Date().toISOString().slice(0, 10);
}

/** The member's row, locked: a payment decision on him waits for a schedule change, and the other way round. */
export async function lockMembreTerms(db: Executor, membreId: number) {
  return db
    .selectFrom('membres')
    .select(['id', 'montant_deja_paye'])
    .where('id', '=', membreId)
    .forUpdate()
    .executeTakeFirst();
}

export async function hasValidatedPayment(db: Executor, membreId: number): Promise<boolean> {
  const row = await db
    .selectFrom('versements')
    .select('id')
    .where('membre_id', '=', membreId)
    .where('statut', '=', 'valide')
    .where('date_suppression', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Writes the next version of the member's schedule and marks the current one replaced (kept for
 * the history); the member's oldest unpaid due date and arrears follow.
 */
export async function insertVersion(
  db: Executor,
  membreId: number,
  version: { premiere_echeance: string; motif: string; cree_par: number },
  echeances: readonly Echeance[],
) {
  const current = await db
    .updateTable('echeanciers')
    .set({ remplace_le: new Date() })
    .where('membre_id', '=', membreId)
    .where('remplace_le', 'is', null)
    .returning('version')
    .executeTakeFirstOrThrow();
  const inserted = await db
    .insertInto('echeanciers')
    .values({ membre_id: membreId, version: current.version + 1, ...version })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  let cumul = 0;
  await db
    .insertInto('echeances')
    .values(
      echeances.map((e) => {
        cumul += e.montant;
        return { echeancier_id: inserted.id, numero: e.numero, date_echeance: e.date, montant: e.montant, cumul };
      }),
    )
    .execute();
  await sql`SELECT rafraichir_retards(ARRAY[${membreId}::integer])`.execute(db);
  return inserted;
}
