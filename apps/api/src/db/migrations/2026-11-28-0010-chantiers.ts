import { type Kysely, sql } from 'kysely';

/**
 * Construction sites (spec 2 §3; docs/data-model.md "chantiers"). Budgets are whole FCFA; the
 * progress is stored only when entered (null: the shared rule `chantierProgress` gives it).
 * The real start and end dates are stamped by the status changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE chantiers (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      nom_chantier text NOT NULL,
      description text NOT NULL,
      adresse text NOT NULL,
      ville text NOT NULL,
      pays text NOT NULL,
      date_debut date NOT NULL,
      date_fin_prevue date NOT NULL,
      date_debut_reelle date,
      date_fin_reelle date,
      statut text NOT NULL DEFAULT 'planifie'
        CHECK (statut IN ('planifie', 'en_cours', 'suspendu', 'termine', 'annule')),
      budget_prevu bigint NOT NULL CHECK (budget_prevu > 0),
      budget_utilise bigint NOT NULL DEFAULT 0 CHECK (budget_utilise >= 0),
      pourcentage_avancement smallint CHECK (pourcentage_avancement BETWEEN 0 AND 100),
      responsable_id integer REFERENCES utilisateurs (id) ON DELETE SET NULL,
      site_id integer REFERENCES sites (id) ON DELETE RESTRICT,
      produit_id integer REFERENCES produits (id) ON DELETE RESTRICT,
      video_url text CHECK (video_url ~ '^https?://'),
      created_by integer REFERENCES utilisateurs (id) ON DELETE SET NULL,
      updated_by integer REFERENCES utilisateurs (id) ON DELETE SET NULL,
      date_creation timestamptz NOT NULL DEFAULT now(),
      date_modification timestamptz NOT NULL DEFAULT now(),
      CHECK (date_fin_prevue > date_debut),
      CHECK (date_fin_reelle IS NULL OR date_debut_reelle IS NULL OR date_fin_reelle >= date_debut_reelle)
    )`.execute(db);
  // Each sort alone and under the status filter; the other filters; the late ones (dashboard alert).
  const indexes: [string, string][] = [
    ['chantiers_debut_idx', 'date_debut, id'],
    ['chantiers_statut_debut_idx', 'statut, date_debut, id'],
    ['chantiers_fin_prevue_idx', 'date_fin_prevue, id'],
    ['chantiers_statut_fin_idx', 'statut, date_fin_prevue, id'],
    ['chantiers_nom_idx', 'nom_chantier, id'],
    ['chantiers_creation_idx', 'date_creation, id'],
    ['chantiers_ville_debut_idx', 'ville, date_debut, id'],
    ['chantiers_responsable_debut_idx', 'responsable_id, date_debut, id'],
    ['chantiers_site_debut_idx', 'site_id, date_debut, id'],
    ['chantiers_produit_debut_idx', 'produit_id, date_debut, id'],
  ];
  for (const [name, columns] of indexes) {
    await sql`CREATE INDEX ${sql.id(name)} ON chantiers (${sql.raw(columns)})`.execute(db);
  }
  for (const column of ['nom_chantier', 'ville', 'adresse']) {
    await sql`CREATE INDEX ${sql.id(`chantiers_${column}_trgm`)} ON chantiers USING gin (${sql.id(column)} public.gin_trgm_ops)`.execute(
      db,
    );
  }
  await sql`
    CREATE FUNCTION chantiers_dims(c chantiers) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
      SELECT ARRAY['statut=' || c.statut]
    $$`.execute(db);
  await sql`
    CREATE TRIGGER chantiers_compter AFTER INSERT OR DELETE OR UPDATE OF statut
    ON chantiers FOR EACH ROW EXECUTE FUNCTION compter_ligne()`.execute(db);

  // recompter() (migration 0009) with the chantiers.
  await sql`
    CREATE OR REPLACE FUNCTION recompter() RETURNS void LANGUAGE sql AS $$
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
      INSERT INTO compteurs (cle, total, somme)
      SELECT 'versements'
        || CASE WHEN GROUPING(statut) = 0 THEN '|statut=' || statut ELSE '' END
        || CASE WHEN GROUPING(type_versement) = 0 THEN '|type_versement=' || type_versement ELSE '' END
        || CASE WHEN GROUPING(banque_id) = 0 THEN '|banque_id=' || banque_id ELSE '' END,
        count(*), coalesce(sum(montant), 0)
      FROM versements WHERE date_suppression IS NULL
      GROUP BY CUBE (statut, type_versement, banque_id);
      INSERT INTO compteurs (cle, total, somme)
      SELECT 'mouvements_bancaires'
        || CASE WHEN GROUPING(banque_id) = 0 THEN '|banque_id=' || banque_id ELSE '' END,
        count(*), coalesce(sum(montant), 0)
      FROM mouvements_bancaires GROUP BY CUBE (banque_id);
      INSERT INTO compteurs (cle, total, somme)
      SELECT 'depenses'
        || CASE WHEN GROUPING(statut) = 0 THEN '|statut=' || statut ELSE '' END
        || CASE WHEN GROUPING(categorie) = 0 THEN '|categorie=' || categorie ELSE '' END,
        count(*), coalesce(sum(montant), 0)
      FROM depenses GROUP BY CUBE (statut, categorie);
      INSERT INTO compteurs (cle, total, somme)
      SELECT 'remboursements' || CASE WHEN GROUPING(statut) = 0 THEN '|statut=' || statut ELSE '' END,
        count(*), coalesce(sum(montant), 0)
      FROM remboursements GROUP BY CUBE (statut);
      INSERT INTO compteurs (cle, total)
      SELECT 'chantiers' || CASE WHEN GROUPING(statut) = 0 THEN '|statut=' || statut ELSE '' END, count(*)
      FROM chantiers GROUP BY CUBE (statut);
    $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
