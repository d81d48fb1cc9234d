import { type Kysely, sql } from 'kysely';

/**
 * Lists that stay fast at hundreds of thousands of rows (docs/decisions/0005-lists-at-scale.md):
 * - totals kept: `compteurs` holds, for each list and each combination of its common filters,
 *   the number of rows, kept by triggers in the transaction of every change, so a page never
 *   counts the rows it does not show;
 * - searches served by trigram indexes (pg_trgm) on every searched column;
 * - an index per list order the screens use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // In public, so test schemas dropped with CASCADE never take it with them; the operator
  // classes are named with their schema below for the same reason.
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);

  await sql`
    CREATE TABLE compteurs (
      cle text PRIMARY KEY,
      total bigint NOT NULL
    )`.execute(db);

  // Adds `delta` to the counter of every subset of `dims` ('statut=actif', …, in the list's fixed
  // order): 'membres', 'membres|statut=actif', 'membres|gestionnaire_id=4|statut=actif', …
  await sql`
    CREATE FUNCTION compter(domaine text, dims text[], delta integer) RETURNS void
    LANGUAGE plpgsql AS $$
    DECLARE
      n integer := coalesce(array_length(dims, 1), 0);
      mask integer;
      i integer;
      k text;
    BEGIN
      FOR mask IN 0 .. (1 << n) - 1 LOOP
        k := domaine;
        FOR i IN 1 .. n LOOP
          IF mask & (1 << (i - 1)) <> 0 THEN
            k := k || '|' || dims[i];
          END IF;
        END LOOP;
        INSERT INTO compteurs AS c (cle, total) VALUES (k, delta)
        ON CONFLICT (cle) DO UPDATE SET total = c.total + EXCLUDED.total;
      END LOOP;
    END $$`.execute(db);

  // The dimensions of each counted list, in the order of apps/api/src/db/counters.ts. A dimension
  // read from a parent row (a member's account status, a product's site) locks that row FOR
  // SHARE: a concurrent change of the parent waits for this transaction, then its own trigger
  // sees this row, so neither counts with a value the other is changing.
  await sql`
    CREATE FUNCTION demandes_dims(d demandes) RETURNS text[] LANGUAGE sql STABLE AS $$
      SELECT ARRAY['statut=' || d.statut]
    $$`.execute(db);
  await sql`
    CREATE FUNCTION membres_dims(m membres) RETURNS text[] LANGUAGE sql VOLATILE AS $$
      SELECT ARRAY[
        'gestionnaire_id=' || coalesce(m.gestionnaire_id::text, ''),
        'statut=' || (SELECT u.statut FROM utilisateurs u WHERE u.id = m.utilisateur_id FOR SHARE),
        'type_membre=' || m.type_membre
      ]
    $$`.execute(db);
  await sql`
    CREATE FUNCTION utilisateurs_dims(u utilisateurs) RETURNS text[] LANGUAGE sql STABLE AS $$
      SELECT ARRAY['role=' || u.role, 'statut=' || u.statut]
    $$`.execute(db);

  // A product is visible to those who do not manage the catalogue while it and its site are active.
  await sql`
    CREATE FUNCTION produits_dims(p produits) RETURNS text[] LANGUAGE sql VOLATILE AS $$
      SELECT ARRAY[
        'visible=' || (p.est_actif AND (SELECT s.est_actif FROM sites s WHERE s.id = p.site_id FOR SHARE)),
        'type=' || p.type,
        'site_id=' || p.site_id
      ]
    $$`.execute(db);

  // One trigger function for every counted table: a row leaves the counters of its old
  // dimensions and joins those of its new ones (`<table>_dims`).
  await sql`
    CREATE FUNCTION compter_ligne() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      dims text[];
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        EXECUTE format('SELECT %I($1)', TG_TABLE_NAME || '_dims') INTO dims USING OLD;
        PERFORM compter(TG_TABLE_NAME, dims, -1);
      END IF;
      IF TG_OP <> 'DELETE' THEN
        EXECUTE format('SELECT %I($1)', TG_TABLE_NAME || '_dims') INTO dims USING NEW;
        PERFORM compter(TG_TABLE_NAME, dims, 1);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  const counted: [table: string, columns: string][] = [
    ['demandes', 'statut'],
    ['membres', 'gestionnaire_id, type_membre, utilisateur_id'],
    ['utilisateurs', 'role, statut'],
    ['produits', 'est_actif, type, site_id'],
  ];
  for (const [table, columns] of counted) {
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_compter`)} AFTER INSERT OR DELETE OR UPDATE OF ${sql.raw(columns)}
      ON ${sql.id(table)} FOR EACH ROW EXECUTE FUNCTION compter_ligne()`.execute(db);
  }

  // A dimension that lives on a parent row moves its children's counters when it changes: a
  // member's status is his account's, a product is visible while its site is active.
  await sql`
    CREATE FUNCTION utilisateurs_membres_compter() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      m membres;
    BEGIN
      FOR m IN SELECT * FROM membres WHERE utilisateur_id = NEW.id LOOP
        PERFORM compter('membres', ARRAY[
          'gestionnaire_id=' || coalesce(m.gestionnaire_id::text, ''), 'statut=' || OLD.statut, 'type_membre=' || m.type_membre
        ], -1);
        PERFORM compter('membres', membres_dims(m), 1);
      END LOOP;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER utilisateurs_membres_compter AFTER UPDATE OF statut ON utilisateurs
    FOR EACH ROW WHEN (OLD.statut IS DISTINCT FROM NEW.statut) EXECUTE FUNCTION utilisateurs_membres_compter()`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION sites_produits_compter() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      p produits;
    BEGIN
      FOR p IN SELECT * FROM produits WHERE site_id = NEW.id LOOP
        PERFORM compter('produits', ARRAY[
          'visible=' || (p.est_actif AND OLD.est_actif), 'type=' || p.type, 'site_id=' || p.site_id
        ], -1);
        PERFORM compter('produits', produits_dims(p), 1);
      END LOOP;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER sites_produits_compter AFTER UPDATE OF est_actif ON sites
    FOR EACH ROW WHEN (OLD.est_actif IS DISTINCT FROM NEW.est_actif) EXECUTE FUNCTION sites_produits_compter()`.execute(
    db,
  );

  // Rebuilds every counter from the rows in one grouped scan a list (after a bulk load made with
  // triggers off); GROUPING() tells a rolled-up dimension from a real NULL.
  await sql`
    CREATE FUNCTION recompter() RETURNS void LANGUAGE sql AS $$
      DELETE FROM compteurs;
      INSERT INTO compteurs (cle, total)
      SELECT 'demandes' || CASE WHEN GROUPING(statut) = 0 THEN '|statut=' || statut ELSE '' END, count(*)
      FROM demandes GROUP BY CUBE (statut);
      INSERT INTO compteurs (cle, total)
      SELECT 'membres'
        || CASE WHEN GROUPING(m.gestionnaire_id) = 0
             THEN '|gestionnaire_id=' || coalesce(m.gestionnaire_id::text, '') ELSE '' END
        || CASE WHEN GROUPING(u.statut) = 0 THEN '|statut=' || u.statut ELSE '' END
        || CASE WHEN GROUPING(m.type_membre) = 0 THEN '|type_membre=' || m.type_membre ELSE '' END,
        count(*)
      FROM membres m JOIN utilisateurs u ON u.id = m.utilisateur_id
      GROUP BY CUBE (m.gestionnaire_id, u.statut, m.type_membre);
      INSERT INTO compteurs (cle, total)
      SELECT 'utilisateurs'
        || CASE WHEN GROUPING(role) = 0 THEN '|role=' || role ELSE '' END
        || CASE WHEN GROUPING(statut) = 0 THEN '|statut=' || statut ELSE '' END,
        count(*)
      FROM utilisateurs GROUP BY CUBE (role, statut);
      INSERT INTO compteurs (cle, total)
      SELECT 'produits'
        || CASE WHEN GROUPING(p.est_actif AND s.est_actif) = 0
             THEN '|visible=' || (p.est_actif AND s.est_actif) ELSE '' END
        || CASE WHEN GROUPING(p.type) = 0 THEN '|type=' || p.type ELSE '' END
        || CASE WHEN GROUPING(p.site_id) = 0 THEN '|site_id=' || p.site_id ELSE '' END,
        count(*)
      FROM produits p JOIN sites s ON s.id = p.site_id
      GROUP BY CUBE ((p.est_actif AND s.est_actif), p.type, p.site_id);
    $$`.execute(db);
  await sql`SELECT recompter()`.execute(db);

  // Trigram indexes for every searched column (ILIKE '%…%').
  const trigram: [string, string, string][] = [
    ['demandes_nom_trgm', 'demandes', 'nom_complet'],
    ['demandes_notes_trgm', 'demandes', 'notes'],
    ['utilisateurs_nom_trgm', 'utilisateurs', 'nom'],
    ['utilisateurs_prenom_trgm', 'utilisateurs', 'prenom'],
    ['utilisateurs_nom_complet_trgm', 'utilisateurs', "(prenom || ' ' || nom)"],
    ['utilisateurs_email_trgm', 'utilisateurs', 'email'],
    ['utilisateurs_telephone_trgm', 'utilisateurs', 'telephone'],
    ['membres_code_trgm', 'membres', 'code_esv'],
    ['membres_cni_trgm', 'membres', 'num_cni'],
    ['personnel_code_trgm', 'personnel', 'code_employe'],
    ['personnel_poste_trgm', 'personnel', 'poste'],
    ['personnel_cni_trgm', 'personnel', 'num_cni'],
    ['produits_titre_trgm', 'produits', 'titre'],
    ['produits_description_trgm', 'produits', 'description'],
    ['sites_nom_trgm', 'sites', 'nom_site'],
    ['sites_ville_trgm', 'sites', 'ville_site'],
    ['sites_adresse_trgm', 'sites', 'adresse_site'],
  ];
  for (const [name, table, column] of trigram) {
    await sql`CREATE INDEX ${sql.id(name)} ON ${sql.id(table)} USING gin (${sql.raw(column)} public.gin_trgm_ops)`.execute(
      db,
    );
  }

  // The orders of the lists that no index served: a page walks the index and stops at its limit.
  await sql`CREATE INDEX demandes_created_id_idx ON demandes (created_at, id)`.execute(db);
  await sql`CREATE INDEX demandes_statut_created_id_idx ON demandes (statut, created_at, id)`.execute(db);
  await sql`DROP INDEX demandes_statut_idx`.execute(db);
  await sql`DROP INDEX demandes_created_idx`.execute(db);
  // Accounts (and members, whose names and status are their account's) sorted by a column, then
  // by id: the index holds both, so equal names need no sort.
  await sql`CREATE INDEX utilisateurs_nom_id_idx ON utilisateurs (nom, id)`.execute(db);
  await sql`CREATE INDEX utilisateurs_prenom_id_idx ON utilisateurs (prenom, id)`.execute(db);
  await sql`CREATE INDEX utilisateurs_statut_id_idx ON utilisateurs (statut, id)`.execute(db);
  await sql`DROP INDEX utilisateurs_prenom_idx`.execute(db);
  await sql`DROP INDEX utilisateurs_statut_idx`.execute(db);
  await sql`CREATE INDEX membres_gestionnaire_inscription_idx ON membres (gestionnaire_id, date_inscription)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
