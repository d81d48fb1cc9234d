import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../deploy/local.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER = 'apps/api/dist/server.js';
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

/** The built entry run as a service would, under the usual umask 022, on the embedded database. */
function run(entry: string, dataDir: string, port: number, args: string[] = []) {
  const { DATABASE_URL: _, ...env } = process.env;
  const child = spawn('sh', ['-c', `umask 022 && exec node ${entry} "$@"`, 'sh', ...args], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => output };
}

function get(port: number, agent?: http.Agent): Promise<number> {
  return new Promise((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: '/api/health', agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', () => resolve(0));
  });
}

describe('the build', () => {
  it('rebuilds the API only when its sources changed, or when forced', () => {
    const build = (...args: string[]) =>
      spawnSync(process.execPath, ['scripts/build.mjs', 'api', ...args], { cwd: ROOT, encoding: 'utf8' });
    expect(build().status).toBe(0);
    const again = build();
    expect(again.status).toBe(0);
    expect(again.stdout).not.toContain('build api');
    expect(build('--force').stdout).toMatch(/^build api : \d+ ms$/m);
  });
});

describe('the built server', () => {
  it('holds its data folder alone, keeps it to its user, and stops on SIGTERM without waiting for idle clients', {
    timeout: 240_000,
  }, async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', 'api', 'template'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'start-'));
    try {
      const port = await freePort();
      const first = run(SERVER, dataDir, port);
      while ((await get(port)) !== 200) {
        expect(first.child.exitCode, first.output()).toBeNull();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      // A second server, or create-admin, on the same folder: refused, naming the holder.
      const holder = `est déjà utilisé par le processus ${first.child.pid} (node ${SERVER})`;
      const second = run(SERVER, dataDir, await freePort());
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(holder);
      const admin = run('apps/api/dist/create-admin.js', dataDir, port, [
        '--email=admin2@test.example',
        '--password=Admin@2026!',
        '--nom=A',
        '--prenom=B',
      ]);
      expect(await admin.exited).toBe(1);
      expect(admin.output()).toContain(holder);
      expect(await get(port)).toBe(200);

      // Idle keep-alive clients do not hold the exit back: held, the close would wait for them until
      // the forced stop after 15 s, which exits 1.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 5 });
      await Promise.all(Array.from({ length: 5 }, () => get(port, agent)));
      first.child.kill('SIGTERM');
      expect(await first.exited, first.output()).toBe(0);
      agent.destroy();

      expect(existsSync(path.join(dataDir, 'data.lock'))).toBe(false);
      const entries = [dataDir, ...(await readdir(dataDir, { recursive: true })).map((e) => path.join(dataDir, e))];
      expect(entries.length).toBeGreaterThan(100);
      const open: string[] = [];
      for (const entry of entries) if ((await stat(entry)).mode & 0o077) open.push(entry);
      expect(open).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
