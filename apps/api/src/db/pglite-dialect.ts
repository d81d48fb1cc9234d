import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type Transaction,
  type TransactionBuilder,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely dialect for embedded PGlite. PGlite is one connection, so the driver hands it
 * out to one user at a time: a transaction never interleaves with another query.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly client: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.client);
  }
  createIntrospector(db: Parameters<Dialect['createIntrospector']>[0]) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

/** Said when code inside a transaction queries the database instead of the transaction. */
export const NESTED_QUERY_MESSAGE =
  'requête sur la base pendant une transaction du même traitement\u00a0: elle attendrait la connexion indéfiniment';

/** Whether this chain of calls runs inside a transaction's callback. */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

/**
 * Kysely on PGlite: each transaction's callback runs marked, so that a query on the database from
 * inside it (instead of on the transaction) is refused at once by the driver below.
 */
export class PGliteKysely<T> extends Kysely<T> {
  constructor(private readonly client: PGlite) {
    super({ dialect: new PGliteDialect(client) });
  }

  /** Runs a text of several statements (the job queue's own scripts) once the one connection is free. */
  async script(text: string): Promise<{ rows: unknown[] }> {
    const results = await this.connection().execute(() => this.client.exec(text));
    return { rows: results.at(-1)?.rows ?? [] };
  }

  override transaction(): TransactionBuilder<T> {
    const builder = super.transaction();
    const execute = builder.execute.bind(builder);
    builder.execute = <O>(callback: (trx: Transaction<T>) => Promise<O>) =>
      execute(async (trx) => {
        const mark = { open: true };
        try {
          return await openTransaction.run(mark, () => callback(trx));
        } finally {
          mark.open = false;
        }
      });
    return builder;
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;

  constructor(private readonly client: PGlite) {
    this.connection = new PGliteConnection(client);
  }

  async init() {}

  /**
   * Waits for the one connection. Asked from inside a transaction's own calls (the database used
   * where the transaction was meant), it would wait for itself forever and every later request
   * behind it: that is refused at once instead.
   */
  async acquireConnection(): Promise<DatabaseConnection> {
    if (openTransaction.getStore()?.open) throw new Error(NESTED_QUERY_MESSAGE);
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.connection.release = release;
    return this.connection;
  }

  async releaseConnection(connection: DatabaseConnection) {
    (connection as PGliteConnection).release?.();
  }

  async beginTransaction(_connection: DatabaseConnection, settings: TransactionSettings) {
    const isolation = settings.isolationLevel ? ` ISOLATION LEVEL ${settings.isolationLevel.toUpperCase()}` : '';
    await this.client.query(`BEGIN${isolation}`);
  }

  async commitTransaction() {
    await this.client.query('COMMIT');
  }

  async rollbackTransaction() {
    await this.client.query('ROLLBACK');
  }

  async destroy() {
    await this.client.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  release: (() => void) | undefined;
  constructor(private readonly client: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.client.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && compiledQuery.query.kind !== 'SelectQueryNode'
        ? { numAffectedRows: BigInt(affected) }
        : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursors; Kysely requires the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite ne permet pas le streaming de requêtes');
  }
}
