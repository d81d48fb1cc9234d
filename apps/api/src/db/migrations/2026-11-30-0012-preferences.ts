import { type Kysely, sql } from 'kysely';

/**
 * One account's own preferences (theme, page size, e-mail notices), as one jsonb value laid over
 * the defaults when read (packages/shared/src/preferences.ts): a preference added later needs no
 * migration. Gone with the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE preferences (
      utilisateur_id integer PRIMARY KEY REFERENCES utilisateurs (id) ON DELETE CASCADE,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
