import type { Executor } from '../../db/database.ts';

/** Sessions that can no longer be used: past their end, or revoked (a sign-out, a password change). Their refresh tokens go with them. */
export async function deleteDeadSessions(db: Executor, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('revoked_at', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Password reset codes and unlock links past their end: used or not, they can no longer serve. */
export async function deleteExpiredCodes(db: Executor, now: Date): Promise<number> {
  const codes = await db.deleteFrom('password_reset_codes').where('expires_at', '<', now).executeTakeFirst();
  const links = await db.deleteFrom('unlock_tokens').where('expires_at', '<', now).executeTakeFirst();
  return Number(codes.numDeletedRows) + Number(links.numDeletedRows);
}
