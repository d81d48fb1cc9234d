/**
 * Benchmark of the hot paths on an embedded database in memory with the demo data: sign-in
 * (dominated by scrypt), an authenticated call (token + session check) and the people and
 * demandes lists (filter, search, sort and page in SQL).
 * Run: npm run bench:quick [-- --requests 400 --concurrency 8]
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateToLatest, openDatabase } from '../src/db/database.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed/demo.ts';
import { fileStoreFor } from '../src/media/file-store.ts';
import { MediaStore } from '../src/media/media-store.ts';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '400' }, concurrency: { type: 'string', default: '8' } },
});
const requests = Number(values.requests);
const concurrency = Number(values.concurrency);

async function measure(label: string, count: number, run: () => Promise<Response>) {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const t = performance.now();
        const response = await run();
        if (!response.ok) throw new Error(`${label}: HTTP ${response.status}`);
        await response.arrayBuffer();
        durations.push(performance.now() - t);
      }
    }),
  );
  const total = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  const pct = (p: number) =>
    durations[Math.min(durations.length - 1, Math.floor((p / 100) * durations.length))]?.toFixed(1);
  console.log(
    `${label.padEnd(28)} ${count} req  ${(count / total).toFixed(0)} req/s  p50 ${pct(50)} ms  p95 ${pct(95)} ms  p99 ${pct(99)} ms`,
  );
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') }),
  logLevel: 'silent',
  loginRateLimit: 1_000_000,
};
const database = await openDatabase({});
await migrateToLatest(database.db);
await seedDemo(database.db, new MediaStore(fileStoreFor(config), config.jwtSecret));
const app = await buildApp({ config, db: database.db, logger: false });
await app.settings.update({ ip: null, userAgent: 'bench' }, { system: { apiRateLimit: 10_000 } });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const login = () =>
  fetch(`${base}/api/personnel-auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'admin@demo.test', password: DEMO_PASSWORD }),
  });
const { data } = (await (await login()).json()) as { data: { token: string } };

await measure('POST /personnel-auth/login', Math.min(requests, 100), login);
await measure('GET /personnel-auth/profile', requests, () =>
  fetch(`${base}/api/personnel-auth/profile`, { headers: { authorization: `Bearer ${data.token}` } }),
);
const get = (url: string) => () => fetch(`${base}/api${url}`, { headers: { authorization: `Bearer ${data.token}` } });
await measure('GET /membres (search, sort)', requests, get('/membres?search=ko&sortBy=nom&limit=12'));
await measure('GET /demandes (status)', requests, get('/demandes?statut=en_attente&limit=20'));
await measure('GET /utilisateurs (search)', requests, get('/utilisateurs?search=a&limit=20'));
await measure('GET /health', requests, () => fetch(`${base}/api/health`));

await app.close();
await database.close();
