import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { buildTestApp, login, loginAs, type TestContext, testConfig } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('health and API reference', () => {
  it('answers 200 with the database reachable', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers 503 when the database is unreachable', async () => {
    const unreachable = await openDatabase({ databaseUrl: 'postgres://personne@127.0.0.1:9/aucune' });
    const app = await buildApp({ config: testConfig(ctx.dataDir), db: unreachable.db, logger: false });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', database: 'down' });
    } finally {
      await app.close();
      await unreachable.close();
    }
  });

  it('publishes the OpenAPI document and the docs page without a token', async () => {
    const spec = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(spec.statusCode).toBe(200);
    expect(Object.keys(spec.json().paths)).toEqual(
      expect.arrayContaining(['/api/personnel-auth/login', '/api/health']),
    );
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });

  it('sends security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('settings', () => {
  it('lets anyone read the public settings without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.security).toEqual({
      sessionTimeout: 30,
      passwordMinLength: 8,
      requireSpecialChars: true,
    });
    expect(response.json().data.security.loginAttempts).toBeUndefined();
  });

  it('lets an admin change a setting, keeps the other values, and audits it', async () => {
    const { auth, account } = await loginAs(ctx, 'admin');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth,
      payload: { security: { passwordMinLength: 10 } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.security).toMatchObject({
      passwordMinLength: 10,
      loginAttempts: 5,
      sessionTimeout: 30,
    });
    const audit = await ctx.db
      .selectFrom('audit')
      .selectAll()
      .where('user_id', '=', account.id)
      .where('table_name', '=', 'settings')
      .execute();
    expect(audit[0]?.new_values).toEqual({ passwordMinLength: 10 });
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth,
      payload: { security: { passwordMinLength: 8 } },
    });
  });

  it('refuses values outside the spec ranges', async () => {
    const { auth } = await loginAs(ctx, 'admin');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth,
      payload: { security: { sessionTimeout: 2 } },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toContain('security.sessionTimeout');
  });

  it('in maintenance mode answers 503 to everyone but admins, sign-in included', async () => {
    const admin = await loginAs(ctx, 'admin');
    const comptable = await loginAs(ctx, 'comptable');
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.auth,
      payload: { system: { maintenanceMode: true } },
    });
    try {
      const call = await ctx.app.inject({ method: 'GET', url: '/api/personnel-auth/profile', headers: comptable.auth });
      expect(call.statusCode).toBe(503);
      expect(call.json()).toMatchObject({ code: 'MAINTENANCE', message: MESSAGES.maintenance });
      expect((await login(ctx.app, comptable.account.email)).statusCode).toBe(503);
      expect((await login(ctx.app, admin.account.email)).statusCode).toBe(200);
      const adminCall = await ctx.app.inject({
        method: 'GET',
        url: '/api/personnel-auth/profile',
        headers: admin.auth,
      });
      expect(adminCall.statusCode).toBe(200);
    } finally {
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: admin.auth,
        payload: { system: { maintenanceMode: false } },
      });
    }
  });

  it('enforces the session timeout setting', async () => {
    const admin = await loginAs(ctx, 'admin');
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.auth,
      payload: { security: { sessionTimeout: 5 } },
    });
    try {
      const { token, account } = await loginAs(ctx, 'membre');
      await ctx.db
        .updateTable('sessions')
        .set({ last_activity_at: new Date(Date.now() - 6 * 60_000) })
        .where('utilisateur_id', '=', account.id)
        .execute();
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/personnel-auth/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
    } finally {
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: admin.auth,
        payload: { security: { sessionTimeout: 30 } },
      });
    }
  });
});

describe('audit journal', () => {
  it('is append-only in the database', async () => {
    await loginAs(ctx, 'commercial');
    await expect(ctx.db.updateTable('audit').set({ action: 'x' }).execute()).rejects.toThrow(/append-only/);
    await expect(ctx.db.deleteFrom('audit').execute()).rejects.toThrow(/append-only/);
  });
});

describe('API rate limit', () => {
  it("answers 429 past the settings' hourly budget per address; the web app's files and media do not count", async () => {
    const webDist = await mkdtemp(path.join(os.tmpdir(), 'web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Test</title>');
    await writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    const limited = await buildTestApp({ webDist });
    try {
      const { auth } = await loginAs(limited, 'admin');
      const put = await limited.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: auth,
        payload: { system: { apiRateLimit: 100 } },
      });
      expect(put.statusCode).toBe(200);
      const get = (url: string) => limited.app.inject({ method: 'GET', url });
      for (let i = 0; i < 40; i++) {
        for (const file of ['/', '/assets/app.js', '/produits']) expect((await get(file)).statusCode, file).toBe(200);
        expect((await get(`/api/media/produits/1/${'0'.repeat(36)}.jpg?exp=1&sig=x`)).statusCode).toBe(404);
      }
      const statuses: number[] = [];
      for (let i = 0; i < 101; i++) statuses.push((await get('/api/settings/public')).statusCode);
      expect(statuses.slice(0, 100).every((s) => s === 200)).toBe(true);
      expect(statuses[100]).toBe(429);
      const refused = await get('/api/settings/public');
      expect(refused.json().message).toBe(MESSAGES.tooManyRequests);
    } finally {
      await limited.close();
      await rm(webDist, { recursive: true, force: true });
    }
  });
});
