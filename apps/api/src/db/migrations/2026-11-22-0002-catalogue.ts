import { type Kysely, sql } from 'kysely';

/**
 * Catalogue: sites, products, their media and favourites; and the members table, since a
 * product held by a member is "Réservé" and cannot be deleted (the people capability fills it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sites (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      nom_site text NOT NULL,
      adresse_site text NOT NULL,
      ville_site text NOT NULL,
      prix_metre_carre bigint NOT NULL CHECK (prix_metre_carre > 0),
      localisation_site text,
      video_site text CHECK (video_site ~ '^https?://'),
      est_actif boolean NOT NULL DEFAULT true,
      created_by integer REFERENCES utilisateurs (id) ON DELETE SET NULL,
      updated_by integer REFERENCES utilisateurs (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sites_nom_idx ON sites (nom_site)`.execute(db);
  await sql`CREATE INDEX sites_actifs_nom_idx ON sites (nom_site) WHERE est_actif`.execute(db);
  await sql`CREATE INDEX sites_ville_idx ON sites (ville_site)`.execute(db);
  await sql`CREATE INDEX sites_prix_idx ON sites (prix_metre_carre)`.execute(db);
  await sql`CREATE INDEX sites_created_at_idx ON sites (created_at)`.execute(db);

  await sql`
    CREATE TABLE site_medias (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      site_id integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('photo', 'plan')),
      path text NOT NULL UNIQUE,
      original_name text NOT NULL,
      mime_type text NOT NULL,
      size_bytes integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 10485760),
      position integer NOT NULL CHECK (position >= 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX site_medias_owner_idx ON site_medias (site_id, kind, position)`.execute(db);

  await sql`
    CREATE TABLE produits (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      site_id integer NOT NULL REFERENCES sites (id) ON DELETE RESTRICT,
      titre text NOT NULL,
      description text NOT NULL,
      type text NOT NULL CHECK (type IN ('logement', 'terrain')),
      superficie numeric(12, 2) NOT NULL CHECK (superficie > 0),
      nombre_chambre integer NOT NULL DEFAULT 1 CHECK (nombre_chambre >= 0),
      nombre_salon integer NOT NULL DEFAULT 1 CHECK (nombre_salon >= 0),
      nombre_cuisine integer NOT NULL DEFAULT 1 CHECK (nombre_cuisine >= 0),
      nombre_toilette integer NOT NULL DEFAULT 1 CHECK (nombre_toilette >= 0),
      delais_construction integer CHECK (delais_construction > 0),
      prix_vente bigint NOT NULL CHECK (prix_vente > 0),
      caution bigint NOT NULL DEFAULT 0 CHECK (caution >= 0),
      video_logement text CHECK (video_logement ~ '^https?://'),
      est_actif boolean NOT NULL DEFAULT true,
      created_by integer REFERENCES utilisateurs (id) ON DELETE SET NULL,
      updated_by integer REFERENCES utilisateurs (id) ON DELETE SET NULL,
      date_creation timestamptz NOT NULL DEFAULT now(),
      date_modification timestamptz NOT NULL DEFAULT now(),
      CHECK (type = 'terrain' OR (nombre_salon > 0 AND nombre_cuisine > 0 AND nombre_toilette > 0))
    )`.execute(db);
  await sql`CREATE INDEX produits_site_idx ON produits (site_id, date_creation DESC)`.execute(db);
  await sql`CREATE INDEX produits_type_idx ON produits (type, date_creation DESC)`.execute(db);
  await sql`CREATE INDEX produits_date_idx ON produits (date_creation DESC)`.execute(db);
  await sql`CREATE INDEX produits_actifs_date_idx ON produits (date_creation DESC) WHERE est_actif`.execute(db);
  await sql`CREATE INDEX produits_prix_idx ON produits (prix_vente)`.execute(db);
  await sql`CREATE INDEX produits_superficie_idx ON produits (superficie)`.execute(db);
  await sql`CREATE INDEX produits_titre_idx ON produits (titre)`.execute(db);

  await sql`
    CREATE TABLE produit_medias (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      produit_id integer NOT NULL REFERENCES produits (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('photo', 'plan')),
      path text NOT NULL UNIQUE,
      original_name text NOT NULL,
      mime_type text NOT NULL,
      size_bytes integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 10485760),
      position integer NOT NULL CHECK (position >= 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX produit_medias_owner_idx ON produit_medias (produit_id, kind, position)`.execute(db);

  await sql`
    CREATE TABLE favoris (
      utilisateur_id integer NOT NULL REFERENCES utilisateurs (id) ON DELETE CASCADE,
      produit_id integer NOT NULL REFERENCES produits (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (utilisateur_id, produit_id)
    )`.execute(db);
  await sql`CREATE INDEX favoris_recent_idx ON favoris (utilisateur_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX favoris_produit_idx ON favoris (produit_id)`.execute(db);

  await sql`CREATE SEQUENCE membres_code_esv_seq`.execute(db);
  await sql`
    CREATE TABLE membres (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      utilisateur_id integer NOT NULL UNIQUE REFERENCES utilisateurs (id) ON DELETE RESTRICT,
      code_esv text NOT NULL UNIQUE CHECK (code_esv ~ '^ESV-[0-9]{4}-[0-9]{5}$'),
      num_cni text NOT NULL UNIQUE,
      date_naissance date NOT NULL,
      situation_matrimoniale text CHECK (situation_matrimoniale IN ('celibataire', 'marie', 'divorce', 'veuf', 'union_libre')),
      profession text NOT NULL,
      adresse text NOT NULL,
      ville text NOT NULL,
      pays text NOT NULL,
      type_membre text NOT NULL DEFAULT 'standard' CHECK (type_membre IN ('standard', 'premium', 'vip')),
      statut text NOT NULL DEFAULT 'actif' CHECK (statut IN ('actif', 'inactif', 'suspendu')),
      date_inscription date NOT NULL DEFAULT current_date,
      produit_id integer REFERENCES produits (id) ON DELETE RESTRICT,
      engagement_mensuel bigint NOT NULL CHECK (engagement_mensuel > 0),
      duree_paiement integer NOT NULL CHECK (duree_paiement BETWEEN 1 AND 600),
      gestionnaire_id integer REFERENCES utilisateurs (id) ON DELETE SET NULL,
      demande_id integer,
      montant_deja_paye bigint NOT NULL DEFAULT 0 CHECK (montant_deja_paye >= 0),
      montant_du bigint GENERATED ALWAYS AS (engagement_mensuel * duree_paiement - montant_deja_paye) STORED,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX membres_produit_key ON membres (produit_id) WHERE produit_id IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX membres_demande_key ON membres (demande_id) WHERE demande_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX membres_statut_idx ON membres (statut)`.execute(db);
  await sql`CREATE INDEX membres_type_idx ON membres (type_membre)`.execute(db);
  await sql`CREATE INDEX membres_inscription_idx ON membres (date_inscription)`.execute(db);
  await sql`CREATE INDEX membres_gestionnaire_idx ON membres (gestionnaire_id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
