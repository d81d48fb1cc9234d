import { type Kysely, sql } from 'kysely';

/**
 * Two-factor sign-in (issue 26, decision 0028). An account's TOTP secret is stored sealed with
 * a key derived from the server's secret, pending until a first code confirms it
 * (`totp_active_at`); `totp_last_step` is the time step of the last code accepted, so a code is
 * never accepted twice. Recovery codes and the pending sign-ins' tokens are stored hashed. A
 * session opened by a password alone where two factors are required may only enrol.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE utilisateurs
      ADD COLUMN totp_secret text,
      ADD COLUMN totp_active_at timestamptz,
      ADD COLUMN totp_last_step integer`.execute(db);
  await sql`ALTER TABLE sessions ADD COLUMN deux_facteurs_a_activer boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    CREATE TABLE codes_secours (
      id serial PRIMARY KEY,
      utilisateur_id integer NOT NULL REFERENCES utilisateurs (id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX codes_secours_utilisateur_idx ON codes_secours (utilisateur_id, code_hash)`.execute(db);
  await sql`
    CREATE TABLE connexions_deux_facteurs (
      jeton_hash text PRIMARY KEY,
      utilisateur_id integer NOT NULL REFERENCES utilisateurs (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX connexions_deux_facteurs_utilisateur_idx ON connexions_deux_facteurs (utilisateur_id)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
