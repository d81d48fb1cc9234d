import { type Kysely, sql } from 'kysely';

/**
 * Money in and out per day, kept by triggers in the transaction of every change (issue 14's
 * dashboard): validated payments by their validation day, approved expenses and refunds by their
 * decision's, days of the company's time zone (settings general.timeZone). The dashboard's month
 * and 12-month chart read at most 366 rows a year per domain, whatever the size of the tables.
 * A change of time zone rebuilds the table in its transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE totaux_journaliers (
      domaine text NOT NULL CHECK (domaine IN ('versements', 'depenses', 'remboursements')),
      jour date NOT NULL,
      total integer NOT NULL,
      somme bigint NOT NULL,
      PRIMARY KEY (domaine, jour)
    )`.execute(db);

  // The company's time zone; the default is DEFAULT_SETTINGS.general.timeZone (packages/shared/src/settings.ts).
  await sql`
    CREATE FUNCTION fuseau_societe() RETURNS text LANGUAGE sql STABLE AS $$
      SELECT coalesce((SELECT value ->> 'timeZone' FROM settings WHERE grp = 'general'), 'Africa/Abidjan')
    $$`.execute(db);
  // The day a row counts on, or null when it does not count.
  await sql`
    CREATE FUNCTION versements_jour(v versements, fuseau text) RETURNS date LANGUAGE sql STABLE AS $$
      SELECT CASE WHEN v.statut = 'valide' AND v.date_suppression IS NULL
        THEN (v.date_validation AT TIME ZONE fuseau)::date END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION depenses_jour(d depenses, fuseau text) RETURNS date LANGUAGE sql STABLE AS $$
      SELECT CASE WHEN d.statut = 'approuvee' THEN (d.date_approbation AT TIME ZONE fuseau)::date END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION remboursements_jour(r remboursements, fuseau text) RETURNS date LANGUAGE sql STABLE AS $$
      SELECT CASE WHEN r.statut = 'approuve' THEN (r.date_traitement AT TIME ZONE fuseau)::date END
    $$`.execute(db);

  await sql`
    CREATE FUNCTION totaliser(domaine text, jour date, delta integer, montant bigint) RETURNS void
    LANGUAGE sql AS $$
      INSERT INTO totaux_journaliers AS t (domaine, jour, total, somme) VALUES (domaine, jour, delta, delta * montant)
      ON CONFLICT (domaine, jour) DO UPDATE SET total = t.total + EXCLUDED.total, somme = t.somme + EXCLUDED.somme
    $$`.execute(db);
  await sql`
    CREATE FUNCTION totaliser_ligne() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      fuseau text := fuseau_societe();
      j date;
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        EXECUTE format('SELECT %I($1, $2)', TG_TABLE_NAME || '_jour') INTO j USING OLD, fuseau;
        IF j IS NOT NULL THEN PERFORM totaliser(TG_TABLE_NAME, j, -1, OLD.montant); END IF;
      END IF;
      IF TG_OP <> 'DELETE' THEN
        EXECUTE format('SELECT %I($1, $2)', TG_TABLE_NAME || '_jour') INTO j USING NEW, fuseau;
        IF j IS NOT NULL THEN PERFORM totaliser(TG_TABLE_NAME, j, 1, NEW.montant); END IF;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER versements_totaliser
    AFTER INSERT OR DELETE OR UPDATE OF statut, montant, date_validation, date_suppression
    ON versements FOR EACH ROW EXECUTE FUNCTION totaliser_ligne()`.execute(db);
  await sql`
    CREATE TRIGGER depenses_totaliser
    AFTER INSERT OR DELETE OR UPDATE OF statut, montant, date_approbation
    ON depenses FOR EACH ROW EXECUTE FUNCTION totaliser_ligne()`.execute(db);
  await sql`
    CREATE TRIGGER remboursements_totaliser
    AFTER INSERT OR DELETE OR UPDATE OF statut, montant, date_traitement
    ON remboursements FOR EACH ROW EXECUTE FUNCTION totaliser_ligne()`.execute(db);

  // What the triggers keep, recounted from the rows: check:ledger's reference, and the backfill.
  await sql`
    CREATE VIEW totaux_journaliers_recomptes AS
      SELECT 'versements' AS domaine, versements_jour(v, fuseau_societe()) AS jour, count(*)::integer AS total,
        sum(montant)::bigint AS somme
      FROM versements v WHERE versements_jour(v, fuseau_societe()) IS NOT NULL GROUP BY 2
      UNION ALL
      SELECT 'depenses', depenses_jour(d, fuseau_societe()), count(*)::integer, sum(montant)::bigint
      FROM depenses d WHERE depenses_jour(d, fuseau_societe()) IS NOT NULL GROUP BY 2
      UNION ALL
      SELECT 'remboursements', remboursements_jour(r, fuseau_societe()), count(*)::integer, sum(montant)::bigint
      FROM remboursements r WHERE remboursements_jour(r, fuseau_societe()) IS NOT NULL GROUP BY 2`.execute(db);
  // Rebuilt set-based: after a bulk load with the triggers off (the benchmark's seed), as recompter()
  // does the counters, and when the company's time zone changes (its days change).
  await sql`
    CREATE FUNCTION recompter_totaux_journaliers() RETURNS void LANGUAGE sql AS $$
      DELETE FROM totaux_journaliers;
      INSERT INTO totaux_journaliers SELECT * FROM totaux_journaliers_recomptes;
    $$`.execute(db);
  await sql`
    CREATE FUNCTION settings_fuseau_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' OR (OLD.value ->> 'timeZone') IS DISTINCT FROM (NEW.value ->> 'timeZone') THEN
        -- Decisions being written finish first (their days in the old zone are recounted); the
        -- next ones wait for this commit and read the new zone.
        LOCK TABLE versements, depenses, remboursements IN SHARE MODE;
        PERFORM recompter_totaux_journaliers();
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER settings_fuseau AFTER INSERT OR UPDATE OF value ON settings
    FOR EACH ROW WHEN (NEW.grp = 'general') EXECUTE FUNCTION settings_fuseau_change()`.execute(db);
  await sql`SELECT recompter_totaux_journaliers()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
