import { loadConfig } from './config.ts';
import { secureDataDir } from './db/data-dir.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { PGDATA_TEMPLATE } from './db/template.ts';
import { ledgerBreaches, ledgerSize } from './modules/banques/ledger.repository.ts';

/**
 * npm run check:ledger: verifies the money invariants (docs/decisions/0012-ledger.md) on the
 * database the server would use (DATA_DIR's embedded one, or DATABASE_URL), first brought to the
 * latest migration as the server does at its start. Prints each row that
 * breaks one and exits 1; exits 0 when the ledger holds.
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
    const breaches = await ledgerBreaches(database.db);
    const counts = await ledgerSize(database.db);
    const checked = `${counts.banques} banques, ${counts.mouvements} mouvements, ${counts.versements} versements, ${counts.depenses} dépenses, ${counts.remboursements} remboursements, ${counts.membres} membres`;
    if (breaches.length === 0) {
      console.log(`Grand livre cohérent (${checked}).`);
      return;
    }
    console.error(`${breaches.length} écart(s) dans le grand livre (${checked}) :`);
    for (const breach of breaches) console.error(`- [${breach.invariant}] ${breach.detail}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
