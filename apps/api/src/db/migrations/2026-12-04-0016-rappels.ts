import { type Kysely, sql } from 'kysely';

/**
 * Reminder e-mails of the instalments (issue 15, docs/decisions/0019-rappels.md): one row per
 * reminder, written before the mail is sent. The unique key (member, due date, kind) is what makes
 * a reminder go once: the daily job inserts first and sends only what it inserted, so a restart, a
 * second run the same day or a second server find the row there and send nothing. The due date,
 * not the schedule version, is the key: a rescheduling that keeps a date does not send it again.
 * A failed send stays `echec`, and the job's next runs take it back (`tentatives`) while the
 * reminder still fits, up to three attempts. The monthly statements' e-mails go once the same way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rappels (
      id serial PRIMARY KEY,
      membre_id integer NOT NULL REFERENCES membres (id) ON DELETE CASCADE,
      echeancier_id integer NOT NULL,
      numero integer NOT NULL,
      date_echeance date NOT NULL,
      type_rappel text NOT NULL CHECK (type_rappel IN ('J-7', 'J-1', 'J+3')),
      montant bigint NOT NULL CHECK (montant > 0),
      email text NOT NULL,
      statut text NOT NULL DEFAULT 'en_cours' CHECK (statut IN ('en_cours', 'envoye', 'echec')),
      tentatives integer NOT NULL DEFAULT 1 CHECK (tentatives > 0),
      sent_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (echeancier_id, numero) REFERENCES echeances (echeancier_id, numero) ON DELETE CASCADE,
      UNIQUE (membre_id, date_echeance, type_rappel)
    )`.execute(db);
  // A member's reminders, newest first (his file).
  await sql`CREATE INDEX rappels_membre_idx ON rappels (membre_id, id DESC)`.execute(db);
  // The instalment's row, for its foreign key.
  await sql`CREATE INDEX rappels_echeance_idx ON rappels (echeancier_id, numero)`.execute(db);

  // The monthly statements e-mailed (settings recouvrement.monthlyStatements): one per member and
  // month, by the same rule (the row first, the e-mail only from the run that wrote it).
  await sql`
    CREATE TABLE releves_mensuels (
      id serial PRIMARY KEY,
      membre_id integer NOT NULL REFERENCES membres (id) ON DELETE CASCADE,
      mois date NOT NULL CHECK (extract(day FROM mois) = 1),
      email text NOT NULL,
      statut text NOT NULL DEFAULT 'en_cours' CHECK (statut IN ('en_cours', 'envoye', 'echec')),
      tentatives integer NOT NULL DEFAULT 1 CHECK (tentatives > 0),
      sent_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (membre_id, mois)
    )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
