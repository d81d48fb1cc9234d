import { ACCOUNT_STATUTS, MEMBRE_SORTS, TYPES_MEMBRE } from '@app/shared';
import { useAddressFilters } from '../../ui/use-address-filters.ts';
import type { MembreFilters } from './membres.api.ts';

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

/** Address parameters of the members lists' filter bar. */
export type FilterParam = 'statut' | 'type' | 'tri' | 'ordre';

/** A members list's filters, kept in the address; default sort nom ascending (spec 3 §9). */
export function useMembreFilters(limit: number) {
  const { params, page, search, update, setPage, searchInput, setSearchInput, clearAll } =
    useAddressFilters<FilterParam>(['statut', 'type']);

  const filters: MembreFilters = {
    page,
    limit,
    search,
    statut: pick(params.get('statut'), ACCOUNT_STATUTS),
    type_membre: pick(params.get('type'), TYPES_MEMBRE),
    sortBy: pick(params.get('tri'), MEMBRE_SORTS) ?? 'nom',
    sortOrder: params.get('ordre') === 'desc' ? 'desc' : 'asc',
  };

  return { filters, update, setPage, searchInput, setSearchInput, clearAll };
}
