import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchSiteStats, fetchSites, type SiteFilters } from './sites.api.ts';

/**
 * Query keys of the sites. Everything under ['sites'] is refreshed after a change, including
 * the product form's site choices (['sites', 'options'], owned by the catalogue).
 */
export const sitesKeys = {
  all: ['sites'] as const,
  lists: () => [...sitesKeys.all, 'list'] as const,
  list: (filters: SiteFilters) => [...sitesKeys.lists(), filters] as const,
  stats: () => [...sitesKeys.all, 'stats'] as const,
};

export const sitesListQuery = (filters: SiteFilters) =>
  queryOptions({
    queryKey: sitesKeys.list(filters),
    queryFn: ({ signal }) => fetchSites(filters, signal),
    placeholderData: keepPreviousData,
  });

export const siteStatsQuery = () =>
  queryOptions({
    queryKey: sitesKeys.stats(),
    queryFn: ({ signal }) => fetchSiteStats(signal),
  });
