import { type Kysely, sql } from 'kysely';

/**
 * Registration requests (docs/data-model.md, "demandes"). A validated demande is the origin of
 * exactly one member, so `membres.demande_id` now references it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE demandes (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      nom_complet text NOT NULL,
      num_cni text NOT NULL,
      date_naissance date NOT NULL,
      situation_matrimoniale text CHECK (situation_matrimoniale IN ('celibataire', 'marie', 'divorce', 'veuf', 'union_libre')),
      profession text NOT NULL,
      engagement_mensuel bigint NOT NULL CHECK (engagement_mensuel > 0),
      duree_paiement integer NOT NULL CHECK (duree_paiement BETWEEN 1 AND 600),
      email text NOT NULL,
      telephone text NOT NULL,
      pays text NOT NULL,
      ville text NOT NULL,
      adresse text NOT NULL,
      produit_id integer NOT NULL REFERENCES produits (id) ON DELETE RESTRICT,
      notes text,
      statut text NOT NULL DEFAULT 'en_attente' CHECK (statut IN ('en_attente', 'validee', 'rejetee')),
      gere_par integer REFERENCES utilisateurs (id) ON DELETE RESTRICT,
      motif_rejet text,
      commentaires text,
      traite_par integer REFERENCES utilisateurs (id) ON DELETE RESTRICT,
      date_traitement timestamptz,
      created_by integer REFERENCES utilisateurs (id) ON DELETE SET NULL,
      updated_by integer REFERENCES utilisateurs (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((statut = 'en_attente') = (date_traitement IS NULL)),
      CHECK ((statut = 'en_attente') = (traite_par IS NULL)),
      CHECK ((statut = 'validee') = (gere_par IS NOT NULL)),
      CHECK ((statut = 'rejetee') = (motif_rejet IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX demandes_statut_idx ON demandes (statut, created_at DESC)`.execute(db);
  await sql`CREATE INDEX demandes_created_idx ON demandes (created_at DESC)`.execute(db);
  await sql`CREATE INDEX demandes_produit_idx ON demandes (produit_id)`.execute(db);
  await sql`CREATE INDEX demandes_gere_par_idx ON demandes (gere_par)`.execute(db);
  await sql`CREATE INDEX demandes_cni_idx ON demandes (num_cni)`.execute(db);
  await sql`CREATE INDEX demandes_email_idx ON demandes (lower(email))`.execute(db);
  await sql`
    ALTER TABLE membres ADD CONSTRAINT membres_demande_id_fkey
    FOREIGN KEY (demande_id) REFERENCES demandes (id) ON DELETE RESTRICT`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
