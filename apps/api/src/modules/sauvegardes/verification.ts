import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createSchema, dropSchema, LATEST_MIGRATION, openDatabase } from '../../db/database.ts';
import { PGDATA_TEMPLATE } from '../../db/template.ts';
import { ArchiveError } from './archive.ts';
import { cadence, sansPause } from './cadence.ts';
import { chargerSauvegarde, controles, ecartsAuManifeste, inspecterSauvegarde } from './restauration.ts';

/** A verification's verdict: `motif` says in French what failed. */
export interface Verdict {
  ok: boolean;
  motif?: string;
}

/**
 * Proves a backup by restoring it (docs/decisions/0023-sauvegardes.md): its parts checked against
 * the manifest, then loaded into a scratch database (an in-memory PGlite, or a schema of its own on
 * PostgreSQL, dropped after), its rows counted against the manifest, check:ledger and check:audit
 * run on the copy, every media file it names present with its sha256.
 */
export async function verifierSauvegarde(
  file: string,
  passphrase: string | undefined,
  databaseUrl: string | undefined,
): Promise<Verdict> {
  let manifeste: Awaited<ReturnType<typeof inspecterSauvegarde>>;
  try {
    manifeste = await inspecterSauvegarde(file, passphrase);
  } catch (error) {
    if (error instanceof ArchiveError) return { ok: false, motif: error.message };
    throw error;
  }
  const schema = databaseUrl ? `verification_${randomBytes(6).toString('hex')}` : undefined;
  if (databaseUrl && schema) {
    const admin = await openDatabase({ databaseUrl });
    await createSchema(admin.db, schema).finally(() => admin.close());
  }
  // At the current level, the built empty database is loaded rather than migrated (seconds saved).
  const template =
    !databaseUrl && manifeste.migration === LATEST_MIGRATION && existsSync(PGDATA_TEMPLATE)
      ? new Blob([readFileSync(PGDATA_TEMPLATE)])
      : undefined;
  const scratch = await openDatabase({ databaseUrl, schema, loadDataDir: template });
  try {
    await chargerSauvegarde(file, passphrase, manifeste, {
      db: scratch.db,
      schema,
      pause: databaseUrl ? cadence() : sansPause,
    });
    const ecarts = await ecartsAuManifeste(scratch.db, manifeste);
    const checks = await controles(scratch.db);
    const problems = [...ecarts, ...checks.grandLivre, ...(checks.audit ? [checks.audit] : [])];
    if (problems.length > 0) {
      const more = problems.length > 3 ? ` (et ${problems.length - 3} autre(s))` : '';
      return {
        ok: false,
        motif: `Restauration d’essai en écart\u00a0: ${problems.slice(0, 3).join('\u202f; ')}${more}.`,
      };
    }
    return { ok: true };
  } catch (error) {
    if (error instanceof ArchiveError) return { ok: false, motif: error.message };
    return {
      ok: false,
      motif: `Restauration d’essai impossible\u00a0: ${error instanceof Error ? error.message : error}`,
    };
  } finally {
    if (schema) await dropSchema(scratch.db, schema).catch(() => {});
    await scratch.close();
  }
}
