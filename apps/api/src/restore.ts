import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { ConfigError, jwtSecretFile, loadConfig } from './config.ts';
import { secureDataDir } from './db/data-dir.ts';
import { migrateToLatest, openDatabase, recreateSchema } from './db/database.ts';
import { fileStoreFor } from './media/file-store.ts';
import type { PlanArchive } from './modules/sauvegardes/a-part.ts';
import { ArchiveError } from './modules/sauvegardes/archive.ts';
import { tableCount } from './modules/sauvegardes/dump.repository.ts';
import { EchecSauvegarde, ecrireArchive, type Lecture, lireBase } from './modules/sauvegardes/ecriture.ts';
import {
  chargerSauvegarde,
  controles,
  ecartsAuManifeste,
  inspecterSauvegarde,
} from './modules/sauvegardes/restauration.ts';
import { sauvegardeEnLigneDeCommande } from './modules/sauvegardes/sauvegardes.service.ts';
import { verifierSauvegarde } from './modules/sauvegardes/verification.ts';

/**
 * npm run restore -- FILE [--force] (docs/decisions/0023-sauvegardes.md): restores a backup onto an
 * empty DATA_DIR (embedded database) or an empty DATABASE_URL database. The file is read and checked
 * whole first (hashes, key, product level): nothing is written before. A target that is not empty is
 * refused unless --force, which first takes a backup of what it replaces. The backup's server secret
 * goes back into DATA_DIR; the data is brought to this product's level; check:ledger and check:audit
 * give their verdict. Exit 0 when all hold, 1 otherwise, the target left as it was.
 *
 * `--verifier FILE` is the server's own check of a backup it has just written, in a scratch
 * database: its verdict on the last line, as JSON.
 */
async function main() {
  process.umask(0o077);
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false }, verifier: { type: 'string' }, archiver: { type: 'string' } },
  });
  if (values.archiver || values.verifier) {
    // The server's own step: its end of the pipe closing means the server is gone (killed); so is this.
    // Unref'd: the pipe never keeps this process alive once its work is done.
    process.stdin.on('close', () => process.exit(1)).resume();
    (process.stdin as { unref?: () => void }).unref?.();
  }
  if (values.archiver) {
    await archiver(values.archiver);
    return;
  }
  if (values.verifier) {
    const verdict = await verifierSauvegarde(
      path.resolve(values.verifier),
      process.env.BACKUP_KEY,
      process.env.DATABASE_URL,
    );
    console.log(JSON.stringify(verdict));
    return;
  }
  const [given] = positionals;
  if (!given) throw new ArchiveError('Usage\u00a0: npm run restore -- FICHIER [--force]');
  const file = path.resolve(given);
  if (!existsSync(file)) throw new ArchiveError(`Fichier introuvable\u00a0: ${file}`);
  // The secret is what the backup brings back: a database server with none yet is no error here
  // (a placeholder fills the configuration; nothing signs with it).
  const env = { ...process.env };
  if (env.DATABASE_URL && !env.JWT_SECRET && !existsSync(jwtSecretFile(path.resolve(env.DATA_DIR ?? './data')))) {
    env.JWT_SECRET = '-'.repeat(32);
  }
  const config = loadConfig(env);

  console.log(`Lecture et contrôle de ${file}…`);
  const manifeste = await inspecterSauvegarde(file, config.backupKey);
  console.log(
    `Sauvegarde du ${manifeste.cree_le} (${manifeste.base}, niveau ${manifeste.migration}, ${Object.keys(manifeste.parties).length} parties)\u00a0: fichier intègre.`,
  );

  if (!(await targetIsEmpty(config.databaseUrl, config.dataDir))) {
    const where = config.databaseUrl ? 'La base DATABASE_URL' : `Le dossier de données ${config.dataDir}`;
    if (!values.force) {
      throw new ArchiveError(
        `${where} n’est pas vide\u00a0: rien n’a été écrit. Relancez avec --force pour la remplacer (une sauvegarde de son contenu est prise d’abord).`,
      );
    }
    console.log('Sauvegarde de ce qui va être remplacé…');
    const before = await sauvegardeEnLigneDeCommande(config);
    console.log(`Contenu actuel sauvegardé\u00a0: ${before}`);
    await emptyTarget(config.databaseUrl, config.dataDir);
  }

  const target = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  let restored = false;
  try {
    console.log('Chargement des données…');
    const secret = await chargerSauvegarde(file, config.backupKey, manifeste, {
      db: target.db,
      files: fileStoreFor(config),
    });
    const ecarts = await ecartsAuManifeste(target.db, manifeste);
    if (ecarts.length > 0)
      throw new ArchiveError(`Données restaurées en écart avec le manifeste\u00a0: ${ecarts.join('\u202f; ')}.`);
    writeFileSync(jwtSecretFile(config.dataDir), secret, { mode: 0o600 });
    await migrateToLatest(target.db);
    restored = true;
    if (!config.databaseUrl) secureDataDir(config.dataDir);
    if (process.env.JWT_SECRET && process.env.JWT_SECRET !== secret) {
      console.warn(
        'Attention\u00a0: JWT_SECRET diffère du secret de la sauvegarde. Les reçus signés avec l’ancien ne seront plus reconnus tant que JWT_SECRET le remplace\u202f; retirez JWT_SECRET pour utiliser celui remis dans DATA_DIR.',
      );
    }
    const checks = await controles(target.db);
    console.log(
      checks.grandLivre.length === 0
        ? 'check:ledger\u00a0: grand livre cohérent.'
        : `check:ledger\u00a0: ${checks.grandLivre.length} écart(s)\u00a0:\n- ${checks.grandLivre.join('\n- ')}`,
    );
    console.log(checks.audit ? `check:audit\u00a0: ${checks.audit}.` : 'check:audit\u00a0: journal d’audit intègre.');
    if (checks.grandLivre.length > 0 || checks.audit) process.exitCode = 1;
    else console.log('Restauration terminée.');
  } finally {
    await target.close();
    // A load that failed leaves the target as empty as it was.
    if (!restored) await emptyTarget(config.databaseUrl, config.dataDir);
  }
}

