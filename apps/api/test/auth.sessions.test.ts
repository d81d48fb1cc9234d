import { MESSAGES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken } from '../src/modules/auth/tokens.ts';
import { auditRows, buildTestApp, login, loginAs, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const profile = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/personnel-auth/profile', headers: { authorization: `Bearer ${token}` } });
const refresh = (refreshToken: string, url = '/api/personnel-auth/refresh-token') =>
  ctx.app.inject({ method: 'POST', url, payload: { refreshToken } });

describe('access token', () => {
  it('opens the profile with a valid token', async () => {
    const { token, account } = await loginAs(ctx, 'commercial');
    const response = await profile(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: account.id, role: 'commercial' });
  });

  it('refuses a request without token with 401 and the French message', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/personnel-auth/profile' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: MESSAGES.tokenMissing, code: 'TOKEN_MISSING' });
  });

  it('refuses a forged, tampered or unsigned token', async () => {
    const { token } = await loginAs(ctx, 'admin');
    const [header, payload] = token.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ sub: '1', sid: 'x', role: 'admin' })).toString('base64url')}.${token.split('.')[2]}`;
    for (const bad of [unsigned, tampered, 'abc.def.ghi', 'nimportequoi']) {
      const response = await profile(bad);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'SESSION_EXPIRED', message: MESSAGES.sessionExpired });
    }
  });
});

describe('refresh', () => {
  it('rotates the refresh token on both paths and answers the spec fields', async () => {
    const { refreshToken, account } = await loginAs(ctx, 'gestionnaire');
    const first = await refresh(refreshToken);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      success: true,
      user: { id: account.id, email: account.email },
      profile: { id: account.id },
    });
    expect(body.refreshToken).not.toBe(refreshToken);
    expect(body.data.token).toBe(body.token);
    expect((await profile(body.token)).statusCode).toBe(200);
    const second = await refresh(body.refreshToken, '/api/personnel-auth/refresh');
    expect(second.statusCode).toBe(200);
  });

  it('rotates after a quiet spell, when the settings are read again (not from inside its transaction)', async () => {
    const { refreshToken } = await loginAs(ctx, 'commercial');
    // Past the settings' few seconds of cache: on PGlite, reading them inside the rotation's
    // transaction once waited for that transaction forever, and the whole server with it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    try {
      expect((await refresh(refreshToken)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('revokes the whole session when a rotated refresh token is presented again', async () => {
    const { refreshToken, token, account } = await loginAs(ctx, 'comptable');
    const rotated = (await refresh(refreshToken)).json();
    // Its successor has been used: the old token can only be a replay.
    const third = (await refresh(rotated.refreshToken)).json();
    const reuse = await refresh(refreshToken);
    expect(reuse.statusCode).toBe(401);
    // The thief's replay ended the session for everyone holding it.
    expect((await refresh(third.refreshToken)).statusCode).toBe(401);
    expect((await profile(third.token)).statusCode).toBe(401);
    expect((await profile(token)).statusCode).toBe(401);
    const session = await ctx.db
      .selectFrom('sessions')
      .select(['id', 'revoked_reason'])
      .where('utilisateur_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(session.revoked_reason).toBe('refresh_token_reuse');
    const revoked = await auditRows(ctx.db, { action: 'SESSION_REVOKED' });
    expect(revoked.filter((r) => r.record_id === session.id)).toHaveLength(1);
  });

  it('accepts a token again within 30 s of its rotation while its successor is unused (lost answer)', async () => {
    const { refreshToken, account } = await loginAs(ctx, 'membre');
    const results = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [first, second] = results.map((r) => r.json());
    expect(first.refreshToken).not.toBe(second.refreshToken);
    expect((await refresh(second.refreshToken)).statusCode).toBe(200);
    // Past the grace, the same old token is a replay and ends the session.
    await ctx.db
      .updateTable('session_tokens')
      .set({ used_at: new Date(Date.now() - 60_000) })
      .where('token_hash', '=', hashToken(refreshToken))
      .execute();
    expect((await refresh(refreshToken)).statusCode).toBe(401);
    const session = await ctx.db
      .selectFrom('sessions')
      .select('revoked_reason')
      .where('utilisateur_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(session.revoked_reason).toBe('refresh_token_reuse');
  });

  it('refuses a rotated token after the grace even if it is the only one presented again', async () => {
    const { refreshToken } = await loginAs(ctx, 'gestionnaire');
    const rotated = (await refresh(refreshToken)).json();
    await ctx.db
      .updateTable('session_tokens')
      .set({ used_at: new Date(Date.now() - 31_000) })
      .where('token_hash', '=', hashToken(refreshToken))
      .execute();
    expect((await refresh(refreshToken)).statusCode).toBe(401);
    expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
  });

  it('refuses an unknown or missing refresh token', async () => {
    expect((await refresh('inconnu-inconnu-inconnu')).statusCode).toBe(401);
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/personnel-auth/refresh-token', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.refreshToken).toBe(MESSAGES.refreshTokenMissing);
  });
});

describe('logout', () => {
  it('revokes the session: the access and refresh tokens stop working, LOGOUT is audited', async () => {
    const { token, refreshToken, auth, account } = await loginAs(ctx, 'admin');
    const response = await ctx.app.inject({ method: 'POST', url: '/api/personnel-auth/logout', headers: auth });
    expect(response.statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(401);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
    const rows = await auditRows(ctx.db, { user_id: account.id, action: 'LOGOUT' });
    expect(rows).toHaveLength(1);
  });

  it('ends the session named by the refresh token when the access token has expired', async () => {
    const { token, refreshToken, account } = await loginAs(ctx, 'comptable');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/personnel-auth/logout',
      headers: { authorization: 'Bearer expire.depuis.longtemps' },
      payload: { refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(401);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
    expect(await auditRows(ctx.db, { user_id: account.id, action: 'LOGOUT' })).toHaveLength(1);
  });

  it('answers logout without any token quietly and ends nothing', async () => {
    const { token } = await loginAs(ctx, 'membre');
    const response = await ctx.app.inject({ method: 'POST', url: '/api/personnel-auth/logout' });
    expect(response.statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(200);
  });

  it('keeps other sessions of the same account open', async () => {
    const first = await loginAs(ctx, 'commercial');
    const second = (await login(ctx.app, first.account.email)).json().data;
    await ctx.app.inject({ method: 'POST', url: '/api/personnel-auth/logout', headers: first.auth });
    expect((await profile(second.token)).statusCode).toBe(200);
  });
});

describe('session lifetime', () => {
  it('ends a session idle for longer than the settings session timeout', async () => {
    const { token, refreshToken, account } = await loginAs(ctx, 'gestionnaire');
    await ctx.db
      .updateTable('sessions')
      .set({ last_activity_at: new Date(Date.now() - 31 * 60_000) })
      .where('utilisateur_id', '=', account.id)
      .execute();
    expect((await profile(token)).statusCode).toBe(401);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
    const session = await ctx.db
      .selectFrom('sessions')
      .selectAll()
      .where('utilisateur_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(session.revoked_reason).toBe('inactivity');
  });

  it("leaves the inactivity clock running on a background read (the web app's polls), not on a read of the person's", async () => {
    const { token, auth, account } = await loginAs(ctx, 'gestionnaire');
    const idleSince = new Date(Date.now() - 20 * 60_000);
    const lastActivity = async () =>
      (
        await ctx.db
          .selectFrom('sessions')
          .select('last_activity_at')
          .where('utilisateur_id', '=', account.id)
          .executeTakeFirstOrThrow()
      ).last_activity_at.getTime();
    const idle = () =>
      ctx.db
        .updateTable('sessions')
        .set({ last_activity_at: idleSince })
        .where('utilisateur_id', '=', account.id)
        .execute();
    const headers = { ...auth, 'x-lecture-de-fond': '1' };
    await idle();
    const poll = await ctx.app.inject({ method: 'GET', url: '/api/notifications?limit=10', headers });
    expect(poll.statusCode).toBe(200);
    expect(await lastActivity()).toBe(idleSince.getTime());
    // A change is the person's doing whatever the header says; a plain read too.
    await ctx.app.inject({ method: 'PATCH', url: '/api/notifications/lues', headers });
    expect(await lastActivity()).toBeGreaterThan(idleSince.getTime());
    await idle();
    expect((await profile(token)).statusCode).toBe(200);
    expect(await lastActivity()).toBeGreaterThan(idleSince.getTime());
  });

  it('ends a session past its 8 hours', async () => {
    const { token, account } = await loginAs(ctx, 'comptable');
    await ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('utilisateur_id', '=', account.id)
      .execute();
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('extends the session to a full working day from now', async () => {
    const { auth, account } = await loginAs(ctx, 'membre');
    await ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 10 * 60_000) })
      .where('utilisateur_id', '=', account.id)
      .execute();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/personnel-auth/extend-session', headers: auth });
    expect(response.statusCode).toBe(200);
    const expires = new Date(response.json().data.sessionExpiresAt).getTime();
    expect(expires - Date.now()).toBeGreaterThan(7.9 * 3_600_000);
    expect(await auditRows(ctx.db, { user_id: account.id, action: 'SESSION_EXTENDED' })).toHaveLength(1);
  });

  it('ends the sessions of an account that is deactivated', async () => {
    const { token, account } = await loginAs(ctx, 'commercial');
    await ctx.db.updateTable('utilisateurs').set({ statut: 'suspendu' }).where('id', '=', account.id).execute();
    expect((await profile(token)).statusCode).toBe(401);
  });
});
