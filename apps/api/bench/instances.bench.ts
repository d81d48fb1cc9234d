/**
 * Several instances (issue 25, Performance): the payments list at 200,000 payments (seed.ts' bench
 * database) through nginx, in front of one built instance and then of two (deploy/local.ts: the
 * topology's own Redis and s3rver), req/s and p99 side by side, PostgreSQL's ten connections
 * shared out between the instances (DATABASE_POOL_MAX 10, then 5 each); then, under the same load, a kill -9
 * of one of the two, and the time until the survivor answers all the traffic (the last failed
 * answer after the kill), with the p99 of the seconds that follow.
 * Run: DATABASE_URL=postgres://… npm run bench:instances [-- --duration 10]
 */
import { demarrerTopologie, type Topologie } from '../../../deploy/local.ts';
import { answersUnder, benchArgs, CONNECTIONS, type Load, load, signIn } from './harness.ts';
import { BENCH_ADMINS, benchAdminEmail, benchDatabaseUrl, ensureBenchDatabase, prepareBenchDatabase } from './seed.ts';

const LIST = '/api/versements?page=3&limit=20';
const { duration, reseed, database, databaseUrl } = benchArgs('bench:instances', ['instances']);

const WARM_UP_S = 5;
const ENV = { SEED_DEMO: '0', BACKUPS: '0', REMINDERS: '0', LOGIN_RATE_LIMIT: '1000' };
/** PostgreSQL's connections, shared out between the instances (DATABASE_POOL_MAX each). */
const CONNECTIONS_TO_POSTGRES = 10;

/** The bench's admins signed in through the proxy: the API limit is per account. */
async function tokensOf(topologie: Topologie): Promise<string[]> {
  const tokens: string[] = [];
  for (let n = 1; n <= BENCH_ADMINS; n += 1) tokens.push(await signIn(topologie.url, benchAdminEmail(n)));
  return tokens;
}

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

async function main() {
  await ensureBenchDatabase(databaseUrl, database, reseed);
  const benchUrl = benchDatabaseUrl(databaseUrl, database);
  await prepareBenchDatabase(benchUrl, console.log, { versements: true });

  const results: Record<number, Load> = {};
  for (const instances of [1, 2]) {
    const env = { ...ENV, DATABASE_POOL_MAX: String(CONNECTIONS_TO_POSTGRES / instances) };
    const topologie = await demarrerTopologie({ databaseUrl: benchUrl, instances, env });
    try {
      const tokens = await tokensOf(topologie);
      // Each instance's code and prepared reads warmed up before the measure.
      await load(`${topologie.url}${LIST}`, tokens, WARM_UP_S);
      results[instances] = await load(`${topologie.url}${LIST}`, tokens, duration);
      console.log(row(`${instances} instance${instances > 1 ? 's' : ''} via nginx`, results[instances]));
      if (instances === 2) {
        const kill = await loadThroughKill(topologie, tokens, duration + 5, 3);
        const failures = kill.failedAfterKill
          ? `${kill.failedAfterKill} réponse(s) en échec, la dernière ${kill.takeoverMs} ms après`
          : 'aucune réponse en échec (nginx repasse à la survivante ce que la morte ne prend plus)';
        console.log(
          `kill -9 d’une instance sous charge : ${failures} ; p99 des 5 s suivantes ${kill.p99FirstSeconds.toFixed(0)} ms ` +
            `(la plus lente ${kill.maxFirstSeconds.toFixed(0)} ms) ; ensuite la survivante seule ${kill.survivorReqPerSec.toFixed(0)} req/s`,
        );
      }
    } finally {
      await topologie.arreter();
    }
  }
  const one = results[1] as Load;
  const two = results[2] as Load;
  console.log(
    `2 instances / 1 : débit × ${(two.reqPerSec / one.reqPerSec).toFixed(2)}, p99 × ${(two.p99 / Math.max(1, one.p99)).toFixed(2)} (${LIST}, ${CONNECTIONS} connexions, ${duration} s)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
