import { MESSAGES } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleAddress } from '../src/modules/auth/login-throttle.ts';
import { auditRows, buildTestApp, createAccount, loginAs, mailedCode, PASSWORD, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.7';
const WRONG = 'Faux@Mot2026';

const loginFrom = (address: string, identifier: string, password: string = PASSWORD) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/personnel-auth/login',
    payload: { identifier, password },
    headers: { 'user-agent': 'vitest-agent' },
    remoteAddress: address,
  });

const unlock = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/personnel-auth/unlock', payload: { token } });

const throttleOf = (utilisateurId: number, address: string) =>
  ctx.db
    .selectFrom('login_throttles')
    .selectAll()
    .where('utilisateur_id', '=', utilisateurId)
    .where('address', '=', address)
    .executeTakeFirst();

/** Fails the settings' number of times (5) from the address. */
async function lockFrom(address: string, identifier: string) {
  for (let i = 0; i < 5; i++) {
    const response = await loginFrom(address, identifier, WRONG);
    expect(response.statusCode).toBe(401);
  }
}

/** The unlock link's token in the lock notice to the address that says `locked` (its length, by default the first lock's). */
async function unlockToken(email: string, locked = /bloquées pendant 15 minutes/): Promise<string> {
  const link = /^http:\/\/backoffice\.test\/#deverrouillage=([\w-]+)$/m;
  const match = (await ctx.mail.waitFor(email, locked)).text.match(link);
  if (!match?.[1]) throw new Error('no unlock link in the mail');
  return match[1];
}

const refusedBody = { success: false, message: MESSAGES.badCredentials, code: 'INVALID_CREDENTIALS' };

