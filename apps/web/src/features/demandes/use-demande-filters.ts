import { type DemandeStatut, parseDemandeStatut } from '@app/shared';
import type { DemandeFilters } from '../../data/demandes.ts';
import { ALL } from '../../ui/account-options.ts';
import { type AddressParam, useListFilters } from '../../ui/use-list-filters.ts';

/** The status the list opens on: the demandes that wait for a decision. */
export const DEFAULT_STATUT: DemandeStatut = 'en_attente';

/**
 * A status from the address: none is the default ('en attente'), 'tous' is every status, else the
 * French code or its English equivalent; anything else is every status.
 */
export function parseStatut(value: string | null): DemandeStatut | null {
  if (value === null) return DEFAULT_STATUT;
  return parseDemandeStatut(value) ?? null;
}

/** The default status leaves the address bare; 'every status' is spelt out. */
const statutParam: AddressParam<DemandeStatut | null> = {
  key: 'statut',
  read: parseStatut,
  write: (statut) => (statut === DEFAULT_STATUT ? null : (statut ?? ALL)),
};

/** The demandes list's filters (search, status, page), kept in the address; it opens on 'en attente'. */
export function useDemandeFilters(limit: number) {
  const { values, page, search, set, setPage, searchInput, setSearchInput, clearAll } = useListFilters({
    statut: statutParam,
  });

  const filters: DemandeFilters = { page, limit, search, statut: values.statut };
  const setStatut = (statut: DemandeStatut | null) => set({ statut });

  return { filters, setPage, setStatut, searchInput, setSearchInput, clearAll };
}
