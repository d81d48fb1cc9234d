import { DEPENSE_CATEGORIES, DEPENSE_STATUTS } from '@app/shared';
import type { DepenseListFilters } from '../../data/depenses.ts';
import { oneOf, useListFilters } from '../../ui/use-list-filters.ts';

/** The expenses list's filters in the address. */
const DEPENSE_PARAMS = {
  statut: oneOf('statut', DEPENSE_STATUTS),
  categorie: oneOf('categorie', DEPENSE_CATEGORIES),
};

/** What the filters change. */
export type DepenseFilterChanges = Partial<Pick<DepenseListFilters, keyof typeof DEPENSE_PARAMS>>;

/** The expenses list's search, filters and page, kept in the address; the latest expenses first. */
export function useDepenseFilters(limit: number) {
  const { values, page, search, set, setPage, searchInput, setSearchInput, filtered, clearAll } =
    useListFilters(DEPENSE_PARAMS);
  const filters: DepenseListFilters = {
    page,
    limit,
    search,
    ...values,
    sortBy: 'date_depense',
    sortOrder: 'desc',
  };
  return { filters, update: set, setPage, searchInput, setSearchInput, filtered, clearAll };
}