describe('sign-in failures per account and address', () => {
  it('locks the attacking address out of the account while the owner still signs in from another one', async () => {
    const account = await createAccount(ctx.db, { role: 'gestionnaire' });
    await lockFrom(ATTACKER, account.email);
    const attackerRight = await loginFrom(ATTACKER, account.email);
    expect(attackerRight.statusCode).toBe(401);
    expect(attackerRight.json()).toEqual(refusedBody);

    expect((await loginFrom(OWNER, account.email)).statusCode).toBe(200);
    // The owner's sign-in does not free the attacker's address.
    expect((await loginFrom(ATTACKER, account.email)).statusCode).toBe(401);

    const rows = await auditRows(ctx.db, { user_id: account.id });
    expect(rows.map((r) => [r.action, (r.new_values as { reason?: string } | null)?.reason, r.ip_address])).toEqual([
      ...Array(4).fill(['LOGIN_FAILED', 'bad_password', ATTACKER]),
      ['LOGIN_FAILED', 'bad_password_locked', ATTACKER],
      ['LOGIN_FAILED', 'locked', ATTACKER],
      ['LOGIN_SUCCESS', undefined, OWNER],
      ['LOGIN_FAILED', 'locked', ATTACKER],
    ]);
  });

  it('answers a locked address exactly like an unknown account', async () => {
    const account = await createAccount(ctx.db, { role: 'comptable' });
    await lockFrom(ATTACKER, account.email);
    const locked = await loginFrom(ATTACKER, account.email);
    const unknown = await loginFrom(ATTACKER, 'personne.verrou@nulle-part.test');
    expect(locked.statusCode).toBe(unknown.statusCode);
    expect(locked.json()).toEqual(unknown.json());
  });

  it('refuses the address even with the right password for the lock window, then twice as long after the next failures', async () => {
    const account = await createAccount(ctx.db, { role: 'commercial' });
    await lockFrom(ATTACKER, account.email);
    const first = await throttleOf(account.id, ATTACKER);
    const minutesLeft = (until: Date | null | undefined) => ((until?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutesLeft(first?.locked_until)).toBeGreaterThan(14);
    expect(minutesLeft(first?.locked_until)).toBeLessThanOrEqual(15);
    expect((await loginFrom(ATTACKER, account.email)).statusCode).toBe(401);

    // The window ends: the address may try again, and its next lock lasts 30 minutes.
    await ctx.db
      .updateTable('login_throttles')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('utilisateur_id', '=', account.id)
      .execute();
    await lockFrom(ATTACKER, account.email);
    const second = await throttleOf(account.id, ATTACKER);
    expect(minutesLeft(second?.locked_until)).toBeGreaterThan(29);
    expect(minutesLeft(second?.locked_until)).toBeLessThanOrEqual(30);
    expect((await loginFrom(ATTACKER, account.email)).statusCode).toBe(401);

    // Once a window is over, the right password signs in and the address starts afresh.
    await ctx.db
      .updateTable('login_throttles')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('utilisateur_id', '=', account.id)
      .execute();
    expect((await loginFrom(ATTACKER, account.email)).statusCode).toBe(200);
    expect(await throttleOf(account.id, ATTACKER)).toBeUndefined();
  });

  it('follows the loginAttempts setting', async () => {
    const { auth } = await loginAs(ctx, 'admin');
    const setAttempts = (loginAttempts: number) =>
      ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: auth, payload: { security: { loginAttempts } } });
    expect((await setAttempts(3)).statusCode).toBe(200);
    try {
      const account = await createAccount(ctx.db, { role: 'comptable' });
      for (let i = 0; i < 3; i++) await loginFrom(ATTACKER, account.email, WRONG);
      expect((await throttleOf(account.id, ATTACKER))?.locked_until?.getTime()).toBeGreaterThan(Date.now());
      expect((await loginFrom(ATTACKER, account.email)).statusCode).toBe(401);
    } finally {
      await setAttempts(5);
    }
  });

  it('does not let a right password slip through a burst of parallel wrong ones from the address', async () => {
    const account = await createAccount(ctx.db, { role: 'admin' });
    await Promise.all([
      ...Array.from({ length: 12 }, () => loginFrom(ATTACKER, account.email, WRONG)),
      loginFrom(ATTACKER, account.email),
    ]);
    // However the 13 attempts interleave, at least 5 failures follow the last accepted sign-in,
    // so the address must end locked: a success must never clear a lock set meanwhile.
    expect((await throttleOf(account.id, ATTACKER))?.locked_until?.getTime()).toBeGreaterThan(Date.now());
    expect((await loginFrom(ATTACKER, account.email)).statusCode).toBe(401);
    expect((await loginFrom(OWNER, account.email)).statusCode).toBe(200);
  });

  it('tries the password only as many times as allowed, however many attempts arrive at once', async () => {
    const account = await createAccount(ctx.db, { role: 'admin' });
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async () => (await loginFrom(ATTACKER, account.email, WRONG)).statusCode),
    );
    expect(new Set(statuses)).toEqual(new Set([401]));
    const reasons = (await auditRows(ctx.db, { action: 'LOGIN_FAILED', user_id: account.id })).map(
      (row) => (row.new_values as { reason: string }).reason,
    );
    expect(reasons.filter((reason) => reason.startsWith('bad_password'))).toHaveLength(5);
    expect(reasons.filter((reason) => reason === 'locked')).toHaveLength(15);
  });

  it('counts an IPv6 client by its /64', async () => {
    const account = await createAccount(ctx.db, { role: 'membre' });
    for (let i = 1; i <= 5; i++) await loginFrom(`2001:db8:1:2::${i}`, account.email, WRONG);
    expect((await loginFrom('2001:db8:1:2:ffff::9', account.email)).statusCode).toBe(401);
    expect((await loginFrom('2001:db8:1:3::1', account.email)).statusCode).toBe(200);
    expect(throttleAddress('2001:DB8:0:00a0::1')).toBe('2001:db8:0:a0::/64');
    expect(throttleAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
  });
});

