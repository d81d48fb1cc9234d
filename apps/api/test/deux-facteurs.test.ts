import { DEUX_FACTEURS_MESSAGES, RECOVERY_CODES_COUNT } from '@app/shared';
import { generateSync } from 'otplib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  auditRows,
  buildTestApp,
  createAccount,
  login,
  loginAs,
  PASSWORD,
  ROLES_ALL,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
/** An admin signed in before the setting goes on: he can turn it off again. */
let adminAuth: Record<string, string>;
beforeAll(async () => {
  ctx = await buildTestApp();
  adminAuth = (await loginAs(ctx, 'admin')).auth;
});
afterAll(async () => {
  await ctx.close();
});

// The clock stands still 5 s into a 30-second step, and the tests move it: a code never goes
// stale between its computing and its checking, however slow the machine.
const STEP_MS = 30_000;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Math.floor(Date.now() / STEP_MS) * STEP_MS + 5_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

type Headers = Record<string, string>;

const enrol = (auth: Headers) =>
  ctx.app.inject({ method: 'POST', url: '/api/personnel-auth/2fa/enrolement', headers: auth });
const activate = (auth: Headers, code: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/personnel-auth/2fa/activation', headers: auth, payload: { code } });
const verification = (jeton_2fa: string, code: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/personnel-auth/2fa/verification',
    payload: { jeton_2fa, code },
    remoteAddress,
  });
const reset = (auth: Headers, id: number) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/utilisateurs/${id}/2fa`, headers: auth });
const setTwoFactorAuth = async (twoFactorAuth: boolean) => {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: adminAuth,
    payload: { security: { twoFactorAuth } },
  });
  expect(response.statusCode, response.body).toBe(200);
};

/** The code of the authenticator app, `steps` periods of 30 s from now (one either side is accepted). */
const codeAt = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** An account enrolled with two factors (its first code, of the current step, is spent): its secret and recovery codes. */
async function enrolled(role: Parameters<typeof loginAs>[1] = 'comptable') {
  const { account, auth } = await loginAs(ctx, role);
  const { secret } = (await enrol(auth)).json().data as { secret: string };
  const activation = await activate(auth, codeAt(secret));
  expect(activation.statusCode).toBe(200);
  return { account, auth, secret, codes: activation.json().data.codes_secours as string[] };
}

/** The code step's token of a sign-in with the right password. */
async function passwordStep(email: string, remoteAddress = '127.0.0.1') {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/personnel-auth/login',
    payload: { identifier: email, password: PASSWORD },
    remoteAddress,
  });
  expect(response.statusCode).toBe(200);
  const data = response.json().data;
  expect(data).toEqual({ deux_facteurs_requis: true, jeton_2fa: expect.any(String) });
  return data.jeton_2fa as string;
}

describe('enrolment', () => {
  it('is open to every role, and the reset to the admin only', async () => {
    const target = await createAccount(ctx.db, { role: 'commercial' });
    for (const role of ROLES_ALL) {
      const { auth } = await loginAs(ctx, role);
      const enrolment = await enrol(auth);
      expect(enrolment.statusCode, role).toBe(200);
      expect((await reset(auth, target.id)).statusCode, role).toBe(role === 'admin' ? 409 : 403);
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/api/personnel-auth/2fa/enrolement' })).statusCode).toBe(401);
  });

  it('gives a secret, its otpauth address and QR code; a first right code activates it with ten recovery codes', async () => {
    const { account, auth } = await loginAs(ctx, 'gestionnaire');
    const response = await enrol(auth);
    expect(response.headers['cache-control']).toBe('no-store');
    const { secret, otpauth_url, qr_code } = response.json().data;
    expect(otpauth_url).toBe(
      `otpauth://totp/Autopromotion:${encodeURIComponent(account.email)}?secret=${secret}&issuer=Autopromotion`,
    );
    expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    // Stored sealed: the database alone does not give the codes.
    const row = await ctx.db
      .selectFrom('utilisateurs')
      .select(['totp_secret', 'totp_active_at'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);
    expect(row.totp_active_at).toBeNull();

    const wrong = await activate(auth, codeAt(secret, 10));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: DEUX_FACTEURS_MESSAGES.enrolmentCodeInvalid });
    expect((await activate(auth, '12345')).statusCode).toBe(400);

    const activation = await activate(auth, codeAt(secret));
    expect(activation.statusCode).toBe(200);
    const codes = activation.json().data.codes_secours as string[];
    expect(codes).toHaveLength(RECOVERY_CODES_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODES_COUNT);
    const stored = await ctx.db
      .selectFrom('codes_secours')
      .select('code_hash')
      .where('utilisateur_id', '=', account.id)
      .execute();
    expect(stored).toHaveLength(RECOVERY_CODES_COUNT);
    expect(stored.map((row) => row.code_hash)).not.toContain(codes[0]);
    expect(await auditRows(ctx.db, { action: 'DEUX_FACTEURS_ACTIVES', user_id: account.id })).toHaveLength(1);

    const profile = await ctx.app.inject({ method: 'GET', url: '/api/personnel-auth/profile', headers: auth });
    expect(profile.json().data).toMatchObject({ deux_facteurs: true, deux_facteurs_a_activer: false });
    expect((await enrol(auth)).statusCode).toBe(409);
    expect((await activate(auth, codeAt(secret, 1))).statusCode).toBe(409);
  });

  it('refuses an activation before any scan', async () => {
    const { auth } = await loginAs(ctx, 'commercial');
    const response = await activate(auth, '123456');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(DEUX_FACTEURS_MESSAGES.noEnrolment);
  });
});

