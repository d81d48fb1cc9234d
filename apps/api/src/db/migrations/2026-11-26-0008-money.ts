import { type Kysely, sql } from 'kysely';

/**
 * Money, part 1 (docs/decisions/0012-ledger.md): banks, their ledger and payments.
 * - `banques.solde` is kept by the movements, in their transaction: solde = solde_initial + credits − debits,
 *   never below zero (the CHECK is the last guard; the service answers 'Solde insuffisant' first).
 * - `mouvements_bancaires` is append-only: a mistake is undone by a compensating movement.
 * - `versements` are never removed: a deleted one is stamped, leaves the lists and the counters,
 *   and keeps its movements so that every franc stays traceable.
 * - the kept counters also keep a sum of a row's `montant`, so the payment tiles read a few rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE banques (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      nom text NOT NULL,
      code_banque text NOT NULL,
      numero_compte text NOT NULL,
      adresse text,
      telephone text,
      email text,
      site_web text,
      contact_principal text,
      iban text,
      swift text,
      devise text NOT NULL DEFAULT 'XOF' CHECK (devise IN ('XAF', 'XOF', 'EUR', 'USD')),
      type_compte text NOT NULL DEFAULT 'courant' CHECK (type_compte IN ('courant', 'epargne', 'credit')),
      statut text NOT NULL DEFAULT 'active' CHECK (statut IN ('active', 'inactive', 'suspendue')),
      est_principale boolean NOT NULL DEFAULT false,
      solde_initial bigint NOT NULL DEFAULT 0 CHECK (solde_initial >= 0),
      solde bigint NOT NULL CHECK (solde >= 0),
      created_by integer REFERENCES utilisateurs (id) ON DELETE SET NULL,
      updated_by integer REFERENCES utilisateurs (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (NOT est_principale OR statut = 'active')
    )`.execute(db);
  // One principal bank at most (refunds are paid from it).
  await sql`CREATE UNIQUE INDEX banques_principale_key ON banques ((true)) WHERE est_principale`.execute(db);
  await sql`CREATE UNIQUE INDEX banques_compte_key ON banques (lower(code_banque), lower(numero_compte))`.execute(db);
  await sql`CREATE INDEX banques_nom_idx ON banques (nom, id)`.execute(db);

  await sql`
    CREATE TABLE versements (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      membre_id integer NOT NULL REFERENCES membres (id) ON DELETE RESTRICT,
      produit_id integer NOT NULL REFERENCES produits (id) ON DELETE RESTRICT,
      banque_id integer NOT NULL REFERENCES banques (id) ON DELETE RESTRICT,
      montant bigint NOT NULL CHECK (montant > 0),
      type_versement text NOT NULL CHECK (type_versement IN ('mensualite', 'apport', 'autre')),
      numero_recu text NOT NULL,
      date_recu date NOT NULL,
      date_versement date NOT NULL,
      scan_path text,
      scan_nom text,
      scan_type text CHECK (scan_type IN ('image/jpeg', 'image/png', 'application/pdf')),
      commentaire text,
      statut text NOT NULL DEFAULT 'en_attente' CHECK (statut IN ('en_attente', 'valide', 'rejete')),
      date_validation timestamptz,
      date_rejet timestamptz,
      motif text,
      traite_par integer REFERENCES utilisateurs (id) ON DELETE SET NULL,
      created_by integer NOT NULL REFERENCES utilisateurs (id) ON DELETE RESTRICT,
      date_suppression timestamptz,
      supprime_par integer REFERENCES utilisateurs (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((statut = 'valide') = (date_validation IS NOT NULL)),
      CHECK ((statut = 'rejete') = (date_rejet IS NOT NULL))
    )`.execute(db);
  // A receipt is declared once per bank; a rejected or deleted payment frees its number (an
  // illegible scan is declared again with the same receipt).
  await sql`
    CREATE UNIQUE INDEX versements_recu_key ON versements (banque_id, lower(numero_recu))
    WHERE date_suppression IS NULL AND statut <> 'rejete'`.execute(db);
  // The list's orders, alone and under each counted filter; a member's, a bank's and a product's payments.
  const present = sql`WHERE date_suppression IS NULL`;
  const indexes: [string, string][] = [
    ['versements_created_idx', 'created_at, id'],
    ['versements_statut_created_idx', 'statut, created_at, id'],
    ['versements_type_created_idx', 'type_versement, created_at, id'],
    ['versements_banque_created_idx', 'banque_id, created_at, id'],
    ['versements_membre_created_idx', 'membre_id, created_at, id'],
    ['versements_produit_created_idx', 'produit_id, created_at, id'],
    ['versements_date_idx', 'date_versement, id'],
    ['versements_statut_date_idx', 'statut, date_versement, id'],
    ['versements_montant_idx', 'montant, id'],
    ['versements_statut_montant_idx', 'statut, montant, id'],
  ];
  for (const [name, columns] of indexes) {
    await sql`CREATE INDEX ${sql.id(name)} ON versements (${sql.raw(columns)}) ${present}`.execute(db);
  }
  await sql`CREATE INDEX versements_recu_trgm ON versements USING gin (numero_recu public.gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX membres_code_esv_idx ON membres (code_esv)`.execute(db);

  await sql`
    CREATE TABLE mouvements_bancaires (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      banque_id integer NOT NULL REFERENCES banques (id) ON DELETE RESTRICT,
      type text NOT NULL CHECK (type IN ('credit', 'debit')),
      operation text NOT NULL CHECK (operation IN (
        'versement_valide', 'versement_supprime', 'depot', 'retrait', 'depense_approuvee', 'remboursement_approuve'
      )),
      montant bigint NOT NULL CHECK (montant > 0),
      solde_apres bigint NOT NULL CHECK (solde_apres >= 0),
      source_table text NOT NULL CHECK (source_table IN ('versements', 'banques', 'depenses', 'remboursements')),
      source_id integer NOT NULL,
      commentaire text,
      created_by integer REFERENCES utilisateurs (id) ON DELETE SET NULL,
      -- The time of the movement itself, not of its transaction's start: the history reads in balance order.
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      CHECK (type = CASE WHEN operation IN ('versement_valide', 'depot') THEN 'credit' ELSE 'debit' END)
    )`.execute(db);
  // A bank's history in the order its balance moved: ids are drawn while the bank's row is locked.
  await sql`CREATE INDEX mouvements_banque_idx ON mouvements_bancaires (banque_id, id)`.execute(db);
  await sql`CREATE INDEX mouvements_source_idx ON mouvements_bancaires (source_table, source_id)`.execute(db);
  await sql`
    CREATE FUNCTION ligne_immuable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER mouvements_immuables BEFORE UPDATE OR DELETE ON mouvements_bancaires
    FOR EACH ROW EXECUTE FUNCTION ligne_immuable()`.execute(db);

  // A replayed POST (same Idempotency-Key from the same account) answers what the first one created.
  await sql`
    CREATE TABLE idempotence (
      utilisateur_id integer NOT NULL REFERENCES utilisateurs (id) ON DELETE CASCADE,
      cle text NOT NULL,
      operation text NOT NULL,
      empreinte text NOT NULL,
      resultat_id integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (utilisateur_id, cle)
    )`.execute(db);
  await sql`CREATE INDEX idempotence_created_idx ON idempotence (created_at)`.execute(db);

  // Counters keep a sum of `montant` beside the count; a row whose dimensions are NULL (a deleted
  // payment) is counted nowhere.
  await sql`ALTER TABLE compteurs ADD COLUMN somme bigint NOT NULL DEFAULT 0`.execute(db);
  await sql`DROP FUNCTION compter(text, text[], integer)`.execute(db);
  await sql`
    CREATE FUNCTION compter(domaine text, dims text[], delta integer, montant bigint DEFAULT 0) RETURNS void
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
        INSERT INTO compteurs AS c (cle, total, somme) VALUES (k, delta, delta * montant)
        ON CONFLICT (cle) DO UPDATE SET total = c.total + EXCLUDED.total, somme = c.somme + EXCLUDED.somme;
      END LOOP;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION compter_ligne() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      dims text[];
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        EXECUTE format('SELECT %I($1)', TG_TABLE_NAME || '_dims') INTO dims USING OLD;
        IF dims IS NOT NULL THEN
          PERFORM compter(TG_TABLE_NAME, dims, -1, coalesce((to_jsonb(OLD) ->> 'montant')::bigint, 0));
        END IF;
      END IF;
      IF TG_OP <> 'DELETE' THEN
        EXECUTE format('SELECT %I($1)', TG_TABLE_NAME || '_dims') INTO dims USING NEW;
        IF dims IS NOT NULL THEN
          PERFORM compter(TG_TABLE_NAME, dims, 1, coalesce((to_jsonb(NEW) ->> 'montant')::bigint, 0));
        END IF;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION versements_dims(v versements) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE WHEN v.date_suppression IS NULL THEN ARRAY[
        'statut=' || v.statut, 'type_versement=' || v.type_versement, 'banque_id=' || v.banque_id
      ] END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION mouvements_bancaires_dims(m mouvements_bancaires) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
      SELECT ARRAY['banque_id=' || m.banque_id]
    $$`.execute(db);
  await sql`
    CREATE TRIGGER versements_compter
    AFTER INSERT OR DELETE OR UPDATE OF statut, type_versement, banque_id, montant, date_suppression
    ON versements FOR EACH ROW EXECUTE FUNCTION compter_ligne()`.execute(db);
  await sql`
    CREATE TRIGGER mouvements_bancaires_compter AFTER INSERT ON mouvements_bancaires
    FOR EACH ROW EXECUTE FUNCTION compter_ligne()`.execute(db);

  // recompter() (migration 0005) with the new lists and the sums.
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
    $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
