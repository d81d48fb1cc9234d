import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, Migrator, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { lockDataDir } from './data-dir.ts';
import { migrations } from './migrations/index.ts';
import { PGliteKysely } from './pglite-dialect.ts';
import type { DB } from './schema.ts';

export type Database = Kysely<DB>;
export type Executor = Kysely<DB> | Transaction<DB>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Embedded only: the whole database as a tarball (tests start each file from a migrated copy). */
  dump?: () => Promise<Blob>;
  /**
   * PostgreSQL only: calls `onNotify` at each NOTIFY on `channel` from this database's schema (another
   * instance's change), and after a lost connection comes back (one may have been missed meanwhile).
   */
  listen?: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
  /** PostgreSQL only: the pool's connections, idle ones and requests waiting for one (the metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** PostgreSQL only: runs `work` while no other instance runs work of the same `name` (inTurn below). */
  inTurn?: InTurn;
}

/** Runs `work` alone among the work of the same `name`, across every instance on the database. */
export type InTurn = <T>(name: string, work: () => Promise<T>) => Promise<T>;

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
  /** A dump a new embedded data folder starts from instead of PGlite's initdb (db/template.ts); skipped if missing. */
  template?: string | undefined;
  /** PostgreSQL schema to work in (tests isolate each file in its own schema). */
  schema?: string | undefined;
  /** PostgreSQL connections kept for the queries (default 10). */
  poolMax?: number | undefined;
}

/** Reads a connection keeps prepared; beyond, it plans as usual (queries with lists of every length). */
const PREPARED_PER_CONNECTION = 300;

/**
 * PostgreSQL plans a query at every execution unless it is prepared, and planning a list page's
 * joins costs as much as running it. Each pooled connection prepares the reads it runs, named by
 * a hash of their text, so that a page is planned once per connection, not once per request.
 */
function preparingReads(pool: pg.Pool): pg.Pool {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (config: unknown, values?: unknown) => unknown;
    const prepared = new Set<string>();
    client.query = ((config: unknown, values?: unknown) => {
      if (typeof config === 'string' && Array.isArray(values) && /^\s*(select|with)\b/i.test(config)) {
        const name = `k${createHash('sha256').update(config).digest('base64url').slice(0, 32)}`;
        if (prepared.has(name) || prepared.size < PREPARED_PER_CONNECTION) {
          prepared.add(name);
          return query({ name, text: config, values });
        }
      }
      return query(config, values);
    }) as typeof client.query;
  });
  return pool;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // JIT off: the reads here are short index walks, and compiling a plan the planner guessed
    // costly (a table without statistics yet, a per-member check) cost 100 ms or more each time.
    const settings = ['-c jit=off', ...(options.schema ? [`-c search_path=${options.schema}`] : [])];
    const connection = { connectionString: options.databaseUrl, options: settings.join(' ') };
    const pool = new pg.Pool({ ...connection, max: options.poolMax ?? 10 });
    // pg-cursor: an export's rows streamed from a cursor (db/cursor.ts).
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingReads(pool), cursor: Cursor }) });
    const locks = new pg.Pool({ ...connection, max: LOCK_CONNECTIONS });
    return {
      db,
      kind: 'postgres',
      close: async () => {
        await db.destroy();
        await locks.end();
      },
      inTurn: (name, work) => inTurnOn(locks, name, work),
      listen: (channel, onNotify) => listenTo(connection, channel, onNotify),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  let dataDir: string | undefined;
  let loadDataDir = options.loadDataDir;
  let release = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    release = lockDataDir(options.dataDir);
    dataDir = path.join(options.dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
    if (fresh && options.template && existsSync(options.template)) {
      loadDataDir = new Blob([readFileSync(options.template)]);
    }
  }
  // Durable writes: relaxedDurability stays off so a commit is on disk when it returns.
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    parsers: pgliteParsers,
    extensions: { pg_trgm },
  }).catch((error: unknown) => {
    release();
    throw error;
  });
  const db = new PGliteKysely<DB>(client);
  const close = async () => {
    await db.destroy();
    release();
  };
  return { db, kind: 'pglite', close, dump: () => client.dumpDataDir('none') };
}

/** The connections that hold inTurn's locks, apart from the pool the work itself queries through. */
const LOCK_CONNECTIONS = 3;

/** inTurn's locks: PostgreSQL advisory locks in a class of their own, keyed by the name's hash. */
const IN_TURN_CLASS = 7_241;

