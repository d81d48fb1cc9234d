import { type Kysely, sql } from 'kysely';

/**
 * Money, part 2 (docs/decisions/0012-ledger.md): expenses and refunds on the bank ledger.
 * - An approved expense has its `depense_approuvee` debit on its bank; an approved refund its
 *   `remboursement_approuve` debit on the principal bank of the day (kept in `banque_id`) and is
 *   taken off the member's paid total. Once decided, a row is final.
 * - A pending or rejected one moves no money: it may be withdrawn (deleted), the audit keeps it.
 * - Their lists' totals and the tiles' sums are kept counters, like the payments'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE depenses (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      montant bigint NOT NULL CHECK (montant > 0),
      numero_recu text,
      description text NOT NULL,
      categorie text NOT NULL CHECK (categorie IN (
        'Transport', 'Fournitures de bureau', 'Repas et restauration', 'Hébergement', 'Matériel informatique',
        'Formation', 'Communication', 'Maintenance', 'Autre'
      )),
      categorie_autre text,
      date_depense date NOT NULL DEFAULT current_date,
      banque_id integer NOT NULL REFERENCES banques (id) ON DELETE RESTRICT,
      statut text NOT NULL DEFAULT 'en_attente' CHECK (statut IN ('en_attente', 'approuvee', 'rejetee')),
      commentaire text,
      date_approbation timestamptz,
      date_rejet timestamptz,
      traite_par integer REFERENCES utilisateurs (id) ON DELETE RESTRICT,
      justificatif_path text,
      justificatif_nom text,
      justificatif_type text CHECK (justificatif_type IN ('image/jpeg', 'image/png', 'application/pdf')),
      created_by integer NOT NULL REFERENCES utilisateurs (id) ON DELETE RESTRICT,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (categorie = 'Autre' OR categorie_autre IS NULL),
      CHECK ((statut = 'approuvee') = (date_approbation IS NOT NULL)),
      CHECK ((statut = 'rejetee') = (date_rejet IS NOT NULL)),
      CHECK ((statut = 'en_attente') = (traite_par IS NULL))
    )`.execute(db);
  // The list's orders, alone and under each filter; a filer's own (a member's scope); a bank's.
  const depenseIndexes: [string, string][] = [
    ['depenses_date_idx', 'date_depense, id'],
    ['depenses_statut_date_idx', 'statut, date_depense, id'],
    ['depenses_categorie_date_idx', 'categorie, date_depense, id'],
    ['depenses_created_idx', 'created_at, id'],
    ['depenses_montant_idx', 'montant, id'],
    ['depenses_createur_date_idx', 'created_by, date_depense, id'],
    ['depenses_banque_date_idx', 'banque_id, date_depense, id'],
  ];
  for (const [name, columns] of depenseIndexes) {
    await sql`CREATE INDEX ${sql.id(name)} ON depenses (${sql.raw(columns)})`.execute(db);
  }
  await sql`CREATE INDEX depenses_description_trgm ON depenses USING gin (description public.gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX depenses_traite_par_idx ON depenses (traite_par)`.execute(db);

  await sql`
    CREATE TABLE remboursements (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      membre_id integer NOT NULL REFERENCES membres (id) ON DELETE RESTRICT,
      montant bigint NOT NULL CHECK (montant > 0),
      raison text NOT NULL,
      commentaire text,
      justificatif_path text,
      justificatif_nom text,
      justificatif_type text CHECK (justificatif_type IN ('image/jpeg', 'image/png', 'application/pdf')),
      statut text NOT NULL DEFAULT 'en_attente' CHECK (statut IN ('en_attente', 'approuve', 'rejete')),
      commentaire_traitement text,
      date_traitement timestamptz,
      traite_par integer REFERENCES utilisateurs (id) ON DELETE RESTRICT,
      banque_id integer REFERENCES banques (id) ON DELETE RESTRICT,
      created_by integer NOT NULL REFERENCES utilisateurs (id) ON DELETE RESTRICT,
      date_creation timestamptz NOT NULL DEFAULT now(),
      date_modification timestamptz NOT NULL DEFAULT now(),
      CHECK ((statut = 'en_attente') = (date_traitement IS NULL)),
      CHECK ((statut = 'en_attente') = (traite_par IS NULL)),
      CHECK ((statut = 'approuve') = (banque_id IS NOT NULL)),
      CHECK (statut <> 'rejete' OR commentaire_traitement IS NOT NULL)
    )`.execute(db);
  const remboursementIndexes: [string, string][] = [
    ['remboursements_date_idx', 'date_creation, id'],
    ['remboursements_statut_date_idx', 'statut, date_creation, id'],
    ['remboursements_membre_date_idx', 'membre_id, date_creation, id'],
    ['remboursements_montant_idx', 'montant, id'],
  ];
  for (const [name, columns] of remboursementIndexes) {
    await sql`CREATE INDEX ${sql.id(name)} ON remboursements (${sql.raw(columns)})`.execute(db);
  }
  await sql`CREATE INDEX remboursements_banque_idx ON remboursements (banque_id)`.execute(db);
  await sql`CREATE INDEX remboursements_traite_par_idx ON remboursements (traite_par)`.execute(db);

  await sql`
    CREATE FUNCTION depenses_dims(d depenses) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
      SELECT ARRAY['statut=' || d.statut, 'categorie=' || d.categorie]
    $$`.execute(db);
  await sql`
    CREATE FUNCTION remboursements_dims(r remboursements) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
      SELECT ARRAY['statut=' || r.statut]
    $$`.execute(db);
  await sql`
    CREATE TRIGGER depenses_compter AFTER INSERT OR DELETE OR UPDATE OF statut, categorie, montant
    ON depenses FOR EACH ROW EXECUTE FUNCTION compter_ligne()`.execute(db);
  await sql`
    CREATE TRIGGER remboursements_compter AFTER INSERT OR DELETE OR UPDATE OF statut, montant
    ON remboursements FOR EACH ROW EXECUTE FUNCTION compter_ligne()`.execute(db);

  // recompter() (migration 0008) with the two new lists.
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
    $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
