import { loadConfig } from './config.ts';
import { secureDataDir } from './db/data-dir.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { PGDATA_TEMPLATE } from './db/template.ts';
import { auditHead, firstBrokenLink } from './modules/audit/audit.repository.ts';

/**
 * npm run check:audit: verifies the audit journal's chain (docs/decisions/0015-audit-chaine.md) on
 * the database the server would use, first brought to the latest migration. Names the first row
 * whose link is broken and exits 1; otherwise prints the chain's last link, to note down: a
 * later check whose chain no longer reaches it shows rows removed from the end.
 */
async function main() {
  process.umask(0o077);
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    template: PGDATA_TEMPLATE,
  });
  if (!config.databaseUrl) secureDataDir(config.dataDir);
  try {
    await migrateToLatest(database.db);
    const broken = await firstBrokenLink(database.db);
    if (broken) {
      console.error(
        `Journal d’audit altéré : première ligne en défaut, position ${broken.position} (id ${broken.id}) : ${broken.raison}.`,
      );
      process.exitCode = 1;
      return;
    }
    const head = await auditHead(database.db);
    console.log(
      head
        ? `Journal d’audit intègre : ${head.position} lignes chaînées, dernière empreinte ${head.empreinte} (id ${head.id}).`
        : 'Journal d’audit vide.',
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
