import { MESSAGES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, buildTestApp, createAccount, lastMail, login, PASSWORD, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /api/personnel-auth/login', () => {
  it('signs in with e-mail and answers the profile and tokens, never the password hash', async () => {
    const account = await createAccount(ctx.db, { role: 'comptable' });
    const response = await login(ctx.app, account.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.personnel).toMatchObject({
      id: account.id,
      email: account.email,
      role: 'comptable',
      prenom: 'Awa',
    });
    expect(body.data.token.split('.')).toHaveLength(3);
    expect(body.data.refreshToken.length).toBeGreaterThan(30);
    expect(body.data.must_change_password).toBe(false);
    expect(response.body).not.toContain('password_hash');
    expect(response.body).not.toContain('scrypt$');
  });

  it('signs in with the employee code', async () => {
    const account = await createAccount(ctx.db, { role: 'gestionnaire' });
    const response = await login(ctx.app, account.code_employe ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.personnel.id).toBe(account.id);
  });

  it('signs in on the member path too', async () => {
    const account = await createAccount(ctx.db, { role: 'membre' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/membre-auth/login',
      payload: { identifier: account.email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.personnel.role).toBe('membre');
  });

  it('answers the same 401 message for an unknown account and a wrong password', async () => {
    const account = await createAccount(ctx.db, { role: 'admin' });
    const unknown = await login(ctx.app, 'personne@nulle-part.test', PASSWORD);
    const wrong = await login(ctx.app, account.email, 'Mauvais@2026');
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        message: MESSAGES.badCredentials,
        code: 'INVALID_CREDENTIALS',
      });
    }
  });

  it('refuses a missing identifier or password with French field messages', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/personnel-auth/login',
      payload: { identifier: ' ' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors.identifier).toBe('Veuillez saisir votre identifiant');
    expect(body.errors.password).toBe('Veuillez saisir votre mot de passe');
  });

  it('refuses malformed JSON with a 400 in the error shape', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/personnel-auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"identifier":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('refuses an inactive or suspended account, even with the right password', async () => {
    for (const statut of ['inactif', 'suspendu'] as const) {
      const account = await createAccount(ctx.db, { role: 'commercial', statut });
      const response = await login(ctx.app, account.email);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('ACCOUNT_DISABLED');
    }
  });

  it('locks the account after the settings number of failures: the right password is refused the same way, the owner is told', async () => {
    const account = await createAccount(ctx.db, { role: 'gestionnaire' });
    for (let i = 0; i < 5; i++) {
      const response = await login(ctx.app, account.email, 'Faux@Mot2026');
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(MESSAGES.badCredentials);
    }
    const locked = await login(ctx.app, account.email);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual({ success: false, message: MESSAGES.badCredentials, code: 'INVALID_CREDENTIALS' });
    expect(await lastMail(ctx.dataDir, account.email)).toContain('verrouillé pendant 15 minutes');
    const reasons = (await auditRows(ctx.db, { user_id: account.id })).map(
      (r) => (r.new_values as { reason: string }).reason,
    );
    expect(reasons).toEqual([...Array(4).fill('bad_password'), 'bad_password_locked', 'locked']);

    // Once the 15 minutes are over, the right password works again and the counter restarts.
    await ctx.db
      .updateTable('utilisateurs')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('id', '=', account.id)
      .execute();
    expect((await login(ctx.app, account.email)).statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('utilisateurs')
      .selectAll()
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.failed_login_count).toBe(0);
    expect(row.locked_until).toBeNull();
  });

  it('does not let a right password slip through a burst of parallel wrong ones', async () => {
    const account = await createAccount(ctx.db, { role: 'admin' });
    const attempts = [
      ...Array.from({ length: 12 }, () => login(ctx.app, account.email, 'Faux@Mot2026')),
      login(ctx.app, account.email),
    ];
    await Promise.all(attempts);
    // However the 13 attempts interleave, at least 5 failures follow the last accepted sign-in,
    // so the account must end locked: a success must never clear a lock set meanwhile.
    const row = await ctx.db
      .selectFrom('utilisateurs')
      .selectAll()
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.locked_until?.getTime()).toBeGreaterThan(Date.now());
    expect((await login(ctx.app, account.email)).statusCode).toBe(401);
  });

  it('follows the loginAttempts setting', async () => {
    const admin = await createAccount(ctx.db, { role: 'admin' });
    const token = (await login(ctx.app, admin.email)).json().data.token;
    const setAttempts = (loginAttempts: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: { authorization: `Bearer ${token}` },
        payload: { security: { loginAttempts } },
      });
    expect((await setAttempts(3)).statusCode).toBe(200);
    try {
      const account = await createAccount(ctx.db, { role: 'comptable' });
      for (let i = 0; i < 3; i++) await login(ctx.app, account.email, 'Faux@Mot2026');
      const row = await ctx.db
        .selectFrom('utilisateurs')
        .select('locked_until')
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
      expect(row.locked_until?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
      expect((await login(ctx.app, account.email)).statusCode).toBe(401);
    } finally {
      await setAttempts(5);
    }
  });

  it('writes LOGIN_SUCCESS and LOGIN_FAILED to the audit journal with IP and user agent', async () => {
    const account = await createAccount(ctx.db, { role: 'comptable' });
    await login(ctx.app, account.email, 'Faux@Mot2026');
    await login(ctx.app, account.email);
    const rows = await auditRows(ctx.db, { user_id: account.id });
    expect(rows.map((r) => r.action)).toEqual(['LOGIN_FAILED', 'LOGIN_SUCCESS']);
    for (const row of rows) {
      expect(row.ip_address).toBe('127.0.0.1');
      expect(row.user_agent).toBe('vitest-agent');
      expect(row.table_name).toBe('utilisateurs');
    }
    const unknown = await login(ctx.app, 'inconnu.audit@nulle-part.test');
    expect(unknown.statusCode).toBe(401);
    const failed = await auditRows(ctx.db, { action: 'LOGIN_FAILED' });
    expect(failed.some((r) => JSON.stringify(r.new_values).includes('inconnu.audit@nulle-part.test'))).toBe(true);
  });

  it('records the last sign-in date', async () => {
    const account = await createAccount(ctx.db, { role: 'membre' });
    await login(ctx.app, account.email);
    const row = await ctx.db
      .selectFrom('utilisateurs')
      .select('date_derniere_connexion')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.date_derniere_connexion).toBeInstanceOf(Date);
  });
});

describe('login rate limit', () => {
  it('shares one budget between the staff and member sign-in paths and ignores a forged X-Forwarded-For', async () => {
    const limited = await buildTestApp({ loginRateLimit: 3 });
    try {
      const statuses: number[] = [];
      for (const [i, url] of ['/api/personnel-auth/login', '/api/membre-auth/login'].flatMap((u) => [u, u]).entries()) {
        const response = await limited.app.inject({
          method: 'POST',
          url,
          payload: { identifier: 'x@y.test', password: 'Faux@2026' },
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  it('answers 429 with the French message after the per-IP limit', async () => {
    const limited = await buildTestApp({ loginRateLimit: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await login(limited.app, 'x@y.test', 'Faux@2026')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const response = await login(limited.app, 'x@y.test', 'Faux@2026');
      expect(response.json()).toMatchObject({
        success: false,
        code: 'RATE_LIMITED',
        message: MESSAGES.tooManyRequests,
      });
    } finally {
      await limited.close();
    }
  });
});
