import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSchema,
  type DatabaseHandle,
  dropSchema,
  migrateToLatest,
  openDatabase,
  SCHEMA_LOCK,
} from '../src/db/database.ts';

// Kysely's migrator names every table of every schema while it looks for its own; a schema dropped
// meanwhile (a test file's, a backup check's scratch copy) made it fail with 'schema … does not exist'.
describe.runIf(process.env.DATABASE_URL)('schemas on one PostgreSQL database', () => {
  const databaseUrl = process.env.DATABASE_URL as string;
  const names = [`t_${randomBytes(6).toString('hex')}`, `t_${randomBytes(6).toString('hex')}`];
  let admin: DatabaseHandle;
  beforeAll(async () => {
    admin = await openDatabase({ databaseUrl });
    for (const name of names) await createSchema(admin.db, name);
  });
  afterAll(async () => {
    for (const name of names) await dropSchema(admin.db, name);
    await admin.close();
  });

  it('drops a schema only once a migration elsewhere is over', async () => {
    const [migrated, dropped] = names as [string, string];
    const target = await openDatabase({ databaseUrl, schema: migrated });
    try {
      // The pool's one connection so far, which the migration takes (nothing else uses this pool).
      const { rows: backend } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(target.db);
      const pid = backend[0]?.pid;
      const order: string[] = [];
      const migration = migrateToLatest(target.db, migrated).then(() => order.push('migration'));
      // Wait for the migration to hold the lock (other test files may take it too), then ask for the drop.
      for (;;) {
        const { rows } = await sql<{ held: boolean }>`
          SELECT EXISTS (SELECT 1 FROM pg_locks
                         WHERE locktype = 'advisory' AND objid = ${SCHEMA_LOCK} AND pid = ${pid} AND granted) AS held`.execute(
          admin.db,
        );
        if (rows[0]?.held) break;
      }
      const drop = dropSchema(admin.db, dropped).then(() => order.push('drop'));
      await Promise.all([migration, drop]);
      expect(order).toEqual(['migration', 'drop']);
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = ${dropped}`.execute(admin.db);
      expect(rows[0]?.n).toBe(0);
    } finally {
      await target.close();
    }
  });
});
