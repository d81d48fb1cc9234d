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
  // What a member owes by a date: the running total of his last instalment before it, index only.
  await sql`CREATE INDEX echeances_date_idx ON echeances (echeancier_id, date_echeance) INCLUDE (cumul, montant)`.execute(
    db,
  );

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

  // Version 1 of a member's schedule from his terms, and his oldest unpaid due date.
  await sql`
    CREATE FUNCTION echeancier_initial(p_membre integer) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      m membres;
      s echeanciers;
    BEGIN
      SELECT * INTO m FROM membres WHERE id = p_membre;
      INSERT INTO echeanciers (membre_id, version, premiere_echeance)
      VALUES (m.id, 1, (m.date_inscription + interval '1 month')::date) RETURNING * INTO s;
      INSERT INTO echeances (echeancier_id, numero, date_echeance, montant, cumul)
      SELECT s.id, i, (s.premiere_echeance + make_interval(months => i - 1))::date, m.engagement_mensuel,
        m.engagement_mensuel * i
      FROM generate_series(1, m.duree_paiement) AS i;
      UPDATE membres SET echeance_impayee = echeance_impayee(m.id, m.montant_deja_paye) WHERE id = m.id;
    END $$`.execute(db);
  // Whoever creates the member (a demande's validation, a seed).
  await sql`
    CREATE FUNCTION membres_echeancier() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM echeancier_initial(NEW.id);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER membres_echeancier AFTER INSERT ON membres
    FOR EACH ROW EXECUTE FUNCTION membres_echeancier()`.execute(db);
  // After rows written with the triggers off (the members there already are, a bulk load): the
  // missing schedules, and every kept unpaid due date recounted.
  await sql`
    CREATE FUNCTION recompter_echeanciers() RETURNS void LANGUAGE sql AS $$
      SELECT echeancier_initial(m.id) FROM membres m
      WHERE NOT EXISTS (SELECT 1 FROM echeanciers s WHERE s.membre_id = m.id);
      UPDATE membres SET echeance_impayee = echeance_impayee(id, montant_deja_paye)
      WHERE echeance_impayee IS DISTINCT FROM echeance_impayee(id, montant_deja_paye);
    $$`.execute(db);
  await sql`SELECT recompter_echeanciers()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
