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
 *
 * Today's arrears are kept too, for the 'Retards' screen: `membres.retard_montant`, what the member
 * owes on the instalments due before the cut-off (`retards_arrete.limite`: today less the grace),
 * and `retards_totaux`, the late members and their arrears per oldest unpaid due date, overall,
 * per gestionnaire, per site and per both. A payment, a refund or a schedule change updates them in
 * its transaction; `avancer_retards()`, run before each read, moves the cut-off to today (a new
 * day, a new grace, a new time zone) and recomputes only the members with an instalment between
 * the old and the new cut-off.
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
  await sql`ALTER TABLE membres ADD COLUMN retard_montant bigint NOT NULL DEFAULT 0`.execute(db);
  // The members with an instalment due in a window (the cut-off's move).
  await sql`CREATE INDEX echeances_jour_idx ON echeances (date_echeance)`.execute(db);
  await sql`
    CREATE TABLE retards_arrete (
      seul boolean PRIMARY KEY DEFAULT true CHECK (seul),
      limite date NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE retards_totaux (
      gestionnaire_id integer NOT NULL,
      site_id integer NOT NULL,
      echeance_impayee date NOT NULL,
      membres integer NOT NULL,
      montant bigint NOT NULL,
      PRIMARY KEY (gestionnaire_id, site_id, echeance_impayee)
    )`.execute(db);

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

  // Today less the grace: an instalment due before it and unpaid is late.
  await sql`
    CREATE FUNCTION limite_retards() RETURNS date LANGUAGE sql STABLE AS $$
      SELECT (now() AT TIME ZONE fuseau_societe())::date - delai_grace()
    $$`.execute(db);
  await sql`INSERT INTO retards_arrete (limite) VALUES (limite_retards())`.execute(db);
  // A member's kept oldest unpaid due date (the first instalment of his current schedule whose
  // running total his paid total does not reach) and arrears (the running total of the last
  // instalment due before the cut-off, less his paid total), in set-wise statements planned once:
  // for one member paying (the trigger), the members a new day makes due, or all after a bulk load.
  await sql`
    CREATE FUNCTION membres_echeance_impayee() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT min(e.date_echeance) INTO NEW.echeance_impayee
      FROM echeanciers s JOIN echeances e ON e.echeancier_id = s.id
      WHERE s.membre_id = NEW.id AND s.remplace_le IS NULL AND e.cumul > NEW.montant_deja_paye;
      SELECT greatest(0, coalesce(max(e.cumul), 0) - NEW.montant_deja_paye) INTO NEW.retard_montant
      FROM retards_arrete a, echeanciers s JOIN echeances e ON e.echeancier_id = s.id
      WHERE s.membre_id = NEW.id AND s.remplace_le IS NULL AND e.date_echeance < a.limite;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER membres_echeance_impayee BEFORE UPDATE OF montant_deja_paye ON membres
    FOR EACH ROW EXECUTE FUNCTION membres_echeance_impayee()`.execute(db);
  await sql`
    CREATE FUNCTION rafraichir_retards(p_membres integer[]) RETURNS void LANGUAGE sql AS $$
      UPDATE membres m SET
        echeance_impayee = (
          SELECT min(e.date_echeance) FROM echeanciers s JOIN echeances e ON e.echeancier_id = s.id
          WHERE s.membre_id = m.id AND s.remplace_le IS NULL AND e.cumul > m.montant_deja_paye),
        retard_montant = greatest(0, coalesce((
          SELECT max(e.cumul) FROM echeanciers s JOIN echeances e ON e.echeancier_id = s.id
          WHERE s.membre_id = m.id AND s.remplace_le IS NULL AND e.date_echeance < a.limite), 0) - m.montant_deja_paye)
      FROM retards_arrete a
      WHERE m.id = ANY (p_membres)
    $$`.execute(db);

  // The kept totals: a member counts under his oldest unpaid due date, overall (0, 0), for his
  // gestionnaire (g, 0), his product's site (0, s) and both (g, s).
  await sql`
    CREATE FUNCTION retards_compter(p_gestionnaire integer, p_site integer, p_date date, p_membres integer,
      p_montant bigint) RETURNS void LANGUAGE sql AS $$
      INSERT INTO retards_totaux AS t (gestionnaire_id, site_id, echeance_impayee, membres, montant)
      SELECT g, s, p_date, p_membres, p_montant
      FROM unnest(ARRAY[0, p_gestionnaire]) AS g, unnest(ARRAY[0, p_site]) AS s
      WHERE g IS NOT NULL AND s IS NOT NULL
      ON CONFLICT (gestionnaire_id, site_id, echeance_impayee)
      DO UPDATE SET membres = t.membres + EXCLUDED.membres, montant = t.montant + EXCLUDED.montant
    $$`.execute(db);
  await sql`
    CREATE FUNCTION membres_retards() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND OLD.echeance_impayee IS NOT DISTINCT FROM NEW.echeance_impayee
        AND OLD.retard_montant = NEW.retard_montant AND OLD.gestionnaire_id IS NOT DISTINCT FROM NEW.gestionnaire_id
        AND OLD.produit_id IS NOT DISTINCT FROM NEW.produit_id THEN
        RETURN NULL;
      END IF;
      IF TG_OP <> 'INSERT' AND OLD.echeance_impayee IS NOT NULL THEN
        PERFORM retards_compter(OLD.gestionnaire_id, (SELECT site_id FROM produits WHERE id = OLD.produit_id),
          OLD.echeance_impayee, -1, -OLD.retard_montant);
      END IF;
      IF TG_OP <> 'DELETE' AND NEW.echeance_impayee IS NOT NULL THEN
        PERFORM retards_compter(NEW.gestionnaire_id, (SELECT site_id FROM produits WHERE id = NEW.produit_id),
          NEW.echeance_impayee, 1, NEW.retard_montant);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  // montant_deja_paye too: the columns the BEFORE trigger sets do not fire an UPDATE OF trigger.
  await sql`
    CREATE TRIGGER membres_retards AFTER INSERT OR DELETE
    OR UPDATE OF montant_deja_paye, echeance_impayee, retard_montant, gestionnaire_id, produit_id ON membres
    FOR EACH ROW EXECUTE FUNCTION membres_retards()`.execute(db);
  // A product moved to another site takes its member's counts along.
  await sql`
    CREATE FUNCTION produits_retards() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE m membres;
    BEGIN
      FOR m IN SELECT * FROM membres WHERE produit_id = NEW.id AND echeance_impayee IS NOT NULL LOOP
        PERFORM retards_compter(m.gestionnaire_id, OLD.site_id, m.echeance_impayee, -1, -m.retard_montant);
        PERFORM retards_compter(m.gestionnaire_id, NEW.site_id, m.echeance_impayee, 1, m.retard_montant);
      END LOOP;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER produits_retards AFTER UPDATE OF site_id ON produits
    FOR EACH ROW WHEN (OLD.site_id IS DISTINCT FROM NEW.site_id) EXECUTE FUNCTION produits_retards()`.execute(db);
  await sql`
    CREATE VIEW retards_totaux_recomptes AS
    SELECT k.g AS gestionnaire_id, k.s AS site_id, m.echeance_impayee, count(*)::integer AS membres,
      sum(m.retard_montant)::bigint AS montant
    FROM membres m LEFT JOIN produits p ON p.id = m.produit_id,
      LATERAL (VALUES (0, 0), (m.gestionnaire_id, 0), (0, p.site_id), (m.gestionnaire_id, p.site_id)) AS k (g, s)
    WHERE m.echeance_impayee IS NOT NULL AND k.g IS NOT NULL AND k.s IS NOT NULL
    GROUP BY 1, 2, 3`.execute(db);

  // Moves the cut-off to today less the grace, recomputing the members with an instalment between
  // the old and the new one; the readers call it, the first of a new day does the work.
  await sql`
    CREATE FUNCTION avancer_retards() RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      ancienne date;
      nouvelle date := limite_retards();
    BEGIN
      IF (SELECT limite FROM retards_arrete) = nouvelle THEN RETURN; END IF;
      SELECT limite INTO ancienne FROM retards_arrete FOR UPDATE;
      IF ancienne = nouvelle THEN RETURN; END IF;
      UPDATE retards_arrete SET limite = nouvelle;
      PERFORM rafraichir_retards(ARRAY(
        SELECT DISTINCT s.membre_id FROM echeances e
        JOIN echeanciers s ON s.id = e.echeancier_id AND s.remplace_le IS NULL
        WHERE e.date_echeance >= least(ancienne, nouvelle) AND e.date_echeance < greatest(ancienne, nouvelle)));
    END $$`.execute(db);

  // Version 1 of members' schedules from their terms: one set of statements, for one new member
  // (the insert trigger) as for thousands (a bulk load).
  await sql`
    CREATE FUNCTION echeanciers_initiaux(p_membres integer[]) RETURNS void LANGUAGE sql AS $$
      INSERT INTO echeanciers (membre_id, version, premiere_echeance)
      SELECT id, 1, (date_inscription + interval '1 month')::date FROM membres WHERE id = ANY (p_membres);
      INSERT INTO echeances (echeancier_id, numero, date_echeance, montant, cumul)
      SELECT s.id, i, (s.premiere_echeance + make_interval(months => i - 1))::date, m.engagement_mensuel,
        m.engagement_mensuel * i
      FROM membres m JOIN echeanciers s ON s.membre_id = m.id AND s.version = 1,
        generate_series(1, m.duree_paiement) AS i
      WHERE m.id = ANY (p_membres);
    $$`.execute(db);
  // Whoever creates the member (a demande's validation, a seed).
  await sql`
    CREATE FUNCTION membres_echeancier() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM echeanciers_initiaux(ARRAY[NEW.id]);
      PERFORM rafraichir_retards(ARRAY[NEW.id]);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER membres_echeancier AFTER INSERT ON membres
    FOR EACH ROW EXECUTE FUNCTION membres_echeancier()`.execute(db);
  // After rows written with the triggers off (the members there already are, a bulk load): the
  // missing schedules, every kept unpaid due date and arrears recounted, the totals rebuilt. The
  // statistics first, so that the per-member reads are planned on the tables as they now are.
  await sql`
    CREATE FUNCTION recompter_echeanciers() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM echeanciers_initiaux(ARRAY(
        SELECT m.id FROM membres m WHERE NOT EXISTS (SELECT 1 FROM echeanciers s WHERE s.membre_id = m.id)));
      ANALYZE membres, echeanciers, echeances;
      UPDATE retards_arrete SET limite = limite_retards();
      PERFORM rafraichir_retards(ARRAY(SELECT id FROM membres));
      DELETE FROM retards_totaux;
      INSERT INTO retards_totaux SELECT * FROM retards_totaux_recomptes;
    END $$`.execute(db);
  // The members there already are (none on a new database: its statistics stay unset until there is data).
  await sql`SELECT recompter_echeanciers() WHERE EXISTS (SELECT 1 FROM membres)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
