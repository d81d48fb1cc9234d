/**
 * The payments' export at scale on PostgreSQL (issue 27, Performance): on the bench database
 * (seed.ts: 200,000 payments, once), the product's server signed in as a bench comptable, then
 * `GET /api/versements/export?format=csv` and `?format=xlsx` (every payment he sees), --runs times
 * each. The answer is read as a stream (bytes counted, and the CSV's lines, never held whole); the
 * server's memory is sampled every 50 ms while it is written: its resident memory from
 * /proc/<pid>/status (VmRSS) and its heap from inside (process.memoryUsage(), sent by a preload
 * over the IPC channel). Prints, per export: rows (the export's audit row, and the CSV's lines),
 * bytes, seconds, the server's RSS and heap before and at their highest during it, and whether the
 * target holds: all 200,000 rows in under 10 s, memory flat (highest RSS − RSS before < 100 MB).
 * An export that fails is printed and the next goes on; the exit code is 1 only on an error
 * outside the exports (the database, the server's start, the sign-in).
 * Run: DATABASE_URL=postgres://… npm run bench:export [-- --only csv,xlsx --runs 3 --server built|sources --reseed]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchArgs, freePort, serverEntry, signIn, stopServers } from './harness.ts';
import { benchComptableEmail, benchDatabaseUrl, ensureBenchDatabase, prepareBenchDatabase } from './seed.ts';

const FORMATS = ['csv', 'xlsx'] as const;
type Format = (typeof FORMATS)[number];

/** The targets: every row within 10 s, the server's resident memory growing by less than 100 MB. */
const TARGET = { seconds: 10, rssGrowthBytes: 100 * 1024 * 1024 };
const SAMPLE_MS = 50;

const { names, reseed, database, databaseUrl, options } = benchArgs('bench:export', FORMATS, {
  runs: '3',
  server: 'built',
});
const runs = Number(options.runs);
if (!(Number.isInteger(runs) && runs > 0) || !['built', 'sources'].includes(options.server)) {
  console.error('Usage: npm run bench:export -- [--only csv,xlsx] [--runs 3] [--server built|sources] [--reseed]');
  process.exit(2);
}

