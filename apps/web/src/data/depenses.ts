import {
  DEPENSE_MESSAGES,
  type DEPENSE_SORTS,
  type Depense,
  type DepenseCategorie,
  type DepenseStats,
  type DepenseStatut,
  type depenseCreateSchema,
  depenseSchema,
  depenseStatsSchema,
} from '@app/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { appendFields } from '../api/form-data-request.ts';
import { api, fetchPage, type Page, request } from '../api/index.ts';
import { banquesKeys } from './banques.ts';
import type { MutationCallbacks } from './invalidation.ts';
import { openPrivateFile } from './private-file.ts';

export type DepenseSort = (typeof DEPENSE_SORTS)[number];

/**
 * The expenses list's filters (spec 3 §2.2): page, search (description, category, the filer's
 * name), status and category. The server keeps a member to his own expenses.
 */
export interface DepenseListFilters {
  page: number;
  limit: number;
  search: string;
  statut: DepenseStatut | null;
  categorie: DepenseCategorie | null;
  sortBy: DepenseSort;
  sortOrder: 'asc' | 'desc';
}

export type DepensePage = Page<Depense>;

/** What the form sends, as depenseCreateSchema reads it (texts trimmed, 'Autre' with its precision). */
export type DepenseBody = z.output<typeof depenseCreateSchema>;

/** An expense saved or decided, with the server's message. */
export interface DepenseResult {
  depense: Depense;
  message: string;
}

interface SaveAnswer {
  data: unknown;
  message?: string;
}

export async function fetchDepenses(filters: DepenseListFilters, signal?: AbortSignal): Promise<DepensePage> {
  const { page, limit, search, statut, categorie, sortBy, sortOrder } = filters;
  return fetchPage('/depenses', depenseSchema, { page, limit, search, statut, categorie, sortBy, sortOrder }, signal);
}

/** How many expenses wait, were approved, were rejected, the amounts and the categories, in the caller's scope. */
export async function fetchDepenseStats(signal?: AbortSignal): Promise<DepenseStats> {
  const answer = await api.get<unknown>('/depenses/stats', { signal, notify: false });
  return depenseStatsSchema.parse(answer.data);
}

export async function fetchDepense(id: number, signal?: AbortSignal): Promise<Depense> {
  const answer = await api.get<unknown>(`/depenses/${id}`, { signal });
  return depenseSchema.parse(answer.data);
}

/** A long timeout for an upload of up to 5 MB on a slow line. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/** A new expense (a member's), or the changes to his pending one; the justificatif goes along when chosen. */
export interface DepenseSave {
  /** Absent: a new expense. */
  id?: number;
  body: DepenseBody;
  /** The supporting file (PDF, JPEG or PNG, 5 MB at most), or null (an edit keeps the saved one). */
  justificatif: File | null;
}

/**
 * POST /depenses or PUT /depenses/:id: JSON, or multipart with `fichier_justificatif` when a file
 * goes along (a new one replaces the saved one).
 */
