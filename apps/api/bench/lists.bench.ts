/**
 * The lists at scale on PostgreSQL: seeds the database `bench` beside the one of DATABASE_URL
 * (seed.ts, once), starts the product's server and a bare node:http + pg server (bare-server.ts)
 * on it, and loads each list on both, one after the other, with autocannon (harness.ts). Prints
 * req/s, p50 and p99 of both, their ratio, and whether the target is met (≥ 1.5 × the bare server,
 * p99 < 100 ms). First, the time of a load of 200,000 demandes (or --load) in one statement through
 * the triggers, and without them (bulk-load.ts).
 * Run: DATABASE_URL=postgres://… npm run bench [-- --only demandes,sites --duration 5 --reseed --load 20000]
 */
import { measureDemandesLoad } from './bulk-load.ts';
import { benchArgs, runBench } from './harness.ts';
import { BENCH_ADMINS, benchAdminEmail, prepareBenchDatabase, SCALE } from './seed.ts';

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

const { names, duration, reseed, database, databaseUrl, options } = benchArgs(
  'bench',
  Object.keys(LISTS) as ListName[],
  {
    load: String(SCALE.demandes),
  },
);
const loadRows = Number(options.load);
if (!(Number.isInteger(loadRows) && loadRows > 0 && loadRows <= SCALE.demandes)) {
  console.error(`--load : un nombre de demandes de 1 à ${SCALE.demandes}`);
  process.exit(2);
}

await runBench({
  databaseUrl,
  database,
  reseed,
  duration,
  noun: 'list',
  prepare: async (benchUrl, log) => {
    await prepareBenchDatabase(benchUrl, log);
    await measureDemandesLoad(benchUrl, loadRows, log);
  },
  accounts: () => Array.from({ length: BENCH_ADMINS }, (_, n) => benchAdminEmail(n + 1)),
  loads: () => names.map((name) => ({ name, path: LISTS[name] })),
});
