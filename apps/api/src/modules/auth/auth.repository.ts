import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export async function insertSession(
  db: Executor,
  values: {
    id: string;
    utilisateur_id: number;
    expires_at: Date;
    ip_address: string | null;
    user_agent: string | null;
    deux_facteurs_a_activer: boolean;
  },
) {
  await db.insertInto('sessions').values(values).execute();
}

export async function insertSessionToken(db: Executor, sessionId: string, tokenHash: string) {
  await db.insertInto('session_tokens').values({ session_id: sessionId, token_hash: tokenHash }).execute();
}

/** Marks a refresh token used; returns it only if it was unused, so two racing refreshes cannot both win. */
export async function consumeSessionToken(db: Executor, tokenHash: string) {
  return db
    .updateTable('session_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .returning(['session_id'])
    .executeTakeFirst();
}

export async function findSessionToken(db: Executor, tokenHash: string) {
  return db.selectFrom('session_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Whether a refresh token of the session was used after the given instant (its successor). */
export async function hasTokenUsedSince(db: Executor, sessionId: string, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('session_tokens')
    .select('token_hash')
    .where('session_id', '=', sessionId)
    .where('used_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** The session and its account, for every authenticated request. */
export async function findSessionWithAccount(db: Executor, sessionId: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('utilisateurs as u', 'u.id', 's.utilisateur_id')
    .select([
      's.id',
      's.utilisateur_id',
      's.expires_at',
      's.last_activity_at',
      's.revoked_at',
      's.deux_facteurs_a_activer',
      'u.role',
      'u.statut',
      'u.must_change_password',
    ])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
}

export async function touchSession(db: Executor, sessionId: string) {
  await db.updateTable('sessions').set({ last_activity_at: new Date() }).where('id', '=', sessionId).execute();
}

export async function extendSession(db: Executor, sessionId: string, expiresAt: Date) {
  await db
    .updateTable('sessions')
    .set({ expires_at: expiresAt, last_activity_at: new Date() })
    .where('id', '=', sessionId)
    .execute();
}

export async function revokeSession(db: Executor, sessionId: string, reason: string) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of an account, except one (the caller's own after a password change). */
export async function revokeAccountSessions(
  db: Executor,
  utilisateurId: number,
  reason: string,
  exceptSessionId?: string,
) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('utilisateur_id', '=', utilisateurId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

export async function invalidateResetCodes(db: Executor, utilisateurId: number) {
  await db
    .updateTable('password_reset_codes')
    .set({ used_at: new Date() })
    .where('utilisateur_id', '=', utilisateurId)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertResetCode(db: Executor, utilisateurId: number, codeHash: string, expiresAt: Date) {
  await db
    .insertInto('password_reset_codes')
    .values({ utilisateur_id: utilisateurId, code_hash: codeHash, expires_at: expiresAt })
    .execute();
}

/** The account's live code (unused, unexpired), locked for the check. */
export async function findLiveResetCode(db: Executor, utilisateurId: number) {
  return db
    .selectFrom('password_reset_codes')
    .selectAll()
    .where('utilisateur_id', '=', utilisateurId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .forUpdate()
    .executeTakeFirst();
}

export async function recordResetAttempt(db: Executor, id: number, used: boolean) {
  await db
    .updateTable('password_reset_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), ...(used ? { used_at: new Date() } : {}) }))
    .where('id', '=', id)
    .execute();
}

/** Stamps a sign-in; undefined if the account is gone. */
export async function recordSignIn(db: Executor, utilisateurId: number) {
  return db
    .updateTable('utilisateurs')
    .set({ date_derniere_connexion: new Date() })
    .where('id', '=', utilisateurId)
    .returningAll()
    .executeTakeFirst();
}

export async function findLoginThrottle(db: Executor, utilisateurId: number, address: string) {
  return db
    .selectFrom('login_throttles')
    .selectAll()
    .where('utilisateur_id', '=', utilisateurId)
    .where('address', '=', address)
    .executeTakeFirst();
}

/** The pair's row, created if missing and locked until the transaction ends, so parallel failures count one by one. */
export async function lockLoginThrottle(db: Executor, utilisateurId: number, address: string) {
  return db
    .insertInto('login_throttles')
    .values({ utilisateur_id: utilisateurId, address })
    .onConflict((oc) => oc.columns(['utilisateur_id', 'address']).doUpdateSet({ updated_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateLoginThrottle(
  db: Executor,
  utilisateurId: number,
  address: string,
  values: { failures: number; lockouts: number; locked_until: Date | null },
) {
  await db
    .updateTable('login_throttles')
    .set({ ...values, updated_at: new Date() })
    .where('utilisateur_id', '=', utilisateurId)
    .where('address', '=', address)
    .execute();
}

/** Forgets the pair after a sign-in; answers the row it removed (waiting for a parallel failure to commit). */
export async function deleteLoginThrottle(db: Executor, utilisateurId: number, address: string) {
  return db
    .deleteFrom('login_throttles')
    .where('utilisateur_id', '=', utilisateurId)
    .where('address', '=', address)
    .returningAll()
    .executeTakeFirst();
}

/** Pairs with no failure since `before` (their locks, a day at most, are over). */
export async function deleteStaleLoginThrottles(db: Executor, before: Date) {
  await db.deleteFrom('login_throttles').where('updated_at', '<', before).execute();
}

/** Lifts every lock on the account's sign-in, from every address; the lock growth is kept. */
export async function liftLoginLocks(db: Executor, utilisateurId: number) {
  await db
    .updateTable('login_throttles')
    .set({ failures: 0, locked_until: null, updated_at: new Date() })
    .where('utilisateur_id', '=', utilisateurId)
    .execute();
}

export async function hasLiveUnlockToken(db: Executor, utilisateurId: number): Promise<boolean> {
  const row = await db
    .selectFrom('unlock_tokens')
    .select('token_hash')
    .where('utilisateur_id', '=', utilisateurId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row !== undefined;
}

/** A new unlock link for the account; its used and expired ones go. */
export async function replaceUnlockToken(db: Executor, utilisateurId: number, tokenHash: string, expiresAt: Date) {
  await db
    .deleteFrom('unlock_tokens')
    .where('utilisateur_id', '=', utilisateurId)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', new Date())]))
    .execute();
  await db
    .insertInto('unlock_tokens')
    .values({ token_hash: tokenHash, utilisateur_id: utilisateurId, expires_at: expiresAt })
    .execute();
}

/** Marks an unlock link used; answers its account only if it was unused and unexpired, so it works once. */
export async function consumeUnlockToken(db: Executor, tokenHash: string) {
  return db
    .updateTable('unlock_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['utilisateur_id'])
    .executeTakeFirst();
}

/** How long an address a sign-in came from stays known to its account. */
export const KNOWN_ADDRESS_DAYS = 90;

/**
 * Whether this sign-in's address is new to an account that signed in before: none of its sign-ins
 * of the last KNOWN_ADDRESS_DAYS came from it (the journal's index by account and date bounds the walk).
 * An account's first sign-in is not news.
 */
export async function isNewSignInAddress(db: Executor, utilisateurId: number, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000);
  const signIns = db
    .selectFrom('audit')
    .select(sql`1`.as('one'))
    .where('user_id', '=', utilisateurId)
    .where('action', '=', 'LOGIN_SUCCESS')
    .where('created_at', '>', since);
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(signIns).as('before'),
      eb.exists(signIns.where('ip_address', '=', ip)).as('known'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.before) && !row.known;
}
