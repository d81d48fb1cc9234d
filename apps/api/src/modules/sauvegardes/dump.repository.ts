import { StringDecoder } from 'node:string_decoder';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Pause } from './cadence.ts';

/**
 * The database as plain SQL (docs/decisions/0023-sauvegardes.md): the data of every table, not the
 * schema, which the migrations rebuild to the backup's level before it is loaded and bring to the
 * current one after. The same text loads into PGlite and PostgreSQL. One statement per line (line
 * breaks inside values are escaped), so a restore reads it as a stream of lines.
 *
 * Loaded into freshly migrated tables: their triggers are off while the rows go in (the kept
 * counters, the audit chain's fingerprints and the ledger's balances are restored as they were,
 * not recomputed), rows a migration wrote are removed first, and a table's references to itself
 * are set once all its rows exist.
 */

/** Not part of a backup: the backups' own records (they describe files of this machine) and Kysely's. */
export const TABLES_NOT_BACKED_UP = ['sauvegardes', 'sauvegarde_alertes', 'kysely_migration', 'kysely_migration_lock'];

/** Rows read per fetch and written per INSERT. */
const BATCH = 500;

interface TableShape {
  name: string;
  /** Stored columns (generated ones are computed again). */
  columns: { name: string; type: string }[];
  primaryKey: string[];
  /** Columns referencing this same table. */
  selfReferences: string[];
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A text value as an SQL literal on one line. */
export function literal(value: string | null): string {
  if (value === null) return 'NULL';
  if (!/[\\\n\r]/.test(value)) return `'${value.replaceAll("'", "''")}'`;
  const escaped = value.replaceAll('\\', '\\\\').replaceAll("'", "''").replaceAll('\n', '\\n').replaceAll('\r', '\\r');
  return `E'${escaped}'`;
}

/** The current schema's tables, each after the tables it references. */
async function tableShapes(db: Executor): Promise<TableShape[]> {
  const { rows: columns } = await sql<{ table: string; column: string; type: string }>`
    SELECT c.relname AS "table", a.attname AS "column", format_type(a.atttypid, a.atttypmod) AS type
    FROM pg_class c
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
    ORDER BY c.relname, a.attnum`.execute(db);
  const { rows: constraints } = await sql<{ table: string; kind: string; target: string | null; columns: string[] }>`
    SELECT c.relname AS "table", k.contype AS kind, t.relname AS target,
      array(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY u(n, i)
            JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.i) AS columns
    FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid
    LEFT JOIN pg_class t ON t.oid = k.confrelid
    WHERE c.relnamespace = current_schema()::regnamespace AND k.contype IN ('p', 'f')`.execute(db);
  const shapes = new Map<string, TableShape>();
  for (const { table, column, type } of columns) {
    if (TABLES_NOT_BACKED_UP.includes(table)) continue;
    const shape = shapes.get(table) ?? { name: table, columns: [], primaryKey: [], selfReferences: [] };
    shape.columns.push({ name: column, type });
    shapes.set(table, shape);
  }
  const references = new Map<string, Set<string>>();
  for (const { table, kind, target, columns: keyColumns } of constraints) {
    const shape = shapes.get(table);
    if (!shape) continue;
    if (kind === 'p') shape.primaryKey = keyColumns;
    else if (target === table) shape.selfReferences.push(...keyColumns);
    else if (target && shapes.has(target)) references.set(table, (references.get(table) ?? new Set()).add(target));
  }
  // Referenced tables first (the references between tables have no cycle; a cycle would stop here).
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: string[]) => {
    if (placed.has(name)) return;
    if (path.includes(name))
      throw new Error(`références circulaires entre tables\u00a0: ${[...path, name].join(' → ')}`);
    for (const target of references.get(name) ?? []) place(target, [...path, name]);
    placed.add(name);
    ordered.push(shapes.get(name) as TableShape);
  };
  for (const name of [...shapes.keys()].sort()) place(name, []);
  return ordered;
}

/**
 * Writes the data of the current schema as SQL lines, read inside the caller's transaction (one
 * snapshot: a repeatable-read transaction gives a consistent copy while others write). Answers the
 * rows written per table.
 */
export async function dumpDatabase(
  trx: Executor,
  write: (line: string) => Promise<void>,
): Promise<Record<string, number>> {
  // Values written as text the same way whatever the session's settings.
  await sql`SET LOCAL TimeZone = 'UTC'`.execute(trx);
  await sql`SET LOCAL DateStyle = 'ISO, YMD'`.execute(trx);
  await sql`SET LOCAL IntervalStyle = 'postgres'`.execute(trx);
  await sql`SET LOCAL extra_float_digits = 3`.execute(trx);
  const tables = await tableShapes(trx);
  const counts: Record<string, number> = {};
  // Each statement ends its line with a semicolon.
  const statement = (text: string) => write(`${text};`);
  await write(
    '-- Sauvegarde Autopromotion Immobilière — les données, chargées dans des tables migrées au niveau du manifeste.',
  );
  for (const table of tables) await statement(`ALTER TABLE ${ident(table.name)} DISABLE TRIGGER USER`);
  // CASCADE: the backups' own table, not loaded, references the accounts.
  await statement(`TRUNCATE TABLE ${tables.map((t) => ident(t.name)).join(', ')} CASCADE`);
  for (const table of tables) counts[table.name] = await dumpTable(trx, table, write);
  const { rows: sequences } = await sql<{ name: string; last_value: string }>`
    SELECT sequencename AS name, last_value::text FROM pg_sequences
    WHERE schemaname = current_schema() AND last_value IS NOT NULL ORDER BY sequencename`.execute(trx);
  for (const { name, last_value } of sequences) {
    await statement(`SELECT setval(${literal(ident(name))}, ${BigInt(last_value)}, true)`);
  }
  for (const table of tables) await statement(`ALTER TABLE ${ident(table.name)} ENABLE TRIGGER USER`);
  return counts;
}

