import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  fetchActiveGestionnaires,
  fetchMembre,
  fetchMembreStats,
  fetchMembres,
  fetchMesClients,
  type MembreFilters,
} from './membres.api.ts';

/** Query keys of the members (TkDodo's key factory); a save invalidates everything under ['membres']. */
export const membresKeys = {
  all: ['membres'] as const,
  lists: () => [...membresKeys.all, 'list'] as const,
  list: (filters: MembreFilters) => [...membresKeys.lists(), filters] as const,
  mesClients: (filters: MembreFilters) => [...membresKeys.all, 'mes-clients', filters] as const,
  stats: () => [...membresKeys.all, 'stats'] as const,
  details: () => [...membresKeys.all, 'detail'] as const,
  detail: (id: number) => [...membresKeys.details(), id] as const,
  /**
   * The assignment's choices sit under the staff domain's root key, so that any change to
   * the staff (which invalidates ['personnel']) refreshes them too.
   */
  gestionnaireOptions: () => ['personnel', 'options', 'gestionnaires'] as const,
};

/** What a member save refreshes: the members, and the accounts page (his status and e-mail are his account's). */
export const MEMBRE_CHANGES = [membresKeys.all, ['utilisateurs']] as const;

export const membresListQuery = (filters: MembreFilters) =>
  queryOptions({
    queryKey: membresKeys.list(filters),
    queryFn: ({ signal }) => fetchMembres(filters, signal),
    placeholderData: keepPreviousData,
  });

export const mesClientsQuery = (filters: MembreFilters) =>
  queryOptions({
    queryKey: membresKeys.mesClients(filters),
    queryFn: ({ signal }) => fetchMesClients(filters, signal),
    placeholderData: keepPreviousData,
  });

export const membreStatsQuery = () =>
  queryOptions({
    queryKey: membresKeys.stats(),
    queryFn: ({ signal }) => fetchMembreStats(signal),
  });

export const membreDetailQuery = (id: number) =>
  queryOptions({
    queryKey: membresKeys.detail(id),
    queryFn: ({ signal }) => fetchMembre(id, signal),
  });

export const gestionnaireOptionsQuery = () =>
  queryOptions({
    queryKey: membresKeys.gestionnaireOptions(),
    queryFn: ({ signal }) => fetchActiveGestionnaires(signal),
    staleTime: 60_000,
  });
