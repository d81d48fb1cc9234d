import { type DemandeStatut, parseDemandeStatut } from '@app/shared';
import { useAddressFilters } from '../../ui/use-address-filters.ts';
import type { DemandeFilters } from './demandes.api.ts';

/** A status from the address: the French code, or its English equivalent; anything else is 'all'. */
export function parseStatut(value: string | null): DemandeStatut | null {
  return parseDemandeStatut(value) ?? null;
}

/** The demandes list's filters (search, status, page), kept in the address. */
export function useDemandeFilters(limit: number) {
  const { params, page, search, update, setPage, searchInput, setSearchInput, clearAll } = useAddressFilters([
    'statut',
  ]);

  const filters: DemandeFilters = { page, limit, search, statut: parseStatut(params.get('statut')) };
  const setStatut = (statut: DemandeStatut | null) => update({ statut });

  return { filters, setPage, setStatut, searchInput, setSearchInput, clearAll };
}
