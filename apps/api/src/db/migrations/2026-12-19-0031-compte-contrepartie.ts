import { type Kysely, sql } from 'kysely';

/**
 * A manual deposit's or withdrawal's counterpart account in the journal (issue 27): chosen with the
 * operation (a bank fee 631, a capital contribution 101), or none, then the settings' suspense
 * account (471). Only a manual operation has one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE mouvements_bancaires ADD COLUMN compte_contrepartie text
      CHECK (compte_contrepartie IS NULL OR operation IN ('depot', 'retrait'))`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
