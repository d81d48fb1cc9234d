import { type Kysely, sql } from 'kysely';

/**
 * French typography (issue 10): the country and rejection-reason lists now write the apostrophe
 * ’; rows stored with the straight one take the same value, so lists and filters show one spelling.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['demandes', 'membres']) {
    await sql`UPDATE ${sql.table(table)} SET pays = 'Côte d’Ivoire' WHERE pays = 'Côte d''Ivoire'`.execute(db);
  }
  await sql`
    UPDATE demandes SET motif_rejet = 'Critères d’éligibilité non respectés'
    WHERE motif_rejet = 'Critères d''éligibilité non respectés'`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
