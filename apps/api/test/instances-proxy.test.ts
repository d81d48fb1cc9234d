import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demarrerTopologie, type Instance, startRedis, type Topologie } from '../../../deploy/local.ts';
import { openDatabase } from '../src/db/database.ts';
import { ledgerBreaches } from '../src/modules/banques/ledger.repository.ts';
import { multipart, PNG, SITE_FIELDS } from './catalogue-helpers.ts';
import { emptyDatabase } from './helpers.ts';

/**
 * Two built instances behind nginx on PostgreSQL, the topology's own Redis and the local S3
 * (deploy/local.ts, the compose file's topology without containers): what holds whichever instance
 * answers, when Redis stops, and when one instance dies.
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
      env: { SEED_DEMO: '1', LOGIN_RATE_LIMIT: '6', REMINDERS: '1', BACKUPS: '0' },
    });
    // Three of the six sign-ins a minute this address has (the limit's test takes the rest).
    token = await signIn('admin@demo.test');
    gestionnaire = `Bearer ${await signIn('gestionnaire@demo.test')}`;
    comptable = `Bearer ${await signIn('comptable@demo.test')}`;
  }, 240_000);
  afterAll(async () => {
    await stopRedis();
    await topologie?.arreter();
    await database?.drop();
  });

  /** The topology's Redis, or the one a test started again on its port. */
  let redis: Instance | undefined;
  const stopRedis = async () => {
    const child = (redis ?? topologie?.redis)?.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  /** What each instance's readiness check says of Redis. */
  const redisStates = () =>
    Promise.all(
      topologie.instances.map(async (instance) => {
        const response = await fetch(`http://127.0.0.1:${instance.port}/api/ready`);
        return ((await response.json()) as { data: { redis: string } }).data.redis;
      }),
    );
  const wrongSignIns = async (count: number) => {
    const answers = [];
    for (let n = 0; n < count; n += 1) {
      const response = await fetch(`${topologie.url}/api/personnel-auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: 'personne@demo.test', password: 'Mauvais@2026' }),
      });
      answers.push(response.status);
    }
    return answers;
  };

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
    expect(await wrongSignIns(4)).toEqual([401, 401, 401, 429]);
  });

  it('answers while Redis is down (limits off, a warning logged) and counts again once it is back', async () => {
    const port = topologie.redis?.port as number;
    await stopRedis();
    await vi.waitFor(async () => expect(await redisStates()).toEqual(['erreur', 'erreur']), { timeout: 30_000 });
    // Past the budget this minute already: without Redis nothing counts, and the sign-ins go through.
    expect(await wrongSignIns(8)).toEqual(Array(8).fill(401));
    for (const instance of topologie.instances) expect(instance.output()).toContain('Redis injoignable');

    redis = await startRedis(port);
    await vi.waitFor(async () => expect(await redisStates()).toEqual(['ok', 'ok']), { timeout: 30_000 });
    // The new Redis starts empty: a whole minute's budget, then the limit again.
    expect(await wrongSignIns(7)).toEqual([...Array(6).fill(401), 429]);
  }, 60_000);

  it('sends a reminder due today once, with both instances working the queue', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      // A demo member who takes e-mail notices, and his first instalment his payments do not cover.
      const { rows } = await client.query<{ id: number; email: string; numero: number }>(
        `SELECT m.id, u.email, min(e.numero) AS numero FROM membres m
         JOIN utilisateurs u ON u.id = m.utilisateur_id AND u.statut = 'actif'
         JOIN echeanciers s ON s.membre_id = m.id AND s.remplace_le IS NULL
         JOIN echeances e ON e.echeancier_id = s.id AND e.cumul > m.montant_deja_paye
         LEFT JOIN preferences pr ON pr.utilisateur_id = u.id
         WHERE (pr.value -> 'emailNotifications') IS DISTINCT FROM 'false'::jsonb
         GROUP BY m.id, u.email ORDER BY m.id LIMIT 1`,
      );
      const member = rows[0] as { id: number; email: string; numero: number };
      // His schedule moved so that this instalment falls due in seven days: its J-7 is due today.
      await client.query(
        `UPDATE echeances e SET date_echeance =
           ((now() AT TIME ZONE fuseau_societe())::date + 7 + make_interval(months => e.numero - $2))::date
         FROM echeanciers s WHERE s.id = e.echeancier_id AND s.membre_id = $1 AND s.remplace_le IS NULL`,
        [member.id, member.numero],
      );
      await client.query(
        `UPDATE echeanciers s SET premiere_echeance = e.date_echeance FROM echeances e
         WHERE e.echeancier_id = s.id AND e.numero = 1 AND s.membre_id = $1 AND s.remplace_le IS NULL`,
        [member.id],
      );
      await client.query('SELECT rafraichir_retards(ARRAY[$1::integer])', [member.id]);
      const mailed = async () => {
        let count = 0;
        for (const instance of topologie.instances) {
          const files = await readdir(path.join(instance.dataDir as string, 'mail')).catch(() => []);
          count += files.filter((file) => file.endsWith(`-${member.email}.eml`)).length;
        }
        return count;
      };
      const before = await mailed();

      // Two runs asked at once (two slots, two starts): whichever instance takes each, one e-mail.
      const boss = new PgBoss({ connectionString: database.url, max: 1, supervise: false, schedule: false });
      await boss.start();
      const jobs = [await boss.send('courriels-membres', {}), await boss.send('courriels-membres', {})];
      await boss.stop({ graceful: false });
      await vi.waitFor(
        async () => {
          const { rows: states } = await client.query<{ state: string }>(
            'SELECT state FROM pgboss.job WHERE id = ANY($1)',
            [jobs],
          );
          expect(states.map((row) => row.state)).toEqual(['completed', 'completed']);
        },
        { timeout: 30_000, interval: 200 },
      );
      const { rows: reminders } = await client.query<{ statut: string }>(
        `SELECT statut FROM rappels WHERE membre_id = $1 AND type_rappel = 'J-7'
           AND date_echeance = (now() AT TIME ZONE fuseau_societe())::date + 7`,
        [member.id],
      );
      expect(reminders.map((row) => row.statut)).toEqual(['envoye']);
      expect((await mailed()) - before).toBe(1);
    } finally {
      await client.end();
    }
  }, 60_000);
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
