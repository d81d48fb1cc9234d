import { type Kysely, sql } from 'kysely';

/**
 * Reconciliation (issue 27, decisions 0029). A movement now carries its value date (`date_valeur`:
 * a payment's bank-slip date, an expense's date, otherwise the company's day it was posted), the
 * date a bank statement knows it by; the existing ones get theirs from their sources. A match
 * (`rapprochements`) ties statement lines to ledger movements of one bank whose sums are equal,
 * one to many either way; a line or a movement is in one match at most.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const exec = (query: ReturnType<typeof sql>) => query.execute(db);
  await exec(sql`ALTER TABLE mouvements_bancaires ADD COLUMN date_valeur date`);
  // Append-only (mouvements_immuables): the one backfill of the new column goes around the guard.
  await exec(sql`ALTER TABLE mouvements_bancaires DISABLE TRIGGER mouvements_immuables`);
  await exec(sql`
    UPDATE mouvements_bancaires mv SET date_valeur = coalesce(
      CASE mv.source_table
        WHEN 'versements' THEN (SELECT v.date_recu FROM versements v WHERE v.id = mv.source_id AND mv.operation = 'versement_valide')
        WHEN 'depenses' THEN (SELECT d.date_depense FROM depenses d WHERE d.id = mv.source_id)
      END,
      (mv.created_at AT TIME ZONE fuseau_societe())::date)`);
  await exec(sql`ALTER TABLE mouvements_bancaires ENABLE TRIGGER mouvements_immuables`);
  await exec(sql`
    ALTER TABLE mouvements_bancaires ALTER COLUMN date_valeur SET NOT NULL,
      ALTER COLUMN date_valeur SET DEFAULT (now() AT TIME ZONE fuseau_societe())::date`);
  // A bank's movements by day (its balance at a date), and by direction and amount (the suggestions).
  await exec(sql`CREATE INDEX mouvements_bancaires_valeur_idx ON mouvements_bancaires (banque_id, date_valeur, id)`);
  await exec(
    sql`CREATE INDEX mouvements_bancaires_montant_idx ON mouvements_bancaires (banque_id, type, montant, date_valeur)`,
  );

  await exec(sql`
    CREATE TABLE rapprochements (
      id serial PRIMARY KEY,
      banque_id integer NOT NULL REFERENCES banques (id),
      montant bigint NOT NULL,
      created_by integer NOT NULL REFERENCES utilisateurs (id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await exec(sql`CREATE INDEX rapprochements_banque_idx ON rapprochements (banque_id, id)`);
  await exec(sql`
    CREATE TABLE rapprochement_mouvements (
      mouvement_id bigint PRIMARY KEY REFERENCES mouvements_bancaires (id),
      rapprochement_id integer NOT NULL REFERENCES rapprochements (id) ON DELETE CASCADE
    )`);
  await exec(sql`CREATE INDEX rapprochement_mouvements_idx ON rapprochement_mouvements (rapprochement_id)`);
  await exec(sql`ALTER TABLE lignes_releve ADD COLUMN rapprochement_id integer REFERENCES rapprochements (id)`);
  await exec(sql`
    ALTER TABLE lignes_releve ADD CONSTRAINT lignes_releve_statut_rapprochement
    CHECK ((rapprochement_id IS NULL) = (statut = 'non_rapprochee'))`);
  await exec(sql`CREATE INDEX lignes_releve_rapprochement_idx ON lignes_releve (rapprochement_id)`);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
