import type { ChildProcess } from 'node:child_process';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort, startRedis as startRedisServer } from '../../../deploy/local.ts';
import { type App, buildApp } from '../src/app.ts';
import { buildTestApp, createAccount, loginAs, PASSWORD, type TestContext } from './helpers.ts';

/**
 * What several instances share (issue 25): the rate limits in Redis, the settings' changes by
 * PostgreSQL's notices. Redis here is the test's own redis-server on a port of its own, never the
 * machine's, so that it can be stopped mid-run.
 */
let redis: ChildProcess | undefined;
let redisPort: number;

async function startRedis(): Promise<void> {
  redis = (await startRedisServer(redisPort)).child;
}

async function stopRedis(): Promise<void> {
  const child = redis;
  redis = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  redisPort = await freePort();
  await startRedis();
});
afterAll(async () => {
  await stopRedis();
});

/** Whether an instance sees Redis, as a proxy's check asks. */
async function redisState(app: App): Promise<string> {
  return (await app.inject({ method: 'GET', url: '/api/ready' })).json().data.redis;
}

describe('rate limits counted in Redis', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    const shared = { redisUrl: `redis://127.0.0.1:${redisPort}`, loginRateLimit: 3, forgotRateLimit: 2 };
    a = await buildTestApp(shared, { alone: true });
    b = await buildTestApp(shared, { alone: true });
    await vi.waitUntil(async () => (await redisState(a.app)) === 'ok' && (await redisState(b.app)) === 'ok', {
      timeout: 20_000,
    });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  const signIn = (ctx: TestContext) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/personnel-auth/login',
      payload: { identifier: 'personne@test.example', password: 'Mauvais@2026!' },
    });
  const forgot = (ctx: TestContext) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/personnel-auth/forgot-password',
      payload: { email: 'personne@test.example' },
    });

  it('reaches a sign-in limit at the same count whichever instance answers; each route keeps its own', async () => {
    const answers = [];
    for (const ctx of [a, b, a, b]) answers.push((await signIn(ctx)).statusCode);
    expect(answers).toEqual([401, 401, 401, 429]);
    // The forgotten-password limit is its own (2 here), untouched by the sign-ins.
    expect([(await forgot(b)).statusCode, (await forgot(a)).statusCode, (await forgot(b)).statusCode]).toEqual([
      200, 200, 429,
    ]);
  });

  it('lets requests through with a warning while Redis is down, and counts again once it is back', async () => {
    const warn = vi.spyOn(a.app.log, 'warn');
    const info = vi.spyOn(a.app.log, 'info');
    await stopRedis();
    const during = [];
    for (let n = 0; n < 5; n += 1) during.push((await signIn(a)).statusCode);
    expect(during).toEqual([401, 401, 401, 401, 401]);
    expect(warn).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('Redis injoignable'));
    const ready = await a.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ success: false, data: { database: 'ok', redis: 'erreur', stockage: 'local' } });

    await startRedis();
    await vi.waitUntil(async () => (await redisState(a.app)) === 'ok', { timeout: 20_000, interval: 100 });
    expect(info).toHaveBeenCalledWith(expect.stringContaining('de nouveau joignable'));
    const after = [];
    for (let n = 0; n < 4; n += 1) after.push((await signIn(a)).statusCode);
    expect(after).toEqual([401, 401, 401, 429]);
  });
});

describe('the proxy’s checks', () => {
  it('answers /api/health and /api/ready without Redis: redis absent, files local', async () => {
    const ctx = await buildTestApp({}, { alone: true });
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ success: true, data: { database: 'ok', redis: 'absent', stockage: 'local' } });
    } finally {
      await ctx.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('settings changed through another instance', () => {
  let ctx: TestContext;
  let other: App;
  afterEach(async () => {
    await other?.close();
    await ctx?.close();
  });

  it('are in force on this one at its next request, whatever its cache, and its log level follows', async () => {
    ctx = await buildTestApp({}, { alone: true });
    other = await buildApp({
      config: { ...ctx.config, logLevel: undefined },
      db: ctx.db,
      logger: { level: 'info', stream: new Writable({ write: (_chunk, _encoding, done) => done() }) },
      listen: ctx.handle.listen,
    });
    await other.ready();
    const { auth } = await loginAs(ctx, 'admin');
    const staff = await createAccount(ctx.db, { role: 'gestionnaire' });
    const signIn = () =>
      other.inject({
        method: 'POST',
        url: '/api/personnel-auth/login',
        payload: { identifier: staff.email, password: PASSWORD },
      });
    // The other instance has the settings in its cache: out of maintenance.
    expect((await signIn()).statusCode).toBe(200);
    const reloaded = new Promise<void>((resolve) => {
      const reload = other.settings.reload.bind(other.settings);
      vi.spyOn(other.settings, 'reload').mockImplementation(async () => {
        await reload();
        resolve();
      });
    });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth,
      payload: { system: { maintenanceMode: true, logLevel: 'warn' } },
    });
    expect(put.statusCode, put.body).toBe(200);
    await reloaded;
    const refused = await signIn();
    expect(refused.statusCode).toBe(503);
    // What a change does in the process that made it, it does in this one too.
    expect(other.log.level).toBe('warn');
  });
});
