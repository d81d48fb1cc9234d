import { TRANCHES_RETARD } from '@app/shared';
import type { RetardsFilters } from '../../data/retards.ts';
import { type AddressParam, idParam, oneOf, useListFilters } from '../../ui/use-list-filters.ts';

/** A calendar date of the address (YYYY-MM-DD); anything else is none (today). */
function dateParam(key: string): AddressParam<string | null> {
  return {
    key,
    read: (text) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? text : null),
    write: (value) => value,
  };
}

/** The arrears' filters in the address, so that back, reload and a shared link keep them. */
const RETARD_PARAMS = {
  tranche: oneOf('tranche', TRANCHES_RETARD),
  site_id: idParam('site'),
  gestionnaire_id: idParam('gestionnaire'),
  date: dateParam('date'),
};

/** What the tiles and the filter bar change. */
export type RetardFilterChanges = Partial<Pick<RetardsFilters, keyof typeof RETARD_PARAMS>>;

/** The 'Retards' list's filters and page, kept in the address. */
export function useRetardFilters(limit: number) {
  const { values, page, set, setPage, filtered, clearAll } = useListFilters(RETARD_PARAMS);
  const filters: RetardsFilters = { page, limit, ...values };
  return { filters, update: set, setPage, filtered, clearAll };
}
