import { MESSAGES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, buildTestApp, createAccount, login, PASSWORD, type TestContext } from './helpers.ts';

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

  it('counts the addresses of one IPv6 /64 as one, so a burst from many of them is limited too', async () => {
    const limited = await buildTestApp({ loginRateLimit: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 4; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/personnel-auth/login',
          payload: { identifier: 'x@y.test', password: 'Faux@2026' },
          remoteAddress: `2001:db8:1:2::${i.toString(16)}`,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const elsewhere = await limited.app.inject({
        method: 'POST',
        url: '/api/personnel-auth/login',
        payload: { identifier: 'x@y.test', password: 'Faux@2026' },
        remoteAddress: '2001:db8:1:3::1',
      });
      expect(elsewhere.statusCode).toBe(401);
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
