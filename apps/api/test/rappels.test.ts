import { addDays, DEFAULT_SETTINGS, type Rappel, type Role } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { Jobs } from '../src/engines/jobs.ts';
import { DailyMailJob } from '../src/mail/daily-mail-job.ts';
import type { Mailer } from '../src/mail/mailer.ts';
import { todayInCompany } from '../src/modules/echeanciers/echeanciers.repository.ts';
import type { RappelDu } from '../src/modules/rappels/rappels.repository.ts';
import { RappelsService, rappelMail } from '../src/modules/rappels/rappels.service.ts';
import { buildTestApp, loginAs, type TestContext, testConfig } from './helpers.ts';
import {
  type Auth,
  type Client,
  createBanque,
  createClient,
  createPaidClient,
  declare,
  validateVersement,
  versementBody,
} from './money-helpers.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let comptable: Awaited<ReturnType<typeof loginAs>>;
let banqueId: number;
/** The job's service as the app builds it, with the app's mailer. */
let rappels: RappelsService;

const COMPANY = { companyName: 'Société Ivoirienne d’Autopromotion', phone: '+225 27 22 00 11 22', email: '' };

function service(mailer: Mailer) {
  return new RappelsService(ctx.db, ctx.app.settings, mailer, 'http://backoffice.test', ctx.app.log);
}

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, 'admin');
  comptable = await loginAs(ctx, 'comptable');
  banqueId = (await createBanque(ctx, comptable.auth, { est_principale: true, solde_initial: 10_000_000 })).id;
  await putSettings({ general: COMPANY });
  rappels = service(ctx.mail);
});
afterAll(async () => {
  await ctx.close();
});

async function putSettings(payload: object) {
  const response = await ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.auth, payload });
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * Puts the member's current schedule on chosen dates: instalment n falls n − 1 months after
 * `first`. Each test uses its own years (a schedule spans five), so that no other test's member
 * has an instalment in the windows it runs.
 */
async function placeSchedule(membreId: number, first: string) {
  await sql`
    UPDATE echeances e SET date_echeance = (${first}::date + make_interval(months => e.numero - 1))::date
    FROM echeanciers s WHERE s.id = e.echeancier_id AND s.membre_id = ${membreId} AND s.remplace_le IS NULL`.execute(
    ctx.db,
  );
  await sql`UPDATE echeanciers SET premiere_echeance = ${first}::date
    WHERE membre_id = ${membreId} AND remplace_le IS NULL`.execute(ctx.db);
  await sql`SELECT rafraichir_retards(ARRAY[${membreId}::integer])`.execute(ctx.db);
}

async function emailOf(membreId: number): Promise<string> {
  const row = await ctx.db
    .selectFrom('membres as m')
    .innerJoin('utilisateurs as u', 'u.id', 'm.utilisateur_id')
    .select('u.email')
    .where('m.id', '=', membreId)
    .executeTakeFirstOrThrow();
  return row.email;
}

/** The member's reminder rows, oldest first. */
async function rowsOf(membreId: number) {
  const rows = await ctx.db.selectFrom('rappels').selectAll().where('membre_id', '=', membreId).orderBy('id').execute();
  return rows.map((r) => ({ ...r, montant: Number(r.montant) }));
}

/** The days from `from` to `to` included. */
function days(from: string, to: string): string[] {
  const list: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) list.push(d);
  return list;
}

/** A member (his own product) whose first instalment of 150,000 falls on `first`. */
async function dueMember(first: string, options: Parameters<typeof createClient>[1] = {}): Promise<Client> {
  const client = await createClient(ctx, options);
  await placeSchedule(client.id, first);
  return client;
}

