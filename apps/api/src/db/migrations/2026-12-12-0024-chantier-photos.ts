import { type Kysely, sql } from 'kysely';

/**
 * A chantier's photos (issue 26): up to ten, checked by their content like the catalogue's, kept
 * in the media store; the rows go with their chantier, its files are removed by the service.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE chantier_photos (
      id serial PRIMARY KEY,
      chantier_id integer NOT NULL REFERENCES chantiers (id) ON DELETE CASCADE,
      path text NOT NULL,
      original_name text NOT NULL,
      mime_type text NOT NULL,
      size_bytes integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX chantier_photos_chantier_idx ON chantier_photos (chantier_id, id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
