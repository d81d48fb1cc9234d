import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { DB } from './db/schema.ts';

/**
 * `npm run lint:openapi`: writes the OpenAPI document of /api/openapi.json to the file named
 * by the first argument. The app is built in-process and listens nowhere; the document needs
 * no data, so its database is Kysely's DummyDriver, which answers every query with no rows.
 */
async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('Usage : openapi-document.ts <fichier.json>');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
  try {
    // No recurring task: the document needs no job queue.
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      API_DOCS: 'public',
      REMINDERS: '0',
      BACKUPS: '0',
      CLEANUP: '0',
      NOTIFICATION_EMAILS: '0',
      INTEGRITY_CHECK: '0',
    });
    const db = new Kysely<DB>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (kysely) => new PostgresIntrospector(kysely),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    const app = await buildApp({ config, db });
    await app.ready();
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(app.swagger(), null, 2)}\n`);
    await app.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
