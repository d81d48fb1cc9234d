import {
  type TypeVersement,
  VERSEMENT_MESSAGES,
  type VERSEMENT_SORTS,
  type Versement,
  type VersementCreateBody,
  type VersementStats,
  type VersementStatut,
  versementSchema,
  versementStatsSchema,
} from '@app/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, fetchPage, type Page, request } from '../api/index.ts';
import { banquesKeys } from './banques.ts';
import type { MutationCallbacks } from './invalidation.ts';
import { membresKeys } from './membres.ts';
import { fetchPrivateFile, openPrivateFile } from './private-file.ts';

export type VersementSort = (typeof VERSEMENT_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

/**
 * The payments list's filters (spec 3 §2.1): page, search (receipt number, member's name or
 * code), status, type, product, bank, a range of payment dates and the sort. The server keeps
 * each caller to his own scope (a member his payments, a gestionnaire his clients').
 */
export interface VersementListFilters {
  page: number;
  limit: number;
  search: string;
  statut: VersementStatut | null;
  type_versement: TypeVersement | null;
  produit_id: number | null;
  banque_id: number | null;
  /** YYYY-MM-DD, or null. */
  date_debut: string | null;
  date_fin: string | null;
  sortBy: VersementSort;
  sortOrder: SortOrder;
}

export type VersementPage = Page<Versement>;

/** A payment saved or decided, with the server's message. */
export interface VersementResult {
  versement: Versement;
  message: string;
}

interface SaveAnswer {
  data: unknown;
  message?: string;
}

export async function fetchVersements(filters: VersementListFilters, signal?: AbortSignal): Promise<VersementPage> {
  const { page, limit, search, statut, type_versement, produit_id, banque_id, date_debut, date_fin } = filters;
  return fetchPage(
    '/versements',
    versementSchema,
    {
      page,
      limit,
      search,
      statut,
      type_versement,
      produit_id,
      banque_id,
      date_debut,
      date_fin,
      sortBy: filters.sortBy,
      sortOrder: filters.sortOrder,
    },
    signal,
  );
}

/** How many payments wait, were validated, were rejected, and the amounts, in the caller's scope. */
export async function fetchVersementStats(signal?: AbortSignal): Promise<VersementStats> {
  const answer = await api.get<unknown>('/versements/stats', { signal, notify: false });
  return versementStatsSchema.parse(answer.data);
}

export async function fetchVersement(id: number, signal?: AbortSignal): Promise<Versement> {
  const answer = await api.get<unknown>(`/versements/${id}`, { signal });
  return versementSchema.parse(answer.data);
}

/** A long timeout for an upload of up to 5 MB on a slow line. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/** What the form sends: the body (already checked by the role's schema), the scan, the idempotency key. */
export interface VersementCreate {
  body: VersementCreateBody;
  /** The receipt's scan (PDF, JPEG or PNG, 5 MB at most), or null. */
  scan: File | null;
  /** One per opening of the form and content: a double click, or a retry after a lost answer, records once. */
  idempotencyKey: string;
}

/** POST /versements: JSON, or multipart with `scan_recu` when a scan goes along. */
export async function createVersement({ body, scan, idempotencyKey }: VersementCreate): Promise<VersementResult> {
  let payload: FormData | VersementCreateBody = body;
  if (scan) {
    payload = new FormData();
    for (const [key, value] of Object.entries(body)) {
      if (value !== undefined && value !== null) payload.append(key, String(value));
    }
    payload.append('scan_recu', scan, scan.name);
  }
  const answer = await request<SaveAnswer>('/versements', {
    method: 'POST',
    body: payload,
    headers: { 'Idempotency-Key': idempotencyKey },
    timeoutMs: scan ? UPLOAD_TIMEOUT_MS : undefined,
    notify: false,
  });
  return { versement: versementSchema.parse(answer.data), message: answer.message ?? VERSEMENT_MESSAGES.created };
}

/** PATCH /versements/:id/validate: the bank credited, the member's paid total raised (never by its declarer). */
export async function validateVersement(id: number): Promise<VersementResult> {
  const answer = await request<SaveAnswer>(`/versements/${id}/validate`, { method: 'PATCH', notify: false });
  return { versement: versementSchema.parse(answer.data), message: answer.message ?? VERSEMENT_MESSAGES.validated };
}

/** PATCH /versements/:id/reject with an optional reason. */
export async function rejectVersement(id: number, motif: string | null): Promise<VersementResult> {
  const answer = await request<SaveAnswer>(`/versements/${id}/reject`, {
    method: 'PATCH',
    body: motif ? { motif } : {},
    notify: false,
  });
  return { versement: versementSchema.parse(answer.data), message: answer.message ?? VERSEMENT_MESSAGES.rejected };
}

/** DELETE /versements/:id: it leaves the lists; a validated one is reversed on its bank (409 'Solde insuffisant'). */
export async function deleteVersement(id: number): Promise<string> {
  const answer = await api.delete<{ message?: string }>(`/versements/${id}`, { notify: false });
  return answer?.message ?? VERSEMENT_MESSAGES.deleted;
}

/** GET /versements/:id/scan: the receipt's file, private (the bearer token is needed). */
export async function fetchScan(id: number): Promise<Blob> {
  return fetchPrivateFile(`/versements/${id}/scan`);
}

/**
 * Opens a payment's scan in a new tab (a PDF in the browser's viewer, an image as is). Refused
 * by a pop-up blocker, it is downloaded instead.
 */
export async function openScan(versement: Pick<Versement, 'id' | 'scan_recu'>): Promise<void> {
  return openPrivateFile(`/versements/${versement.id}/scan`, versement.scan_recu ?? `recu-${versement.id}`);
}

/** A decision on a payment, or its deletion. */
export type VersementAction =
  | { action: 'validate'; versement: Versement }
  | { action: 'reject'; versement: Versement; motif: string | null }
  | { action: 'delete'; versement: Versement };

/** Runs the action; answers the server's message and the payment as it now is (none once deleted). */
export async function runVersementAction(
  action: VersementAction,
): Promise<{ message: string; versement: Versement | null }> {
  switch (action.action) {
    case 'validate':
      return validateVersement(action.versement.id);
    case 'reject':
      return rejectVersement(action.versement.id, action.motif);
    case 'delete':
      return { message: await deleteVersement(action.versement.id), versement: null };
  }
}

/** Query keys of the payments (TkDodo's key factory); a change refreshes everything under ['versements']. */
export const versementsKeys = {
  all: ['versements'] as const,
  lists: () => [...versementsKeys.all, 'list'] as const,
  list: (filters: VersementListFilters) => [...versementsKeys.lists(), filters] as const,
  stats: () => [...versementsKeys.all, 'stats'] as const,
  details: () => [...versementsKeys.all, 'detail'] as const,
  detail: (id: number) => [...versementsKeys.details(), id] as const,
};

export const versementsListQuery = (filters: VersementListFilters) =>
  queryOptions({
    queryKey: versementsKeys.list(filters),
    queryFn: ({ signal }) => fetchVersements(filters, signal),
    placeholderData: keepPreviousData,
  });

export const versementStatsQuery = () =>
  queryOptions({
    queryKey: versementsKeys.stats(),
    queryFn: ({ signal }) => fetchVersementStats(signal),
  });

export const versementDetailQuery = (id: number) =>
  queryOptions({
    queryKey: versementsKeys.detail(id),
    queryFn: ({ signal }) => fetchVersement(id, signal),
  });

/** A member's or a gestionnaire's declaration: it waits in the list and the figures. */
export function useCreateVersement(callbacks?: MutationCallbacks<VersementResult, VersementCreate>) {
  return useMutation({ ...callbacks, mutationFn: createVersement, meta: { invalidates: [versementsKeys.all] } });
}

/**
 * Validates, rejects or deletes a payment. A validation credits its bank and raises the member's
 * paid total; a deletion of a validated one reverses both: the banks and the members refresh too.
 */
export function useVersementAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runVersementAction,
    onSuccess: ({ versement }, action) => {
      if (versement) queryClient.setQueryData(versementsKeys.detail(versement.id), versement);
      else queryClient.removeQueries({ queryKey: versementsKeys.detail(action.versement.id) });
    },
    meta: { invalidates: [versementsKeys.all, banquesKeys.all, membresKeys.all] },
  });
}
