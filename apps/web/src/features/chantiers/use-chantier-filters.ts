import { CHANTIER_STATUTS } from '@app/shared';
import type { ChantierListFilters } from '../../data/chantiers.ts';
import { type AddressParam, oneOf, useListFilters } from '../../ui/use-list-filters.ts';

/** A city, as typed anywhere: trimmed, none when blank. */
const villeParam: AddressParam<string | null> = {
  key: 'ville',
  read: (text) => text?.trim().slice(0, 100) || null,
  write: (value) => value || null,
};

/** The chantiers list's filters in the address. */
const CHANTIER_PARAMS = {
  statut: oneOf('statut', CHANTIER_STATUTS),
  ville: villeParam,
};

/** What the filters change. */
export type ChantierFilterChanges = Partial<Pick<ChantierListFilters, keyof typeof CHANTIER_PARAMS>>;

/** The chantiers list's search, filters and page, kept in the address; the latest start first (spec 2 §7). */
export function useChantierFilters(limit: number) {
  const { values, page, search, set, setPage, searchInput, setSearchInput, filtered, clearAll } =
    useListFilters(CHANTIER_PARAMS);
  const filters: ChantierListFilters = {
    page,
    limit,
    search,
    ...values,
    sortBy: 'date_debut',
    sortOrder: 'desc',
  };
  return { filters, update: set, setPage, searchInput, setSearchInput, filtered, clearAll };
}
