import { TRANCHE_JOURS, type TrancheRetard } from '@app/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Scope } from '../../caller.ts';
import type { Executor } from '../../db/database.ts';

export interface RetardsFilter {
  /** YYYY-MM-DD: the day the arrears are computed for. */
  date: string;
  /** YYYY-MM-DD: the day less the settings' grace; an instalment due before it is late. */
  limite: string;
  /** Today's arrears, kept by the triggers (migration 0015), rather than computed for another day. */
  kept: boolean;
  tranche?: TrancheRetard | undefined;
  site_id?: number | undefined;
  gestionnaire_id?: number | undefined;
  /** The penalty rate in basis points (0: off). */
  penaltyBp: number;
}

/** Moves the kept arrears to today's cut-off (a new day, grace or time zone): the members concerned only. */
export async function advanceRetards(db: Executor): Promise<void> {
  await sql`SELECT avancer_retards()`.execute(db);
}

/** The gestionnaire the caller's scope and the filter ask for: null for all, undefined when they contradict. */
function gestionnaireOf(scope: Scope, filter: RetardsFilter): number | null | undefined {
  if (scope.kind !== 'clients') return filter.gestionnaire_id ?? null;
  if (filter.gestionnaire_id !== undefined && filter.gestionnaire_id !== scope.gestionnaireId) return undefined;
  return scope.gestionnaireId;
}

/** A bucket as a range of oldest unpaid due dates. */
function trancheRange(column: RawBuilder<unknown>, filter: RetardsFilter, tranche: TrancheRetard) {
  const [min, max] = TRANCHE_JOURS[tranche];
  const d = sql`${filter.date}::date`;
  const conditions = [sql`${column} <= ${d} - ${min}::integer`];
  if (max !== null) conditions.push(sql`${column} >= ${d} - ${max}::integer`);
  return conditions;
}

/**
 * Late members on a day: an index range on their oldest unpaid due date (membres.echeance_impayee),
 * before the day less the settings' grace; a bucket narrows the range.
 */
function lateMembers(scope: Scope, filter: RetardsFilter): RawBuilder<unknown> {
  const conditions = [sql`m.echeance_impayee < ${filter.limite}::date`];
  if (filter.tranche) conditions.push(...trancheRange(sql`m.echeance_impayee`, filter, filter.tranche));
  const gestionnaire = gestionnaireOf(scope, filter);
  if (gestionnaire === undefined) conditions.push(sql`false`);
  else if (gestionnaire !== null) conditions.push(sql`m.gestionnaire_id = ${gestionnaire}`);
  if (scope.kind === 'self') conditions.push(sql`m.utilisateur_id = ${scope.utilisateurId}`);
  if (filter.site_id !== undefined)
    conditions.push(sql`m.produit_id IN (SELECT id FROM produits WHERE site_id = ${filter.site_id})`);
  return sql.join(conditions, sql` AND `);
}

const trancheOf = (days: RawBuilder<unknown>) =>
  sql<TrancheRetard>`CASE WHEN ${days} <= 30 THEN '1-30' WHEN ${days} <= 60 THEN '31-60'
    WHEN ${days} <= 90 THEN '61-90' ELSE '90+' END`;

/**
 * What a late member owes on the day: kept for today, otherwise the running total of his last
 * instalment due before the cut-off (an index-only read) less his paid total; its bucket; and the
 * penalty apart: the rate on each late instalment's unpaid part per month started, rounded down.
 */
function arrearsColumns(filter: RetardsFilter) {
  const d = sql`${filter.date}::date`;
  const late = sql`e.echeancier_id = s.id AND e.date_echeance < ${filter.limite}::date`;
  const montant = filter.kept
    ? sql`m.retard_montant`
    : sql`(SELECT e.cumul FROM echeances e WHERE ${late} ORDER BY e.date_echeance DESC LIMIT 1) - m.montant_deja_paye`;
  const penalite =
    filter.penaltyBp === 0
      ? sql`0`
      : sql`(SELECT coalesce(sum(floor(least(e.montant, e.cumul - m.montant_deja_paye) * ${filter.penaltyBp}::bigint
            * ceil((${d} - e.date_echeance) / 30.0) / 10000)), 0)
          FROM echeances e WHERE ${late} AND e.cumul > m.montant_deja_paye)`;
  return sql`${montant} AS montant_retard, ${penalite}::bigint AS penalite, ${d} - m.echeance_impayee AS jours,
    ${trancheOf(sql`${d} - m.echeance_impayee`)} AS tranche`;
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
      SELECT m.id FROM membres m WHERE ${lateMembers(scope, filter)}
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

export interface RetardsTotalRow {
  tranche: TrancheRetard;
  membres: string;
  montant: string;
}

/**
 * Late members and what they owe per bucket, for the filters but every bucket: today's from the
 * kept totals (a row per oldest unpaid due date, whatever the number of members), another day's
 * summed over its late members.
 */
export async function retardsTotals(db: Executor, scope: Scope, filter: RetardsFilter): Promise<RetardsTotalRow[]> {
  const everyBucket = { ...filter, tranche: undefined };
  if (!filter.kept) {
    const { rows } = await sql<RetardsTotalRow>`
      SELECT tranche, count(*) AS membres, sum(montant_retard) AS montant FROM (
        SELECT ${arrearsColumns(everyBucket)}
        FROM membres m JOIN echeanciers s ON s.membre_id = m.id AND s.remplace_le IS NULL
        WHERE ${lateMembers(scope, everyBucket)}
      ) AS late GROUP BY tranche`.execute(db);
    return rows;
  }
  const gestionnaire = gestionnaireOf(scope, filter);
  if (gestionnaire === undefined) return [];
  const { rows } = await sql<RetardsTotalRow>`
    SELECT ${trancheOf(sql`${filter.date}::date - t.echeance_impayee`)} AS tranche, sum(t.membres) AS membres,
      sum(t.montant) AS montant
    FROM retards_totaux t
    WHERE t.gestionnaire_id = ${gestionnaire ?? 0} AND t.site_id = ${filter.site_id ?? 0}
      AND t.echeance_impayee < ${filter.limite}::date
    GROUP BY 1`.execute(db);
  return rows;
}
