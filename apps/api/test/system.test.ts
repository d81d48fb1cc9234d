import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { MESSAGES, type Role } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { buildTestApp, createAccount, login, loginAs, type TestContext, testConfig } from './helpers.ts';

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

  it('over plain HTTP sends neither HSTS nor upgrade-insecure-requests (a blank page on an office address)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('served over HTTPS (PUBLIC_URL https://…) sends HSTS and upgrade-insecure-requests', async () => {
    const app = await buildApp({
      config: testConfig(ctx.dataDir, { publicUrl: 'https://backoffice.example.com' }),
      db: ctx.db,
      logger: false,
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await app.close();
    }
  });
});

describe('caching', () => {
  it('marks every API answer no-store: public, signed in, refused and unknown', async () => {
    const { auth } = await loginAs(ctx, 'admin');
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/api/health' }),
      await ctx.app.inject({ method: 'GET', url: '/api/settings/public' }),
      await login(ctx.app, 'personne@example.test'),
      await ctx.app.inject({ method: 'GET', url: '/api/personnel-auth/profile', headers: auth }),
      await ctx.app.inject({ method: 'GET', url: '/api/personnel-auth/profile' }),
      await ctx.app.inject({ method: 'GET', url: '/api/nulle-part' }),
    ];
    for (const answer of answers) expect(answer.headers['cache-control'], answer.body).toBe('no-store');
  });

  it('serves the web app pre-compressed, hashed files cached for a year and index.html revalidated', async () => {
    const webDist = await mkdtemp(path.join(os.tmpdir(), 'web-'));
    const script = 'console.log("app");'.repeat(50);
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Test</title>');
    await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), script);
    await writeFile(path.join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    await writeFile(path.join(webDist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    const app = await buildApp({ config: testConfig(ctx.dataDir, { webDist }), db: ctx.db, logger: false });
    try {
      const get = (url: string, encoding: string) =>
        app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      const gz = await get('/assets/index-abc123.js', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
      const plain = await get('/assets/index-abc123.js', 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      for (const url of ['/', '/produits/12']) {
        const page = await get(url, 'gzip, br');
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['cache-control'], url).toBe('no-cache');
      }
    } finally {
      await app.close();
      await rm(webDist, { recursive: true, force: true });
    }
  });
});

describe('API reference setting (API_DOCS)', () => {
  const docsApp = (apiDocs: Config['apiDocs']) =>
    buildApp({ config: testConfig(ctx.dataDir, { apiDocs }), db: ctx.db, logger: false });

  it('with admin, answers openapi.json to an admin token only and does not serve the docs page', async () => {
    const app = await docsApp('admin');
    try {
      await app.ready();
      const spec = (headers: Record<string, string> = {}) =>
        app.inject({ method: 'GET', url: '/api/openapi.json', headers });
      expect((await spec()).statusCode).toBe(401);
      const admin = await loginWith(app, 'admin');
      const comptable = await loginWith(app, 'comptable');
      expect((await spec(comptable)).statusCode).toBe(403);
      const allowed = await spec(admin);
      expect(allowed.statusCode).toBe(200);
      expect(Object.keys(allowed.json().paths)).toContain('/api/health');
      expect((await app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('with off, serves neither the document nor the page', async () => {
    const app = await docsApp('off');
    try {
      const admin = await loginWith(app, 'admin');
      expect((await app.inject({ method: 'GET', url: '/api/openapi.json', headers: admin })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

/** Signs in a new account of the role on another app over the same database. */
async function loginWith(app: App, role: Role) {
  const account = await createAccount(ctx.db, { role });
  const response = await login(app, account.email, account.password);
  return { authorization: `Bearer ${response.json().data.token}` };
}

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
