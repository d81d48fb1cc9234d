import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demarrerTopologie, type Topologie } from '../../../deploy/local.ts';
import { multipart, PNG, SITE_FIELDS } from './catalogue-helpers.ts';

/**
 * Two built instances behind nginx on PostgreSQL, the topology's own Redis and the local S3
 * (deploy/local.ts, the compose file's topology without containers): what holds whichever instance
 * answers, and when one dies.
 */
const databaseUrl = process.env.DATABASE_URL;
const data = async <T>(response: Response) => ((await response.json()) as { data: T }).data;
describe.runIf(databaseUrl)('two instances behind the proxy', () => {
  let topologie: Topologie;
  let admin: pg.Client;
  const name = `p_${randomBytes(6).toString('hex')}`;
  let token: string;

  const through = (url: string, init: RequestInit = {}) =>
    fetch(`${topologie.url}${url}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  const direct = (n: number, url: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${topologie.instances[n]?.port}${url}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...init.headers },
    });

  beforeAll(async () => {
    const server = new URL(databaseUrl as string);
    admin = new pg.Client({ connectionString: server.href });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(server);
    target.pathname = `/${name}`;
    topologie = await demarrerTopologie({
      databaseUrl: target.href,
      env: { SEED_DEMO: '1', LOGIN_RATE_LIMIT: '6', REMINDERS: '0', BACKUPS: '0' },
    });
    const login = await fetch(`${topologie.url}/api/personnel-auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'admin@demo.test', password: 'Demo@2026' }),
    });
    expect(login.status).toBe(200);
    token = (await data<{ token: string }>(login)).token;
  }, 240_000);
  afterAll(async () => {
    await topologie?.arreter();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('serves through one instance the photo uploaded through the other', async () => {
    const form = multipart(SITE_FIELDS, [{ field: 'photo', name: 'entree.png', data: PNG }]);
    const created = await direct(0, '/api/sites', { method: 'POST', headers: form.headers, body: form.payload });
    expect(created.status, await created.clone().text()).toBe(201);
    const site = await data<{ id: number }>(created);
    const seen = await direct(1, `/api/sites/${site.id}`);
    const photo = await direct(1, (await data<{ photo_site: string }>(seen)).photo_site);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('puts a settings change made through one in force through the other', async () => {
    const before = await direct(1, '/api/settings/public');
    expect(before.status).toBe(200);
    const put = await direct(0, '/api/settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ general: { companyName: 'Cité Deux Instances' } }),
    });
    expect(put.status, await put.clone().text()).toBe(200);
    let name = '';
    while (name !== 'Cité Deux Instances') {
      name = (await data<{ general: { companyName: string } }>(await direct(1, '/api/settings/public'))).general
        .companyName;
    }
    expect(name).toBe('Cité Deux Instances');
  });

  it('never serves /metrics through the proxy', async () => {
    expect((await fetch(`${topologie.url}/metrics`)).status).toBe(404);
  });

  it('reaches the sign-in limit at the same count whichever instance answers', async () => {
    // One sign-in so far (the admin's) of the six a minute from this address.
    const answers = [];
    for (let n = 0; n < 6; n += 1) {
      const response = await fetch(`${topologie.url}/api/personnel-auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: 'personne@demo.test', password: 'Mauvais@2026' }),
      });
      answers.push(response.status);
    }
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
  });
  it('keeps serving through the proxy once an instance is killed', async () => {
    topologie.instances[0]?.child.kill('SIGKILL');
    await new Promise((resolve) => topologie.instances[0]?.child.once('exit', resolve));
    const answers = [];
    for (let n = 0; n < 10; n += 1) answers.push((await through('/api/sites')).status);
    expect(answers).toEqual(Array(10).fill(200));
  });
});
