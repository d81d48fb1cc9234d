import { ConfigError, loadConfig } from './config.ts';
import { ArchiveError } from './modules/sauvegardes/archive.ts';
import { sauvegardeEnLigneDeCommande } from './modules/sauvegardes/sauvegardes.service.ts';

/**
 * npm run backup (docs/decisions/0023-sauvegardes.md): one backup of the configured database,
 * written to BACKUP_DIR and verified by a restore in a scratch database, as the server's. On the
 * embedded database the server must be stopped (the data folder is one process's); on PostgreSQL
 * at any time. Prints the file; exits 1 with the reason when it fails.
 */
async function main() {
  process.umask(0o077);
  const config = loadConfig();
  console.log('Sauvegarde en cours (écriture puis restauration d’essai)…');
  const file = await sauvegardeEnLigneDeCommande(config);
  console.log(`Sauvegarde vérifiée\u00a0: ${file}`);
}

main().catch((error: unknown) => {
  const known = error instanceof ArchiveError || error instanceof ConfigError;
  console.error(
    known ? error.message : `Sauvegarde impossible\u00a0: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
});
