/**
 * Several instances (issue 25, Performance): the payments list at 200,000 payments (seed.ts' bench
 * database) through nginx, in front of one built instance and of two (deploy/local.ts: the
 * topology's own Redis and s3rver), req/s and p99 side by side, PostgreSQL's ten connections
 * shared out between the instances (DATABASE_POOL_MAX 10, then 5 each). The two are measured in
 * turns, in alternate order (1 2, 2 1, 1 2…), and compared on their medians: on this shared machine
 * one pair of measures varies more than what it compares, and the first measured gained from
 * coming after a cold start less. Then, under the same load, a kill -9 of one of two, and the time
 * until the survivor answers all the traffic (the last failed answer after the kill), with the p99
 * of the seconds that follow.
 * Run: DATABASE_URL=postgres://… npm run bench:instances [-- --duration 10 --rounds 3]
 */
import { demarrerTopologie, type Topologie } from '../../../deploy/local.ts';
import { answersUnder, benchArgs, CONNECTIONS, type Load, load, signIn } from './harness.ts';
import { BENCH_ADMINS, benchAdminEmail, benchDatabaseUrl, ensureBenchDatabase, prepareBenchDatabase } from './seed.ts';

const LIST = '/api/versements?page=3&limit=20';
const { duration, reseed, database, databaseUrl, options } = benchArgs('bench:instances', ['instances'], {
  rounds: '3',
});
const ROUNDS = Math.max(1, Number(options.rounds) || 3);

const WARM_UP_S = 5;
const ENV = {
  SEED_DEMO: '0',
  BACKUPS: '0',
  REMINDERS: '0',
  CLEANUP: '0',
  NOTIFICATION_EMAILS: '0',
  INTEGRITY_CHECK: '0',
  LOGIN_RATE_LIMIT: '1000',
};
/** PostgreSQL's connections, shared out between the instances (DATABASE_POOL_MAX each). */
const CONNECTIONS_TO_POSTGRES = 10;

/** The bench's admins signed in through the proxy: the API limit is per account. */
async function tokensOf(topologie: Topologie): Promise<string[]> {
  const tokens: string[] = [];
  for (let n = 1; n <= BENCH_ADMINS; n += 1) tokens.push(await signIn(topologie.url, benchAdminEmail(n)));
  return tokens;
}

/** The middle value (the lower of the two middle ones). */
const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor((values.length - 1) / 2)] ?? 0;

/** The 99th (or `q`th) percentile of `values`, nearest rank. */
function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * The list under load for `seconds`, an instance killed (SIGKILL) at `killAfter` seconds: every
 * answer's time and status kept, and what followed the kill.
 */
async function loadThroughKill(topologie: Topologie, tokens: string[], seconds: number, killAfter: number) {
  let killedAt = 0;
  const timer = setTimeout(() => {
    killedAt = Date.now();
    topologie.instances[0]?.child.kill('SIGKILL');
  }, killAfter * 1000);
  const { answers } = await answersUnder(`${topologie.url}${LIST}`, tokens, { seconds });
  clearTimeout(timer);
  const after = answers.filter((a) => a.at >= killedAt);
  const failed = after.filter((a) => !a.ok);
  const lastFailure = failed.at(-1)?.at;
  const firstSeconds = after.filter((a) => a.at < killedAt + 5_000).map((a) => a.ms);
  const lastSecond = Math.max(...answers.map((a) => a.at));
  return {
    failedAfterKill: failed.length,
    /** From the kill to the last failed answer: after it, the survivor answered everything. */
    takeoverMs: lastFailure ? lastFailure - killedAt : 0,
    p99FirstSeconds: percentile(firstSeconds, 99),
    maxFirstSeconds: Math.max(0, ...firstSeconds),
    survivorReqPerSec:
      after.filter((a) => a.at >= killedAt + 5_000).length / Math.max(1, (lastSecond - killedAt - 5_000) / 1000),
  };
}

const row = (label: string, result: Load) =>
  `${label.padEnd(24)} ${result.reqPerSec.toFixed(0).padStart(7)} req/s   p50 ${String(result.p50).padStart(4)} ms   p99 ${String(result.p99).padStart(4)} ms   échecs ${result.failed}`;

/** A topology of `instances` on the bench database, PostgreSQL's connections shared out. */
const topologieOf = (benchUrl: string, instances: number) =>
  demarrerTopologie({
    databaseUrl: benchUrl,
    instances,
    env: { ...ENV, DATABASE_POOL_MAX: String(CONNECTIONS_TO_POSTGRES / instances) },
  });

/** The list measured through one topology of `instances`, after its warm-up. */
async function measure(benchUrl: string, instances: number): Promise<Load> {
  const topologie = await topologieOf(benchUrl, instances);
  try {
    const tokens = await tokensOf(topologie);
    // Each instance's code and prepared reads warmed up before the measure.
    await load(`${topologie.url}${LIST}`, tokens, WARM_UP_S);
    return await load(`${topologie.url}${LIST}`, tokens, duration);
  } finally {
    await topologie.arreter();
  }
}

async function main() {
  await ensureBenchDatabase(databaseUrl, database, reseed);
  const benchUrl = benchDatabaseUrl(databaseUrl, database);
  await prepareBenchDatabase(benchUrl, console.log, { versements: true });

  const results: Record<1 | 2, Load[]> = { 1: [], 2: [] };
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const instances of round % 2 === 1 ? ([1, 2] as const) : ([2, 1] as const)) {
      const result = await measure(benchUrl, instances);
      results[instances].push(result);
      console.log(row(`tour ${round}, ${instances} instance${instances > 1 ? 's' : ''}`, result));
    }
  }

  const topologie = await topologieOf(benchUrl, 2);
  try {
    const tokens = await tokensOf(topologie);
    await load(`${topologie.url}${LIST}`, tokens, WARM_UP_S);
    const kill = await loadThroughKill(topologie, tokens, duration + 5, 3);
    const failures = kill.failedAfterKill
      ? `${kill.failedAfterKill} réponse(s) en échec, la dernière ${kill.takeoverMs} ms après`
      : 'aucune réponse en échec (nginx repasse à la survivante ce que la morte ne prend plus)';
    console.log(
      `kill -9 d’une instance sous charge : ${failures} ; p99 des 5 s suivantes ${kill.p99FirstSeconds.toFixed(0)} ms ` +
        `(la plus lente ${kill.maxFirstSeconds.toFixed(0)} ms) ; ensuite la survivante seule ${kill.survivorReqPerSec.toFixed(0)} req/s`,
    );
  } finally {
    await topologie.arreter();
  }

  const [one, two] = ([1, 2] as const).map((n) => ({
    reqPerSec: median(results[n].map((r) => r.reqPerSec)),
    p99: median(results[n].map((r) => r.p99)),
  })) as [{ reqPerSec: number; p99: number }, { reqPerSec: number; p99: number }];
  console.log(
    `médianes sur ${ROUNDS} tours : 1 instance ${one.reqPerSec.toFixed(0)} req/s, p99 ${one.p99} ms ; 2 instances ${two.reqPerSec.toFixed(0)} req/s, p99 ${two.p99} ms`,
  );
  console.log(
    `2 instances / 1 : débit × ${(two.reqPerSec / one.reqPerSec).toFixed(2)}, p99 × ${(two.p99 / Math.max(1, one.p99)).toFixed(2)} (${LIST}, ${CONNECTIONS} connexions, ${duration} s par mesure)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