describe('signing in with two factors', () => {
  it('asks for the code after the password, then opens the session; the pending sign-in serves once', async () => {
    const { account, secret } = await enrolled();
    const jeton = await passwordStep(account.email);
    // The current step's code served the activation: the next one (a phone a little ahead) signs in.
    const signedIn = await verification(jeton, codeAt(secret, 1));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const data = signedIn.json().data;
    expect(data).toMatchObject({ token: expect.any(String), personnel: { id: account.id, deux_facteurs: true } });
    // The refresh of that session never asks again.
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/personnel-auth/refresh-token',
      payload: { refreshToken: data.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(await auditRows(ctx.db, { action: 'LOGIN_2FA_REQUESTED', user_id: account.id })).toHaveLength(1);
    const success = await auditRows(ctx.db, { action: 'LOGIN_SUCCESS', user_id: account.id });
    expect(success.at(-1)?.new_values).toEqual({ deux_facteurs: 'totp' });

    vi.setSystemTime(Date.now() + STEP_MS);
    const again = await verification(jeton, codeAt(secret, 1));
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'SESSION_EXPIRED', message: DEUX_FACTEURS_MESSAGES.challengeExpired });
  });

  it('refuses a code already used, even within its window, and takes the next one', async () => {
    const { account, secret } = await enrolled();
    const code = codeAt(secret, 1);
    expect((await verification(await passwordStep(account.email), code)).statusCode).toBe(200);
    const reused = await verification(await passwordStep(account.email), code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ code: 'CODE_2FA_INVALIDE', message: DEUX_FACTEURS_MESSAGES.codeInvalid });
    // An earlier step's code, still within the window, is refused too.
    expect((await verification(await passwordStep(account.email), codeAt(secret, -1))).statusCode).toBe(401);
    vi.setSystemTime(Date.now() + STEP_MS);
    expect((await verification(await passwordStep(account.email), codeAt(secret, 1))).statusCode).toBe(200);
  });

  it('takes each recovery code once, typed in any case and with or without its dash', async () => {
    const { account, codes } = await enrolled();
    const [first = '', second = ''] = codes;
    const typed = `${first.slice(0, 5).toLowerCase()}-${first.slice(5).toLowerCase()}`;
    expect((await verification(await passwordStep(account.email), typed)).statusCode).toBe(200);
    const success = await auditRows(ctx.db, { action: 'LOGIN_SUCCESS', user_id: account.id });
    expect(success.at(-1)?.new_values).toEqual({ deux_facteurs: 'code_secours', codes_restants: 9 });
    expect((await verification(await passwordStep(account.email), first)).statusCode).toBe(401);
    expect((await verification(await passwordStep(account.email), second)).statusCode).toBe(200);
    // Another account's code is not one of his.
    const other = await enrolled();
    expect((await verification(await passwordStep(account.email), other.codes[0] ?? '')).statusCode).toBe(401);
  });

  it('refuses an expired pending sign-in, and bad input in French', async () => {
    const { account, secret } = await enrolled();
    const jeton = await passwordStep(account.email);
    await ctx.db
      .updateTable('connexions_deux_facteurs')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('utilisateur_id', '=', account.id)
      .execute();
    const expired = await verification(jeton, codeAt(secret, 1));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(DEUX_FACTEURS_MESSAGES.challengeExpired);
    expect((await verification('inconnu', codeAt(secret, 1))).statusCode).toBe(401);
    const garbage = await verification(await passwordStep(account.email), 'abc');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toMatch(/^Saisissez les 6 chiffres/);
  });

  it('counts wrong codes toward the sign-in throttle, which a right password does not reset', async () => {
    const address = '203.0.113.77';
    const { account, secret } = await enrolled();
    const wrong = () => codeAt(secret, 20);
    for (let i = 0; i < 4; i++) {
      expect((await verification(await passwordStep(account.email, address), wrong(), address)).statusCode).toBe(401);
    }
    // The fifth wrong code locks the address; the right code is then refused too.
    const jeton = await passwordStep(account.email, address);
    expect((await verification(jeton, wrong(), address)).statusCode).toBe(401);
    const locked = await verification(jeton, codeAt(secret, 1), address);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().message).toBe(DEUX_FACTEURS_MESSAGES.locked);
    const failures = await auditRows(ctx.db, { action: 'LOGIN_FAILED', user_id: account.id });
    expect(failures.map((row) => (row.new_values as { reason: string }).reason)).toEqual([
      'bad_2fa_code',
      'bad_2fa_code',
      'bad_2fa_code',
      'bad_2fa_code',
      'bad_2fa_code_locked',
      'locked',
    ]);
    // From elsewhere the owner still signs in.
    expect((await verification(await passwordStep(account.email), codeAt(secret, 1))).statusCode).toBe(200);
  });
});

