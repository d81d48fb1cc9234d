import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchPersonnelStats, fetchPersonnels, type PersonnelFilters } from './personnel.api.ts';

/** Staff lists and figures are cached 30 s (spec 3 §9). */
const PERSONNEL_STALE_MS = 30_000;

/**
 * Query keys of the staff. A change invalidates everything under ['personnel'], which also
 * holds the members page's choice of gestionnaires.
 */
export const personnelKeys = {
  all: ['personnel'] as const,
  lists: () => [...personnelKeys.all, 'list'] as const,
  list: (filters: PersonnelFilters) => [...personnelKeys.lists(), filters] as const,
  stats: () => [...personnelKeys.all, 'stats'] as const,
};

export const personnelListQuery = (filters: PersonnelFilters) =>
  queryOptions({
    queryKey: personnelKeys.list(filters),
    queryFn: ({ signal }) => fetchPersonnels(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: PERSONNEL_STALE_MS,
  });

export const personnelStatsQuery = () =>
  queryOptions({
    queryKey: personnelKeys.stats(),
    queryFn: ({ signal }) => fetchPersonnelStats(signal),
    staleTime: PERSONNEL_STALE_MS,
  });

/** What a staff change refreshes: the staff, and the accounts page (a staff member has an account). */
export const PERSONNEL_CHANGES = [personnelKeys.all, ['utilisateurs']] as const;
