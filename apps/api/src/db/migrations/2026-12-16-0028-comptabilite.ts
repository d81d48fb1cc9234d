import { type Kysely, sql } from 'kysely';

/**
 * The accounting journal (issue 27, decisions 0031): its accounts are a settings group of their
 * own, `comptabilite` (the OHADA defaults until the admin sets others).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE settings DROP CONSTRAINT settings_grp_check`.execute(db);
  await sql`
    ALTER TABLE settings ADD CONSTRAINT settings_grp_check
    CHECK (grp IN ('general', 'security', 'system', 'recouvrement', 'comptabilite'))`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
