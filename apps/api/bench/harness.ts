/**
 * What the benchmarks at scale share (lists.bench.ts, versements.bench.ts): the bench database
 * prepared, the product's server and the bare node:http + pg server (bare-server.ts) started on it,
 * accounts signed in, each load run on both servers with autocannon, one row printed per load
 * (req/s, p50 and p99 of both, their ratio, the target) and the verdict.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort } from '../../../deploy/local.ts';
import { BENCH_DATABASE, BENCH_PASSWORD, benchDatabaseUrl, ensureBenchDatabase } from './seed.ts';

export { freePort };

/**
 * A bench's command line: `[--only a,b] [--duration seconds] [--reseed] [--database name]`, the
 * bench's own `options` (name → default value), and DATABASE_URL; prints the usage and exits 2 on
 * anything else.
 */
export function benchArgs<K extends string, O extends string = never>(
  script: string,
  choices: readonly K[],
  options = {} as Record<O, string>,
) {
  const own = Object.fromEntries(
    Object.entries<string>(options).map(([name, value]) => [name, { type: 'string' as const, default: value }]),
  );
  const usage = () => {
    const extra = Object.keys(options).map((name) => ` [--${name} …]`);
    console.error(
      `Usage: npm run ${script} -- [--only ${choices.join(',')}] [--duration seconds] [--reseed] [--database name]${extra.join('')}`,
    );
    process.exit(2);
  };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        only: { type: 'string' },
        duration: { type: 'string', default: '10' },
        reseed: { type: 'boolean', default: false },
        database: { type: 'string', default: BENCH_DATABASE },
        ...own,
      },
    }));
  } catch {
    return usage();
  }
  const duration = Number(values.duration);
  const names = ((values.only as string | undefined)?.split(',') ?? choices) as K[];
  if (!(duration > 0) || names.some((name) => !choices.includes(name))) return usage();
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error(
      `npm run ${script} needs a PostgreSQL server: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run ${script}\n` +
        `(it works in its own database "${BENCH_DATABASE}" on that server, or --database, created if missing; the other databases are not touched)`,
    );
    process.exit(2);
  }
  return {
    names,
    duration,
    reseed: values.reseed === true,
    database: values.database as string,
    databaseUrl,
    options: values as Record<O, string>,
  };
}

export const TARGET = { ratio: 1.5, p99Ms: 100 };
export const CONNECTIONS = 20;
export const WARM_UP_SECONDS = 2;

const apiDir = path.resolve(import.meta.dirname, '..');

/** The production build when there is one (brought up to date by its build script), else the sources through tsx. */
export function serverEntry(): { args: string[]; label: string } {
  const buildScript = path.resolve(apiDir, '../../scripts/build.mjs');
  if (existsSync(buildScript)) {
    const { status } = spawnSync(process.execPath, [buildScript, 'api'], { stdio: 'inherit' });
    if (status !== 0) throw new Error('the build of the API failed');
  }
  const built = path.join(apiDir, 'dist/server.js');
  return existsSync(built)
    ? { args: [built], label: 'Built server (dist/server.js)' }
    : { args: ['--import', 'tsx', 'src/server.ts'], label: 'Server from sources (tsx)' };
}

/** Starts a server process and waits until `ready` answers 200 (or the process dies). */
export async function startServer(
  servers: ChildProcess[],
  label: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: string,
) {
  const child = spawn(process.execPath, args, { cwd: apiDir, env: { ...process.env, ...env }, stdio: 'inherit' });
  servers.push(child);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${label} exited with code ${child.exitCode}`);
    const answer = await fetch(ready).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${label} did not answer ${ready} within 60 s`);
}