describe('reminder e-mails: when they go', () => {
  it('sends a J-7, a J-1 and a J+3 on their days, and nothing on the days between', async () => {
    const client = await dueMember('2030-03-10');
    const email = await emailOf(client.id);
    const sentOn: Record<string, string[]> = {};
    for (const day of days('2030-02-25', '2030-03-22')) {
      const before = (await rowsOf(client.id)).length;
      await rappels.run({ today: day });
      const added = (await rowsOf(client.id)).slice(before).map((r) => r.type_rappel);
      if (added.length > 0) sentOn[day] = added;
    }
    expect(sentOn).toEqual({ '2030-03-03': ['J-7'], '2030-03-09': ['J-1'], '2030-03-13': ['J+3'] });
    const rows = await rowsOf(client.id);
    expect(
      rows.map((r) => [r.type_rappel, r.date_echeance, r.numero, r.montant, r.email, r.statut, r.tentatives]),
    ).toEqual([
      ['J-7', '2030-03-10', 1, 150_000, email, 'envoye', 1],
      ['J-1', '2030-03-10', 1, 150_000, email, 'envoye', 1],
      ['J+3', '2030-03-10', 1, 150_000, email, 'envoye', 1],
    ]);
    expect(ctx.mail.to(email)).toHaveLength(3);

    const { text: relance } = await ctx.mail.waitFor(email, /Relance/);
    expect(relance).toContain('L’échéance n° 1 de votre échéancier (Villa Test');
    expect(relance).toMatch(/due le dimanche 10 mars 2030, n’est pas entièrement réglée/);
    expect(relance).toMatch(/Reste à payer sur cette échéance\s: 150\s000\sFCFA\./);
    expect(relance).toContain('Elle est désormais comptée en retard.');
    expect(relance).not.toContain('Montant total en retard');
    expect(relance).toContain('http://backoffice.test/versements');
    expect(relance).toMatch(/Contactez-nous\s: \+225 27 22 00 11 22/);
    expect(relance).toContain('Société Ivoirienne d’Autopromotion');
  });

  it('says what remains on a partly paid instalment and sends nothing for a paid one', async () => {
    const paid = await createPaidClient(ctx, comptable.auth, banqueId, 150_000);
    await placeSchedule(paid.id, '2036-03-10');
    // The payment's validation notice, which leaves in the background.
    await ctx.mail.waitFor(await emailOf(paid.id), /validé/);
    const noticed = ctx.mail.to(await emailOf(paid.id)).length;
    const partial = await createPaidClient(ctx, comptable.auth, banqueId, 100_000);
    await placeSchedule(partial.id, '2036-03-10');
    for (const day of days('2036-03-01', '2036-03-20')) await rappels.run({ today: day });

    expect(await rowsOf(paid.id)).toEqual([]);
    expect(ctx.mail.to(await emailOf(paid.id))).toHaveLength(noticed);
    const rows = await rowsOf(partial.id);
    expect(rows.map((r) => [r.type_rappel, r.montant])).toEqual([
      ['J-7', 50_000],
      ['J-1', 50_000],
      ['J+3', 50_000],
    ]);
    const email = await emailOf(partial.id);
    const { text: rappel } = await ctx.mail.waitFor(email, /Relance/);
    expect(rappel).toMatch(/Reste à payer sur cette échéance\s: 50\s000\sFCFA\./);
  });

  it('tells the days left and the amount in a J-7 and a J-1', async () => {
    const client = await createPaidClient(ctx, comptable.auth, banqueId, 100_000);
    await placeSchedule(client.id, '2072-03-10');
    const email = await emailOf(client.id);
    await rappels.run({ today: '2072-03-03' });
    // The payment's notice goes to the same address, before or after: each e-mail is awaited by its own words.
    const { text: j7 } = await ctx.mail.waitFor(email, /dans 7 jours/);
    expect(j7).toMatch(/est à régler dans 7 jours, le jeudi 10 mars 2072\./);
    expect(j7).toMatch(/Montant à régler\s: 50\s000\sFCFA \(sur 150\s000\sFCFA, le reste est déjà réglé\)\./);
    await rappels.run({ today: '2072-03-09' });
    expect((await ctx.mail.waitFor(email, /demain/)).text).toMatch(/est à régler demain, le jeudi 10 mars 2072\./);
  });

  it('stops when the instalment gets paid: no J-1 nor J+3 after the payment', async () => {
    const client = await dueMember('2078-03-10');
    await rappels.run({ today: '2078-03-03' });
    const versement = await declare(ctx, client.auth, versementBody(client, banqueId, { montant: 150_000 }));
    expect((await validateVersement(ctx, comptable.auth, versement.id)).statusCode).toBe(200);
    for (const day of days('2078-03-04', '2078-03-20')) await rappels.run({ today: day });
    expect((await rowsOf(client.id)).map((r) => r.type_rappel)).toEqual(['J-7']);
  });

  it('sends once when run twice on the same day, even at the same time', async () => {
    const client = await dueMember('2042-03-10');
    const email = await emailOf(client.id);
    const first = await rappels.run({ today: '2042-03-03' });
    const again = await rappels.run({ today: '2042-03-03' });
    expect(first.envoyes).toBeGreaterThanOrEqual(1);
    expect(again).toMatchObject({ envoyes: 0, echecs: 0 });
    const other = await dueMember('2042-03-11');
    const [a, b] = await Promise.all([rappels.run({ today: '2042-03-04' }), rappels.run({ today: '2042-03-04' })]);
    expect((a?.envoyes ?? 0) + (b?.envoyes ?? 0)).toBe(1);

    expect((await rowsOf(client.id)).map((r) => r.type_rappel)).toEqual(['J-7']);
    expect(ctx.mail.to(email)).toHaveLength(1);
    expect((await rowsOf(other.id)).map((r) => r.type_rappel)).toEqual(['J-7']);
    expect(ctx.mail.to(await emailOf(other.id))).toHaveLength(1);
  });

  it('catches up a day the server missed while the reminder still fits, never a stale one', async () => {
    const late = await dueMember('2048-03-10');
    // Down from D-7 to D-6: the J-7 goes at D-5; down on D-1: the J-1 goes on the day, as today's.
    await rappels.run({ today: '2048-03-05' });
    await rappels.run({ today: '2048-03-10' });
    expect((await ctx.mail.waitFor(await emailOf(late.id), /aujourd/)).text).toMatch(
      /est à régler aujourd’hui, le mardi 10 mars 2048\./,
    );
    // Down from D+3 to D+8: the J+3 goes at D+9.
    await rappels.run({ today: '2048-03-19' });
    expect((await rowsOf(late.id)).map((r) => r.type_rappel)).toEqual(['J-7', 'J-1', 'J+3']);

    const stale = await dueMember('2054-03-10');
    // Down until D-1: no J-7 for a date tomorrow; down until D+10: no J+3 any more.
    await rappels.run({ today: '2054-03-09' });
    await rappels.run({ today: '2054-03-20' });
    expect((await rowsOf(stale.id)).map((r) => r.type_rappel)).toEqual(['J-1']);
  });

  it('counts the J+3 from the due date, telling the grace left and the whole amount overdue', async () => {
    await putSettings({ recouvrement: { graceDays: 5 } });
    try {
      const client = await dueMember('2066-02-10');
      await rappels.run({ today: '2066-03-13' });
      const rows = await rowsOf(client.id);
      expect(rows.map((r) => [r.type_rappel, r.date_echeance, r.numero, r.montant])).toEqual([
        ['J+3', '2066-03-10', 2, 150_000],
      ]);
      const { text: relance } = await ctx.mail.waitFor(await emailOf(client.id), /Relance/);
      expect(relance).toMatch(/Montant total en retard sur votre échéancier\s: 300\s000\sFCFA\./);
      expect(relance).toContain('Réglez-la au plus tard le 15/03/2066 pour qu’elle ne soit pas comptée en retard.');
    } finally {
      await putSettings({ recouvrement: { graceDays: 0 } });
    }
  });
});

