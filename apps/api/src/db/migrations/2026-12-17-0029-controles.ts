import { type Kysely, sql } from 'kysely';

/**
 * The ledger checks itself (issue 27, decisions 0031): each day's run of check:ledger and
 * check:audit inside the product is kept, what it found with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE controles_integrite (
      id serial PRIMARY KEY,
      fait_le timestamptz NOT NULL DEFAULT now(),
      grand_livre_ok boolean NOT NULL,
      audit_ok boolean NOT NULL,
      ecarts jsonb NOT NULL,
      duree_ms integer NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX controles_integrite_fait_le_idx ON controles_integrite (fait_le DESC)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
