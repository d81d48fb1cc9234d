import type { Executor } from '../../db/database.ts';

/** Sessions that can no longer be used: past their end, or revoked (a sign-out, a password change). Their refresh tokens go with them. */
export async function deleteDeadSessions(db: Executor, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('revoked_at', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Password reset codes, unlock links, e-mail verification links and pending two-factor sign-ins past their end: used or not, they can no longer serve. */
export async function deleteExpiredCodes(db: Executor, now: Date): Promise<number> {
  let deleted = 0;
  for (const table of [
    'password_reset_codes',
    'unlock_tokens',
    'email_verifications',
    'connexions_deux_facteurs',
  ] as const) {
    const result = await db.deleteFrom(table).where('expires_at', '<', now).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

/**
 * Notifications read and done with (their e-mail sent, failed or not wanted) made before `before`:
 * the bell's old news. Unread ones, and those whose e-mail still waits, are kept.
 */
export async function deleteOldNotifications(db: Executor, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('notifications')
    .where('created_at', '<', before)
    .where('lue_at', 'is not', null)
    .where('courriel', 'in', ['aucun', 'envoye', 'echec'])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
