import { type Rappel, rappelSchema } from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchPage, type Page } from '../api/index.ts';
import { membresKeys } from './membres.ts';

/** A page of a member's reminders. */
export interface RappelFilters {
  page: number;
  limit: number;
}

export type RappelPage = Page<Rappel>;

/** GET /membres/:id/rappels: the reminder e-mails sent to the member, newest first (issue 15). */
export function fetchRappels(membreId: number, filters: RappelFilters, signal?: AbortSignal): Promise<RappelPage> {
  return fetchPage(`/membres/${membreId}/rappels`, rappelSchema, { page: filters.page, limit: filters.limit }, signal);
}

/**
 * Query keys of a member's reminders, under the member's own: whatever refreshes the member
 * refreshes them too. The server's job sends them; nothing in the app changes them.
 */
export const rappelsKeys = {
  membre: (membreId: number) => [...membresKeys.detail(membreId), 'rappels'] as const,
  page: (membreId: number, filters: RappelFilters) => [...rappelsKeys.membre(membreId), filters] as const,
};

export const rappelsQuery = (membreId: number, filters: RappelFilters) =>
  queryOptions({
    queryKey: rappelsKeys.page(membreId, filters),
    queryFn: ({ signal }) => fetchRappels(membreId, filters, signal),
    placeholderData: keepPreviousData,
  });
