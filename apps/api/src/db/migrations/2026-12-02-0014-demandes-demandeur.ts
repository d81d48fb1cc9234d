import { type Kysely, sql } from 'kysely';

/**
 * A demandeur's own registration requests (issue 14's dashboard), linked by account rather than
 * matched by e-mail at each read: an account may change its e-mail without proving it, and must not
 * thereby read another applicant's requests, past or future. The link is made when an admin creates
 * the demandeur account of the requests' e-mail (and here, for the accounts there already are).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE demandes ADD COLUMN demandeur_id integer REFERENCES utilisateurs (id) ON DELETE SET NULL`.execute(
    db,
  );
  await sql`CREATE INDEX demandes_demandeur_idx ON demandes (demandeur_id, created_at) WHERE demandeur_id IS NOT NULL`.execute(
    db,
  );
  await sql`
    UPDATE demandes d SET demandeur_id = u.id FROM utilisateurs u
    WHERE u.role = 'demandeur' AND lower(u.email) = lower(d.email)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
