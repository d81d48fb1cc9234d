import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { build } from '../../../scripts/build.mjs';
import { migrateToLatest, openDatabase } from '../src/db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
  }
}

/**
 * Migrates PGlite once and dumps it; each test file starts from a fresh copy of the dump.
 * On PostgreSQL, the database-wide extension is created once here, before the test files migrate
 * their own schemas side by side. The API's bundle and the empty database template are built (when
 * their sources changed): a backup's processes then run the built restore command, and its
 * verification loads the template, instead of compiling the sources and migrating at each backup.
 */
export default async function setup(project: TestProject) {
  await build({ targets: ['api', 'template'] });
  process.env.RESTORE_SCRIPT = path.join(import.meta.dirname, '../dist/restore.js');
  if (process.env.DATABASE_URL) {
    const postgres = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(postgres.db);
    await postgres.close();
  }
  const database = await openDatabase({});
  await migrateToLatest(database.db);
  const dump = await database.dump?.();
  await database.close();
  if (!dump) throw new Error('PGlite dump unavailable');
  const file = path.join(os.tmpdir(), `api-test-pglite-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
}
