import { type Kysely, sql } from 'kysely';

/**
 * Sign-in abuse: failures are counted per account and client address instead of per account,
 * so wrong passwords from one address no longer lock the owner out everywhere; the lock notice
 * carries a single-use unlock link (only its SHA-256 is stored).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE login_throttles (
      utilisateur_id integer NOT NULL REFERENCES utilisateurs (id) ON DELETE CASCADE,
      -- The client address, an IPv6 one reduced to its /64 (one subscriber).
      address text NOT NULL,
      failures integer NOT NULL DEFAULT 0,
      -- How many times this pair was locked: each lock lasts twice the previous one.
      lockouts integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (utilisateur_id, address)
    )`.execute(db);
  await sql`CREATE INDEX login_throttles_updated_at_idx ON login_throttles (updated_at)`.execute(db);

  await sql`
    CREATE TABLE unlock_tokens (
      token_hash text PRIMARY KEY,
      utilisateur_id integer NOT NULL REFERENCES utilisateurs (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX unlock_tokens_live_idx ON unlock_tokens (utilisateur_id, expires_at) WHERE used_at IS NULL`.execute(
    db,
  );

  await sql`ALTER TABLE utilisateurs DROP COLUMN failed_login_count, DROP COLUMN locked_until`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