export async function saveDepense({ id, body, justificatif }: DepenseSave): Promise<DepenseResult> {
  let payload: FormData | DepenseBody = body;
  if (justificatif) {
    payload = appendFields(new FormData(), body);
    payload.append('fichier_justificatif', justificatif, justificatif.name);
  }
  const answer = await request<SaveAnswer>(id === undefined ? '/depenses' : `/depenses/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    body: payload,
    timeoutMs: justificatif ? UPLOAD_TIMEOUT_MS : undefined,
    notify: false,
  });
  const fallback = id === undefined ? DEPENSE_MESSAGES.created : DEPENSE_MESSAGES.updated;
  return { depense: depenseSchema.parse(answer.data), message: answer.message ?? fallback };
}

/** PATCH /depenses/:id/approve with an optional comment: the expense's bank is debited (409 'Solde insuffisant'). */
export async function approveDepense(id: number, commentaire: string | null): Promise<DepenseResult> {
  const answer = await request<SaveAnswer>(`/depenses/${id}/approve`, {
    method: 'PATCH',
    body: commentaire ? { commentaire } : {},
    notify: false,
  });
  return { depense: depenseSchema.parse(answer.data), message: answer.message ?? DEPENSE_MESSAGES.approved };
}

/** PATCH /depenses/:id/reject with its reason (required). */
export async function rejectDepense(id: number, commentaire: string): Promise<DepenseResult> {
  const answer = await request<SaveAnswer>(`/depenses/${id}/reject`, {
    method: 'PATCH',
    body: { commentaire },
    notify: false,
  });
  return { depense: depenseSchema.parse(answer.data), message: answer.message ?? DEPENSE_MESSAGES.rejected };
}

/** DELETE /depenses/:id: a pending one (its filer, or a processor), or a rejected one (a processor); never an approved one. */
export async function deleteDepense(id: number): Promise<string> {
  const answer = await api.delete<{ message?: string }>(`/depenses/${id}`, { notify: false });
  return answer?.message ?? DEPENSE_MESSAGES.deleted;
}

/** Opens an expense's justificatif (GET /depenses/:id/justificatif, private) in a new tab. */
export function openJustificatif(depense: Pick<Depense, 'id' | 'fichier_justificatif'>): Promise<void> {
  return openPrivateFile(
    `/depenses/${depense.id}/justificatif`,
    depense.fichier_justificatif ?? `justificatif-${depense.id}`,
  );
}

/** A decision on an expense, or its deletion. */
export type DepenseAction =
  | { action: 'approve'; depense: Depense; commentaire: string | null }
  | { action: 'reject'; depense: Depense; commentaire: string }
  | { action: 'delete'; depense: Depense };

/** Runs the action; answers the server's message and the expense as it now is (none once deleted). */
export async function runDepenseAction(action: DepenseAction): Promise<{ message: string; depense: Depense | null }> {
  switch (action.action) {
    case 'approve':
      return approveDepense(action.depense.id, action.commentaire);
    case 'reject':
      return rejectDepense(action.depense.id, action.commentaire);
    case 'delete':
      return { message: await deleteDepense(action.depense.id), depense: null };
  }
}

/** Query keys of the expenses (TkDodo's key factory); a change refreshes everything under ['depenses']. */
export const depensesKeys = {
  all: ['depenses'] as const,
  lists: () => [...depensesKeys.all, 'list'] as const,
  list: (filters: DepenseListFilters) => [...depensesKeys.lists(), filters] as const,
  stats: () => [...depensesKeys.all, 'stats'] as const,
  details: () => [...depensesKeys.all, 'detail'] as const,
  detail: (id: number) => [...depensesKeys.details(), id] as const,
};

export const depensesListQuery = (filters: DepenseListFilters) =>
  queryOptions({
    queryKey: depensesKeys.list(filters),
    queryFn: ({ signal }) => fetchDepenses(filters, signal),
    placeholderData: keepPreviousData,
  });

export const depenseStatsQuery = () =>
  queryOptions({
    queryKey: depensesKeys.stats(),
    queryFn: ({ signal }) => fetchDepenseStats(signal),
  });

export const depenseDetailQuery = (id: number) =>
  queryOptions({
    queryKey: depensesKeys.detail(id),
    queryFn: ({ signal }) => fetchDepense(id, signal),
  });

/** A member files an expense or edits his pending one: it waits in the list and the figures. */
export function useSaveDepense(callbacks?: MutationCallbacks<DepenseResult, DepenseSave>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: saveDepense,
    onSuccess: (result, save, ...rest) => {
      queryClient.setQueryData(depensesKeys.detail(result.depense.id), result.depense);
      return callbacks?.onSuccess?.(result, save, ...rest);
    },
    meta: { invalidates: [depensesKeys.all] },
  });
}

/** Approves, rejects or deletes an expense. An approval debits its bank: the banks refresh too. */
export function useDepenseAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runDepenseAction,
    onSuccess: ({ depense }, action) => {
      if (depense) queryClient.setQueryData(depensesKeys.detail(depense.id), depense);
      else queryClient.removeQueries({ queryKey: depensesKeys.detail(action.depense.id) });
    },
    meta: { invalidates: [depensesKeys.all, banquesKeys.all] },
  });
}
