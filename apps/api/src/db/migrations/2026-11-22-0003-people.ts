import { type Kysely, sql } from 'kysely';

/**
 * People: a member's status is his account's status (one source: a suspended member
 * cannot sign in), staff departments are a closed list, and the staff list sorts by date.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE membres DROP COLUMN statut`.execute(db);
  await sql`
    ALTER TABLE personnel ADD CONSTRAINT personnel_departement_check
    CHECK (departement IN ('Direction', 'Gestion', 'Comptabilité', 'Commercial', 'Administration', 'Technique'))`.execute(
    db,
  );
  await sql`CREATE INDEX personnel_date_embauche_idx ON personnel (date_embauche)`.execute(db);
  await sql`CREATE INDEX utilisateurs_email_sort_idx ON utilisateurs (email)`.execute(db);
  // Filters and sorts of the members, staff and accounts lists that no index served yet.
  await sql`CREATE INDEX utilisateurs_prenom_idx ON utilisateurs (prenom)`.execute(db);
  await sql`CREATE INDEX utilisateurs_statut_idx ON utilisateurs (statut)`.execute(db);
  await sql`CREATE INDEX utilisateurs_connexion_idx ON utilisateurs (date_derniere_connexion)`.execute(db);
  await sql`CREATE INDEX personnel_created_idx ON personnel (created_at)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