describe('the lock notice and its unlock link', () => {
  it('tells the owner once, naming the address, however many addresses get locked while the link is live', async () => {
    const account = await createAccount(ctx.db, { role: 'gestionnaire' });
    await lockFrom(ATTACKER, account.email);
    const mail = await ctx.mail.waitFor(account.email, /^Connexions à votre compte bloquées/);
    expect(mail.text).toContain(`depuis l’adresse ${ATTACKER}, les connexions à votre compte depuis cette adresse`);
    expect(mail.text).toContain('bloquées pendant 15 minutes');
    expect(mail.text).toContain('valable 24 heures, une seule fois');
    await lockFrom('203.0.113.67', account.email);
    await lockFrom('203.0.113.68', account.email);
    // A lock notice is handed to the mailer before the answer: no other was.
    expect(ctx.mail.to(account.email)).toHaveLength(1);
  });

  it('lets the owner back in from the locked address, once, and keeps only a hash of the link', async () => {
    const account = await createAccount(ctx.db, { role: 'comptable' });
    await lockFrom(OWNER, account.email);
    expect((await loginFrom(OWNER, account.email)).statusCode).toBe(401);
    const token = await unlockToken(account.email);
    const stored = await ctx.db
      .selectFrom('unlock_tokens')
      .selectAll()
      .where('utilisateur_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);

    const first = await unlock(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: MESSAGES.accountUnlocked });
    expect((await loginFrom(OWNER, account.email)).statusCode).toBe(200);
    const [row] = await auditRows(ctx.db, { user_id: account.id, action: 'ACCOUNT_UNLOCKED' });
    expect(row?.record_id).toBe(String(account.id));

    const again = await unlock(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: MESSAGES.unlockLinkInvalid });
  });

  it('sends a new link for a lock after the previous link was used', async () => {
    const account = await createAccount(ctx.db, { role: 'membre' });
    await lockFrom(ATTACKER, account.email);
    const first = await unlockToken(account.email);
    expect((await unlock(first)).statusCode).toBe(200);
    await lockFrom(ATTACKER, account.email);
    // The lock after an unlock grows all the same: the link lifts locks, it does not reset the growth.
    const second = await unlockToken(account.email, /bloquées pendant 30 minutes/);
    expect(second).not.toBe(first);
  });

  it('refuses an expired, an unknown or an empty link, and leaves the lock in place', async () => {
    const account = await createAccount(ctx.db, { role: 'commercial' });
    await lockFrom(OWNER, account.email);
    const token = await unlockToken(account.email);
    await ctx.db
      .updateTable('unlock_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('utilisateur_id', '=', account.id)
      .execute();
    for (const candidate of [token, 'inconnu-0123456789', ' ']) {
      const response = await unlock(candidate);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGES.unlockLinkInvalid);
    }
    expect((await loginFrom(OWNER, account.email)).statusCode).toBe(401);
  });

  it('lifts the locks when the owner resets the password with the e-mailed code', async () => {
    const account = await createAccount(ctx.db, { role: 'gestionnaire' });
    await lockFrom(OWNER, account.email);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/personnel-auth/forgot-password',
      payload: { email: account.email },
    });
    const code = await mailedCode(ctx.mail, account.email);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/personnel-auth/reset-password',
      payload: { email: account.email, token: code, password: 'Nouveau@2026' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await loginFrom(OWNER, account.email, 'Nouveau@2026')).statusCode).toBe(200);
  });

  it('lifts the locks when an admin hands out a temporary password', async () => {
    const { auth } = await loginAs(ctx, 'admin');
    const account = await createAccount(ctx.db, { role: 'membre' });
    await lockFrom(OWNER, account.email);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/utilisateurs/${account.id}/reset-password`,
      headers: auth,
    });
    expect(reset.statusCode).toBe(200);
    const temporary = reset.json().data.tempPassword as string;
    expect((await loginFrom(OWNER, account.email, temporary)).statusCode).toBe(200);
  });
});

describe('audit rows in the same transaction', () => {
  /** Makes the journal refuse one action for one account, as a failing write would. */
  async function refuseAudit(action: string, utilisateurId: number) {
    await sql
      .raw(`
        CREATE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.action = '${action}' AND NEW.user_id = ${utilisateurId} THEN RAISE EXCEPTION 'audit refused'; END IF;
          RETURN NEW;
        END $$`)
      .execute(ctx.db);
    await sql`CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()`.execute(
      ctx.db,
    );
    return async () => {
      await sql`DROP TRIGGER test_refuse_audit ON audit`.execute(ctx.db);
      await sql`DROP FUNCTION test_refuse_audit()`.execute(ctx.db);
    };
  }

  it('counts no failure and issues no link when the LOGIN_FAILED row cannot be written', async () => {
    const account = await createAccount(ctx.db, { role: 'comptable' });
    for (let i = 0; i < 4; i++) await loginFrom(ATTACKER, account.email, WRONG);
    const restore = await refuseAudit('LOGIN_FAILED', account.id);
    try {
      expect((await loginFrom(ATTACKER, account.email, WRONG)).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await throttleOf(account.id, ATTACKER)).toMatchObject({ failures: 4, locked_until: null });
    const links = await ctx.db
      .selectFrom('unlock_tokens')
      .selectAll()
      .where('utilisateur_id', '=', account.id)
      .execute();
    expect(links).toEqual([]);
  });

  it('keeps the link unused and the lock in place when the ACCOUNT_UNLOCKED row cannot be written', async () => {
    const account = await createAccount(ctx.db, { role: 'admin' });
    await lockFrom(OWNER, account.email);
    const token = await unlockToken(account.email);
    const restore = await refuseAudit('ACCOUNT_UNLOCKED', account.id);
    try {
      expect((await unlock(token)).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect((await loginFrom(OWNER, account.email)).statusCode).toBe(401);
    expect((await unlock(token)).statusCode).toBe(200);
    expect((await loginFrom(OWNER, account.email)).statusCode).toBe(200);
  });
});
