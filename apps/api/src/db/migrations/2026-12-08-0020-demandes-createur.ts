import { type Kysely, sql } from 'kysely';

/**
 * A commercial's own requests (issue 26): his list walks these indexes, newest first, with or
 * without a status. Requests from the public form have no creator and are left out of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX demandes_createur_idx ON demandes (created_by, created_at, id)
    WHERE created_by IS NOT NULL`.execute(db);
  await sql`
    CREATE INDEX demandes_createur_statut_idx ON demandes (created_by, statut, created_at, id)
    WHERE created_by IS NOT NULL`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
