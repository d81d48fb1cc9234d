import { type Kysely, sql } from 'kysely';

/**
 * Members' schedules stored as rows (issue 15). A schedule (échéancier) is a version: the first is
 * written when the member is created (his validated demande's terms: `duree_paiement` instalments
 * of `engagement_mensuel`, the first a month after his inscription, then monthly from that first
 * date, as packages/shared/src/rules/echeancier.ts `buildSchedule`); an admin's start change or
 * rescheduling writes the next version and marks the previous one replaced, so the history stays.
 * `cumul` is the running total, so a paid total settles the instalments whose `cumul` it reaches
 * (the oldest first, as packages/shared/src/rules/echeancier.ts allocates).
 *
 * `membres.echeance_impayee` keeps the due date of the oldest instalment not fully paid: it only
 * changes when the paid total or the schedule does, so "late on day D" is an index range
 * (echeance_impayee < D − grace) whatever the number of members.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE echeanciers (
      id serial PRIMARY KEY,
      membre_id integer NOT NULL REFERENCES membres (id) ON DELETE CASCADE,
      version integer NOT NULL CHECK (version > 0),
      premiere_echeance date NOT NULL,
      motif text,
      cree_par integer REFERENCES utilisateurs (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      remplace_le timestamptz,
      UNIQUE (membre_id, version)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX echeanciers_courant_idx ON echeanciers (membre_id) WHERE remplace_le IS NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE echeances (
      echeancier_id integer NOT NULL REFERENCES echeanciers (id) ON DELETE CASCADE,
      numero integer NOT NULL CHECK (numero > 0),
      date_echeance date NOT NULL,
      montant bigint NOT NULL CHECK (montant > 0),
      cumul bigint NOT NULL CHECK (cumul >= montant),
      PRIMARY KEY (echeancier_id, numero)
    )`.execute(db);

  await sql`ALTER TABLE membres ADD COLUMN echeance_impayee date`.execute(db);
  await sql`CREATE INDEX membres_echeance_impayee_idx ON membres (echeance_impayee, id) WHERE echeance_impayee IS NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE INDEX membres_gestionnaire_echeance_impayee_idx ON membres (gestionnaire_id, echeance_impayee, id)
    WHERE echeance_impayee IS NOT NULL`.execute(db);
  await sql`CREATE INDEX membres_produit_idx ON membres (produit_id)`.execute(db);

  // The settings' collection group (grace, penalty, reminders, statements).
  await sql`ALTER TABLE settings DROP CONSTRAINT settings_grp_check`.execute(db);
  await sql`
    ALTER TABLE settings ADD CONSTRAINT settings_grp_check
    CHECK (grp IN ('general', 'security', 'system', 'recouvrement'))`.execute(db);
  // The settings' days of grace before an unpaid instalment counts as late, for every SQL reading arrears.
  await sql`
    CREATE FUNCTION delai_grace() RETURNS integer LANGUAGE sql STABLE AS $$
      SELECT coalesce((SELECT (value ->> 'graceDays')::integer FROM settings WHERE grp = 'recouvrement'), 0)
    $$`.execute(db);

  // The oldest instalment of the member's current schedule that a paid total does not cover.
  await sql`
    CREATE FUNCTION echeance_impayee(p_membre integer, p_paye bigint) RETURNS date LANGUAGE sql STABLE AS $$
      SELECT e.date_echeance FROM echeanciers s JOIN echeances e ON e.echeancier_id = s.id
      WHERE s.membre_id = p_membre AND s.remplace_le IS NULL AND e.cumul > p_paye
      ORDER BY e.numero LIMIT 1
    $$`.execute(db);
  await sql`
    CREATE FUNCTION membres_echeance_impayee() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.echeance_impayee := echeance_impayee(NEW.id, NEW.montant_deja_paye);
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER membres_echeance_impayee BEFORE UPDATE OF montant_deja_paye ON membres
    FOR EACH ROW EXECUTE FUNCTION membres_echeance_impayee()`.execute(db);

  // Version 1, whoever creates the member (a demande's validation, a seed).
  await sql`
    CREATE FUNCTION membres_echeancier() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE s integer;
    BEGIN
      INSERT INTO echeanciers (membre_id, version, premiere_echeance)
      VALUES (NEW.id, 1, (NEW.date_inscription + interval '1 month')::date) RETURNING id INTO s;
      INSERT INTO echeances (echeancier_id, numero, date_echeance, montant, cumul)
      SELECT s, i, ((NEW.date_inscription + interval '1 month')::date + make_interval(months => i - 1))::date,
        NEW.engagement_mensuel,
        NEW.engagement_mensuel * i
      FROM generate_series(1, NEW.duree_paiement) AS i;
      UPDATE membres SET echeance_impayee = echeance_impayee(NEW.id, NEW.montant_deja_paye) WHERE id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER membres_echeancier AFTER INSERT ON membres
    FOR EACH ROW EXECUTE FUNCTION membres_echeancier()`.execute(db);

  // The members there already are.
  await sql`
    INSERT INTO echeanciers (membre_id, version, premiere_echeance)
    SELECT id, 1, (date_inscription + interval '1 month')::date FROM membres`.execute(db);
  await sql`
    INSERT INTO echeances (echeancier_id, numero, date_echeance, montant, cumul)
    SELECT s.id, i, (s.premiere_echeance + make_interval(months => i - 1))::date, m.engagement_mensuel,
      m.engagement_mensuel * i
    FROM membres m JOIN echeanciers s ON s.membre_id = m.id, generate_series(1, m.duree_paiement) AS i`.execute(db);
  await sql`UPDATE membres SET echeance_impayee = echeance_impayee(id, montant_deja_paye)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
