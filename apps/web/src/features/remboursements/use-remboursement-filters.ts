import { REMBOURSEMENT_PAGE_SIZE, REMBOURSEMENT_STATUTS } from '@app/shared';
import type { RemboursementListFilters } from '../../data/remboursements.ts';
import { idParam, oneOf, useListFilters } from '../../ui/use-list-filters.ts';

/** The refunds list's filters in the address: the member (processors only) and the status. */
const REMBOURSEMENT_PARAMS = {
  membre_id: idParam('membre'),
  statut: oneOf('statut', REMBOURSEMENT_STATUTS),
};

/** What the filter bar changes. */
export type RemboursementFilterChanges = Partial<Pick<RemboursementListFilters, keyof typeof REMBOURSEMENT_PARAMS>>;

/**
 * The refunds list's filters and page, kept in the address; ten a page (spec 3 §9). A member has
 * no member filter: an address naming one is ignored.
 */
export function useRemboursementFilters(withMembre: boolean) {
  const { values, page, set, setPage, filtered, clearAll } = useListFilters(REMBOURSEMENT_PARAMS);
  const membre_id = withMembre ? values.membre_id : null;
  const filters: RemboursementListFilters = { page, limit: REMBOURSEMENT_PAGE_SIZE, membre_id, statut: values.statut };
  return {
    filters,
    update: set,
    setPage,
    filtered: withMembre ? filtered : values.statut !== null,
    clearAll,
  };
}
