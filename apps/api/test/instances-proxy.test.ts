import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demarrerTopologie, type Topologie } from '../../../deploy/local.ts';
import { openDatabase } from '../src/db/database.ts';
import { ledgerBreaches } from '../src/modules/banques/ledger.repository.ts';
import { multipart, PNG, SITE_FIELDS } from './catalogue-helpers.ts';
import { emptyDatabase } from './helpers.ts';

/**
 * Two built instances behind nginx on PostgreSQL, the topology's own Redis and the local S3
 * (deploy/local.ts, the compose file's topology without containers): what holds whichever instance
 * answers, and when one dies.
 */
const databaseUrl = process.env.DATABASE_URL;
const data = async <T>(response: Response) => ((await response.json()) as { data: T }).data;
describe.runIf(databaseUrl)('two instances behind the proxy', () => {
  let topologie: Topologie;
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  let token: string;
  let gestionnaire: string;
  let comptable: string;

  const signIn = async (identifier: string) => {
    const response = await fetch(`${topologie.url}/api/personnel-auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier, password: 'Demo@2026' }),
    });
    expect(response.status).toBe(200);
    return (await data<{ token: string }>(response)).token;
  };

  const through = (url: string, init: RequestInit = {}) =>
    fetch(`${topologie.url}${url}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  const direct = (n: number, url: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${topologie.instances[n]?.port}${url}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...init.headers },
    });

  beforeAll(async () => {
    database = await emptyDatabase();
    topologie = await demarrerTopologie({
      databaseUrl: database.url,
      env: { SEED_DEMO: '1', LOGIN_RATE_LIMIT: '6', REMINDERS: '0', BACKUPS: '0' },
    });
    // Three of the six sign-ins a minute this address has (the limit's test takes the rest).
    token = await signIn('admin@demo.test');
    gestionnaire = `Bearer ${await signIn('gestionnaire@demo.test')}`;
    comptable = `Bearer ${await signIn('comptable@demo.test')}`;
  }, 240_000);
  afterAll(async () => {
    await topologie?.arreter();
    await database?.drop();
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
    // Three sign-ins so far of the six a minute from this address.
    const answers = [];
    for (let n = 0; n < 4; n += 1) {
      const response = await fetch(`${topologie.url}/api/personnel-auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: 'personne@demo.test', password: 'Mauvais@2026' }),
      });
      answers.push(response.status);
    }
    expect(answers).toEqual([401, 401, 401, 429]);
  });
  it('loses no acknowledged write when an instance is killed under declarations and validations', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows: clients } = await client.query<{ id: number; produit_id: number }>(
        `SELECT m.id, m.produit_id FROM membres m JOIN utilisateurs u ON u.id = m.gestionnaire_id
         WHERE u.email = 'gestionnaire@demo.test' AND m.produit_id IS NOT NULL ORDER BY m.id`,
      );
      const { rows: banques } = await client.query<{ id: number }>('SELECT id FROM banques ORDER BY id LIMIT 1');
      expect(clients.length).toBeGreaterThan(0);

      /** A call retried with the same request (its idempotency key) until an instance answers it. */
      const until = async (url: string, init: RequestInit) => {
        for (;;) {
          const response = await fetch(`${topologie.url}${url}`, init).catch(() => null);
          if (response && response.status !== 502 && response.status !== 503 && response.status !== 504) {
            return response;
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      const declared: number[] = [];
      let killed = false;
      const worker = async (w: number) => {
        for (let n = 0; n < 10; n += 1) {
          const client = clients[(w * 10 + n) % clients.length] as { id: number; produit_id: number };
          const body = {
            membre_id: client.id,
            produit_id: client.produit_id,
            montant: 1_000,
            banque_id: banques[0]?.id,
            numero_recu: `K-${w}-${n}-${randomBytes(3).toString('hex')}`,
            date_recu: '2026-11-02',
            date_versement: '2026-11-03',
            type_versement: 'mensualite',
          };
          const headers = {
            authorization: gestionnaire,
            'content-type': 'application/json',
            'idempotency-key': randomBytes(16).toString('hex'),
          };
          const created = await until('/api/versements', { method: 'POST', headers, body: JSON.stringify(body) });
          expect(created.status, await created.clone().text()).toBe(201);
          const id = (await data<{ id: number }>(created)).id;
          declared.push(id);
          if (declared.length === 10 && !killed) {
            killed = true;
            topologie.instances[0]?.child.kill('SIGKILL');
          }
          const validation = await until(`/api/versements/${id}/validate`, {
            method: 'PATCH',
            headers: { authorization: comptable },
          });
          // A validation the dead instance committed before it could answer is found done (409) on the retry.
          expect([200, 409], await validation.clone().text()).toContain(validation.status);
        }
      };
      await Promise.all([0, 1, 2, 3].map(worker));
      expect(killed).toBe(true);
      expect(topologie.instances[0]?.child.signalCode).toBe('SIGKILL');

      const { rows } = await client.query<{ id: number; statut: string }>(
        'SELECT id, statut FROM versements WHERE id = ANY($1)',
        [declared],
      );
      expect(rows).toHaveLength(40);
      expect(new Set(declared).size).toBe(40);
      expect(rows.every((row) => row.statut === 'valide')).toBe(true);
      const ledger = await openDatabase({ databaseUrl: database.url });
      try {
        expect(await ledgerBreaches(ledger.db)).toEqual([]);
      } finally {
        await ledger.close();
      }
      // The survivor serves everything through the proxy.
      const answers = [];
      for (let n = 0; n < 10; n += 1) answers.push((await through('/api/sites')).status);
      expect(answers).toEqual(Array(10).fill(200));
    } finally {
      await client.end();
    }
  }, 120_000);
});