describe('the reminder e-mail', () => {
  const due: RappelDu = {
    membre_id: 1,
    prenom: 'Awa',
    email: 'awa@test.example',
    produit: 'Villa Premium',
    echeancier_id: 1,
    numero: 4,
    date_echeance: '2030-03-10',
    type_rappel: 'J-7',
    jours: 7,
    montant: '150000',
    reste: '150000',
    retard: '0',
  };
  const options = { general: DEFAULT_SETTINGS.general, graceDays: 0, publicUrl: 'http://backoffice.test' };

  it('names the kind and the due date in its subject, in French typography', () => {
    expect(rappelMail(due, options)).toMatchObject({
      to: 'awa@test.example',
      subject: 'Rappel\u00a0: votre échéance du 10/03/2030',
    });
    expect(rappelMail({ ...due, type_rappel: 'J-1', jours: 1 }, options).subject).toBe(
      'Rappel\u00a0: votre échéance du 10/03/2030',
    );
    expect(rappelMail({ ...due, type_rappel: 'J+3', jours: -3 }, options).subject).toBe(
      'Relance\u00a0: échéance du 10/03/2030 non réglée',
    );
  });

  it('leaves out the contact line while the settings have no phone nor e-mail', () => {
    const { text } = rappelMail(due, options);
    expect(text).toContain('L’échéance n° 4 de votre échéancier (Villa Premium) est à régler dans 7 jours');
    expect(text).not.toContain('Contactez-nous');
    expect(text.split('\n').at(-1)).toBe(DEFAULT_SETTINGS.general.companyName);
  });
});

