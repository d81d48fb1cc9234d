import type { DeclenchementSauvegarde, EtapeSauvegarde } from '@app/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** The backups' rows (migration 0019): what the service reads and writes, and nothing else. */
const COLUMNS = [
  'id',
  'debut',
  'fin',
  'declenchement',
  'statut',
  'motif',
  'taille',
  'chiffree',
  'etape',
  'progression',
  'fichier',
] as const;

export function listSauvegardes(db: Executor, limit: number, offset: number) {
  return db.selectFrom('sauvegardes').select(COLUMNS).orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

/** Retention keeps a few hundred rows at most: a count is cheap. */
export async function countSauvegardes(db: Executor): Promise<number> {
  const { n } = await db
    .selectFrom('sauvegardes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export function findSauvegarde(db: Executor, id: number) {
  return db
    .selectFrom('sauvegardes')
    .select([...COLUMNS, 'demandeur_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A new running backup; undefined when its slot is already taken (a unique violation when one runs). */
export function insertSauvegarde(
  db: Executor,
  values: {
    declenchement: DeclenchementSauvegarde;
    creneau: Date | null;
    demandeur_id: number | null;
    chiffree: boolean;
  },
) {
  return db
    .insertInto('sauvegardes')
    .values({ ...values, etape: 'base', progression: 0 })
    .onConflict((oc) => oc.column('creneau').doNothing())
    .returning(['id', 'debut'])
    .executeTakeFirst();
}

/** A running backup's beat: its step and progress, and that its process lives. */
export async function beatSauvegarde(db: Executor, id: number, state: { etape: EtapeSauvegarde; progression: number }) {
  await db
    .updateTable('sauvegardes')
    .set({ ...state, battement: sql<Date>`now()` })
    .where('id', '=', id)
    .where('statut', '=', 'en_cours')
    .execute();
}

export async function finishSauvegarde(
  db: Executor,
  id: number,
  outcome: {
    statut: 'verifiee' | 'echec';
    motif: string | null;
    taille: number | null;
    fichier: string | null;
    manifeste: string | null;
  },
) {
  await db
    .updateTable('sauvegardes')
    .set({ ...outcome, fin: sql<Date>`now()`, etape: null, progression: null })
    .where('id', '=', id)
    .execute();
}

/** Newest first, for retention. */
export function sauvegardesByAge(db: Executor) {
  return db.selectFrom('sauvegardes').select(['id', 'statut', 'fichier']).orderBy('id', 'desc').execute();
}

export async function deleteSauvegarde(db: Executor, id: number) {
  await db.deleteFrom('sauvegardes').where('id', '=', id).execute();
}

export function runningSauvegarde(db: Executor) {
  return db.selectFrom('sauvegardes').select(['id', 'debut']).where('statut', '=', 'en_cours').executeTakeFirst();
}

/** Fails the running backups whose beat stopped before `before`, but this process's own. */
export async function failInterrupted(db: Executor, before: Date, ownId: number | null, motif: string) {
  await db
    .updateTable('sauvegardes')
    .set({ statut: 'echec', motif, fin: sql<Date>`now()`, etape: null, progression: null })
    .where('statut', '=', 'en_cours')
    .where('battement', '<', before)
    .$if(ownId !== null, (qb) => qb.where('id', '<>', ownId as number))
    .execute();
}

export function unalertedFailures(db: Executor) {
  return db
    .selectFrom('sauvegardes')
    .select(['id', 'debut', 'motif'])
    .where('statut', '=', 'echec')
    .where('alerte_envoyee', '=', false)
    .orderBy('id')
    .execute();
}

/** Marks a failure's alert sent; false when another process did first. */
export async function claimFailureAlert(db: Executor, id: number): Promise<boolean> {
  const claimed = await db
    .updateTable('sauvegardes')
    .set({ alerte_envoyee: true })
    .where('id', '=', id)
    .where('alerte_envoyee', '=', false)
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n;
}

/** Records an alert by its key; false when it was already sent. */
export async function claimAlertKey(db: Executor, cle: string): Promise<boolean> {
  const inserted = await db
    .insertInto('sauvegarde_alertes')
    .values({ cle })
    .onConflict((oc) => oc.column('cle').doNothing())
    .returning('cle')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function activeAdminEmails(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom('utilisateurs')
    .select('email')
    .where('role', '=', 'admin')
    .where('statut', '=', 'actif')
    .execute();
  return rows.map((r) => r.email);
}

/** When the last verified backup ended (the metrics' age). */
export async function lastVerifiedEnd(db: Executor): Promise<Date | null> {
  const row = await db
    .selectFrom('sauvegardes')
    .select('fin')
    .where('statut', '=', 'verifiee')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.fin ?? null;
}

/** The last ended backup, the last verified one, the first one: what the alerts read. */
export async function backupHistory(db: Executor) {
  const [last, verified, first] = await Promise.all([
    db
      .selectFrom('sauvegardes')
      .select(['id', 'statut', 'motif'])
      .where('statut', '<>', 'en_cours')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('sauvegardes')
      .select(['id', 'fin'])
      .where('statut', '=', 'verifiee')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('sauvegardes').select('debut').orderBy('id').limit(1).executeTakeFirst(),
  ]);
  return { last, verified, first };
}
