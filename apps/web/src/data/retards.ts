import { type RetardsPage, retardsPageSchema, type TrancheRetard } from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../api/index.ts';

/**
 * Members in arrears on a day (issue 15's 'Retards'): admin and comptable see everyone, a
 * gestionnaire his clients (the server keeps him to them). The totals per bucket come with each
 * page and cover every bucket for the site and gestionnaire filters.
 */

/** The list's filters; null leaves a filter out (the server's default: today, every bucket…). */
export interface RetardsFilters {
  page: number;
  limit: number;
  /** YYYY-MM-DD: the day the arrears are computed for; null: today in the company's time zone. */
  date: string | null;
  tranche: TrancheRetard | null;
  site_id: number | null;
  /** The gestionnaire's account id. */
  gestionnaire_id: number | null;
}

/** The filters as the API's query, without the blank ones; the export takes no page. */
function queryOf({ page, limit, ...filters }: RetardsFilters, paged: boolean): URLSearchParams {
  const query = new URLSearchParams(paged ? { page: String(page), limit: String(limit) } : {});
  for (const [key, value] of Object.entries(filters)) if (value !== null) query.set(key, String(value));
  return query;
}

export async function fetchRetards(filters: RetardsFilters, signal?: AbortSignal): Promise<RetardsPage> {
  const answer = await request<unknown>(`/retards?${queryOf(filters, true)}`, { signal });
  return retardsPageSchema.parse(answer);
}

/** Query keys of the arrears (TkDodo's key factory). */
export const retardsKeys = {
  all: ['retards'] as const,
  lists: () => [...retardsKeys.all, 'list'] as const,
  list: (filters: RetardsFilters) => [...retardsKeys.lists(), filters] as const,
};

export const retardsListQuery = (filters: RetardsFilters) =>
  queryOptions({
    queryKey: retardsKeys.list(filters),
    queryFn: ({ signal }) => fetchRetards(filters, signal),
    placeholderData: keepPreviousData,
  });
