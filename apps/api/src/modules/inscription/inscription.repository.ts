import type { Executor } from '../../db/database.ts';

/** A new verification link for the account, the earlier ones spent: only the latest works. */
export async function replaceVerification(db: Executor, utilisateurId: number, tokenHash: string, expiresAt: Date) {
  await db.deleteFrom('email_verifications').where('utilisateur_id', '=', utilisateurId).execute();
  await db
    .insertInto('email_verifications')
    .values({ token_hash: tokenHash, utilisateur_id: utilisateurId, expires_at: expiresAt })
    .execute();
}

/** Spends a live link, once: its account, or undefined (unknown, used or expired). */
export async function consumeVerification(db: Executor, tokenHash: string) {
  return db
    .updateTable('email_verifications')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('utilisateur_id')
    .executeTakeFirst();
}
