import { Writable } from 'node:stream';
import { DEFAULT_NOTIFICATION_PREFS, DEFAULT_PREFERENCES, MESSAGES, type Role, SETTINGS_SAVED } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { SettingsService } from '../src/modules/settings/settings.service.ts';
import { buildTestApp, login, loginAs, PASSWORD, ROLES_ALL, type TestContext, testConfig } from './helpers.ts';
import {
  type Auth,
  createBanque,
  createClient,
  declare,
  rejectVersement,
  validateVersement,
  versementBody,
} from './money-helpers.ts';

let ctx: TestContext;
let tokens: Record<Role, Auth>;

beforeAll(async () => {
  ctx = await buildTestApp();
  const signedIn = await Promise.all(ROLES_ALL.map((role) => loginAs(ctx, role)));
  tokens = Object.fromEntries(signedIn.map((s, i) => [ROLES_ALL[i], s.auth])) as Record<Role, Auth>;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'PUT', url: string, headers?: Auth, payload?: object) =>
  ctx.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

/** A change of the settings by a fresh admin, so that no test's account spends another's API budget. */
async function putSettings(payload: object) {
  const { auth } = await loginAs(ctx, 'admin');
  const response = await call('PUT', '/api/settings', auth, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('rights', () => {
  it.each(ROLES_ALL)(
    'lets %s read and change the settings only if admin, and its own preferences always',
    async (role) => {
      const expected = role === 'admin' ? 200 : 403;
      expect((await call('GET', '/api/settings', tokens[role])).statusCode).toBe(expected);
      const put = await call('PUT', '/api/settings', tokens[role], { general: { slogan: `Slogan ${role}` } });
      expect(put.statusCode).toBe(expected);
      if (expected === 403) expect(put.json().message).toBe(MESSAGES.forbidden);
      expect((await call('GET', '/api/preferences', tokens[role])).statusCode).toBe(200);
      expect((await call('PUT', '/api/preferences', tokens[role], { itemsPerPage: 25 })).statusCode).toBe(200);
    },
  );

  it('answers 401 to preferences without a token', async () => {
    expect((await call('GET', '/api/preferences')).statusCode).toBe(401);
    expect((await call('PUT', '/api/preferences', undefined, { theme: 'dark' })).statusCode).toBe(401);
  });
});

describe('preferences', () => {
  it('starts from the defaults: automatic theme, 10 per page, e-mail notices on, drafts kept, every notification at once', async () => {
    const { auth } = await loginAs(ctx, 'commercial');
    const response = await call('GET', '/api/preferences', auth);
    expect(response.json().data).toEqual({
      theme: 'auto',
      itemsPerPage: 10,
      emailNotifications: true,
      autoSave: true,
      notifications: DEFAULT_NOTIFICATION_PREFS,
    });
    expect(DEFAULT_PREFERENCES).toEqual(response.json().data);
  });

  it("changes the caller's own preferences only, keeps the others, and audits the change", async () => {
    const me = await loginAs(ctx, 'gestionnaire');
    const other = await loginAs(ctx, 'gestionnaire');
    const response = await call('PUT', '/api/preferences', me.auth, { theme: 'dark' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: { theme: 'dark', itemsPerPage: 10, emailNotifications: true },
      message: SETTINGS_SAVED,
    });
    await call('PUT', '/api/preferences', me.auth, { itemsPerPage: 50 });
    await call('PUT', '/api/preferences', me.auth, { notifications: { newDemande: false, emailFrequency: 'daily' } });
    await call('PUT', '/api/preferences', me.auth, { autoSave: false });
    expect((await call('GET', '/api/preferences', me.auth)).json().data).toEqual({
      theme: 'dark',
      itemsPerPage: 50,
      emailNotifications: true,
      autoSave: false,
      notifications: { ...DEFAULT_NOTIFICATION_PREFS, newDemande: false, emailFrequency: 'daily' },
    });
    expect((await call('GET', '/api/preferences', other.auth)).json().data).toEqual(DEFAULT_PREFERENCES);

    const audit = await ctx.db
      .selectFrom('audit')
      .select(['user_id', 'record_id', 'old_values', 'new_values'])
      .where('table_name', '=', 'preferences')
      .where('record_id', '=', String(me.account.id))
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        user_id: me.account.id,
        record_id: String(me.account.id),
        old_values: { theme: 'auto' },
        new_values: { theme: 'dark' },
      },
      {
        user_id: me.account.id,
        record_id: String(me.account.id),
        old_values: { itemsPerPage: 10 },
        new_values: { itemsPerPage: 50 },
      },
      {
        user_id: me.account.id,
        record_id: String(me.account.id),
        old_values: { 'notifications.newDemande': true, 'notifications.emailFrequency': 'immediate' },
        new_values: { 'notifications.newDemande': false, 'notifications.emailFrequency': 'daily' },
      },
      {
        user_id: me.account.id,
        record_id: String(me.account.id),
        old_values: { autoSave: true },
        new_values: { autoSave: false },
      },
    ]);
  });

  it('writes no audit row for a change that changes nothing', async () => {
    const me = await loginAs(ctx, 'membre');
    expect((await call('PUT', '/api/preferences', me.auth, { theme: 'auto' })).statusCode).toBe(200);
    const rows = await ctx.db
      .selectFrom('audit')
      .select('id')
      .where('table_name', '=', 'preferences')
      .where('record_id', '=', String(me.account.id))
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a value outside the lists with a 400 in French, changing nothing', async () => {
    const me = await loginAs(ctx, 'comptable');
    const cases: [object, string, string][] = [
      [{ itemsPerPage: 7 }, 'itemsPerPage', 'Choisissez 5, 10, 25 ou 50 éléments par page'],
      [{ itemsPerPage: '10' }, 'itemsPerPage', 'Choisissez 5, 10, 25 ou 50 éléments par page'],
      [{ theme: 'sombre' }, 'theme', 'Thème inconnu'],
      [{ emailNotifications: 'oui' }, 'emailNotifications', ''],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('PUT', '/api/preferences', me.auth, payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors[field], field).toMatch(message || /./);
    }
    expect((await call('GET', '/api/preferences', me.auth)).json().data).toEqual(DEFAULT_PREFERENCES);
  });
});