async function dumpTable(trx: Executor, table: TableShape, write: (line: string) => Promise<void>): Promise<number> {
  const names = table.columns.map((c) => c.name);
  // A table's references to itself go in NULL first, then are set once every row is there.
  const inserted = names.map((n) =>
    table.selfReferences.includes(n) ? `NULL::text AS ${ident(n)}` : `${ident(n)}::text`,
  );
  const into = `INSERT INTO ${ident(table.name)} (${names.map(ident).join(', ')}) OVERRIDING SYSTEM VALUE VALUES `;
  const count = await eachBatch(trx, `SELECT ${inserted.join(', ')} FROM ${ident(table.name)}`, async (rows) => {
    await write(`${into}${rows.map((row) => `(${row.map(literal).join(', ')})`).join(', ')};`);
  });
  if (table.selfReferences.length > 0) {
    const keyed = [...table.primaryKey, ...table.selfReferences];
    const typeOf = (n: string) => table.columns.find((c) => c.name === n)?.type ?? 'text';
    const assignments = table.selfReferences.map((n) => `${ident(n)} = v.${ident(n)}::${typeOf(n)}`).join(', ');
    const match = table.primaryKey.map((n) => `t.${ident(n)} = v.${ident(n)}::${typeOf(n)}`).join(' AND ');
    const anySet = table.selfReferences.map((n) => `${ident(n)} IS NOT NULL`).join(' OR ');
    await eachBatch(
      trx,
      `SELECT ${keyed.map((n) => `${ident(n)}::text`).join(', ')} FROM ${ident(table.name)} WHERE ${anySet}`,
      async (rows) => {
        const values = rows.map((row) => `(${row.map(literal).join(', ')})`).join(', ');
        await write(
          `UPDATE ${ident(table.name)} AS t SET ${assignments} FROM (VALUES ${values}) AS v (${keyed.map(ident).join(', ')}) WHERE ${match};`,
        );
      },
    );
  }
  return count;
}

/** Reads a query's rows through a cursor, BATCH at a time, as arrays of text values. */
async function eachBatch(
  trx: Executor,
  query: string,
  onRows: (rows: (string | null)[][]) => Promise<void>,
): Promise<number> {
  await sql.raw(`DECLARE sauvegarde_curseur NO SCROLL CURSOR FOR ${query}`).execute(trx);
  let count = 0;
  for (;;) {
    const { rows } = await sql
      .raw<Record<string, string | null>>(`FETCH ${BATCH} FROM sauvegarde_curseur`)
      .execute(trx);
    if (rows.length === 0) break;
    count += rows.length;
    await onRows(rows.map((row) => Object.values(row)));
  }
  await sql.raw('CLOSE sauvegarde_curseur').execute(trx);
  return count;
}

/** A dump's text as lines, read as they are consumed (nothing is lost while a statement runs). */
export async function* sqlLines(text: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of text) {
    rest += decoder.write(chunk);
    let end = rest.indexOf('\n');
    while (end >= 0) {
      yield rest.slice(0, end);
      rest = rest.slice(end + 1);
      end = rest.indexOf('\n');
    }
  }
  rest += decoder.end();
  if (rest) yield rest;
}

/** Statistics for the planner after a load: without them the checks' joins are planned as if the tables were empty. */
export async function analyze(db: Executor, tables: readonly string[]): Promise<void> {
  await sql.raw(`ANALYZE ${tables.map(ident).join(', ')}`).execute(db);
}

/** Runs a dump's lines one statement at a time (the caller's transaction: all or nothing). */
export async function loadDatabase(trx: Executor, lines: AsyncIterable<string>, pause: Pause): Promise<void> {
  for await (const line of lines) {
    if (line === '' || line.startsWith('--')) continue;
    await sql.raw(line).execute(trx);
    await pause();
  }
}

/** The tables of the current schema: a restore's target must have none. */
export async function tableCount(db: Executor): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM pg_class
    WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p')`.execute(db);
  return Number(rows[0]?.n);
}

/** The schema the connection works in (a test's own, or public): where a backup's process reads. */
export async function currentSchema(db: Executor): Promise<string> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  return rows[0]?.schema as string;
}
