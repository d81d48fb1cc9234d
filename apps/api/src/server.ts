import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirError, secureDataDir } from './db/data-dir.ts';
import { holdingLock, migrateToLatest, openDatabase, SEED_LOCK } from './db/database.ts';
import { seedDemo } from './db/seed/demo.ts';
import { PGDATA_TEMPLATE } from './db/template.ts';
import { serializeError } from './logger.ts';
import { fileStoreFor } from './media/file-store.ts';
import { MediaStore } from './media/media-store.ts';
import { countUtilisateurs } from './modules/utilisateurs/utilisateurs.repository.ts';

async function main() {
  // Whatever the server writes (database, media, mail, secret) is for its own user only.
  process.umask(0o077);
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolMax: config.databasePoolMax,
    dataDir: config.dataDir,
    template: PGDATA_TEMPLATE,
  });
  // After the opening: PGlite's first creation copies its files world-writable whatever the umask.
  secureDataDir(config.dataDir);
  await migrateToLatest(database.db);
  const app = await buildApp({
    config,
    db: database.db,
    dbKind: database.kind,
    listen: database.listen,
    inTurn: database.inTurn,
    poolStats: database.poolStats,
  });
  if (config.seedDemo) {
    // Checked and written under one lock: instances started together seed once.
    const seeded = await holdingLock(database.db, SEED_LOCK, async (db) => {
      if ((await countUtilisateurs(db)) > 0) return false;
      await seedDemo(db, new MediaStore(fileStoreFor(config), config.jwtSecret));
      return true;
    });
    if (seeded) app.log.info('Données de démonstration créées (mot de passe des comptes démo : Demo@2026)');
  }
  if (config.databaseUrl && (!config.redisUrl || !config.s3)) {
    const unshared = [
      ...(config.redisUrl ? [] : ['leurs limites de débit (REDIS_URL absent)']),
      ...(config.s3 ? [] : ['leurs fichiers (S3_BUCKET absent)']),
    ];
    app.log.warn(`Plusieurs instances sur cette base ne partageraient pas ${unshared.join(' ni ')}`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'arrêt : plus de nouvelles requêtes, fin des requêtes en cours');
    const timer = setTimeout(() => {
      app.log.error('arrêt forcé après 10 s');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'erreur pendant l’arrêt');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Prêt sur http://localhost:${config.port} (base : ${database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirError) {
    console.error(error.message);
  } else {
    // Through the log's serializer: a failed query's values (a password hash) stay out of the console.
    console.error('Démarrage impossible :', serializeError(error));
  }
  process.exit(1);
});
