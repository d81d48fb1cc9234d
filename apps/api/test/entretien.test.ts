import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { EntretienService } from '../src/modules/entretien/entretien.service.ts';
import { buildTestApp, loginAs, type TestContext } from './helpers.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, 'admin');
});
afterAll(async () => {
  await ctx.close();
});

const HOUR = 3_600_000;

/** The service as the nightly task runs it. */
const entretien = () => new EntretienService(ctx.db, ctx.app.settings, ctx.app.log);

async function putSystem(system: object) {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: admin.auth,
    payload: { system },
  });
  expect(response.statusCode).toBe(200);
}

/** A signed-in account's session ids, live or not. */
async function sessionsOf(utilisateurId: number): Promise<string[]> {
  const rows = await ctx.db.selectFrom('sessions').select('id').where('utilisateur_id', '=', utilisateurId).execute();
  return rows.map((row) => row.id);
}

const profile = (auth: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/personnel-auth/profile', headers: auth });

describe('the nightly cleanup (sessionCleanup)', () => {
  it('removes sessions signed out or past their end, with their tokens, and expired codes; a live session stays', async () => {
    const live = await loginAs(ctx, 'comptable');
    const signedOut = await loginAs(ctx, 'gestionnaire');
    const ended = await loginAs(ctx, 'commercial');
    const out = await ctx.app.inject({ method: 'POST', url: '/api/personnel-auth/logout', headers: signedOut.auth });
    expect(out.statusCode).toBe(200);
    await ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - HOUR) })
      .where('utilisateur_id', '=', ended.account.id)
      .execute();
    await ctx.db
      .insertInto('password_reset_codes')
      .values([
        { utilisateur_id: live.account.id, code_hash: 'périmé', expires_at: new Date(Date.now() - HOUR) },
        { utilisateur_id: live.account.id, code_hash: 'valable', expires_at: new Date(Date.now() + HOUR) },
      ])
      .execute();
    await ctx.db
      .insertInto('unlock_tokens')
      .values({ token_hash: 'lien-périmé', utilisateur_id: live.account.id, expires_at: new Date(Date.now() - HOUR) })
      .execute();
    const liveSessions = await sessionsOf(live.account.id);

    const done = await entretien().run();
    expect(done.sessions).toBeGreaterThanOrEqual(2);
    expect(done.codes).toBeGreaterThanOrEqual(2);
    expect(await sessionsOf(signedOut.account.id)).toEqual([]);
    expect(await sessionsOf(ended.account.id)).toEqual([]);
    const tokens = await ctx.db
      .selectFrom('session_tokens')
      .innerJoin('sessions', 'sessions.id', 'session_tokens.session_id')
      .select('sessions.utilisateur_id')
      .where('sessions.utilisateur_id', 'in', [signedOut.account.id, ended.account.id])
      .execute();
    expect(tokens).toEqual([]);
    const codes = await ctx.db
      .selectFrom('password_reset_codes')
      .select('code_hash')
      .where('utilisateur_id', '=', live.account.id)
      .execute();
    expect(codes.map((c) => c.code_hash)).toEqual(['valable']);
    expect(
      await ctx.db.selectFrom('unlock_tokens').selectAll().where('token_hash', '=', 'lien-périmé').execute(),
    ).toEqual([]);

    // The night's removal is in the journal, by the server itself.
    const purge = await ctx.db
      .selectFrom('audit')
      .select(['user_id', 'old_values'])
      .where('table_name', '=', 'sessions')
      .where('action', '=', 'deleted')
      .execute();
    expect(purge.at(-1)?.user_id).toBeNull();
    expect(purge.at(-1)?.old_values).toMatchObject({ sessions: done.sessions, codes: done.codes });
    // The live session is untouched and still answers.
    expect(await sessionsOf(live.account.id)).toEqual(liveSessions);
    expect((await profile(live.auth)).statusCode).toBe(200);
    // The audit journal keeps the sign-out.
    const audit = await ctx.db
      .selectFrom('audit')
      .select('action')
      .where('user_id', '=', signedOut.account.id)
      .where('action', '=', 'LOGOUT')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('removes nothing when the admin turns it off, and again once turned back on', async () => {
    const signedOut = await loginAs(ctx, 'gestionnaire');
    await ctx.app.inject({ method: 'POST', url: '/api/personnel-auth/logout', headers: signedOut.auth });
    await putSystem({ sessionCleanup: false });
    expect(await entretien().run()).toMatchObject({ sessions: null, codes: null });
    expect(await sessionsOf(signedOut.account.id)).toHaveLength(1);

    await putSystem({ sessionCleanup: true });
    await entretien().run();
    expect(await sessionsOf(signedOut.account.id)).toEqual([]);
  });

  it('removes the notifications read and settled older than logRetention days, never the unread or the waiting', async () => {
    const reader = await loginAs(ctx, 'comptable');
    const now = new Date('2026-12-02T03:30:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * HOUR);
    const rows = [
      { cle: 'lue-vieille', lue_at: daysAgo(40), courriel: 'envoye', created_at: daysAgo(40) },
      { cle: 'lue-recente', lue_at: daysAgo(5), courriel: 'aucun', created_at: daysAgo(20) },
      { cle: 'non-lue', lue_at: null, courriel: 'envoye', created_at: daysAgo(40) },
      { cle: 'courriel-en-attente', lue_at: daysAgo(40), courriel: 'attente', created_at: daysAgo(40) },
    ] as const;
    await ctx.db
      .insertInto('notifications')
      .values(
        rows.map((row) => ({
          ...row,
          utilisateur_id: reader.account.id,
          type: 'systeme' as const,
          titre: 'Tâche en échec',
          message: row.cle,
          lien: null,
        })),
      )
      .execute();
    await putSystem({ logRetention: 30 });
    const done = await entretien().run(now);
    expect(done.notifications).toBe(1);
    const kept = await ctx.db
      .selectFrom('notifications')
      .select('cle')
      .where('utilisateur_id', '=', reader.account.id)
      .orderBy('id')
      .execute();
    expect(kept.map((row) => row.cle)).toEqual(['lue-recente', 'non-lue', 'courriel-en-attente']);
    // Still when the session cleanup is off.
    await putSystem({ sessionCleanup: false, logRetention: 7 });
    expect((await entretien().run(now)).notifications).toBe(1);
    await putSystem({ sessionCleanup: true, logRetention: 90 });
    const tooShort = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.auth,
      payload: { system: { logRetention: 3 } },
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().message).toBe('La durée de conservation doit être comprise entre 7 et 365 jours');
  });

  it('refuses a setting that is not a yes or no, in French', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.auth,
      payload: { system: { sessionCleanup: 'oui' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/[a-zé]/);
    const settings = await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: admin.auth });
    expect(settings.json().data.system.sessionCleanup).toBe(true);
  });

  it('runs by default, not with NODE_ENV=test or CLEANUP=0', () => {
    const env = { DATA_DIR: ctx.dataDir };
    expect(loadConfig(env).cleanup).toBe(true);
    expect(loadConfig({ ...env, NODE_ENV: 'test' }).cleanup).toBe(false);
    expect(loadConfig({ ...env, NODE_ENV: 'test', CLEANUP: '1' }).cleanup).toBe(true);
    expect(loadConfig({ ...env, CLEANUP: '0' }).cleanup).toBe(false);
    expect(() => loadConfig({ ...env, CLEANUP: 'oui' })).toThrow(/CLEANUP/);
  });
});
