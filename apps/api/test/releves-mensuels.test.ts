import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { addMonths, releveMensuelPeriode } from '@app/shared';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DailyMailJob } from '../src/mail/daily-mail-job.ts';
import { createMailer, type Mailer, type MailMessage } from '../src/mail/mailer.ts';
import { todayInCompany } from '../src/modules/echeanciers/echeanciers.repository.ts';
import { RelevesService } from '../src/modules/recus/releves.service.ts';
import { RelevesMensuelsService } from '../src/modules/recus/releves-mensuels.service.ts';
import { buildTestApp, loginAs, type TestContext, testConfig } from './helpers.ts';
import { type Client, createBanque, createClient, createPaidClient } from './money-helpers.ts';

// Monthly statements e-mailed (issue 15, settings recouvrement.monthlyStatements): each member gets
// the statement of the month before once, its PDF attached, from the daily job.

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let comptable: Awaited<ReturnType<typeof loginAs>>;
let banqueId: number;
/** The company's day when the file starts: the members join then and pay then. */
let today: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, 'admin');
  comptable = await loginAs(ctx, 'comptable');
  banqueId = (await createBanque(ctx, comptable.auth, { est_principale: true, solde_initial: 10_000_000 })).id;
  await putSettings({ general: { companyName: 'Société Ivoirienne d’Autopromotion' } });
  today = await todayInCompany(ctx.db);
});
afterAll(async () => {
  await ctx.close();
});

async function putSettings(payload: object) {
  const response = await ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.auth, payload });
  expect(response.statusCode, response.body).toBe(200);
}

/** A day of the month `months` after today's: its statement covers the month before it. */
const dayIn = (months: number, day = '03') => `${addMonths(today, months).slice(0, 8)}${day}`;

/** The service with a mailer that keeps what it is given. */
function capturing(): { service: RelevesMensuelsService; sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  const mailer: Mailer = { send: async (message) => void sent.push(message) };
  return { service: serviceWith(mailer), sent };
}

function serviceWith(mailer: Mailer) {
  const releves = new RelevesService(ctx.db, ctx.app.settings);
  return new RelevesMensuelsService(ctx.db, ctx.app.settings, releves, mailer, 'http://backoffice.test', ctx.app.log);
}

async function emailOf(client: Client): Promise<string> {
  const row = await ctx.db
    .selectFrom('utilisateurs')
    .select('email')
    .where('id', '=', client.utilisateur_id)
    .executeTakeFirstOrThrow();
  return row.email;
}

const rowsOf = (client: Client) =>
  ctx.db
    .selectFrom('releves_mensuels')
    .select(['mois', 'statut', 'tentatives'])
    .where('membre_id', '=', client.id)
    .orderBy('id')
    .execute();

async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** Turns monthly statements on for the test, off again after it. */
async function withStatements(run: () => Promise<void>) {
  await putSettings({ recouvrement: { monthlyStatements: true } });
  try {
    await run();
  } finally {
    await putSettings({ recouvrement: { monthlyStatements: false } });
  }
}

