/**
 * The lists at scale on PostgreSQL: seeds the database `bench` beside the one of DATABASE_URL
 * (seed.ts, once), starts the product's server and a bare node:http + pg server (bare-server.ts)
 * on it, and loads each list on both, one after the other, with autocannon. Prints req/s, p50 and
 * p99 of both, their ratio, and whether the target is met (≥ 1.5 × the bare server, p99 < 100 ms).
 * Run: DATABASE_URL=postgres://… npm run bench [-- --only demandes,sites --duration 5 --reseed]
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  BENCH_ADMINS,
  BENCH_PASSWORD,
  benchAdminEmail,
  benchDatabaseUrl,
  ensureBenchDatabase,
  prepareBenchDatabase,
} from './seed.ts';

const LISTS = {
  'demandes-en-attente': '/api/demandes?statut=en_attente&page=3&limit=20',
  demandes: '/api/demandes?page=3&limit=20',
  'demandes-search': '/api/demandes?search=Kouassi&page=1&limit=20',
  'membres-nom': '/api/membres?page=3&limit=12&sortBy=nom',
  'membres-actifs': '/api/membres?statut=actif&page=2&limit=12',
  utilisateurs: '/api/utilisateurs?page=3&limit=20',
  produits: '/api/produits?page=3&limit=20',
  personnel: '/api/personnel?page=1&limit=20',
  sites: '/api/sites?page=1&limit=20',
} as const;
type ListName = keyof typeof LISTS;

const TARGET = { ratio: 1.5, p99Ms: 100 };
const CONNECTIONS = 20;
const WARM_UP_SECONDS = 2;

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    duration: { type: 'string', default: '10' },
    reseed: { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const names = (values.only?.split(',') ?? Object.keys(LISTS)) as ListName[];
const unknown = names.filter((name) => !(name in LISTS));
if (!(duration > 0) || unknown.length > 0) {
  console.error(`Usage: npm run bench -- [--only ${Object.keys(LISTS).join(',')}] [--duration seconds] [--reseed]`);
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(
    'npm run bench needs a PostgreSQL server: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench\n' +
      `(it works in its own database "bench" on that server, created if missing; the other databases are not touched)`,
  );
  process.exit(2);
}

const apiDir = path.resolve(import.meta.dirname, '..');
const servers: ChildProcess[] = [];

/** The production build when there is one (brought up to date by its build script), else the sources through tsx. */
function serverEntry(): { args: string[]; label: string } {
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

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts a server process and waits until `ready` answers 200 (or the process dies). */
async function startServer(label: string, args: string[], env: NodeJS.ProcessEnv, ready: string) {
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

async function stopServers() {
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

async function signIn(base: string, email: string): Promise<string> {
  const answer = await fetch(`${base}/api/personnel-auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: email, password: BENCH_PASSWORD }),
  });
  if (!answer.ok) throw new Error(`sign-in of ${email}: HTTP ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

interface Load {
  reqPerSec: number;
  p50: number;
  p99: number;
  failed: number;
}

/** A warm-up, then `duration` seconds at 20 connections; each request carries the next token, if any. */
async function load(url: string, tokens: string[], seconds: number): Promise<Load> {
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

/** Both servers must answer the same page: same total, same number of rows. */
async function samePage(ours: string, bare: string, token: string): Promise<string | null> {
  const get = async (url: string, headers: Record<string, string>) => {
    const answer = await fetch(url, { headers });
    if (!answer.ok) return `HTTP ${answer.status}`;
    const body = (await answer.json()) as { data: unknown[]; pagination: { total: number } };
    return `${body.data.length} rows of ${body.pagination.total}`;
  };
  const [a, b] = await Promise.all([get(ours, { authorization: `Bearer ${token}` }), get(bare, {})]);
  return a === b ? null : `ours ${a}, bare ${b}`;
}

const cell = (value: string | number, width: number) => String(value).padStart(width);
const row = (cells: (string | number)[]) =>
  [String(cells[0]).padEnd(20), ...cells.slice(1).map((c, i) => cell(c, [10, 7, 7, 10, 7, 7, 6, 8][i] ?? 8))].join(' ');

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-data-'));
try {
  await ensureBenchDatabase(databaseUrl, values.reseed);
  const benchUrl = benchDatabaseUrl(databaseUrl);
  await prepareBenchDatabase(benchUrl, console.log);

  const [oursPort, barePort] = [await freePort(), await freePort()];
  const entry = serverEntry();
  const oursBase = `http://127.0.0.1:${oursPort}`;
  const bareBase = `http://127.0.0.1:${barePort}`;
  await Promise.all([
    startServer(
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
        // The load signs in 20 admins at once from one address.
        LOGIN_RATE_LIMIT: '1000',
      },
      `${oursBase}/api/health`,
    ),
    startServer(
      'the bare server',
      ['--import', 'tsx', 'bench/bare-server.ts'],
      { DATABASE_URL: benchUrl, PORT: String(barePort) },
      `${bareBase}/api/sites?limit=1`,
    ),
  ]);
  const tokens: string[] = [];
  for (let n = 1; n <= BENCH_ADMINS; n++) tokens.push(await signIn(oursBase, benchAdminEmail(n)));

  console.log(
    `\n${entry.label}, ${CONNECTIONS} connections, ` +
      `${WARM_UP_SECONDS} s warm-up and ${duration} s per server and list; latencies in ms.\n`,
  );
  console.log(row(['list', 'ours req/s', 'p50', 'p99', 'bare req/s', 'p50', 'p99', 'ratio', 'target']));
  const missed: string[] = [];
  for (const name of names) {
    const mismatch = await samePage(`${oursBase}${LISTS[name]}`, `${bareBase}${LISTS[name]}`, tokens[0] ?? '');
    if (mismatch) console.log(`  ${name}: the servers answer different pages (${mismatch})`);
    const ours = await load(`${oursBase}${LISTS[name]}`, tokens, duration);
    const bare = await load(`${bareBase}${LISTS[name]}`, [], duration);
    const ratio = ours.reqPerSec / bare.reqPerSec;
    const met = ratio >= TARGET.ratio && ours.p99 < TARGET.p99Ms && ours.failed === 0;
    if (!met) missed.push(name);
    console.log(
      row([
        name,
        ours.reqPerSec.toFixed(1),
        ours.p50,
        ours.p99,
        bare.reqPerSec.toFixed(1),
        bare.p50,
        bare.p99,
        ratio.toFixed(2),
        met ? 'met' : 'MISSED',
      ]),
    );
    if (ours.failed + bare.failed > 0)
      console.log(`  ${name}: failed answers: ours ${ours.failed}, bare ${bare.failed}`);
  }
  console.log(
    missed.length === 0
      ? `\nEvery list meets the target (≥ ${TARGET.ratio} × the bare server, p99 < ${TARGET.p99Ms} ms).`
      : `\nMISSED (${missed.length} of ${names.length}): ${missed.join(', ')} ` +
          `(target: ≥ ${TARGET.ratio} × the bare server, p99 < ${TARGET.p99Ms} ms, no failed answer).`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await stopServers();
  await rm(dataDir, { recursive: true, force: true });
}
