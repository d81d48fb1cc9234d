/**
 * Backups at scale on PostgreSQL (issue 24, Performance): the bench database (seed.ts: 200,000
 * demandes, 20,000 members, 200,000 payments) and its payments' scans written as files totalling
 * --media MB (1024 by default) of random bytes. On the product's built server: a list's latency
 * idle, then the same load while an admin's backup is written and verified, with the server's
 * memory sampled; then the backup restored into an empty database by `npm run restore`. Prints the
 * backup's size, its writing, verification and restore times, the list's p50 and p99 idle and
 * during the backup (the bar: p99 under 2 × idle) and the server's highest resident memory under
 * the same load, without and with the backup.
 * Run: DATABASE_URL=postgres://… npm run bench:backup [-- --media 1024 --duration 10]
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../src/db/database.ts';
import {
  answersUnder,
  benchArgs,
  CONNECTIONS,
  freePort,
  load,
  serverEntry,
  signIn,
  startServer,
  stopServers,
} from './harness.ts';
import { BENCH_ADMINS, benchAdminEmail, benchDatabaseUrl, ensureBenchDatabase, prepareBenchDatabase } from './seed.ts';

const LIST = '/api/versements?page=3&limit=20';
const { duration, reseed, database, databaseUrl, options } = benchArgs('bench:backup', ['backup'], { media: '1024' });
const mediaBytes = Number(options.media) * 1024 * 1024;

const ms = (value: number) => `${(value / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
/** The server's resident memory; 0 once it is gone. */
function rss(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Writes every scan the bench's payments name, `bytes` in all, of random (incompressible) bytes. */
async function writeScans(benchUrl: string, mediaRoot: string): Promise<number> {
  const { db, close } = await openDatabase({ databaseUrl: benchUrl });
  try {
    const { rows } = await sql<{
      path: string;
    }>`SELECT scan_path AS path FROM versements WHERE scan_path IS NOT NULL`.execute(db);
    const size = Math.max(1, Math.floor(mediaBytes / rows.length));
    const block = randomBytes(size);
    for (const [i, { path: relative }] of rows.entries()) {
      const file = path.join(mediaRoot, relative);
      if (i === 0 || path.dirname(file) !== path.dirname(path.join(mediaRoot, rows[i - 1]?.path ?? ''))) {
        await mkdir(path.dirname(file), { recursive: true });
      }
      // Each file differs from the others (its first bytes), none compresses.
      block.writeUInt32BE(i, 0);
      await writeFile(file, block);
    }
    return rows.length;
  } finally {
    await close();
  }
}

/** The 99th (or `q`th) percentile of `values`, nearest rank. */
function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * The list under one uninterrupted load until `done` resolves, every answer's time kept: the
 * p50 and p99 of all of them, and the worst p99 of any WINDOW_S seconds (a spell the mean hides).
 */
async function loadUntil(url: string, tokens: string[], done: Promise<unknown>) {
  const { result, answers } = await answersUnder(url, tokens, { until: done });
  // The answers' times (a request that got none is among the failures below).
  const times = answers.filter((answer) => answer.ok);
  const windows = new Map<number, number[]>();
  for (const { at, ms } of times) {
    const key = Math.floor(at / (WINDOW_S * 1000));
    windows.set(key, [...(windows.get(key) ?? []), ms]);
  }
  const all = times.map((t) => t.ms);
  return {
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    worstWindowP99: Math.max(...[...windows.values()].map((w) => percentile(w, 99))),
    answers: all.length,
    failed: result.non2xx + result.errors,
    /** The p99 of the answers from `from` to `to` (epoch ms). */
    p99Between: (from: number, to: number) =>
      percentile(
        times.filter((t) => t.at >= from && t.at < to).map((t) => t.ms),
        99,
      ),
  };
}
const WINDOW_S = 5;

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-backup-'));
  const servers: Parameters<typeof stopServers>[0] = [];
  const restoreDb = `${database}_restauration`;
  let sampler: NodeJS.Timeout | undefined;
  try {
    await ensureBenchDatabase(databaseUrl, database, reseed);
    const benchUrl = benchDatabaseUrl(databaseUrl, database);
    await prepareBenchDatabase(benchUrl, console.log, { versements: true });
    const scans = await writeScans(benchUrl, path.join(dataDir, 'media'));
    console.log(`${scans} scans écrits, ${mb(mediaBytes)} en tout`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const jwtSecret = randomBytes(32).toString('hex');
    const entry = serverEntry();
    await startServer(
      servers,
      'the server',
      entry.args,
      {
        DATABASE_URL: benchUrl,
        JWT_SECRET: jwtSecret,
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        BACKUPS: '0',
        LOGIN_RATE_LIMIT: '1000',
      },
      `${base}/api/health`,
    );
    const pid = servers[0]?.pid as number;
    // One admin follows the backup; the others carry the load (the API limit is per account).
    const token = await signIn(base, benchAdminEmail(1));
    const tokens: string[] = [];
    for (let n = 2; n <= BENCH_ADMINS; n += 1) tokens.push(await signIn(base, benchAdminEmail(n)));

    // Memory is sampled the same way under the same load, without then with the backup.
    let memoryPeak = rss(pid);
    sampler = setInterval(() => {
      memoryPeak = Math.max(memoryPeak, rss(pid));
    }, 250);
    await load(`${base}${LIST}`, tokens, 1);
    const idle = await loadUntil(
      `${base}${LIST}`,
      tokens,
      new Promise((resolve) => setTimeout(resolve, duration * 1000)),
    );
    const memoryIdle = memoryPeak;

    const started = Date.now();
    const answer = await fetch(`${base}/api/sauvegardes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    if (answer.status !== 202) throw new Error(`POST /api/sauvegardes: HTTP ${answer.status} ${await answer.text()}`);
    const { id } = ((await answer.json()) as { data: { id: number } }).data;
    let writtenAt = 0;
    interface Row {
      statut: string;
      etape: string | null;
      taille: number | null;
      motif: string | null;
      fichier: string | null;
    }
    const ended = (async () => {
      for (;;) {
        const reply = await fetch(`${base}/api/sauvegardes/${id}`, { headers: { authorization: `Bearer ${token}` } });
        if (!reply.ok) throw new Error(`GET /api/sauvegardes/${id}: HTTP ${reply.status} ${await reply.text()}`);
        const row = ((await reply.json()) as { data: Row }).data;
        if (row.etape === 'verification' && !writtenAt) writtenAt = Date.now();
        if (row.statut !== 'en_cours') return row;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    const during = await loadUntil(
      `${base}${LIST}`,
      tokens,
      ended.catch(() => undefined),
    );
    const backup = await ended;
    const total = Date.now() - started;
    clearInterval(sampler);
    if (backup.statut !== 'verifiee') throw new Error(`la sauvegarde a échoué : ${backup.motif}`);

    // The restore, by the command, into an empty database of its own.
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(restoreDb)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(restoreDb)}`);
    await admin.end();
    const restoreDir = path.join(dataDir, 'restauration');
    const restoreStarted = Date.now();
    const restore = spawnSync(
      process.execPath,
      [
        path.resolve(import.meta.dirname, '../dist/restore.js'),
        path.join(dataDir, 'backups', backup.fichier as string),
      ],
      {
        env: {
          ...process.env,
          DATABASE_URL: benchDatabaseUrl(databaseUrl, restoreDb),
          DATA_DIR: restoreDir,
          JWT_SECRET: jwtSecret,
        },
        encoding: 'utf8',
      },
    );
    const restoreMs = Date.now() - restoreStarted;
    if (restore.status !== 0) throw new Error(`la restauration a échoué :\n${restore.stdout}${restore.stderr}`);

    console.log(`\n${entry.label}; ${scans} scans (${mb(mediaBytes)}), 200 000 versements, 20 000 membres.`);
    console.log(
      `Sauvegarde : ${mb(backup.taille ?? 0)}, écrite en ${ms(writtenAt - started)}, vérifiée en ${ms(total - (writtenAt - started))} (${ms(total)} en tout)`,
    );
    console.log(`Restauration (npm run restore, base vide) : ${ms(restoreMs)}`);
    console.log(
      `${LIST}, ${CONNECTIONS} connexions, toutes les réponses : au repos p50 ${idle.p50} ms, p99 ${idle.p99} ms (${idle.answers}) ; pendant la sauvegarde p50 ${during.p50} ms, p99 ${during.p99} ms (${during.answers}, ${during.failed} échecs) : p99 × ${(during.p99 / idle.p99).toFixed(2)} (barre : < 2)`,
    );
    console.log(
      `Par étape : p99 ${during.p99Between(started, writtenAt)} ms pendant l’écriture, ${during.p99Between(writtenAt, started + total)} ms pendant la vérification`,
    );
    console.log(
      `Pire fenêtre de ${WINDOW_S} s : p99 ${idle.worstWindowP99} ms au repos, ${during.worstWindowP99} ms pendant la sauvegarde (× ${(during.worstWindowP99 / idle.worstWindowP99).toFixed(2)})`,
    );
    console.log(
      `Mémoire du serveur au plus haut, sous la même charge : ${mb(memoryIdle)} sans sauvegarde, ${mb(memoryPeak)} pendant la sauvegarde`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    clearInterval(sampler);
    await stopServers(servers);
    await rm(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(restoreDb)} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
