import { TRANCHE_JOURS, type TrancheRetard } from '@app/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Scope } from '../../caller.ts';
import type { Executor } from '../../db/database.ts';

export interface RetardsFilter {
  /** YYYY-MM-DD: the day the arrears are computed for. */
  date: string;
  /** YYYY-MM-DD: the day less the settings' grace; an instalment due before it is late. */
  limite: string;
  tranche?: TrancheRetard | undefined;
  site_id?: number | undefined;
  gestionnaire_id?: number | undefined;
  /** The penalty rate in basis points (0: off). */
  penaltyBp: number;
}

/**
 * Late members on a day: an index range on their oldest unpaid due date (membres.echeance_impayee,
 * migration 0015), before the day less the settings' grace; a bucket narrows the range.
 */
function lateMembers(scope: Scope, filter: RetardsFilter, withTranche: boolean): RawBuilder<unknown> {
  const d = sql`${filter.date}::date`;
  const conditions = [sql`m.echeance_impayee < ${filter.limite}::date`];
  if (withTranche && filter.tranche) {
    const [min, max] = TRANCHE_JOURS[filter.tranche];
    conditions.push(sql`m.echeance_impayee <= ${d} - ${min}::integer`);
    if (max !== null) conditions.push(sql`m.echeance_impayee >= ${d} - ${max}::integer`);
  }
  if (scope.kind === 'clients') conditions.push(sql`m.gestionnaire_id = ${scope.gestionnaireId}`);
  if (scope.kind === 'self') conditions.push(sql`m.utilisateur_id = ${scope.utilisateurId}`);
  if (filter.gestionnaire_id !== undefined) conditions.push(sql`m.gestionnaire_id = ${filter.gestionnaire_id}`);
  if (filter.site_id !== undefined)
    conditions.push(sql`m.produit_id IN (SELECT id FROM produits WHERE site_id = ${filter.site_id})`);
  return sql.join(conditions, sql` AND `);
}

/**
 * What a late member owes on the day: the late instalments' unpaid part (the running total of the
 * last one, an index-only read, less his paid total), its bucket and the penalty apart.
 */
function arrearsColumns(filter: RetardsFilter) {
  const d = sql`${filter.date}::date`;
  const late = sql`e.echeancier_id = s.id AND e.date_echeance < ${filter.limite}::date`;
  // The rules' retardDe: the rate on each late instalment's unpaid part per month started, rounded down.
  const penalite =
    filter.penaltyBp === 0
      ? sql`0`
      : sql`(SELECT coalesce(sum(floor(least(e.montant, e.cumul - m.montant_deja_paye) * ${filter.penaltyBp}::bigint
            * ceil((${d} - e.date_echeance) / 30.0) / 10000)), 0)
          FROM echeances e WHERE ${late} AND e.cumul > m.montant_deja_paye)`;
  return sql`
    (SELECT e.cumul FROM echeances e WHERE ${late} ORDER BY e.date_echeance DESC LIMIT 1) - m.montant_deja_paye
      AS montant_retard,
    ${penalite}::bigint AS penalite,
    ${d} - m.echeance_impayee AS jours,
    CASE WHEN ${d} - m.echeance_impayee <= 30 THEN '1-30' WHEN ${d} - m.echeance_impayee <= 60 THEN '31-60'
      WHEN ${d} - m.echeance_impayee <= 90 THEN '61-90' ELSE '90+' END AS tranche`;
}

export interface RetardRow {
  membre_id: number;
  code_esv: string;
  nom: string;
  prenom: string;
  telephone: string | null;
  produit: string | null;
  site_id: number | null;
  site_nom: string | null;
  gestionnaire_id: number | null;
  gestionnaire_nom: string | null;
  gestionnaire_prenom: string | null;
  montant_retard: string;
  penalite: string;
  echeance_impayee: string;
  jours: number;
  tranche: TrancheRetard;
  dernier_versement: string | null;
}

/** The late members in the most-late-first order, a page (limit, offset) or all of them (the export). */
export async function listRetards(
  db: Executor,
  scope: Scope,
  filter: RetardsFilter,
  page: { limit: number; offset: number } | null,
): Promise<RetardRow[]> {
  const slice = page ? sql`LIMIT ${sql.lit(page.limit)} OFFSET ${sql.lit(page.offset)}` : sql``;
  const { rows } = await sql<RetardRow>`
    WITH selected AS (
      SELECT m.id FROM membres m WHERE ${lateMembers(scope, filter, true)}
      ORDER BY m.echeance_impayee, m.id ${slice}
    )
    SELECT m.id AS membre_id, m.code_esv, u.nom, u.prenom, u.telephone, p.titre AS produit,
      si.id AS site_id, si.nom_site AS site_nom, g.id AS gestionnaire_id, g.nom AS gestionnaire_nom,
      g.prenom AS gestionnaire_prenom, m.echeance_impayee, ${arrearsColumns(filter)},
      (SELECT max(v.date_versement) FROM versements v
        WHERE v.membre_id = m.id AND v.statut = 'valide' AND v.date_suppression IS NULL) AS dernier_versement
    FROM selected JOIN membres m ON m.id = selected.id
    JOIN echeanciers s ON s.membre_id = m.id AND s.remplace_le IS NULL
    JOIN utilisateurs u ON u.id = m.utilisateur_id
    LEFT JOIN utilisateurs g ON g.id = m.gestionnaire_id
    LEFT JOIN produits p ON p.id = m.produit_id
    LEFT JOIN sites si ON si.id = p.site_id
    ORDER BY m.echeance_impayee, m.id`.execute(db);
  return rows;
}

/** Members, overdue amount and penalty per bucket, for the filters but every bucket. */
export async function retardsTotals(db: Executor, scope: Scope, filter: RetardsFilter) {
  const { rows } = await sql<{ tranche: TrancheRetard; membres: string; montant: string; penalite: string }>`
    SELECT tranche, count(*) AS membres, sum(montant_retard) AS montant, sum(penalite) AS penalite FROM (
      SELECT ${arrearsColumns(filter)}
      FROM membres m JOIN echeanciers s ON s.membre_id = m.id AND s.remplace_le IS NULL
      WHERE ${lateMembers(scope, filter, false)}
    ) AS late GROUP BY tranche`.execute(db);
  return rows;
}