describe('reminder e-mails: to whom', () => {
  it('sends none to a member who turned e-mail notices off, nor to an account not active', async () => {
    const off = await dueMember('2084-03-10');
    const preferences = await ctx.app.inject({
      method: 'PUT',
      url: '/api/preferences',
      headers: off.auth,
      payload: { emailNotifications: false },
    });
    expect(preferences.statusCode, preferences.body).toBe(200);
    const suspended = await dueMember('2084-03-10');
    await ctx.db
      .updateTable('utilisateurs')
      .set({ statut: 'suspendu' })
      .where('id', '=', suspended.utilisateur_id)
      .execute();
    const on = await dueMember('2084-03-10');
    await ctx.app.inject({ method: 'PUT', url: '/api/preferences', headers: on.auth, payload: { theme: 'dark' } });

    for (const day of days('2084-03-01', '2084-03-20')) await rappels.run({ today: day });
    expect(await rowsOf(off.id)).toEqual([]);
    expect(ctx.mail.to(await emailOf(off.id))).toHaveLength(0);
    expect(await rowsOf(suspended.id)).toEqual([]);
    expect((await rowsOf(on.id)).map((r) => r.type_rappel)).toEqual(['J-7', 'J-1', 'J+3']);
  });

  it('sends none while the settings turn reminders off, and the reminder that still fits once on again', async () => {
    const client = await dueMember('2090-03-10');
    await putSettings({ recouvrement: { reminders: false } });
    try {
      expect(await rappels.run({ today: '2090-03-03' })).toMatchObject({ active: false, envoyes: 0 });
      expect(await rowsOf(client.id)).toEqual([]);
    } finally {
      await putSettings({ recouvrement: { reminders: true } });
    }
    await rappels.run({ today: '2090-03-04' });
    expect((await rowsOf(client.id)).map((r) => r.type_rappel)).toEqual(['J-7']);
    expect(ctx.mail.to(await emailOf(client.id))).toHaveLength(1);
  });
});

describe('reminder e-mails: failures', () => {
  const broken: Mailer = {
    send: async () => {
      throw new Error('SMTP indisponible');
    },
  };

  it('records a failed send and tries it again at the next runs, three attempts in all', async () => {
    const client = await dueMember('2060-03-10');
    const failing = service(broken);
    expect(await failing.run({ today: '2060-03-03' })).toMatchObject({ envoyes: 0, echecs: 1 });
    expect((await rowsOf(client.id)).map((r) => [r.statut, r.tentatives])).toEqual([['echec', 1]]);
    await failing.run({ today: '2060-03-03' });
    await failing.run({ today: '2060-03-04' });
    expect((await rowsOf(client.id)).map((r) => [r.statut, r.tentatives])).toEqual([['echec', 3]]);
    expect(await rappels.run({ today: '2060-03-04' })).toMatchObject({ envoyes: 0, echecs: 0 });
    expect(ctx.mail.to(await emailOf(client.id))).toHaveLength(0);
  });

  it('sends a failed reminder at the next run once the mail server answers again', async () => {
    const client = await dueMember('2096-03-10');
    await service(broken).run({ today: '2096-03-03' });
    await rappels.run({ today: '2096-03-03' });
    const rows = await rowsOf(client.id);
    expect(rows.map((r) => [r.type_rappel, r.statut, r.tentatives])).toEqual([['J-7', 'envoye', 2]]);
    expect(ctx.mail.to(await emailOf(client.id))).toHaveLength(1);
  });
});

describe('the job inside the server', () => {
  /** Today in the company's time zone, as the job sees it. */
  async function companyToday(): Promise<string> {
    const { rows } = await sql<{ today: string }>`SELECT (now() AT TIME ZONE fuseau_societe())::date AS today`.execute(
      ctx.db,
    );
    return rows[0]?.today as string;
  }

  it('runs at start only when REMINDERS asks for it, then once a day whatever the restarts', async () => {
    const today = await companyToday();
    const client = await dueMember(addDays(today, 7));
    const email = await emailOf(client.id);

    // The tests' configuration leaves it off: the server's start starts no job.
    const start = vi.spyOn(Jobs.prototype, 'start');
    try {
      const quiet = await buildApp({ config: testConfig(ctx.dataDir), db: ctx.db, mailer: ctx.mail, logger: false });
      await quiet.ready();
      await quiet.close();
      expect(start).not.toHaveBeenCalled();
    } finally {
      start.mockRestore();
    }
    expect(await rowsOf(client.id)).toEqual([]);

    const server = await buildApp({
      config: testConfig(ctx.dataDir, { reminders: true }),
      db: ctx.db,
      mailer: ctx.mail,
      logger: false,
    });
    await server.ready();
    await vi.waitFor(async () => expect((await rowsOf(client.id)).map((r) => r.statut)).toEqual(['envoye']), {
      timeout: 10_000,
    });
    await server.close();

    // A restart the same day, and the hourly look after it: the row is there, nothing goes again.
    const job = new DailyMailJob([rappels], () => todayInCompany(ctx.db), ctx.app.log);
    await job.run();
    await job.run();
    await job.stop();
    expect(await rowsOf(client.id)).toHaveLength(1);
    expect(ctx.mail.to(email)).toHaveLength(1);
  });

  it('is on by default, off with NODE_ENV=test or REMINDERS=0', () => {
    const env = { DATA_DIR: ctx.dataDir };
    expect(loadConfig(env).reminders).toBe(true);
    expect(loadConfig({ ...env, NODE_ENV: 'production' }).reminders).toBe(true);
    expect(loadConfig({ ...env, NODE_ENV: 'test' }).reminders).toBe(false);
    expect(loadConfig({ ...env, NODE_ENV: 'test', REMINDERS: '1' }).reminders).toBe(true);
    expect(loadConfig({ ...env, REMINDERS: '0' }).reminders).toBe(false);
    expect(() => loadConfig({ ...env, REMINDERS: 'oui' })).toThrow(/REMINDERS/);
  });

  it('runs nothing once stopped (the server closes)', async () => {
    const job = new DailyMailJob([rappels], () => todayInCompany(ctx.db), ctx.app.log);
    const run = vi.spyOn(rappels, 'run');
    try {
      await job.stop();
      await job.run();
      expect(run).not.toHaveBeenCalled();
    } finally {
      run.mockRestore();
    }
  });
});