const apiDir = path.resolve(import.meta.dirname, '..');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The process's resident memory now (VmRSS), 0 once it is gone. */
function rss(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * Loaded first in the server's process: every 50 ms, its memory to the bench over the IPC channel
 * (which, unreferenced, keeps nothing alive). A timer of the server's own event loop: while the
 * export keeps it busy a sample may come late, never wrong.
 */
const MEMORY_PRELOAD = `data:text/javascript,${encodeURIComponent(`
if (process.send) {
  const send = () => { const m = process.memoryUsage(); process.send({ rss: m.rss, heapUsed: m.heapUsed }); };
  setInterval(send, ${SAMPLE_MS}).unref();
  process.channel?.unref();
}`)}`;

/** The server's memory as last reported from inside, and the highest since `reset`. */
class Memory {
  heapUsed = 0;
  peakHeap = 0;
  peakRss = 0;
  private timer: NodeJS.Timeout | undefined;
  constructor(private readonly child: ChildProcess) {
    child.on('message', (message: { rss: number; heapUsed: number }) => {
      this.heapUsed = message.heapUsed;
      this.peakHeap = Math.max(this.peakHeap, message.heapUsed);
      // The RSS from inside too: a sample from /proc may fall between two of the server's.
      this.peakRss = Math.max(this.peakRss, message.rss);
    });
  }
  get rss() {
    return rss(this.child.pid ?? 0);
  }
  /** Starts a measure: the highest values from now on, /proc read every 50 ms. */
  start() {
    this.peakRss = this.rss;
    this.peakHeap = this.heapUsed;
    this.timer = setInterval(() => {
      this.peakRss = Math.max(this.peakRss, this.rss);
    }, SAMPLE_MS);
  }
  stop() {
    clearInterval(this.timer);
    this.peakRss = Math.max(this.peakRss, this.rss);
  }
}

/** Starts the product's server with the memory preload and an IPC channel; waits for /api/health. */
async function startServer(servers: ChildProcess[], env: NodeJS.ProcessEnv, base: string) {
  const entry =
    options.server === 'sources'
      ? { args: ['--import', 'tsx', 'src/server.ts'], label: 'Server from sources (tsx), not built' }
      : serverEntry();
  const child = spawn(process.execPath, ['--import', MEMORY_PRELOAD, ...entry.args], {
    cwd: apiDir,
    env: { ...process.env, ...env },
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  servers.push(child);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const answer = await fetch(`${base}/api/health`).catch(() => undefined);
    if (answer?.ok) return { child, label: entry.label };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${base}/api/health within 60 s`);
}

interface Measure {
  format: Format;
  run: number;
  ok: boolean;
  error?: string;
  /** The rows the export's audit row says it wrote; for the CSV, also its lines less the header. */
  rows: number | null;
  csvRows: number | null;
  bytes: number;
  seconds: number;
  firstByteSeconds: number;
  rssBefore: number;
  heapBefore: number;
  peakRss: number;
  peakHeap: number;
}

/** One export, its answer read as a stream and measured. */
async function exportOnce(
  base: string,
  token: string,
  audit: pg.Client,
  memory: Memory,
  format: Format,
  run: number,
): Promise<Measure> {
  // The memory settles between two exports (the last one's buffers freed, or not: what it is now).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const { rows: last } = await audit.query<{ id: string | null }>('SELECT max(id) AS id FROM audit');
  const measure: Measure = {
    format,
    run,
    ok: false,
    rows: null,
    csvRows: null,
    bytes: 0,
    seconds: 0,
    firstByteSeconds: 0,
    rssBefore: memory.rss,
    heapBefore: memory.heapUsed,
    peakRss: 0,
    peakHeap: 0,
  };
  memory.start();
  const started = performance.now();
  try {
    const answer = await fetch(`${base}/api/versements/export?format=${format}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    measure.firstByteSeconds = (performance.now() - started) / 1000;
    if (!answer.ok || !answer.body) throw new Error(`HTTP ${answer.status} ${(await answer.text()).slice(0, 300)}`);
    let lines = 0;
    let head: Buffer | undefined;
    for await (const chunk of answer.body as AsyncIterable<Uint8Array>) {
      measure.bytes += chunk.byteLength;
      head ??= Buffer.from(chunk.subarray(0, 4));
      if (format === 'csv') for (const byte of chunk) if (byte === 0x0a) lines += 1;
    }
    measure.seconds = (performance.now() - started) / 1000;
    // A CSV starts with its BOM, an XLSX is a zip.
    const magic = format === 'csv' ? 'efbbbf' : '504b0304';
    if (!head?.toString('hex').startsWith(magic)) throw new Error(`not a ${format} file (${head?.toString('hex')})`);
    if (format === 'csv') measure.csvRows = lines - 1;
    const { rows } = await audit.query<{ lignes: string | null }>(
      `SELECT new_values->>'lignes' AS lignes FROM audit
       WHERE id > $1 AND action = 'exported' AND table_name = 'versements' ORDER BY id DESC LIMIT 1`,
      [last[0]?.id ?? 0],
    );
    measure.rows = rows[0]?.lignes == null ? null : Number(rows[0].lignes);
    measure.ok = true;
  } catch (error) {
    measure.seconds = (performance.now() - started) / 1000;
    measure.error =
      error instanceof Error ? `${error.message}${error.cause ? ` (${error.cause})` : ''}` : String(error);
  } finally {
    memory.stop();
    measure.peakRss = memory.peakRss;
    measure.peakHeap = memory.peakHeap;
  }
  return measure;
}

function verdict(m: Measure, expected: number): { met: boolean; why: string[] } {
  const why: string[] = [];
  if (!m.ok) why.push('failed');
  if (m.rows !== expected) why.push(`${m.rows ?? '?'} rows of ${expected}`);
  if (m.csvRows !== null && m.csvRows !== expected) why.push(`${m.csvRows} CSV lines for ${expected} rows`);
  if (!(m.seconds < TARGET.seconds)) why.push(`${m.seconds.toFixed(1)} s ≥ ${TARGET.seconds} s`);
  if (!(m.peakRss - m.rssBefore < TARGET.rssGrowthBytes)) why.push(`RSS +${mb(m.peakRss - m.rssBefore)}`);
  return { met: why.length === 0, why };
}

async function main() {
  const servers: ChildProcess[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-export-'));
  let db: pg.Client | undefined;
  try {
    await ensureBenchDatabase(databaseUrl, database, reseed);
    const benchUrl = benchDatabaseUrl(databaseUrl, database);
    await prepareBenchDatabase(benchUrl, console.log, { versements: true });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { child, label } = await startServer(
      servers,
      {
        DATABASE_URL: benchUrl,
        JWT_SECRET: randomBytes(32).toString('hex'),
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        BACKUPS: '0',
        LOGIN_RATE_LIMIT: '1000',
      },
      base,
    );
    const memory = new Memory(child);
    const token = await signIn(base, benchComptableEmail(1));
    const page = await fetch(`${base}/api/versements?limit=1`, { headers: { authorization: `Bearer ${token}` } });
    if (!page.ok) throw new Error(`GET /api/versements: HTTP ${page.status} ${await page.text()}`);
    const expected = ((await page.json()) as { pagination: { total: number } }).pagination.total;
    db = new pg.Client({ connectionString: benchUrl });
    await db.connect();

    console.log(
      `\n${label}; ${benchComptableEmail(1)} sees ${expected.toLocaleString('en-US')} payments; ` +
        `${runs} run(s) of ${names.join(' and ')}; memory sampled every ${SAMPLE_MS} ms ` +
        `(target: every row in < ${TARGET.seconds} s, highest RSS − RSS before < ${mb(TARGET.rssGrowthBytes)}).\n`,
    );
    console.log(
      [
        'export'.padEnd(10),
        'rows'.padStart(8),
        'bytes'.padStart(12),
        's'.padStart(6),
        '1st byte'.padStart(9),
        'RSS before → peak'.padStart(20),
        'heap before → peak'.padStart(20),
        '  target',
      ].join(' '),
    );
    const measures: Measure[] = [];
    for (let run = 1; run <= runs; run += 1) {
      for (const format of names) {
        const m = await exportOnce(base, token, db, memory, format, run);
        measures.push(m);
        const { met, why } = verdict(m, expected);
        console.log(
          [
            `${format} #${run}`.padEnd(10),
            String(m.rows ?? '—').padStart(8),
            m.bytes.toLocaleString('en-US').padStart(12),
            m.seconds.toFixed(2).padStart(6),
            `${m.firstByteSeconds.toFixed(2)} s`.padStart(9),
            `${mb(m.rssBefore)} → ${mb(m.peakRss)}`.padStart(20),
            `${mb(m.heapBefore)} → ${mb(m.peakHeap)}`.padStart(20),
            `  ${met ? 'met' : `MISSED (${why.join(', ')})`}`,
          ].join(' '),
        );
        if (m.error) console.log(`  ${format} #${run} failed after ${m.seconds.toFixed(1)} s: ${m.error}`);
        if (m.csvRows !== null && m.csvRows !== m.rows) console.log(`  CSV lines less the header: ${m.csvRows}`);
        if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
      }
    }
    console.log('');
    for (const format of names) {
      const mine = measures.filter((m) => m.format === format);
      const missed = mine.filter((m) => !verdict(m, expected).met).length;
      const seconds = mine.filter((m) => m.ok).map((m) => m.seconds.toFixed(1));
      const growth = mine.map((m) => `+${mb(m.peakRss - m.rssBefore)}`);
      console.log(
        `${format}: ${missed === 0 ? 'target met' : `MISSED in ${missed} of ${mine.length} runs`} ` +
          `(${seconds.join(' / ') || '—'} s; RSS ${growth.join(' / ')})`,
      );
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await db?.end().catch(() => undefined);
    await stopServers(servers);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
