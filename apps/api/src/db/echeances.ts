import { type RawBuilder, sql } from 'kysely';

/** Today in the company's time zone (settings general.timeZone, read by fuseau_societe(), migration 0013). */
export const companyToday = sql<string>`(now() AT TIME ZONE fuseau_societe())::date`;

/**
 * Whether the member aliased `m` is behind on his instalments on a day, as the shared rule
 * `instalmentPosition` (packages/shared/src/rules/echeances.ts) counts: the i-th of his
 * `duree_paiement` instalments falls i months after his inscription, and what he paid is below the
 * instalments whose due day has passed. Bounded by his own instalments (60 at most).
 */
export function enRetard(today: string | RawBuilder<string> = companyToday) {
  return sql<boolean>`m.montant_deja_paye < m.engagement_mensuel * (
    SELECT count(*) FROM generate_series(1, m.duree_paiement) AS i
    WHERE (m.date_inscription + make_interval(months => i))::date < ${today}::date)`;
}
