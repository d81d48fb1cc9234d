import { type Kysely, sql } from 'kysely';

/**
 * Bank statements (issue 27, decisions 0029). `releves_bancaires` keeps each import (who, which file, what
 * it brought); `lignes_releve` each operation the bank reported, once: `identite` is the digest of
 * its day, direction, amount, label, reference and rank among identical lines of its statement, so
 * that a file imported again, or an overlapping statement, adds only what was not seen. A bank's
 * lines are counted by status like the other lists (migration 0018's statement-level triggers),
 * and the columns chosen for a bank's CSV files are remembered on the bank.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const exec = (query: ReturnType<typeof sql>) => query.execute(db);
  await exec(sql`ALTER TABLE banques ADD COLUMN releve_colonnes jsonb`);
  await exec(sql`
    CREATE TABLE releves_bancaires (
      id serial PRIMARY KEY,
      banque_id integer NOT NULL REFERENCES banques (id),
      format text NOT NULL CHECK (format IN ('csv', 'camt053')),
      nom_fichier text NOT NULL,
      lignes_lues integer NOT NULL,
      lignes_nouvelles integer NOT NULL,
      date_debut date NOT NULL,
      date_fin date NOT NULL,
      solde_final bigint,
      importe_par integer NOT NULL REFERENCES utilisateurs (id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await exec(sql`CREATE INDEX releves_bancaires_banque_idx ON releves_bancaires (banque_id, id)`);
  await exec(sql`
    CREATE TABLE lignes_releve (
      id bigserial PRIMARY KEY,
      banque_id integer NOT NULL REFERENCES banques (id),
      releve_id integer NOT NULL REFERENCES releves_bancaires (id),
      identite text NOT NULL,
      date_operation date NOT NULL,
      date_valeur date,
      libelle text NOT NULL,
      reference text,
      sens text NOT NULL CHECK (sens IN ('credit', 'debit')),
      montant bigint NOT NULL CHECK (montant > 0),
      solde bigint,
      statut text NOT NULL DEFAULT 'non_rapprochee' CHECK (statut IN ('non_rapprochee', 'rapprochee')),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (banque_id, identite)
    )`);
  // The list's two orders: a bank's lines newest first, and within a status.
  await exec(sql`CREATE INDEX lignes_releve_banque_idx ON lignes_releve (banque_id, date_operation DESC, id DESC)`);
  await exec(
    sql`CREATE INDEX lignes_releve_statut_idx ON lignes_releve (banque_id, statut, date_operation DESC, id DESC)`,
  );

  await exec(sql`
    CREATE FUNCTION lignes_releve_dims(l lignes_releve) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
      SELECT ARRAY['banque_id=' || l.banque_id, 'statut=' || l.statut]
    $$`);
  await exec(sql`
    CREATE TRIGGER lignes_releve_compter_insert AFTER INSERT ON lignes_releve
    REFERENCING NEW TABLE AS nouvelles FOR EACH STATEMENT EXECUTE FUNCTION compter_instruction()`);
  await exec(sql`
    CREATE TRIGGER lignes_releve_compter_update AFTER UPDATE ON lignes_releve
    REFERENCING OLD TABLE AS anciennes NEW TABLE AS nouvelles
    FOR EACH STATEMENT EXECUTE FUNCTION compter_instruction('statut')`);
  await exec(sql`
    CREATE TRIGGER lignes_releve_compter_delete AFTER DELETE ON lignes_releve
    REFERENCING OLD TABLE AS anciennes FOR EACH STATEMENT EXECUTE FUNCTION compter_instruction()`);

  // recompter() (migration 0010's) rebuilds every counter: it now counts the statement lines too.
  await exec(sql`ALTER FUNCTION recompter() RENAME TO recompter_0010`);
  await exec(sql`
    CREATE FUNCTION recompter() RETURNS void LANGUAGE sql AS $$
      SELECT recompter_0010();
      INSERT INTO compteurs (cle, total, somme)
      SELECT 'lignes_releve'
        || CASE WHEN GROUPING(banque_id) = 0 THEN '|banque_id=' || banque_id ELSE '' END
        || CASE WHEN GROUPING(statut) = 0 THEN '|statut=' || statut ELSE '' END,
        count(*), coalesce(sum(montant), 0)
      FROM lignes_releve GROUP BY CUBE (banque_id, statut);
    $$`);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