describe('required of admins and comptables when the setting is on', () => {
  it('lets a comptable without two factors reach only the enrolment, then everything once enrolled', async () => {
    await setTwoFactorAuth(true);
    try {
      const comptable = await createAccount(ctx.db, { role: 'comptable' });
      const signIn = await login(ctx.app, comptable.email);
      expect(signIn.statusCode).toBe(200);
      const { token, refreshToken, personnel } = signIn.json().data;
      expect(personnel).toMatchObject({ deux_facteurs: false, deux_facteurs_a_activer: true });
      const auth = { authorization: `Bearer ${token}` };
      const blocked = await ctx.app.inject({ method: 'GET', url: '/api/versements', headers: auth });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toMatchObject({
        code: 'DEUX_FACTEURS_A_ACTIVER',
        message: DEUX_FACTEURS_MESSAGES.required,
      });
      const refreshed = await ctx.app.inject({
        method: 'POST',
        url: '/api/personnel-auth/refresh-token',
        payload: { refreshToken },
      });
      expect(refreshed.json().profile.deux_facteurs_a_activer).toBe(true);

      const { secret } = (await enrol(auth)).json().data;
      expect((await activate(auth, codeAt(secret))).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/versements', headers: auth })).statusCode).toBe(200);

      // The roles it is only offered to sign in as before.
      const commercial = await createAccount(ctx.db, { role: 'commercial' });
      const other = (await login(ctx.app, commercial.email)).json().data;
      expect(other.personnel.deux_facteurs_a_activer).toBe(false);
    } finally {
      await setTwoFactorAuth(false);
    }
  });
});

describe("an admin's reset of a lost second factor", () => {
  it('removes it, tells the owner by e-mail, and his next sign-in asks the password only', async () => {
    const { account } = await enrolled('commercial');
    const { account: admin, auth } = await loginAs(ctx, 'admin');
    const response = await reset(auth, account.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(DEUX_FACTEURS_MESSAGES.reset);
    await ctx.mail.waitFor(account.email, /Double authentification de votre compte réinitialisée/);
    const audit = await auditRows(ctx.db, { action: 'DEUX_FACTEURS_REINITIALISES', user_id: admin.id });
    expect(audit.map((row) => row.record_id)).toEqual([String(account.id)]);
    const codesLeft = await ctx.db
      .selectFrom('codes_secours')
      .select('id')
      .where('utilisateur_id', '=', account.id)
      .execute();
    expect(codesLeft).toHaveLength(0);
    const signIn = (await login(ctx.app, account.email)).json().data;
    expect(signIn.token).toEqual(expect.any(String));

    expect((await reset(auth, account.id)).statusCode).toBe(409);
    expect((await reset(auth, 999_999)).statusCode).toBe(404);
  });
});