describe('company settings', () => {
  it('holds the time zone (Abidjan by default) and the monthly target (none by default), the target kept from visitors', async () => {
    const before = (await call('GET', '/api/settings', tokens.admin)).json().data.general;
    expect(before).toMatchObject({ timeZone: 'Africa/Abidjan', monthlyTarget: 0 });
    await putSettings({ general: { timeZone: 'Africa/Douala', monthlyTarget: 15_000_000 } });
    try {
      const after = (await call('GET', '/api/settings', tokens.admin)).json().data.general;
      expect(after).toMatchObject({
        timeZone: 'Africa/Douala',
        monthlyTarget: 15_000_000,
        companyName: before.companyName,
      });
      const visible = (await call('GET', '/api/settings/public')).json().data.general;
      expect(visible.timeZone).toBe('Africa/Douala');
      expect(visible).not.toHaveProperty('monthlyTarget');
    } finally {
      await putSettings({ general: { timeZone: before.timeZone, monthlyTarget: before.monthlyTarget } });
    }
  });

  it('refuses a negative, fractional or too large target and an unknown time zone with a 400 in French', async () => {
    const cases: [object, string][] = [
      [{ monthlyTarget: -1 }, 'general.monthlyTarget'],
      [{ monthlyTarget: 1000.5 }, 'general.monthlyTarget'],
      [{ monthlyTarget: 1_000_000_000_001 }, 'general.monthlyTarget'],
      [{ timeZone: 'Europe/Paris' }, 'general.timeZone'],
    ];
    for (const [general, field] of cases) {
      const response = await call('PUT', '/api/settings', tokens.admin, { general });
      expect(response.statusCode, JSON.stringify(general)).toBe(400);
      expect(response.json().errors[field], JSON.stringify(general)).toMatch(
        field === 'general.timeZone' ? 'Fuseau horaire inconnu' : /^L’objectif mensuel est un montant entier/,
      );
    }
  });

  it('reads a group stored before the new keys existed with their defaults', async () => {
    const stored = { companyName: 'Ancienne SA', slogan: '', address: '', phone: '', email: '' };
    const db = ctx.db;
    const before = await db.selectFrom('settings').selectAll().where('grp', '=', 'general').executeTakeFirst();
    await db
      .insertInto('settings')
      .values({ grp: 'general', value: JSON.stringify(stored), updated_by: null })
      .onConflict((oc) => oc.column('grp').doUpdateSet({ value: JSON.stringify(stored) }))
      .execute();
    try {
      const general = (await new SettingsService(db).get()).general;
      expect(general).toEqual({ ...stored, timeZone: 'Africa/Abidjan', monthlyTarget: 0 });
    } finally {
      if (before)
        await db
          .updateTable('settings')
          .set({ value: JSON.stringify(before.value) })
          .where('grp', '=', 'general')
          .execute();
      else await db.deleteFrom('settings').where('grp', '=', 'general').execute();
    }
  });
});

