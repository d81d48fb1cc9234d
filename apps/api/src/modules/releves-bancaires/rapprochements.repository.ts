import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** The banks the statement lines asked for belong to (one, for a match). */
export async function banquesDesLignes(db: Executor, ids: readonly number[]) {
  const rows = await db
    .selectFrom('lignes_releve')
    .select('banque_id')
    .distinct()
    .where('id', 'in', ids.map(String))
    .execute();
  return rows.map((r) => r.banque_id);
}

/** The statement lines asked for, locked, that are this bank's and not matched yet. */
export async function lockLignesLibres(db: Executor, banqueId: number, ids: readonly number[]) {
  return db
    .selectFrom('lignes_releve')
    .select(['id', 'sens', 'montant'])
    .where('banque_id', '=', banqueId)
    .where('id', 'in', ids.map(String))
    .where('rapprochement_id', 'is', null)
    .forUpdate()
    .execute();
}

/** The movements asked for that are this bank's and in no match (the match's insert guards the race). */
export async function mouvementsLibres(db: Executor, banqueId: number, ids: readonly (number | string)[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('mouvements_bancaires as mv')
    .select(['mv.id', 'mv.type', 'mv.montant'])
    .where('mv.banque_id', '=', banqueId)
    .where('mv.id', 'in', ids.map(String))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('rapprochement_mouvements as rm').whereRef('rm.mouvement_id', '=', 'mv.id'))),
    )
    .execute();
}

/** The credit movement a payment's validation posted. */
export async function mouvementDuVersement(db: Executor, versementId: number) {
  const row = await db
    .selectFrom('mouvements_bancaires')
    .select('id')
    .where('source_table', '=', 'versements')
    .where('source_id', '=', versementId)
    .where('operation', '=', 'versement_valide')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertRapprochement(
  db: Executor,
  match: { banque_id: number; montant: number; created_by: number },
  lignes: readonly number[],
  mouvements: readonly (number | string)[],
): Promise<number> {
  const { id } = await db.insertInto('rapprochements').values(match).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('rapprochement_mouvements')
    .values(mouvements.map((mouvement_id) => ({ mouvement_id: String(mouvement_id), rapprochement_id: id })))
    .execute();
  await db
    .updateTable('lignes_releve')
    .set({ rapprochement_id: id, statut: 'rapprochee' })
    .where('id', 'in', lignes.map(String))
    .execute();
  return id;
}

export async function findRapprochement(db: Executor, id: number) {
  const match = await db.selectFrom('rapprochements').selectAll().where('id', '=', id).executeTakeFirst();
  if (!match) return undefined;
  const [lignes, mouvements] = await Promise.all([
    db.selectFrom('lignes_releve').select('id').where('rapprochement_id', '=', id).orderBy('id').execute(),
    db.selectFrom('rapprochement_mouvements').select('mouvement_id').where('rapprochement_id', '=', id).execute(),
  ]);
  return {
    ...match,
    lignes: lignes.map((l) => Number(l.id)),
    mouvements: mouvements.map((m) => Number(m.mouvement_id)).sort((a, b) => a - b),
  };
}

/** Undoes a match: its lines are unmatched again, its movements free (the join rows go with it). */
export async function deleteRapprochement(db: Executor, id: number) {
  await db
    .updateTable('lignes_releve')
    .set({ rapprochement_id: null, statut: 'non_rapprochee' })
    .where('rapprochement_id', '=', id)
    .execute();
  await db.deleteFrom('rapprochements').where('id', '=', id).execute();
}

/** A movement's label in the reconciliation: its comment, else what it comes from. */
export const libelleMouvement = sql<string>`coalesce(mv.commentaire, mv.operation)`;

/**
 * For each of the statement lines given, its likely movements: same
 * direction and amount, not matched, value date within `jours` days; those whose payment's slip
 * or our receipt number the line's label or reference carries first, then the nearest in time.
 * Three at most each. A credit line also gets the bank's pending payments of that amount.
 */
export async function suggestions(db: Executor, ligneIds: readonly number[], jours: number) {
  if (ligneIds.length === 0) return [];
  const { rows } = await sql<{
    ligne_id: string;
    mouvements: {
      id: string;
      type: 'credit' | 'debit';
      operation: string;
      montant: string;
      date_valeur: string;
      libelle: string;
    }[];
    versements: { id: number; montant: string; date_recu: string; numero_recu: string; membre: string }[];
  }>`
    SELECT l.id AS ligne_id,
      coalesce((SELECT json_agg(c ORDER BY c.rang, c.ecart, c.id) FROM (
        SELECT mv.id, mv.type, mv.operation, mv.montant, mv.date_valeur, ${libelleMouvement} AS libelle,
          CASE WHEN v.numero_recu IS NOT NULL AND (strpos(upper(l.libelle), upper(v.numero_recu)) > 0
            OR strpos(upper(coalesce(l.reference, '')), upper(v.numero_recu)) > 0) THEN 0 ELSE 1 END AS rang,
          abs(mv.date_valeur - l.date_operation) AS ecart
        FROM mouvements_bancaires mv
        LEFT JOIN versements v ON mv.source_table = 'versements' AND v.id = mv.source_id
        WHERE mv.banque_id = l.banque_id AND mv.type = l.sens AND mv.montant = l.montant
          AND mv.date_valeur BETWEEN l.date_operation - ${jours}::integer AND l.date_operation + ${jours}::integer
          AND NOT EXISTS (SELECT 1 FROM rapprochement_mouvements rm WHERE rm.mouvement_id = mv.id)
        ORDER BY rang, ecart, mv.id
        LIMIT 3) AS c), '[]') AS mouvements,
      coalesce((SELECT json_agg(p ORDER BY p.rang, p.ecart, p.id) FROM (
        SELECT v.id, v.montant, v.date_recu, v.numero_recu, concat_ws(' ', u.prenom, u.nom) AS membre,
          CASE WHEN strpos(upper(l.libelle), upper(v.numero_recu)) > 0
            OR strpos(upper(coalesce(l.reference, '')), upper(v.numero_recu)) > 0 THEN 0 ELSE 1 END AS rang,
          abs(v.date_recu - l.date_operation) AS ecart
        FROM versements v
        JOIN membres m ON m.id = v.membre_id
        JOIN utilisateurs u ON u.id = m.utilisateur_id
        WHERE l.sens = 'credit' AND v.banque_id = l.banque_id AND v.statut = 'en_attente'
          AND v.date_suppression IS NULL AND v.montant = l.montant
          AND v.date_recu BETWEEN l.date_operation - ${jours}::integer AND l.date_operation + ${jours}::integer
        ORDER BY rang, ecart, v.id
        LIMIT 3) AS p), '[]') AS versements
    FROM lignes_releve l
    WHERE l.id IN (${sql.join(ligneIds.map(String))})`.execute(db);
  return rows;
}