export async function stopServers(servers: ChildProcess[]) {
  await Promise.all(
    servers.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}

export async function signIn(base: string, email: string): Promise<string> {
  const answer = await fetch(`${base}/api/personnel-auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: email, password: BENCH_PASSWORD }),
  });
  if (!answer.ok) throw new Error(`sign-in of ${email}: HTTP ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

export interface Load {
  reqPerSec: number;
  p50: number;
  p99: number;
  failed: number;
}

/** A warm-up, then `seconds` at 20 connections; each request carries the next token, if any. */
export async function load(url: string, tokens: string[], seconds: number): Promise<Load> {
  let next = 0;
  const run = (time: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration: time,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            const token = tokens[next++ % tokens.length];
            return token ? { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } } : request;
          },
        },
      ],
    });
  await run(WARM_UP_SECONDS);
  const result = await run(seconds);
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Timeouts are among the errors.
    failed: result.non2xx + result.errors,
  };
}

/** One answer under a timed load: when it came, how long it took, whether it was a 2xx (an error is not). */
export interface Answer {
  at: number;
  ms: number;
  ok: boolean;
}

/**
 * `url` at CONNECTIONS connections, each request carrying the next token, every answer kept; for
 * `seconds`, or until `until` resolves.
 */
export async function answersUnder(
  url: string,
  tokens: string[],
  { seconds = 24 * 3600, until }: { seconds?: number; until?: Promise<unknown> },
): Promise<{ result: autocannon.Result; answers: Answer[] }> {
  let next = 0;
  const answers: Answer[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` },
            }),
          },
        ],
      },
      (error, outcome) => (error ? reject(error) : resolve(outcome)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      answers.push({ at: Date.now(), ms, ok: status >= 200 && status < 300 });
    });
    instance.on('reqError', () => answers.push({ at: Date.now(), ms: 0, ok: false }));
    void until?.finally(() => instance.stop());
  });
  return { result, answers };
}

/** What an answer is compared on: a list's number of rows and total, by default. */
export type Summary = (body: unknown) => string;

export const pageSummary: Summary = (body) => {
  const page = body as { data: unknown[]; pagination: { total: number } };
  return `${page.data.length} rows of ${page.pagination.total}`;
};

/** Both servers must give the same answer (by `summary`); null when they do, else what differs. */
async function sameAnswer(
  ours: string,
  bare: string,
  token: string,
  summary: Summary,
): Promise<{ mismatch: string | null; answer: string }> {
  const get = async (url: string, headers: Record<string, string>) => {
    const answer = await fetch(url, { headers });
    if (!answer.ok) return `HTTP ${answer.status}`;
    return summary(await answer.json());
  };
  const [a, b] = await Promise.all([get(ours, { authorization: `Bearer ${token}` }), get(bare, {})]);
  return { mismatch: a === b ? null : `ours ${a}, bare ${b}`, answer: a };
}

const cell = (value: string | number, width: number) => String(value).padStart(width);
const row = (cells: (string | number)[]) =>
  [String(cells[0]).padEnd(20), ...cells.slice(1).map((c, i) => cell(c, [10, 7, 7, 10, 7, 7, 6, 8][i] ?? 8))].join(' ');

/** One load: the same request to the product's server (signed in) and to the bare one. */
export interface BenchLoad {
  name: string;
  /** Path and query, the same on both servers unless `barePath` says otherwise. */
  path: string;
  barePath?: string;
  /** What both answers must agree on (a list's rows and total by default). */
  summary?: Summary;
}

export interface BenchRun<C> {
  databaseUrl: string;
  /** The bench's own database on the server of databaseUrl. */
  database: string;
  reseed: boolean;
  /** Seconds of load per server and load, after the warm-up. */
  duration: number;
  /** What a row of the table is called ('list', 'load'). */
  noun: string;
  /** Migrates and seeds the bench database as needed; what it returns is given to `accounts` and `loads`. */
  prepare: (benchUrl: string, log: (line: string) => void) => Promise<C>;
  /** The staff accounts signed in on the product's server, whose tokens the load takes in turn. */
  accounts: (context: C) => string[];
  loads: (context: C) => BenchLoad[];
  /** Prints each load's checked answer under its row (the page's rows and exact total). */
  showAnswers?: boolean;
}

/**
 * Prepares the bench database, starts both servers on it, signs the accounts in and loads each
 * request on our server then on the bare one; prints one row per load and the verdict. Sets the
 * exit code to 1 on an error (not on a missed target: it measures).
 */
export async function runBench<C>(run: BenchRun<C>): Promise<void> {
  const servers: ChildProcess[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-data-'));
  try {
    await ensureBenchDatabase(run.databaseUrl, run.database, run.reseed);
    const benchUrl = benchDatabaseUrl(run.databaseUrl, run.database);
    const context = await run.prepare(benchUrl, console.log);

    const [oursPort, barePort] = [await freePort(), await freePort()];
    const entry = serverEntry();
    const oursBase = `http://127.0.0.1:${oursPort}`;
    const bareBase = `http://127.0.0.1:${barePort}`;
    await Promise.all([
      startServer(
        servers,
        'the server',
        entry.args,
        {
          DATABASE_URL: benchUrl,
          JWT_SECRET: randomBytes(32).toString('hex'),
          SEED_DEMO: '0',
          LOG_LEVEL: 'warn',
          HOST: '127.0.0.1',
          PORT: String(oursPort),
          DATA_DIR: dataDir,
          // The load signs in 20 accounts at once from one address.
          LOGIN_RATE_LIMIT: '1000',
        },
        `${oursBase}/api/health`,
      ),
      startServer(
        servers,
        'the bare server',
        ['--import', 'tsx', 'bench/bare-server.ts'],
        { DATABASE_URL: benchUrl, PORT: String(barePort) },
        `${bareBase}/api/sites?limit=1`,
      ),
    ]);
    const tokens: string[] = [];
    for (const email of run.accounts(context)) tokens.push(await signIn(oursBase, email));

    console.log(
      `\n${entry.label}, ${CONNECTIONS} connections, ` +
        `${WARM_UP_SECONDS} s warm-up and ${run.duration} s per server and ${run.noun}; latencies in ms.\n`,
    );
    console.log(row([run.noun, 'ours req/s', 'p50', 'p99', 'bare req/s', 'p50', 'p99', 'ratio', 'target']));
    const loads = run.loads(context);
    const missed: string[] = [];
    for (const { name, path: ours, barePath: bare = ours, summary = pageSummary } of loads) {
      const checked = await sameAnswer(`${oursBase}${ours}`, `${bareBase}${bare}`, tokens[0] ?? '', summary);
      if (checked.mismatch) console.log(`  ${name}: the servers answer different pages (${checked.mismatch})`);
      const oursLoad = await load(`${oursBase}${ours}`, tokens, run.duration);
      const bareLoad = await load(`${bareBase}${bare}`, [], run.duration);
      const ratio = oursLoad.reqPerSec / bareLoad.reqPerSec;
      const met = ratio >= TARGET.ratio && oursLoad.p99 < TARGET.p99Ms && oursLoad.failed === 0;
      if (!met) missed.push(name);
      console.log(
        row([
          name,
          oursLoad.reqPerSec.toFixed(1),
          oursLoad.p50,
          oursLoad.p99,
          bareLoad.reqPerSec.toFixed(1),
          bareLoad.p50,
          bareLoad.p99,
          ratio.toFixed(2),
          met ? 'met' : 'MISSED',
        ]),
      );
      if (run.showAnswers && !checked.mismatch) console.log(`  ${ours}: ${checked.answer}`);
      if (oursLoad.failed + bareLoad.failed > 0)
        console.log(`  ${name}: failed answers: ours ${oursLoad.failed}, bare ${bareLoad.failed}`);
    }
    console.log(
      missed.length === 0
        ? `\nEvery ${run.noun} meets the target (≥ ${TARGET.ratio} × the bare server, p99 < ${TARGET.p99Ms} ms).`
        : `\nMISSED (${missed.length} of ${loads.length}): ${missed.join(', ')} ` +
            `(target: ≥ ${TARGET.ratio} × the bare server, p99 < ${TARGET.p99Ms} ms, no failed answer).`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await stopServers(servers);
    await rm(dataDir, { recursive: true, force: true });
  }
}
