/**
 * The payments at scale on PostgreSQL (issue 11, Performance): seeds 200,000 payments with their
 * banks and ledger into the database `bench` beside the one of DATABASE_URL (seed.ts, once; the
 * ledger is checked after the load), then loads, on the product's server signed in as 20 bench
 * comptables and on the bare node:http + pg server (bare-server.ts), one after the other at 20
 * connections (harness.ts):
 * - the validated payments, page 3 (its exact total: the kept counter against a naive count(*));
 * - the payments' figures, /versements/stats (kept counters against a grouped count and sum);
 * - one member's payments, the member with the most (an exact count within one member);
 * - the comptable's dashboard, /dashboard (kept counters and hourly totals against sums over the rows);
 * - the members in arrears, /retards (the kept oldest unpaid due date's index against each member's
 *   instalments summed and compared with his paid total).
 * Prints req/s, p50 and p99 of both, their ratio, and whether the target is met (≥ 1.5 × the bare
 * server, p99 < 100 ms).
 * Run: DATABASE_URL=postgres://… npm run bench:versements [-- --only valides,stats,dashboard,retards --duration 5 --reseed]
 */
import { type BenchLoad, benchArgs, runBench, type Summary } from './harness.ts';
import { BENCH_COMPTABLES, benchComptableEmail, benchMembre, prepareBenchDatabase } from './seed.ts';

/** The figures of /versements/stats, in a fixed order. */
const figures: Summary = (body) => {
  const data = (body as { data: Record<string, number> }).data;
  return Object.keys(data)
    .sort()
    .map((key) => `${key}=${data[key]}`)
    .join(' ');
};

/** What waits for the comptable on his dashboard, and this month's payments. */
const waiting: Summary = (body) => {
  const data = (body as { data: { attente?: { key: string; value: number }[] } }).data;
  return (data.attente ?? []).map((f) => `${f.key}=${f.value}`).join(' ');
};

/** Late members per bucket, and the first one's overdue amount. */
const buckets: Summary = (body) => {
  const { data, totaux } = body as {
    data: { montant_retard: number }[];
    totaux: { tranche: string; membres: number }[];
  };
  return `${totaux.map((t) => `${t.tranche}=${t.membres}`).join(' ')} premier=${data[0]?.montant_retard}`;
};

const LOADS = {
  valides: (): BenchLoad => ({ name: 'versements-valides', path: '/api/versements?statut=valide&page=3&limit=20' }),
  stats: (): BenchLoad => ({ name: 'versements-stats', path: '/api/versements/stats', summary: figures }),
  dashboard: (): BenchLoad => ({ name: 'tableau-de-bord', path: '/api/dashboard', summary: waiting }),
  retards: (): BenchLoad => ({ name: 'retards', path: '/api/retards?limit=25', summary: buckets }),
  membre: (membreId: number): BenchLoad => ({
    name: 'versements-membre',
    path: `/api/versements?membre_id=${membreId}`,
  }),
} as const;
type LoadName = keyof typeof LOADS;

const { names, duration, reseed, database, databaseUrl } = benchArgs(
  'bench:versements',
  Object.keys(LOADS) as LoadName[],
);

await runBench({
  databaseUrl,
  database,
  reseed,
  duration,
  noun: 'load',
  showAnswers: true,
  prepare: async (benchUrl, log) => {
    await prepareBenchDatabase(benchUrl, log, { versements: true });
    const membre = await benchMembre(benchUrl);
    log(`Membre chargé : ${membre.id} (${membre.versements} versements, le plus de versements)`);
    return membre;
  },
  accounts: () => Array.from({ length: BENCH_COMPTABLES }, (_, n) => benchComptableEmail(n + 1)),
  loads: (membre) => names.map((name) => LOADS[name](membre.id)),
});
