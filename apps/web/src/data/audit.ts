import {
  type AuditEntry,
  type AuditStats,
  type AuditUser,
  auditEntrySchema,
  auditStatsSchema,
  auditUserSchema,
} from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, fetchPage, type Page } from '../api/index.ts';

/**
 * The audit journal's filters (spec 3 §5 Audit filters): the user, the table, the action and a
 * range of days (YYYY-MM-DD, both included); the empty ones are left out of the address.
 */
export interface AuditListFilters {
  page: number;
  limit: number;
  user_id: number | null;
  table_name: string | null;
  action: string | null;
  date_from: string | null;
  date_to: string | null;
}

export type AuditPage = Page<AuditEntry>;

/** GET /audit: a page of the journal, newest first. Read only: nothing in the app changes it. */
export async function fetchAudits(filters: AuditListFilters, signal?: AbortSignal): Promise<AuditPage> {
  const { page, limit, user_id, table_name, action, date_from, date_to } = filters;
  return fetchPage(
    '/audit',
    auditEntrySchema,
    { page, limit, user_id, table_name, action, date_from, date_to },
    signal,
  );
}

/** GET /audit/stats: the four counts, and the five most active users and most audited tables of the last 30 days. */
export async function fetchAuditStats(signal?: AbortSignal): Promise<AuditStats> {
  const answer = await api.get<unknown>('/audit/stats', { signal, notify: false });
  return auditStatsSchema.parse(answer.data);
}

/** GET /audit/:id: one entry with its values before and after. */
export async function fetchAudit(id: number, signal?: AbortSignal): Promise<AuditEntry> {
  const answer = await api.get<unknown>(`/audit/${id}`, { signal, notify: false });
  return auditEntrySchema.parse(answer.data);
}

/**
 * Query keys of the journal (TkDodo's key factory). Every change of the app writes to it, so no
 * mutation lists it: the tab reads it afresh when opened and on 'Actualiser'.
 */
export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (filters: AuditListFilters) => [...auditKeys.lists(), filters] as const,
  stats: () => [...auditKeys.all, 'stats'] as const,
  details: () => [...auditKeys.all, 'detail'] as const,
  detail: (id: number) => [...auditKeys.details(), id] as const,
  users: (search: string) => [...auditKeys.all, 'users', search] as const,
};

export const auditListQuery = (filters: AuditListFilters) =>
  queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ signal }) => fetchAudits(filters, signal),
    placeholderData: keepPreviousData,
  });

export const auditStatsQuery = () =>
  queryOptions({
    queryKey: auditKeys.stats(),
    queryFn: ({ signal }) => fetchAuditStats(signal),
  });

/** GET /audit/users: up to 20 accounts found by name, e-mail or code, for the user filter. */
export async function fetchAuditUsers(search: string, signal?: AbortSignal): Promise<AuditUser[]> {
  const answer = await api.get<unknown>(`/audit/users?${new URLSearchParams({ search })}`, { signal, notify: false });
  return z.array(auditUserSchema).parse(answer.data);
}

export const auditUsersQuery = (search: string) =>
  queryOptions({
    queryKey: auditKeys.users(search),
    queryFn: ({ signal }) => fetchAuditUsers(search, signal),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });

/** An entry never changes once written (a tamper-evident chain): read once. */
export const auditDetailQuery = (id: number) =>
  queryOptions({
    queryKey: auditKeys.detail(id),
    queryFn: ({ signal }) => fetchAudit(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
