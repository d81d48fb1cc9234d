import { type Kysely, sql } from 'kysely';

/**
 * Self-registration (issue 26): an account a prospect created himself signs in only once his
 * e-mail is verified, through a single-use link valid a day, stored hashed. Accounts created by
 * staff or by a validation are not concerned (false).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE utilisateurs ADD COLUMN email_non_verifie boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    CREATE TABLE email_verifications (
      token_hash text PRIMARY KEY,
      utilisateur_id integer NOT NULL REFERENCES utilisateurs (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX email_verifications_utilisateur_idx ON email_verifications (utilisateur_id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
