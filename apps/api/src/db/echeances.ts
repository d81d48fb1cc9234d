import { type RawBuilder, sql } from 'kysely';

/** Today in the company's time zone (settings general.timeZone, read by fuseau_societe(), migration 0013). */
export const companyToday = sql<string>`(now() AT TIME ZONE fuseau_societe())::date`;

/**
 * Whether the member aliased `m` is late on a day: his oldest instalment not fully paid (kept in
 * `echeance_impayee`, migration 0015) fell due more than the settings' days of grace before it, as
 * the shared rule `allocate` marks it 'en_retard'. An index range on `echeance_impayee`.
 */
export function enRetard(today: string | RawBuilder<string> = companyToday) {
  return sql<boolean>`(m.echeance_impayee IS NOT NULL AND m.echeance_impayee < ${today}::date - delai_grace())`;
}
