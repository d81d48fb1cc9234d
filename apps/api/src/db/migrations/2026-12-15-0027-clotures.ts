import { type Kysely, sql } from 'kysely';

/**
 * Month closures (issue 27, decisions 0030). A bank's past month is closed once its ledger balance
 * equals its statement's at the month's last day; a closed month then refuses every movement
 * dated in it, by its value date, and the deletion of a payment whose credit is dated in it: the
 * database itself refuses (SQLSTATE CL001, its message the month), whatever code posts. Reopening
 * keeps the closure on record (`rouverte_le`), so a month may be closed, reopened and closed again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const exec = (query: ReturnType<typeof sql>) => query.execute(db);
  await exec(sql`
    CREATE TABLE clotures_bancaires (
      id serial PRIMARY KEY,
      banque_id integer NOT NULL REFERENCES banques (id),
      mois date NOT NULL CHECK (extract(day FROM mois) = 1),
      solde bigint NOT NULL,
      cloturee_par integer NOT NULL REFERENCES utilisateurs (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      rouverte_par integer REFERENCES utilisateurs (id),
      rouverte_le timestamptz,
      motif_reouverture text,
      CHECK ((rouverte_le IS NULL) = (rouverte_par IS NULL))
    )`);
  await exec(sql`
    CREATE UNIQUE INDEX clotures_bancaires_mois_key ON clotures_bancaires (banque_id, mois) WHERE rouverte_le IS NULL`);
  await exec(sql`CREATE INDEX clotures_bancaires_banque_idx ON clotures_bancaires (banque_id, mois DESC, id DESC)`);

  // Runs after postMouvement's balance update has locked the bank's row, as a closure does first:
  // a closure and a movement of its month never both commit.
  await exec(sql`
    CREATE FUNCTION mouvement_mois_ouvert() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      clos date;
    BEGIN
      SELECT c.mois INTO clos FROM clotures_bancaires c
      WHERE c.banque_id = NEW.banque_id AND c.rouverte_le IS NULL
        AND (c.mois = date_trunc('month', NEW.date_valeur)::date
          OR (NEW.operation = 'versement_supprime' AND c.mois IN (
            SELECT date_trunc('month', o.date_valeur)::date FROM mouvements_bancaires o
            WHERE o.source_table = 'versements' AND o.source_id = NEW.source_id AND o.operation = 'versement_valide')))
      LIMIT 1;
      IF clos IS NOT NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'CL001', MESSAGE = to_char(clos, 'YYYY-MM');
      END IF;
      RETURN NEW;
    END
    $$`);
  await exec(sql`
    CREATE TRIGGER mouvements_mois_ouvert BEFORE INSERT ON mouvements_bancaires
    FOR EACH ROW EXECUTE FUNCTION mouvement_mois_ouvert()`);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
