import { type Kysely, sql } from 'kysely';

/**
 * Staff notifications (issue 26): one row per event and recipient, written in the event's own
 * transaction, unique by the event's key so that nothing is told twice whatever the retries. The
 * bell reads an account's newest rows and counts its unread ones; the e-mail's state is the
 * delivery task's claim (`attente` → `envoi` → `envoye` or `echec`; `aucun` when the recipient
 * wants no e-mail), so a digest never repeats an event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notifications (
      id serial PRIMARY KEY,
      utilisateur_id integer NOT NULL REFERENCES utilisateurs (id) ON DELETE CASCADE,
      type text NOT NULL,
      cle text NOT NULL,
      titre text NOT NULL,
      message text NOT NULL,
      lien text,
      lue_at timestamptz,
      courriel text NOT NULL CHECK (courriel IN ('aucun', 'attente', 'envoi', 'envoye', 'echec')),
      courriel_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (utilisateur_id, cle)
    )`.execute(db);
  await sql`CREATE INDEX notifications_utilisateur_idx ON notifications (utilisateur_id, id DESC)`.execute(db);
  await sql`CREATE INDEX notifications_non_lues_idx ON notifications (utilisateur_id) WHERE lue_at IS NULL`.execute(db);
  await sql`CREATE INDEX notifications_courriel_idx ON notifications (utilisateur_id, id) WHERE courriel = 'attente'`.execute(
    db,
  );
  await sql`CREATE INDEX notifications_created_idx ON notifications (created_at)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
