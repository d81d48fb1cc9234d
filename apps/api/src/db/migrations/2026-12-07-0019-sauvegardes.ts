import { type Kysely, sql } from 'kysely';

/**
 * Backups (issue 24, docs/decisions/0023-sauvegardes.md). One row per backup, written when it
 * starts: a scheduled one carries its slot, unique, so that each slot is taken once whatever the
 * restarts or the number of servers; one backup runs at a time (the partial unique index), and a
 * running one beats (`battement`) so that another process can tell it was interrupted. These rows
 * describe files of this machine: they are not part of a backup. `sauvegarde_alertes` keeps the
 * e-mails the admins were sent about backups, each once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sauvegardes (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      debut timestamptz NOT NULL DEFAULT now(),
      fin timestamptz,
      declenchement text NOT NULL CHECK (declenchement IN ('planifiee', 'manuelle')),
      creneau timestamptz UNIQUE,
      demandeur_id integer REFERENCES utilisateurs (id) ON DELETE SET NULL,
      statut text NOT NULL DEFAULT 'en_cours' CHECK (statut IN ('en_cours', 'verifiee', 'echec')),
      motif text,
      etape text CHECK (etape IN ('base', 'medias', 'verification')),
      progression integer CHECK (progression BETWEEN 0 AND 100),
      battement timestamptz NOT NULL DEFAULT now(),
      fichier text UNIQUE,
      taille bigint CHECK (taille >= 0),
      chiffree boolean NOT NULL,
      manifeste jsonb,
      alerte_envoyee boolean NOT NULL DEFAULT false,
      CHECK ((declenchement = 'planifiee') = (creneau IS NOT NULL)),
      CHECK ((statut = 'en_cours') = (fin IS NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX sauvegardes_une_en_cours ON sauvegardes ((true)) WHERE statut = 'en_cours'`.execute(db);
  // The list, newest first; the last verified one (retention never removes it).
  await sql`CREATE INDEX sauvegardes_recentes_idx ON sauvegardes (id DESC)`.execute(db);
  await sql`CREATE INDEX sauvegardes_verifiees_idx ON sauvegardes (id DESC) WHERE statut = 'verifiee'`.execute(db);
  await sql`
    CREATE TABLE sauvegarde_alertes (
      cle text PRIMARY KEY,
      envoyee_le timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
