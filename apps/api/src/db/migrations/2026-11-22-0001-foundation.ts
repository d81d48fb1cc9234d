import { type Kysely, sql } from 'kysely';

/** Foundation: accounts, staff profiles, sessions, reset codes, settings, audit journal. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE utilisateurs (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      email text NOT NULL,
      password_hash text NOT NULL,
      role text NOT NULL CHECK (role IN ('admin', 'gestionnaire', 'comptable', 'commercial', 'membre', 'demandeur')),
      statut text NOT NULL DEFAULT 'actif' CHECK (statut IN ('actif', 'inactif', 'suspendu')),
      nom text NOT NULL,
      prenom text NOT NULL,
      telephone text,
      photo_profil text,
      must_change_password boolean NOT NULL DEFAULT false,
      failed_login_count integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      date_derniere_connexion timestamptz,
      password_changed_at timestamptz NOT NULL DEFAULT now(),
      created_by integer REFERENCES utilisateurs (id) ON DELETE SET NULL,
      updated_by integer REFERENCES utilisateurs (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX utilisateurs_email_key ON utilisateurs (lower(email))`.execute(db);
  await sql`CREATE INDEX utilisateurs_role_statut_idx ON utilisateurs (role, statut)`.execute(db);
  await sql`CREATE INDEX utilisateurs_nom_idx ON utilisateurs (nom, prenom)`.execute(db);
  await sql`CREATE INDEX utilisateurs_created_at_idx ON utilisateurs (created_at)`.execute(db);

  await sql`
    CREATE TABLE personnel (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      utilisateur_id integer NOT NULL UNIQUE REFERENCES utilisateurs (id) ON DELETE CASCADE,
      code_employe text NOT NULL UNIQUE CHECK (code_employe ~ '^CHES-(ADM|GES|CPT|COM)-[0-9]{6}$'),
      num_cni text NOT NULL UNIQUE CHECK (char_length(num_cni) = 13),
      departement text NOT NULL,
      poste text NOT NULL,
      date_embauche date NOT NULL,
      salaire bigint CHECK (salaire IS NULL OR salaire > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX personnel_departement_idx ON personnel (departement)`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id uuid PRIMARY KEY,
      utilisateur_id integer NOT NULL REFERENCES utilisateurs (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      last_activity_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      revoked_reason text,
      ip_address text,
      user_agent text
    )`.execute(db);
  await sql`CREATE INDEX sessions_utilisateur_idx ON sessions (utilisateur_id) WHERE revoked_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE session_tokens (
      token_hash text PRIMARY KEY,
      session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX session_tokens_session_idx ON session_tokens (session_id)`.execute(db);

  await sql`
    CREATE TABLE password_reset_codes (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      utilisateur_id integer NOT NULL REFERENCES utilisateurs (id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX password_reset_codes_user_idx ON password_reset_codes (utilisateur_id, created_at DESC)`.execute(
    db,
  );

  await sql`
    CREATE TABLE settings (
      grp text PRIMARY KEY CHECK (grp IN ('general', 'security', 'system')),
      value jsonb NOT NULL,
      updated_by integer REFERENCES utilisateurs (id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE audit (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      action text NOT NULL,
      table_name text NOT NULL,
      record_id text,
      -- No foreign keys: the journal outlives what it records and is never rewritten.
      user_id integer,
      membre_id integer,
      personnel_id integer,
      old_values jsonb,
      new_values jsonb,
      ip_address text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX audit_created_at_idx ON audit (created_at DESC)`.execute(db);
  await sql`CREATE INDEX audit_user_idx ON audit (user_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX audit_table_idx ON audit (table_name, created_at DESC)`.execute(db);
  await sql`CREATE INDEX audit_action_idx ON audit (action)`.execute(db);
  // The journal is append-only: updates and deletes are refused by the database itself.
  await sql`
    CREATE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit is append-only';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER audit_no_change BEFORE UPDATE OR DELETE ON audit
    FOR EACH ROW EXECUTE FUNCTION audit_append_only()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
