import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { S3Files } from './media/file-store.ts';
import { migrerMedias } from './media/migration.ts';

/**
 * npm run media:migrate: copies DATA_DIR/media into the S3-compatible store the S3_* settings name,
 * before the instances are started on it. Idempotent: a file already there with its size is skipped.
 */
async function main() {
  // Only the data folder and the store are read here: no secret is needed, none is generated.
  const config = loadConfig({ ...process.env, JWT_SECRET: process.env.JWT_SECRET ?? '-'.repeat(32) });
  if (!config.s3) throw new ConfigError('S3_BUCKET n’est pas défini\u00a0: aucun stockage où copier les médias.');
  const root = path.join(config.dataDir, 'media');
  const store = new S3Files(config.s3);
  try {
    console.log(`Copie de ${root} vers le stockage ${config.s3.bucket}…`);
    let shown = -1;
    const { copies, presents } = await migrerMedias(root, store, (done, total) => {
      const share = Math.floor((done / total) * 100);
      if (share % 10 === 0 && share !== shown) {
        shown = share;
        console.log(`${done} / ${total} fichiers`);
      }
    });
    console.log(`Terminé\u00a0: ${copies} fichier(s) copié(s), ${presents} déjà présent(s).`);
  } finally {
    store.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `Copie des médias impossible\u00a0: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
});
