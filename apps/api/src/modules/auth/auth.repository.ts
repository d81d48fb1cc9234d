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