/**
 * A session advisory lock held on a connection of a pool of its own while `work` runs: `work` queries
 * through the main pool, so that locks waited for never hold the connections the holders' work needs.
 * A connection lost meanwhile loses its lock with it (PostgreSQL frees it) and is not reused.
 */
async function inTurnOn<T>(locks: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  const client = await locks.connect();
  const key = [IN_TURN_CLASS, name];
  try {
    await client.query('SELECT pg_advisory_lock($1, hashtext($2))', key);
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  try {
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', key).then(
      () => client.release(),
      (error: Error) => client.release(error),
    );
  }
}

/** A connection of its own that LISTENs, connected again a second after it is lost. */
async function listenTo(connection: pg.ClientConfig, channel: string, onNotify: () => void) {
  let client: pg.Client | undefined;
  let started = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (again: boolean) => {
    const next = new pg.Client(connection);
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      const { rows } = await next.query<{ schema: string }>('SELECT current_schema() AS schema');
      const schema = rows[0]?.schema;
      next.on('notification', (message) => {
        if (message.payload === schema) onNotify();
      });
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      client = next;
      started = true;
      if (again) onNotify();
    } catch (error) {
      if (!started) {
        await next.end().catch(() => {});
        throw error;
      }
      lost(next);
    }
  };
  const lost = (which: pg.Client) => {
    if (!started || closed || retry || (client && client !== which)) return;
    client = undefined;
    which.end().catch(() => {});
    retry = setTimeout(() => {
      retry = undefined;
      void connect(true);
    }, 1_000);
    retry.unref();
  };
  await connect(false);
  return async () => {
    closed = true;
    clearTimeout(retry);
    await client?.end();
  };
}

/** The last migration: a database at this level is current. */
export const LATEST_MIGRATION = Object.keys(migrations).at(-1) as string;

/** Applies pending migrations; `schema` names where Kysely keeps its own bookkeeping tables. */
export async function migrateToLatest(db: Database, schema?: string): Promise<void> {
  await migrateUpTo(db, LATEST_MIGRATION, schema);
}

/** Applies the migrations up to and including `name` (a backup is loaded at its own level). */
export async function migrateUpTo(db: Database, name: string, schema?: string): Promise<void> {
  const { error, results } = await holdingSchemaLock(db, (connection) =>
    new Migrator({
      db: connection,
      provider: { getMigrations: async () => migrations },
      ...(schema ? { migrationTableSchema: schema } : {}),
    }).migrateTo(name),
  );
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Échec de la migration ${failed?.migrationName ?? ''}: ${String(error)}`);
  }
}

/**
 * Kysely's migrator looks for its tables across every schema of the database, naming each table
 * on the way (pg_get_serial_sequence), and fails if another schema is dropped meanwhile (a backup
 * check's scratch schema, a test file's). Migrating and dropping a schema take this lock in turn.
 */
export const SCHEMA_LOCK = 7_240_011;

/** The demo seed: instances started together on an empty database seed it once. */
export const SEED_LOCK = 7_240_012;

/** The job queue's creation: instances started together create its tables and queues in turn. */
export const JOBS_LOCK = 7_240_013;

/** Runs `work` on one connection holding a session advisory lock, whichever instance asks. */
export async function holdingLock<T>(
  db: Database,
  key: number,
  work: (connection: Database) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${key})`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`SELECT pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}

const holdingSchemaLock = <T>(db: Database, work: (connection: Database) => Promise<T>) =>
  holdingLock(db, SCHEMA_LOCK, work);

/** A schema of its own on PostgreSQL (a test file's, a backup check's scratch database). */
export async function createSchema(db: Database, name: string): Promise<void> {
  await sql`CREATE SCHEMA ${sql.id(name)}`.execute(db);
}

export async function dropSchema(db: Database, name: string): Promise<void> {
  await holdingSchemaLock(db, (connection) =>
    sql`DROP SCHEMA IF EXISTS ${sql.id(name)}, ${sql.id(jobsSchemaOf(name))} CASCADE`.execute(connection),
  );
}

/** Where the job queue keeps its tables, beside the schema it works for (a test file's has its own). */
export const jobsSchemaOf = (schema: string) => (schema === 'public' ? 'pgboss' : `${schema}_pgboss`);

/** Empties the connection's current schema (what restore --force replaces). */
export async function recreateSchema(db: Database): Promise<void> {
  await holdingSchemaLock(db, (connection) =>
    sql`DO $$ DECLARE s text := current_schema(); BEGIN
      EXECUTE format('DROP SCHEMA %I CASCADE', s); EXECUTE format('CREATE SCHEMA %I', s); END $$`.execute(connection),
  );
}
