import { ACCOUNT_STATUTS, MEMBRE_SORTS, TYPES_MEMBRE } from '@app/shared';
import type { MembreFilters } from '../../data/membres.ts';
import { oneOf, sortParam, useListFilters } from '../../ui/use-list-filters.ts';

/** The members lists' filter bar in the address; default sort nom ascending (spec 3 §9). */
const MEMBRE_PARAMS = {
  statut: oneOf('statut', ACCOUNT_STATUTS),
  type_membre: oneOf('type', TYPES_MEMBRE),
  en_retard: oneOf('retard', ['true', 'false'] as const),
  sortBy: sortParam('tri', MEMBRE_SORTS, 'nom'),
  sortOrder: sortParam('ordre', ['asc', 'desc'] as const, 'asc'),
};

/** What the filter bar changes. */
export type MembreFilterChanges = Partial<Pick<MembreFilters, keyof typeof MEMBRE_PARAMS>>;

/** A members list's filters (the admin's list, a gestionnaire's clients), kept in the address. */
export function useMembreFilters(limit: number) {
  const { values, page, search, set, setPage, searchInput, setSearchInput, clearAll } = useListFilters(MEMBRE_PARAMS);
  const filters: MembreFilters = { page, limit, search, ...values };
  return { filters, update: set, setPage, searchInput, setSearchInput, clearAll };
}
