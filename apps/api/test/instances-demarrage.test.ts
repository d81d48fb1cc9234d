import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../deploy/local.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { emptyDatabase } from './helpers.ts';

/**
 * Three instances started together on one empty PostgreSQL database (issue 25): the migrations
 * run once (Kysely's lock), the demo data is written once (the seed's lock), all three serve.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

describe.runIf(process.env.DATABASE_URL)('instances started together', () => {
  it('migrate and seed an empty database once, and all serve', { timeout: 240_000 }, async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', 'api', 'template'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    const database = await emptyDatabase();
    const dirs: string[] = [];
    try {
      const secret = randomBytes(32).toString('hex');
      const instances = await Promise.all(
        [1, 2, 3].map(async () => {
          const port = await freePort();
          const dataDir = await mkdtemp(path.join(os.tmpdir(), 'instance-'));
          dirs.push(dataDir);
          const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
            cwd: ROOT,
            env: {
              ...process.env,
              DATABASE_URL: database.url,
              JWT_SECRET: secret,
              SEED_DEMO: '1',
              DATA_DIR: dataDir,
              PORT: String(port),
              HOST: '127.0.0.1',
              LOG_LEVEL: 'info',
              REMINDERS: '0',
              BACKUPS: '0',
              CLEANUP: '0',
              NOTIFICATION_EMAILS: '0',
              INTEGRITY_CHECK: '0',
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          children.push(child);
          let output = '';
          child.stdout?.on('data', (chunk) => (output += chunk));
          child.stderr?.on('data', (chunk) => (output += chunk));
          return { child, port, output: () => output };
        }),
      );
      for (const instance of instances) {
        for (;;) {
          expect(instance.child.exitCode, instance.output()).toBeNull();
          const ready = await fetch(`http://127.0.0.1:${instance.port}/api/ready`).catch(() => null);
          if (ready?.status === 200) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      const seeded = instances.filter((i) => i.output().includes('Données de démonstration créées'));
      expect(seeded).toHaveLength(1);

      const copy = new pg.Client({ connectionString: database.url });
      await copy.connect();
      try {
        const { rows: applied } = await copy.query('SELECT name FROM kysely_migration ORDER BY name');
        expect(applied.map((r) => r.name)).toEqual(Object.keys(migrations));
      } finally {
        await copy.end();
      }
      // The demo admin signs in through the last one.
      const login = await fetch(`http://127.0.0.1:${instances[2]?.port}/api/personnel-auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: 'admin@demo.test', password: 'Demo@2026' }),
      });
      expect(login.status, await login.clone().text()).toBe(200);
    } finally {
      for (const child of children) child.kill('SIGKILL');
      await database.drop();
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    }
  });
});