describe('enforced settings', () => {
  const changePassword = (auth: Auth, newPassword: string, currentPassword = PASSWORD) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/personnel-auth/change-password',
      headers: auth,
      payload: { currentPassword, newPassword },
    });

  it('refuses a password shorter than a raised minimum, and one without a special character only while they are required', async () => {
    await putSettings({ security: { passwordMinLength: 12, requireSpecialChars: true } });
    try {
      const { auth } = await loginAs(ctx, 'commercial');
      const short = await changePassword(auth, 'Court#2026');
      expect(short.statusCode).toBe(400);
      expect(JSON.stringify(short.json())).toContain('au moins 12 caractères');
      const plain = await changePassword(auth, 'Simplement2026');
      expect(plain.statusCode).toBe(400);
      expect(JSON.stringify(plain.json())).toContain('caractère spécial');

      await putSettings({ security: { requireSpecialChars: false } });
      expect((await changePassword(auth, 'Simplement2026')).statusCode).toBe(200);
    } finally {
      await putSettings({ security: { passwordMinLength: 8, requireSpecialChars: true } });
    }
  });

  it('in maintenance mode answers 503 in French to every role but admin, preferences included; the public settings stay readable', async () => {
    await putSettings({ system: { maintenanceMode: true } });
    try {
      for (const role of ROLES_ALL) {
        const response = await call('GET', '/api/preferences', tokens[role]);
        expect(response.statusCode, role).toBe(role === 'admin' ? 200 : 503);
        if (role !== 'admin')
          expect(response.json()).toMatchObject({ code: 'MAINTENANCE', message: MESSAGES.maintenance });
      }
      expect((await call('GET', '/api/settings', tokens.admin)).statusCode).toBe(200);
      expect((await call('GET', '/api/settings/public')).statusCode).toBe(200);
    } finally {
      await putSettings({ system: { maintenanceMode: false } });
    }
    expect((await call('GET', '/api/preferences', tokens.comptable)).statusCode).toBe(200);
  });

  it('counts the hourly API limit per account: one account past it gets 429, another from the same address does not', async () => {
    await putSettings({ system: { apiRateLimit: 100 } });
    try {
      const spender = await loginAs(ctx, 'commercial');
      const bystander = await loginAs(ctx, 'commercial');
      const statuses: number[] = [];
      for (let i = 0; i < 101; i++) statuses.push((await call('GET', '/api/preferences', spender.auth)).statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(100);
      expect(statuses[100]).toBe(429);
      expect((await call('GET', '/api/preferences', bystander.auth)).statusCode).toBe(200);
    } finally {
      await putSettings({ system: { apiRateLimit: 1000 } });
    }
  });

  it("sets the server's log level (debug included) when LOG_LEVEL does not", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({
      config: testConfig(ctx.dataDir, { logLevel: undefined }),
      db: ctx.db,
      logger: { level: 'info', stream },
    });
    try {
      const { auth } = await loginAs({ ...ctx, app }, 'admin');
      const put = (logLevel: string) =>
        app.inject({ method: 'PUT', url: '/api/settings', headers: auth, payload: { system: { logLevel } } });
      expect(app.log.level).toBe('info');
      expect((await put('debug')).statusCode).toBe(200);
      expect(app.log.level).toBe('debug');
      app.log.debug('ligne de débogage');
      expect(lines.some((line) => line.includes('ligne de débogage'))).toBe(true);
      expect((await put('error')).statusCode).toBe(200);
      expect(app.log.level).toBe('error');
      lines.length = 0;
      await app.inject({ method: 'GET', url: '/api/health' });
      app.log.warn('avertissement');
      expect(lines.join('')).not.toContain('avertissement');
      await put('info');
    } finally {
      await app.close();
    }
  });
});

describe('e-mail notices', () => {
  it('tells a member his payment was validated or rejected, unless he turned e-mail notices off', async () => {
    const banque = await createBanque(ctx, tokens.comptable);
    const client = await createClient(ctx);
    const { email } = await ctx.db
      .selectFrom('utilisateurs')
      .select('email')
      .where('id', '=', client.utilisateur_id)
      .executeTakeFirstOrThrow();

    const first = await declare(ctx, client.auth, versementBody(client, banque.id, { montant: 150_000 }));
    expect((await validateVersement(ctx, tokens.comptable, first.id)).statusCode).toBe(200);
    const validated = await ctx.mail.waitFor(email, /a été validé le/);
    expect(validated.subject).toBe('Votre versement a été validé');
    expect(validated.text).toContain(`reçu n°\u00a0${first.numero_recu}`);
    expect(validated.text).toMatch(/150\s000\sFCFA/);

    const second = await declare(ctx, client.auth, versementBody(client, banque.id));
    expect((await rejectVersement(ctx, tokens.comptable, second.id, { motif: 'Reçu illisible' })).statusCode).toBe(200);
    const rejected = await ctx.mail.waitFor(email, /a été rejeté\./);
    expect(rejected.text).toContain('Motif\u00a0: Reçu illisible');

    expect((await call('PUT', '/api/preferences', client.auth, { emailNotifications: false })).statusCode).toBe(200);
    const count = ctx.mail.to(email).length;
    const third = await declare(ctx, client.auth, versementBody(client, banque.id));
    expect((await validateVersement(ctx, tokens.comptable, third.id)).statusCode).toBe(200);
    // A notice is handed to the mailer before the answer: none was.
    expect(ctx.mail.to(email)).toHaveLength(count);
  });

  it('still sends security mail (a reset code) to an account that turned notices off', async () => {
    const { auth, account } = await loginAs(ctx, 'comptable');
    await call('PUT', '/api/preferences', auth, { emailNotifications: false });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/personnel-auth/forgot-password',
      payload: { email: account.email },
    });
    expect(response.statusCode).toBe(200);
    expect((await ctx.mail.waitFor(account.email, /Code/)).text).toMatch(/Code\u00a0: \d{6}/);
    expect((await login(ctx.app, account.email)).statusCode).toBe(200);
  });
});
