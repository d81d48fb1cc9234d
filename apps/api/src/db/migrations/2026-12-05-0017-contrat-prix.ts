import { type Kysely, sql } from 'kysely';

/**
 * What a member owes is his product's price (issue 23, docs/decisions/0021-contrat-prix.md). Until
 * now his contract was his request's terms, `engagement_mensuel × duree_paiement`, whatever the
 * product cost. A member now carries his contract's total: the product's price at his validation
 * (`prix_produit`, kept so that a later change of the catalogue's price does not change it) for the
 * members validated from now on; his terms' product for the members there already are, who keep
 * their schedules. His schedule is `duree_paiement` instalments of `engagement_mensuel`, the last
 * one holding what remains of the total, and what he still owes follows the total.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE membres ADD COLUMN montant_total bigint, ADD COLUMN prix_produit bigint`.execute(db);
  await sql`UPDATE membres SET montant_total = engagement_mensuel * duree_paiement`.execute(db);
  // Every instalment is positive: the ones before the last never reach the total.
  await sql`
    ALTER TABLE membres ALTER COLUMN montant_total SET NOT NULL,
      ADD CONSTRAINT membres_montant_total_check CHECK (engagement_mensuel * (duree_paiement - 1) < montant_total),
      ADD CONSTRAINT membres_prix_produit_check CHECK (prix_produit > 0)`.execute(db);
  // A generated column's expression cannot be changed before PostgreSQL 17: it is written anew.
  await sql`ALTER TABLE membres DROP COLUMN montant_du`.execute(db);
  await sql`
    ALTER TABLE membres ADD COLUMN montant_du bigint GENERATED ALWAYS AS (montant_total - montant_deja_paye) STORED`.execute(
    db,
  );
  await sql`
    CREATE OR REPLACE FUNCTION echeanciers_initiaux(p_membres integer[]) RETURNS void LANGUAGE sql AS $$
      INSERT INTO echeanciers (membre_id, version, premiere_echeance)
      SELECT id, 1, (date_inscription + interval '1 month')::date FROM membres WHERE id = ANY (p_membres);
      INSERT INTO echeances (echeancier_id, numero, date_echeance, montant, cumul)
      SELECT s.id, i, (s.premiere_echeance + make_interval(months => i - 1))::date,
        CASE WHEN i = m.duree_paiement THEN m.montant_total - m.engagement_mensuel * (i - 1) ELSE m.engagement_mensuel END,
        CASE WHEN i = m.duree_paiement THEN m.montant_total ELSE m.engagement_mensuel * i END
      FROM membres m JOIN echeanciers s ON s.membre_id = m.id AND s.version = 1,
        generate_series(1, m.duree_paiement) AS i
      WHERE m.id = ANY (p_membres);
    $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
