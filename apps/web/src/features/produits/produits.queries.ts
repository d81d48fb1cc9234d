import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchActiveSites, fetchProduit, fetchProduits, type ProduitFilters } from './produits.api.ts';

/** Query keys of the catalogue (TkDodo's key factory). */
export const produitsKeys = {
  all: ['produits'] as const,
  lists: () => [...produitsKeys.all, 'list'] as const,
  list: (filters: ProduitFilters) => [...produitsKeys.lists(), filters] as const,
  details: () => [...produitsKeys.all, 'detail'] as const,
  detail: (id: number) => [...produitsKeys.details(), id] as const,
  /**
   * The form's site choices sit under the sites domain's root key, so that any change to the
   * sites (which invalidates ['sites']) refreshes them too.
   */
  siteOptions: () => ['sites', 'options'] as const,
};

export const produitsListQuery = (filters: ProduitFilters) =>
  queryOptions({
    queryKey: produitsKeys.list(filters),
    queryFn: ({ signal }) => fetchProduits(filters, signal),
    placeholderData: keepPreviousData,
  });

export const produitDetailQuery = (id: number) =>
  queryOptions({
    queryKey: produitsKeys.detail(id),
    queryFn: ({ signal }) => fetchProduit(id, signal),
  });

export const siteOptionsQuery = () =>
  queryOptions({
    queryKey: produitsKeys.siteOptions(),
    queryFn: ({ signal }) => fetchActiveSites(signal),
    staleTime: 60_000,
  });
