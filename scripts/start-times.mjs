// npm run bench:start [-- --runs 3 --port 3390]: how long `npm start` takes, from the build.
// Each run: a first start on an empty data folder (demo data) to a healthy /api/health, SIGTERM to
// exit with idle keep-alive clients connected, a restart on the same folder, SIGTERM again.
// Targets: first start < 15 s, restart < 3 s, SIGTERM to exit < 2 s. Beside each start, the CPU time
// the server used (Linux): on a busy machine the wall time is mostly waiting for a core.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from './build.mjs';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, port: { type: 'string', default: '3390' } },
});
const RUNS = Number(values.runs);
const PORT = Number(values.port);
const ROOT = path.resolve(import.meta.dirname, '..');
const TARGETS = { first: 15_000, restart: 3_000, stop: 2_000 };
const IDLE_CLIENTS = 5;

const built = await build();
console.log(`${built.length ? `built first: ${built.join(', ')}` : 'build up to date'}; ${os.cpus().length} cores`);

const rows = [];
for (let run = 1; run <= RUNS; run++) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'start-times-'));
  try {
    const load = os.loadavg()[0].toFixed(1);
    const first = await start(dataDir);
    const firstStop = await stopWithIdleClients(first.child);
    const again = await start(dataDir);
    const againStop = await stopWithIdleClients(again.child);
    // A source edited meanwhile makes that start rebuild: it then measures the build, and is left out.
    const rebuilt = [...first.rebuilt, ...again.rebuilt];
    rows.push({ first: first.ms, restart: again.ms, stop: Math.max(firstStop, againStop), rebuilt });
    console.log(
      `run ${run} (load ${load}): first start ${first.ms} ms (cpu ${first.cpu} ms), ` +
        `restart ${again.ms} ms (cpu ${again.cpu} ms), SIGTERM to exit ${firstStop} / ${againStop} ms` +
        (rebuilt.length ? `; rebuilt ${rebuilt.join(', ')}, left out` : ''),
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const measured = rows.filter((r) => r.rebuilt.length === 0);
let missed = measured.length === 0;
for (const [key, label] of [
  ['first', 'first start'],
  ['restart', 'restart'],
  ['stop', 'SIGTERM to exit'],
]) {
  if (!measured.length) break;
  const worst = Math.max(...measured.map((r) => r[key]));
  missed ||= worst >= TARGETS[key];
  console.log(`${label}: worst ${worst} ms (target < ${TARGETS[key]} ms) ${worst < TARGETS[key] ? 'ok' : 'MISSED'}`);
}
process.exitCode = missed ? 1 : 0;

/** `npm start` on the folder; resolves when /api/health answers 200. */
async function start(dataDir) {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const rebuilt = [];
  child.stdout.on('data', (chunk) => rebuilt.push(...(String(chunk).match(/(?<=^build )\w+/gm) ?? [])));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped (code ${child.exitCode})`);
    if ((await status('/api/health')) === 200) {
      return { child, ms: Math.round(performance.now() - started), cpu: cpuTime(child.pid), rebuilt };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** User + system CPU time of npm and the server it runs (`exec`: its child), in ms; '?' off Linux. */
function cpuTime(pid) {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
    const ticks = [pid, ...children].reduce((sum, p) => {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      return sum + Number(fields[11]) + Number(fields[12]);
    }, 0);
    return ticks * 10; // USER_HZ: 100 ticks a second
  } catch {
    return '?';
  }
}

/** Leaves a few keep-alive connections idle, sends SIGTERM and times the exit. */
async function stopWithIdleClients(child) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: IDLE_CLIENTS });
  await Promise.all(Array.from({ length: IDLE_CLIENTS }, () => status('/api/health', agent)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const started = performance.now();
  child.kill('SIGTERM');
  await exited;
  agent.destroy();
  return Math.round(performance.now() - started);
}

function status(url, agent) {
  return new Promise((resolve) => {
    http
      .get({ host: '127.0.0.1', port: PORT, path: url, agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      })
      .on('error', () => resolve(0));
  });
}
