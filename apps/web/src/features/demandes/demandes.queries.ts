import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type DemandeFilters,
  fetchDemande,
  fetchDemandes,
  fetchGestionnairesActifs,
  fetchProduitOptions,
  fetchSiteOptions,
} from './demandes.api.ts';

/** Query keys of the demandes (TkDodo's key factory); a change invalidates everything under ['demandes']. */
export const demandesKeys = {
  all: ['demandes'] as const,
  lists: () => [...demandesKeys.all, 'list'] as const,
  list: (filters: DemandeFilters) => [...demandesKeys.lists(), filters] as const,
  details: () => [...demandesKeys.all, 'detail'] as const,
  detail: (id: number) => [...demandesKeys.details(), id] as const,
  /** The validation's choices sit under the staff root key: a staff change refreshes them. */
  gestionnairesActifs: () => ['personnel', 'options', 'gestionnaires-actifs'] as const,
  /** The creation form's choices sit under the catalogue's root keys, refreshed by its changes. */
  siteOptions: () => ['sites', 'options', 'actifs'] as const,
  produitOptions: (siteId: number) => ['produits', 'options', 'disponibles', siteId] as const,
};

/**
 * What a validation or a rejection changes: the demandes, the members (one is created), the
 * products (one becomes reserved).
 */
/** What a decision changes: the demandes, the members, the products' availability, and (after a refusal) the managers offered. */
export const DEMANDE_DECISION_CHANGES = [
  demandesKeys.all,
  demandesKeys.gestionnairesActifs(),
  ['membres'],
  ['produits'],
] as const;

export const demandesListQuery = (filters: DemandeFilters) =>
  queryOptions({
    queryKey: demandesKeys.list(filters),
    queryFn: ({ signal }) => fetchDemandes(filters, signal),
    placeholderData: keepPreviousData,
  });

export const demandeDetailQuery = (id: number) =>
  queryOptions({
    queryKey: demandesKeys.detail(id),
    queryFn: ({ signal }) => fetchDemande(id, signal),
  });

export const gestionnairesActifsQuery = () =>
  queryOptions({
    queryKey: demandesKeys.gestionnairesActifs(),
    queryFn: ({ signal }) => fetchGestionnairesActifs(signal),
    staleTime: 60_000,
  });

export const siteOptionsQuery = () =>
  queryOptions({
    queryKey: demandesKeys.siteOptions(),
    queryFn: ({ signal }) => fetchSiteOptions(signal),
    staleTime: 60_000,
  });

/** Availability changes with every validation: always re-read when the form asks. */
export const produitOptionsQuery = (siteId: number) =>
  queryOptions({
    queryKey: demandesKeys.produitOptions(siteId),
    queryFn: ({ signal }) => fetchProduitOptions(siteId, signal),
  });
