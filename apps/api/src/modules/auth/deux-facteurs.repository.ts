import type { Executor } from '../../db/database.ts';

/** Starts (or starts again) an enrolment: a new pending secret, for an account without an active one. */
export async function setPendingSecret(db: Executor, utilisateurId: number, sealed: string): Promise<boolean> {
  const row = await db
    .updateTable('utilisateurs')
    .set({ totp_secret: sealed, totp_last_step: null })
    .where('id', '=', utilisateurId)
    .where('totp_active_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

/** Confirms the pending secret with the step of its first code; false when another activation came first. */
export async function activateSecret(db: Executor, utilisateurId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('utilisateurs')
    .set({ totp_active_at: new Date(), totp_last_step: step })
    .where('id', '=', utilisateurId)
    .where('totp_active_at', 'is', null)
    .where('totp_secret', 'is not', null)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

/**
 * Accepts a TOTP code's step once: only when later than the last step accepted, so two requests
 * racing with one code cannot both pass.
 */
export async function acceptStep(db: Executor, utilisateurId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('utilisateurs')
    .set({ totp_last_step: step })
    .where('id', '=', utilisateurId)
    .where('totp_active_at', 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

export async function replaceRecoveryCodes(db: Executor, utilisateurId: number, hashes: string[]) {
  await db.deleteFrom('codes_secours').where('utilisateur_id', '=', utilisateurId).execute();
  await db
    .insertInto('codes_secours')
    .values(hashes.map((code_hash) => ({ utilisateur_id: utilisateurId, code_hash })))
    .execute();
}

/** Spends one unused recovery code of the account; false when it is not one, or already used. */
export async function spendRecoveryCode(db: Executor, utilisateurId: number, codeHash: string): Promise<boolean> {
  const row = await db
    .updateTable('codes_secours')
    .set({ used_at: new Date() })
    .where('utilisateur_id', '=', utilisateurId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

export async function countRecoveryCodesLeft(db: Executor, utilisateurId: number): Promise<number> {
  const row = await db
    .selectFrom('codes_secours')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('utilisateur_id', '=', utilisateurId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Removes the account's second factor: secret, recovery codes and pending sign-ins; false when it had none. */
export async function clearSecondFactor(db: Executor, utilisateurId: number): Promise<boolean> {
  const row = await db
    .updateTable('utilisateurs')
    .set({ totp_secret: null, totp_active_at: null, totp_last_step: null })
    .where('id', '=', utilisateurId)
    .where('totp_secret', 'is not', null)
    .returning('totp_active_at')
    .executeTakeFirst();
  await db.deleteFrom('codes_secours').where('utilisateur_id', '=', utilisateurId).execute();
  await db.deleteFrom('connexions_deux_facteurs').where('utilisateur_id', '=', utilisateurId).execute();
  return !!row;
}

/** The account's sessions may reach every screen again once it has enrolled. */
export async function endEnrolmentOnly(db: Executor, utilisateurId: number) {
  await db
    .updateTable('sessions')
    .set({ deux_facteurs_a_activer: false })
    .where('utilisateur_id', '=', utilisateurId)
    .where('deux_facteurs_a_activer', '=', true)
    .execute();
}

export async function insertChallenge(db: Executor, jetonHash: string, utilisateurId: number, expiresAt: Date) {
  await db
    .insertInto('connexions_deux_facteurs')
    .values({ jeton_hash: jetonHash, utilisateur_id: utilisateurId, expires_at: expiresAt })
    .execute();
}

/** The account of a pending sign-in, while it is unused and within its minutes. */
export async function findChallenge(db: Executor, jetonHash: string): Promise<number | null> {
  const row = await db
    .selectFrom('connexions_deux_facteurs')
    .select('utilisateur_id')
    .where('jeton_hash', '=', jetonHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row?.utilisateur_id ?? null;
}

/** Spends a pending sign-in once; false when it was already used (or has expired meanwhile). */
export async function consumeChallenge(db: Executor, jetonHash: string): Promise<boolean> {
  const row = await db
    .updateTable('connexions_deux_facteurs')
    .set({ used_at: new Date() })
    .where('jeton_hash', '=', jetonHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('utilisateur_id')
    .executeTakeFirst();
  return !!row;
}
