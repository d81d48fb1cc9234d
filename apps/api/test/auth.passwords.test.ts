import { MESSAGES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESET_REQUEST_MIN_MS } from '../src/modules/auth/auth.service.ts';
import {
  auditRows,
  buildTestApp,
  createAccount,
  login,
  loginAs,
  mailedCode,
  PASSWORD,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });

describe('change password', () => {
  it('changes the password, ends the other sessions and keeps the current one', async () => {
    const first = await loginAs(ctx, 'comptable');
    const other = (await login(ctx.app, first.account.email)).json().data;
    const response = await post(
      '/api/personnel-auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'Nouveau#2026' },
      first.auth,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.passwordChanged);
    const profileOf = (token: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/personnel-auth/profile',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await profileOf(first.token)).statusCode).toBe(200);
    expect((await profileOf(other.token)).statusCode).toBe(401);
    expect((await login(ctx.app, first.account.email)).statusCode).toBe(401);
    expect((await login(ctx.app, first.account.email, 'Nouveau#2026')).statusCode).toBe(200);
    expect(await auditRows(ctx.db, { user_id: first.account.id, action: 'PASSWORD_CHANGED' })).toHaveLength(1);
  });

  it('refuses a wrong current password and a password against the policy, with field messages', async () => {
    const { auth } = await loginAs(ctx, 'membre');
    const wrong = await post(
      '/api/personnel-auth/change-password',
      { currentPassword: 'Faux@2026', newPassword: 'Nouveau#2026' },
      auth,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.currentPassword).toBe(MESSAGES.currentPasswordWrong);
    const short = await post(
      '/api/personnel-auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'Ab#1' },
      auth,
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.newPassword).toBe('Le mot de passe doit contenir au moins 8 caractères');
    const plain = await post(
      '/api/personnel-auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'abcdefgh12' },
      auth,
    );
    expect(plain.json().errors.newPassword).toMatch(/caractère spécial/);
  });
});

describe('temporary password', () => {
  it('allows only the profile, the password change and logout until the password is changed', async () => {
    const { auth, account } = await loginAs(ctx, 'gestionnaire', { must_change_password: true });
    const loginAnswer = (await login(ctx.app, account.email)).json();
    expect(loginAnswer.data.must_change_password).toBe(true);
    const blocked = await ctx.app.inject({
      method: 'PUT',
      url: '/api/personnel-auth/profile',
      headers: auth,
      payload: {},
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({
      code: 'PASSWORD_CHANGE_REQUIRED',
      message: MESSAGES.passwordChangeRequired,
    });
    const ownProfile = await ctx.app.inject({ method: 'GET', url: '/api/personnel-auth/profile', headers: auth });
    expect(ownProfile.statusCode).toBe(200);
    expect(ownProfile.json().data.must_change_password).toBe(true);
    const changed = await post(
      '/api/personnel-auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'Choisi@2026' },
      auth,
    );
    expect(changed.statusCode).toBe(200);
    const after = await ctx.app.inject({
      method: 'PUT',
      url: '/api/personnel-auth/profile',
      headers: auth,
      payload: { prenom: 'Awa', nom: 'Kouamé', email: account.email, telephone: null },
    });
    expect(after.statusCode).toBe(200);
  });
});

describe('forgotten password', () => {
  it('sends a code by e-mail, resets the password with it, and the new password signs in', async () => {
    const account = await createAccount(ctx.db, { role: 'commercial' });
    const forgot = await post('/api/personnel-auth/forgot-password', { identifier: account.email });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json().message).toBe(MESSAGES.resetRequested);
    const code = await mailedCode(ctx.mail, account.email);
    const reset = await post('/api/personnel-auth/reset-password', {
      email: account.email,
      token: code,
      password: 'Retrouve@2026',
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(ctx.app, account.email)).statusCode).toBe(401);
    expect((await login(ctx.app, account.email, 'Retrouve@2026')).statusCode).toBe(200);
    const actions = (await auditRows(ctx.db, { user_id: account.id })).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['PASSWORD_RESET_REQUESTED', 'PASSWORD_RESET']));
  });

  it('works on the member paths with otp_code and new_password, and ends open sessions', async () => {
    const { account, token } = await loginAs(ctx, 'membre');
    expect((await post('/api/membre-auth/forgot-password', { email: account.email })).statusCode).toBe(200);
    const code = await mailedCode(ctx.mail, account.email);
    const reset = await post('/api/membre-auth/reset-password-otp', {
      email: account.email,
      otp_code: code,
      new_password: 'Membre@2026',
    });
    expect(reset.statusCode).toBe(200);
    const old = await ctx.app.inject({
      method: 'GET',
      url: '/api/personnel-auth/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(old.statusCode).toBe(401);
    expect((await login(ctx.app, account.email, 'Membre@2026')).statusCode).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const response = await post('/api/membre-auth/forgot-password', { email: 'personne@nulle-part.test' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.resetRequested);
    // A code is handed to the mailer before the answer: none was.
    expect(ctx.mail.to('personne@nulle-part.test')).toEqual([]);
  });

  it('answers a known and an unknown address in the same time, never before the floor, and journals both', async () => {
    const account = await createAccount(ctx.db, { role: 'comptable' });
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await post('/api/personnel-auth/forgot-password', { email });
      expect(response.json()).toEqual({ success: true, message: MESSAGES.resetRequested });
      return performance.now() - started;
    };
    // The known address's own work made 30 ms longer (its code handed to the mailer slowly): the
    // floor must hide that, a difference far above the few milliseconds a loaded machine adds to
    // either answer, where the work's own difference would not be.
    const extraMs = 30;
    const handOver = ctx.mail.send.bind(ctx.mail);
    const slower = vi.spyOn(ctx.mail, 'send').mockImplementation((message) => {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, extraMs);
      return handOver(message);
    });
    const known: number[] = [];
    const unknown: number[] = [];
    try {
      for (let i = 0; i < 20; i++) {
        known.push(await timed(account.email));
        unknown.push(await timed(`inconnu.${i}.${account.id}@nulle-part.test`));
      }
    } finally {
      slower.mockRestore();
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length / 2] ?? 0;
    expect(median(known)).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS);
    expect(median(unknown)).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS);
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(extraMs / 2);

    const requests = await auditRows(ctx.db, { action: 'PASSWORD_RESET_REQUESTED' });
    expect(requests.filter((r) => r.user_id === account.id)).toHaveLength(20);
    const unknownRow = requests.find((r) => JSON.stringify(r.new_values).includes(`inconnu.0.${account.id}@`));
    expect(unknownRow?.new_values).toMatchObject({ reason: 'unknown_account' });
  });

  it('refuses a reused code', async () => {
    const account = await createAccount(ctx.db, { role: 'admin' });
    await post('/api/personnel-auth/forgot-password', { email: account.email });
    const code = await mailedCode(ctx.mail, account.email);
    const body = { email: account.email, token: code, password: 'Premier@2026' };
    expect((await post('/api/personnel-auth/reset-password', body)).statusCode).toBe(200);
    const again = await post('/api/personnel-auth/reset-password', { ...body, password: 'Second@2026' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_RESET_CODE', message: MESSAGES.resetCodeInvalid });
  });

  it('refuses an expired code', async () => {
    const account = await createAccount(ctx.db, { role: 'comptable' });
    await post('/api/personnel-auth/forgot-password', { email: account.email });
    const code = await mailedCode(ctx.mail, account.email);
    await ctx.db
      .updateTable('password_reset_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('utilisateur_id', '=', account.id)
      .execute();
    const response = await post('/api/personnel-auth/reset-password', {
      email: account.email,
      token: code,
      password: 'Expire@2026',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_RESET_CODE');
  });

  it('kills the code after 5 wrong tries, even for the right code afterwards', async () => {
    const account = await createAccount(ctx.db, { role: 'gestionnaire' });
    await post('/api/personnel-auth/forgot-password', { email: account.email });
    const code = await mailedCode(ctx.mail, account.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await post('/api/personnel-auth/reset-password', {
        email: account.email,
        token: wrong,
        password: 'Essai@2026',
      });
      expect(r.statusCode).toBe(400);
    }
    const right = await post('/api/personnel-auth/reset-password', {
      email: account.email,
      token: code,
      password: 'Essai@2026',
    });
    expect(right.statusCode).toBe(400);
  });

  it('answers an unknown address exactly like a known one with a wrong code', async () => {
    const account = await createAccount(ctx.db, { role: 'commercial' });
    const weak = { token: '123456', password: 'court' };
    const known = await post('/api/personnel-auth/reset-password', { ...weak, email: account.email });
    const unknown = await post('/api/personnel-auth/reset-password', { ...weak, email: 'personne@nulle-part.test' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    const strong = { token: '123456', password: 'Valable@2026' };
    const knownStrong = await post('/api/personnel-auth/reset-password', { ...strong, email: account.email });
    const unknownStrong = await post('/api/personnel-auth/reset-password', {
      ...strong,
      email: 'personne@nulle-part.test',
    });
    expect(unknownStrong.json()).toEqual(knownStrong.json());
    expect(knownStrong.json().code).toBe('INVALID_RESET_CODE');
  });

  it('validates the e-mail with the spec messages', async () => {
    const empty = await post('/api/personnel-auth/forgot-password', { email: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.email).toBe('Veuillez saisir votre adresse e-mail');
    const bad = await post('/api/membre-auth/forgot-password', { email: 'pas-un-email' });
    expect(bad.json().errors.email).toBe('Veuillez saisir une adresse e-mail valide');
  });

  it('rate-limits forgot-password per IP', async () => {
    const limited = await buildTestApp({ forgotRateLimit: 2 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await limited.app.inject({
          method: 'POST',
          url: '/api/personnel-auth/forgot-password',
          payload: { email: 'a@b.test' },
        });
        statuses.push(r.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('profile', () => {
  it('saves the own profile, audits the change and ignores fields one may not set', async () => {
    const { auth, account } = await loginAs(ctx, 'commercial');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/personnel-auth/profile',
      headers: auth,
      payload: { prenom: 'Mariam', nom: 'Bamba', email: account.email, telephone: '', role: 'admin', statut: 'actif' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ prenom: 'Mariam', nom: 'Bamba', telephone: null, role: 'commercial' });
    const [row] = await auditRows(ctx.db, { user_id: account.id, action: 'updated' });
    expect(row?.old_values).not.toHaveProperty('email');
    expect(row?.old_values).toMatchObject({ prenom: 'Awa', nom: 'Kouamé' });
    expect(row?.new_values).toMatchObject({ prenom: 'Mariam', nom: 'Bamba', telephone: null });
  });

  it('tells the previous address when the e-mail changes', async () => {
    const { auth, account } = await loginAs(ctx, 'comptable');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/personnel-auth/profile',
      headers: auth,
      payload: { prenom: 'Awa', nom: 'Kouamé', email: `nouveau.${account.email}` },
    });
    expect(response.statusCode).toBe(200);
    const notice = await ctx.mail.waitFor(account.email, /^Adresse e-mail de votre compte modifiée$/);
    expect(notice.text).toContain(`remplacée par nouveau.${account.email}`);
  });

  it('refuses an e-mail used by another account with 409', async () => {
    const other = await createAccount(ctx.db, { role: 'membre' });
    const { auth } = await loginAs(ctx, 'membre');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/personnel-auth/profile',
      headers: auth,
      payload: { prenom: 'A', nom: 'B', email: other.email.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', errors: { email: MESSAGES.emailTaken } });
  });

  it('requires first name, last name and a valid e-mail', async () => {
    const { auth } = await loginAs(ctx, 'demandeur');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/personnel-auth/profile',
      headers: auth,
      payload: { prenom: ' ', nom: '', email: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      prenom: 'Le prénom est requis',
      nom: 'Le nom est requis',
      email: 'Veuillez saisir une adresse e-mail valide',
    });
  });
});
