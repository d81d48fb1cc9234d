import { type Dashboard, dashboardSchema } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/index.ts';

/** A fresh dashboard when one comes back to it after half a minute; 'Actualiser' at any time. */
const DASHBOARD_STALE_MS = 30_000;

export const dashboardKeys = { all: ['dashboard'] as const };

/** GET /dashboard: the whole page of the caller's role in one request. */
export async function fetchDashboard(signal?: AbortSignal): Promise<Dashboard> {
  const answer = await api.get<unknown>('/dashboard', { signal, notify: false });
  return dashboardSchema.parse(answer.data);
}

export const dashboardQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => fetchDashboard(signal),
    staleTime: DASHBOARD_STALE_MS,
  });