describe('GET /api/membres/:id/rappels', () => {
  let gestionnaire: Awaited<ReturnType<typeof loginAs>>;
  let client: Client;
  let tokens: Record<Role, Auth>;

  beforeAll(async () => {
    gestionnaire = await loginAs(ctx, 'gestionnaire');
    client = await dueMember('2024-03-10', { gestionnaire_id: gestionnaire.account.id });
    for (const day of ['2024-03-03', '2024-03-09', '2024-03-13']) await rappels.run({ today: day });
    tokens = {
      admin: admin.auth,
      gestionnaire: gestionnaire.auth,
      comptable: comptable.auth,
      commercial: (await loginAs(ctx, 'commercial')).auth,
      membre: client.auth,
      demandeur: (await loginAs(ctx, 'demandeur')).auth,
    };
  });

  function list(auth: Auth | undefined, membreId: number, query = '') {
    return ctx.app.inject({
      method: 'GET',
      url: `/api/membres/${membreId}/rappels${query}`,
      ...(auth ? { headers: auth } : {}),
    });
  }

  it.each([
    ['admin', 200],
    ['gestionnaire', 200],
    ['membre', 200],
    ['comptable', 403],
    ['commercial', 403],
    ['demandeur', 403],
  ] as const)('answers %s with %i on the file of the gestionnaire’s client', async (role, status) => {
    const response = await list(tokens[role], client.id);
    expect(response.statusCode, response.body).toBe(status);
    if (status === 403) expect(response.json().message).toBe('Accès refusé – Rôle insuffisant.');
  });

  it('lists the reminders newest first, each with its kind, due date, amount, address, time and status', async () => {
    const response = await list(tokens.membre, client.id);
    const body = response.json();
    const data = body.data as Rappel[];
    const email = await emailOf(client.id);
    expect(data.map((r) => [r.type_rappel, r.date_echeance, r.numero, r.montant, r.email, r.statut])).toEqual([
      ['J+3', '2024-03-10', 1, 150_000, email, 'envoye'],
      ['J-1', '2024-03-10', 1, 150_000, email, 'envoye'],
      ['J-7', '2024-03-10', 1, 150_000, email, 'envoye'],
    ]);
    expect(data.every((r) => !Number.isNaN(Date.parse(r.sent_at)))).toBe(true);
    expect(body.pagination).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1, totalExact: true });
    const page2 = (await list(tokens.admin, client.id, '?page=2&limit=2')).json();
    expect(page2.data.map((r: Rappel) => r.type_rappel)).toEqual(['J-7']);
    expect(page2.pagination).toMatchObject({ page: 2, limit: 2, total: 3, totalPages: 2 });
  });

  it('answers 404 outside the caller’s scope: another gestionnaire, another member, an unknown id', async () => {
    const other = await loginAs(ctx, 'gestionnaire');
    const stranger = await createClient(ctx);
    expect((await list(other.auth, client.id)).statusCode).toBe(404);
    expect((await list(stranger.auth, client.id)).statusCode).toBe(404);
    expect((await list(admin.auth, 999_999)).statusCode).toBe(404);
    expect((await list(undefined, client.id)).statusCode).toBe(401);
    expect((await list(admin.auth, client.id, '?limit=abc')).statusCode).toBe(400);
    // A member without reminders: an empty list.
    const none = await list(admin.auth, stranger.id);
    expect(none.json()).toMatchObject({ success: true, data: [], pagination: { total: 0 } });
  });
});