/**
 * `--archiver PLAN`: the server's backup writes its archive here (a-part.ts), from the plan file of
 * the database it read (removed after), the secret and the key from the environment; tells the
 * media's progress, then the manifest or the reason it failed, one JSON line each.
 */
async function archiver(planFile: string) {
  try {
    const plan = JSON.parse(await readFile(planFile, 'utf8')) as PlanArchive;
    const lecture = 'lecture' in plan ? plan.lecture : await lirePostgres(plan);
    const { tables, audit, grand_livre } = await ecrireArchive(
      lecture,
      fileStoreFor(plan.media),
      process.env.SAUVEGARDE_SECRET ?? '',
      process.env.BACKUP_KEY,
      (p) => console.log(JSON.stringify({ progression: p })),
    );
    console.log(JSON.stringify({ resume: { tables, audit, grand_livre } }));
  } catch (error) {
    if (!(error instanceof EchecSauvegarde || error instanceof ArchiveError)) throw error;
    console.log(JSON.stringify({ motif: error.message }));
  } finally {
    await rm(planFile, { force: true });
  }
}

/** On PostgreSQL the archiving process reads the database itself, on a connection of its own. */
async function lirePostgres(plan: Extract<PlanArchive, { schema: string }>): Promise<Lecture> {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, schema: plan.schema });
  try {
    return await lireBase({ db: database.db, kind: plan.kind }, plan.file);
  } finally {
    await database.close();
  }
}

/** Whether the target holds nothing: no table in the database's schema or no embedded database, and no media. */
async function targetIsEmpty(databaseUrl: string | undefined, dataDir: string): Promise<boolean> {
  const holds = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;
  if (holds(path.join(dataDir, 'media'))) return false;
  if (!databaseUrl) return !holds(path.join(dataDir, 'pgdata'));
  const db = await openDatabase({ databaseUrl });
  try {
    return (await tableCount(db.db)) === 0;
  } finally {
    await db.close();
  }
}

/** Empties the target: the schema's objects or the embedded database, and the media. */
async function emptyTarget(databaseUrl: string | undefined, dataDir: string): Promise<void> {
  if (databaseUrl) {
    const db = await openDatabase({ databaseUrl });
    try {
      await recreateSchema(db.db);
    } finally {
      await db.close();
    }
  }
  for (const part of [...(databaseUrl ? [] : ['pgdata']), 'media']) {
    rmSync(path.join(dataDir, part), { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  const known = error instanceof ArchiveError || error instanceof ConfigError;
  console.error(
    known ? error.message : `Restauration impossible\u00a0: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
});