describe('monthly statements by e-mail', () => {
  it('sends none while the settings leave them off (the default)', async () => {
    const client = await createClient(ctx);
    const { service, sent } = capturing();
    expect(await service.run({ today: dayIn(1) })).toMatchObject({ active: false, envoyes: 0 });
    expect(sent).toEqual([]);
    expect(await rowsOf(client)).toEqual([]);
  });

  it('sends each member the statement of the month before, its PDF attached, with the figures', async () => {
    const client = await createPaidClient(ctx, comptable.auth, banqueId, 250_000, { nom: 'Kouassi' });
    const email = await emailOf(client);
    const { du, au, mois } = releveMensuelPeriode(dayIn(1));
    await withStatements(async () => {
      const { service, sent } = capturing();
      const run = await service.run({ today: dayIn(1) });
      expect(run).toMatchObject({ active: true, echecs: 0, complete: true });
      const mine = sent.filter((m) => m.to === email);
      expect(mine).toHaveLength(1);
      const [message] = mine as [MailMessage];
      expect(message.subject).toBe(`Votre relevé de compte de ${mois}`);
      expect(message.text).toContain(`relevé de compte de ${mois}`);
      expect(message.text).toMatch(/Total versé au \d{2}\/\d{2}\/\d{4}\u00a0: 250\u202f000\u00a0FCFA\./);
      expect(message.text).toContain('http://backoffice.test/dashboard');
      expect(message.text).toContain('Société Ivoirienne d’Autopromotion');
      const [attachment] = message.attachments ?? [];
      expect(attachment?.filename).toBe(`releve-${client.code_esv}-${du}-${au}.pdf`);
      expect(attachment?.contentType).toBe('application/pdf');
      const text = await pdfText(attachment?.content as Buffer);
      expect(text).toContain(client.code_esv);
      expect(text).toContain('250 000');
      expect(await rowsOf(client)).toEqual([{ mois: du, statut: 'envoye', tentatives: 1 }]);
    });
  });

  it('sends once a month whatever the runs: twice the same day, the next days, two at once', async () => {
    const client = await createClient(ctx);
    const email = await emailOf(client);
    await withStatements(async () => {
      const { service, sent } = capturing();
      await Promise.all([service.run({ today: dayIn(2, '01') }), service.run({ today: dayIn(2, '01') })]);
      await service.run({ today: dayIn(2, '01') });
      await service.run({ today: dayIn(2, '15') });
      expect(sent.filter((m) => m.to === email)).toHaveLength(1);
      // The next month brings the next statement.
      await service.run({ today: dayIn(3, '01') });
      expect(sent.filter((m) => m.to === email).map((m) => m.subject)).toEqual([
        `Votre relevé de compte de ${releveMensuelPeriode(dayIn(2)).mois}`,
        `Votre relevé de compte de ${releveMensuelPeriode(dayIn(3)).mois}`,
      ]);
    });
  });

  it('sends none to a member who turned e-mail notices off, to an account not active, nor before he joined', async () => {
    const off = await createClient(ctx);
    const preferences = await ctx.app.inject({
      method: 'PUT',
      url: '/api/preferences',
      headers: off.auth,
      payload: { emailNotifications: false },
    });
    expect(preferences.statusCode, preferences.body).toBe(200);
    const suspended = await createClient(ctx);
    await ctx.db
      .updateTable('utilisateurs')
      .set({ statut: 'suspendu' })
      .where('id', '=', suspended.utilisateur_id)
      .execute();
    const later = await createClient(ctx);
    await ctx.db
      .updateTable('membres')
      .set({ date_inscription: dayIn(4, '02') })
      .where('id', '=', later.id)
      .execute();
    const on = await createClient(ctx);
    await withStatements(async () => {
      const { service, sent } = capturing();
      await service.run({ today: dayIn(4, '05') });
      const to = new Set(sent.map((m) => m.to));
      expect(to.has(await emailOf(on))).toBe(true);
      expect(to.has(await emailOf(off))).toBe(false);
      expect(to.has(await emailOf(suspended))).toBe(false);
      expect(to.has(await emailOf(later))).toBe(false);
      // He joined during the next statement's month: it is his first.
      await service.run({ today: dayIn(5, '05') });
      const laterEmail = await emailOf(later);
      expect(sent.filter((m) => m.to === laterEmail).map((m) => m.subject)).toEqual([
        `Votre relevé de compte de ${releveMensuelPeriode(dayIn(5)).mois}`,
      ]);
    });
  });

  it('records a refused send and sends it at a next run, three attempts in all', async () => {
    const client = await createClient(ctx);
    const broken: Mailer = {
      send: async () => {
        throw new Error('SMTP indisponible');
      },
    };
    await withStatements(async () => {
      const day = dayIn(6);
      expect(await serviceWith(broken).run({ today: day })).toMatchObject({ envoyes: 0 });
      expect((await rowsOf(client)).map((r) => [r.statut, r.tentatives])).toEqual([['echec', 1]]);
      const { service, sent } = capturing();
      await service.run({ today: day });
      expect((await rowsOf(client)).map((r) => [r.statut, r.tentatives])).toEqual([['envoye', 2]]);
      const email = await emailOf(client);
      expect(sent.filter((m) => m.to === email)).toHaveLength(1);

      const other = dayIn(7);
      for (let attempt = 0; attempt < 4; attempt += 1) await serviceWith(broken).run({ today: other });
      const rows = await rowsOf(client);
      expect(rows.at(-1)).toMatchObject({ statut: 'echec', tentatives: 3 });
    });
  });

  it('writes the PDF into the saved e-mail when no SMTP server is set', async () => {
    const client = await createClient(ctx);
    const email = await emailOf(client);
    await withStatements(async () => {
      const mailer = createMailer({ from: 'Test <test@example.test>', dataDir: ctx.dataDir, log: ctx.app.log });
      await serviceWith(mailer).run({ today: dayIn(8) });
    });
    const folder = path.join(ctx.dataDir, 'mail');
    const files = (await readdir(folder)).filter((f) => f.endsWith(`-${email}.eml`));
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(folder, files[0] as string), 'utf8');
    expect(eml).toContain('Content-Type: application/pdf');
    expect(eml).toContain(`releve-${client.code_esv}-`);
  });
});

describe('the daily job sends them with the reminders', () => {
  it('sends the month’s statement when the server starts with REMINDERS on, once whatever the restarts', async () => {
    const client = await createClient(ctx);
    const email = await emailOf(client);
    // He joined before last month began: last month's statement is due today.
    await ctx.db
      .updateTable('membres')
      .set({ date_inscription: releveMensuelPeriode(today).du })
      .where('id', '=', client.id)
      .execute();
    await withStatements(async () => {
      const server = await buildApp({
        config: testConfig(ctx.dataDir, { reminders: true }),
        db: ctx.db,
        logger: false,
      });
      await server.ready();
      await vi.waitFor(
        async () =>
          expect(await rowsOf(client)).toEqual([
            { mois: releveMensuelPeriode(today).du, statut: 'envoye', tentatives: 1 },
          ]),
        { timeout: 15_000 },
      );
      await server.close();

      const { service, sent } = capturing();
      const job = new DailyMailJob([service], () => todayInCompany(ctx.db), ctx.app.log);
      await job.run();
      await job.stop();
      expect(sent.filter((m) => m.to === email)).toEqual([]);
    });
  });
});
