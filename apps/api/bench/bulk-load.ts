/**
 * A company moving its history in (issue 23): `rows` demandes, taken from the bench's own spread over
 * the statuses, loaded into `demandes` by one INSERT … SELECT from a staging table, then updated
 * by one statement (a column no counter reads), moved to another status by one, deleted by one;
 * once through the triggers and once without the kept counters' (the rows, their indexes and
 * foreign keys alone). Each statement is timed, the counters compared with `recompter()`'s after
 * the status change and after the deletion, and all rolled back, so the bench data stays as
 * seeded (a VACUUM then drops the dead rows).
 */
import { type RawBuilder, sql } from 'kysely';
import { type Executor, openDatabase } from '../src/db/database.ts';

const COLUMNS = sql.raw(`nom_complet, num_cni, date_naissance, situation_matrimoniale, profession, engagement_mensuel,
  duree_paiement, email, telephone, pays, ville, adresse, produit_id, notes, statut, gere_par, motif_rejet,
  commentaires, traite_par, date_traitement, created_by, updated_by, created_at, updated_at`);

/** The counters that differ from what `recompter()` rebuilds from the rows (then kept rebuilt). */
async function wrongCounters(db: Executor): Promise<number> {
  await sql`CREATE TEMP TABLE gardes AS SELECT * FROM compteurs`.execute(db);
  await sql`SELECT recompter()`.execute(db);
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM (SELECT * FROM gardes WHERE total <> 0 OR somme <> 0) g
    FULL JOIN (SELECT * FROM compteurs WHERE total <> 0 OR somme <> 0) c USING (cle)
    WHERE g.total IS DISTINCT FROM c.total OR g.somme IS DISTINCT FROM c.somme`.execute(db);
  await sql`DROP TABLE gardes`.execute(db);
  return Number(rows[0]?.n);
}

/** Runs the four statements; returns the seconds of each and the counters found wrong. */
async function loadOnce(db: Executor, rows: number, triggers: boolean) {
  // Every tenth demande first, so that a smaller load keeps the statuses' mix.
  await sql`
    CREATE TEMP TABLE chargement ON COMMIT DROP AS
    SELECT ${COLUMNS} FROM demandes ORDER BY id % 10, id LIMIT ${rows}`.execute(db);
  const { rows: last } = await sql<{ id: number }>`SELECT max(id) AS id FROM demandes`.execute(db);
  const loaded = sql`id > ${last[0]?.id ?? 0}`;
  // Every trigger but the foreign keys' (undone with the rest by the rollback).
  if (!triggers) await sql`ALTER TABLE demandes DISABLE TRIGGER USER`.execute(db);
  const seconds: number[] = [];
  const timed = async (query: RawBuilder<unknown>) => {
    const started = performance.now();
    await query.execute(db);
    seconds.push((performance.now() - started) / 1000);
  };
  let wrong = 0;
  await timed(sql`INSERT INTO demandes (${COLUMNS}) SELECT ${COLUMNS} FROM chargement`);
  await timed(sql`UPDATE demandes SET updated_at = now() WHERE ${loaded}`);
  await timed(sql`
    UPDATE demandes SET statut = 'rejetee', motif_rejet = coalesce(motif_rejet, 'Reprise de l''historique'),
      gere_par = NULL, date_traitement = coalesce(date_traitement, now()),
      traite_par = coalesce(traite_par, (SELECT min(id) FROM utilisateurs WHERE role = 'admin'))
    WHERE ${loaded} AND statut <> 'rejetee'`);
  if (triggers) wrong += await wrongCounters(db);
  await timed(sql`DELETE FROM demandes WHERE ${loaded}`);
  if (triggers) wrong += await wrongCounters(db);
  return { seconds, wrong };
}

class RolledBack extends Error {}

/** Times the statements on `rows` demandes, with and without the counters' triggers; prints both. */
export async function measureDemandesLoad(benchUrl: string, rows: number, log: (line: string) => void): Promise<void> {
  const { db, close } = await openDatabase({ databaseUrl: benchUrl });
  try {
    for (const triggers of [true, false]) {
      let result = { seconds: [] as number[], wrong: 0 };
      await db
        .transaction()
        .execute(async (trx) => {
          result = await loadOnce(trx, rows, triggers);
          throw new RolledBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RolledBack)) throw error;
        });
      const [insert, update, statut, suppression] = result.seconds.map((s) => `${s.toFixed(1)} s`);
      const times = `ajout ${insert}, mise à jour ${update}, changement de statut ${statut}, suppression ${suppression}`;
      const counters = result.wrong === 0 ? 'compteurs égaux au recomptage' : `${result.wrong} COMPTEURS FAUX`;
      log(
        triggers
          ? `Une instruction sur ${rows.toLocaleString('fr-FR')} demandes, à travers les déclencheurs : ${times} (${counters})`
          : `La même sans les déclencheurs des compteurs : ${times}`,
      );
      if (result.wrong > 0) process.exitCode = 1;
      // The rolled-back rows' dead versions, before the next pass or the lists' loads.
      await sql`VACUUM ANALYZE demandes`.execute(db);
    }
  } finally {
    await close();
  }
}
