import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchUtilisateurStats, fetchUtilisateurs, type UtilisateurFilters } from './utilisateurs.api.ts';

/** Account lists and figures are cached 30 s (spec 3 §9). */
const UTILISATEURS_STALE_MS = 30_000;

/** Query keys of the user accounts; a change invalidates everything under ['utilisateurs']. */
export const utilisateursKeys = {
  all: ['utilisateurs'] as const,
  lists: () => [...utilisateursKeys.all, 'list'] as const,
  list: (filters: UtilisateurFilters) => [...utilisateursKeys.lists(), filters] as const,
  stats: () => [...utilisateursKeys.all, 'stats'] as const,
};

export const utilisateursListQuery = (filters: UtilisateurFilters) =>
  queryOptions({
    queryKey: utilisateursKeys.list(filters),
    queryFn: ({ signal }) => fetchUtilisateurs(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: UTILISATEURS_STALE_MS,
  });

export const utilisateurStatsQuery = () =>
  queryOptions({
    queryKey: utilisateursKeys.stats(),
    queryFn: ({ signal }) => fetchUtilisateurStats(signal),
    staleTime: UTILISATEURS_STALE_MS,
  });

/**
 * What an account change refreshes: the accounts, and the staff and members pages (a staff
 * member's or a member's status is his account's).
 */
export const UTILISATEUR_CHANGES = [utilisateursKeys.all, ['personnel'], ['membres']] as const;
