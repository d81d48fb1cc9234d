import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { DB } from './schema.ts';

export type Database = Kysely<DB>;
export type Executor = Kysely<DB> | Transaction<DB>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Embedded only: the whole database as a tarball (tests start each file from a migrated copy). */
  dump?: () => Promise<Blob>;
}

// bigint (FCFA) stays a string, never a lossy number; date stays 'YYYY-MM-DD'.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
const pgliteParsers = { 20: (v: string) => v, 1082: (v: string) => v };

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Embedded data directory; omitted means in memory. */
  dataDir?: string | undefined;
  /** A dumped embedded database to start from (tests). */
  loadDataDir?: Blob | undefined;
  /** PostgreSQL schema to work in (tests isolate each file in its own schema). */
  schema?: string | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
  }
  // Durable writes: relaxedDurability stays off so a commit is on disk when it returns.
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: pgliteParsers,
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client) });
  return { db, kind: 'pglite', close: () => db.destroy(), dump: () => client.dumpDataDir('none') };
}

/** Applies pending migrations; `schema` names where Kysely keeps its own bookkeeping tables. */
export async function migrateToLatest(db: Database, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Échec de la migration ${failed?.migrationName ?? ''}: ${String(error)}`);
  }
}
