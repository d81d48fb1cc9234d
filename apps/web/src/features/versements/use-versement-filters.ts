import { TYPES_VERSEMENT, VERSEMENT_SORTS, VERSEMENT_STATUTS } from '@app/shared';
import type { VersementListFilters } from '../../data/versements.ts';
import { type AddressParam, idParam, oneOf, sortParam, useListFilters } from '../../ui/use-list-filters.ts';

/** A calendar date of the address (YYYY-MM-DD); anything else is none. */
export function dateParam(key: string): AddressParam<string | null> {
  return {
    key,
    read: (text) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? text : null),
    write: (value) => value,
  };
}

/** The payments list's filters in the address; newest declarations first (the server's default). */
const VERSEMENT_PARAMS = {
  statut: oneOf('statut', VERSEMENT_STATUTS),
  type_versement: oneOf('type', TYPES_VERSEMENT),
  produit_id: idParam('produit'),
  banque_id: idParam('banque'),
  date_debut: dateParam('du'),
  date_fin: dateParam('au'),
  sortBy: sortParam('tri', VERSEMENT_SORTS, 'created_at'),
  sortOrder: sortParam('ordre', ['desc', 'asc'] as const, 'desc'),
};

/** What the filter panel changes. */
export type VersementFilterChanges = Partial<Pick<VersementListFilters, keyof typeof VERSEMENT_PARAMS>>;

/** The filters the panel holds (not the search nor the sort): how many are set, for its toggle. */
export function panelFilterCount(filters: VersementListFilters): number {
  const { statut, type_versement, produit_id, banque_id, date_debut, date_fin } = filters;
  return [statut, type_versement, produit_id, banque_id, date_debut, date_fin].filter((v) => v !== null).length;
}

/** The payments list's search, filters, sort and page, kept in the address. */
export function useVersementFilters(limit: number) {
  const { values, page, search, set, setPage, searchInput, setSearchInput, filtered, clearAll } =
    useListFilters(VERSEMENT_PARAMS);
  const filters: VersementListFilters = { page, limit, search, ...values };
  return { filters, update: set, setPage, searchInput, setSearchInput, filtered, clearAll };
}
