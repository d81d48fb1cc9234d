import {
  REMBOURSEMENT_MESSAGES,
  type Remboursement,
  type RemboursementCreateBody,
  type RemboursementMembre,
  type RemboursementStats,
  type RemboursementStatut,
  type RemboursementTraiterBody,
  remboursementMembreSchema,
  remboursementSchema,
  remboursementStatsSchema,
} from '@app/shared';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { api, fetchPage, type Page, request } from '../api/index.ts';
import { banquesKeys } from './banques.ts';
import type { MutationCallbacks } from './invalidation.ts';
import { membresKeys } from './membres.ts';
import { fetchPrivateFile, openPrivateFile } from './private-file.ts';

/**
 * The refunds list's filters (spec 3 §2.3): page, member (processors only) and status. The server
 * keeps each caller to his own scope (a member his requests, a gestionnaire his clients').
 */
export interface RemboursementListFilters {
  page: number;
  limit: number;
  membre_id: number | null;
  statut: RemboursementStatut | null;
}

export type RemboursementPage = Page<Remboursement>;

/** A refund saved or decided, with the server's message. */
export interface RemboursementResult {
  remboursement: Remboursement;
  message: string;
}

interface SaveAnswer {
  data: unknown;
  message?: string;
}

export async function fetchRemboursements(
  filters: RemboursementListFilters,
  signal?: AbortSignal,
): Promise<RemboursementPage> {
  const { page, limit, membre_id, statut } = filters;
  return fetchPage('/remboursements', remboursementSchema, { page, limit, membre_id, statut }, signal);
}

/** The four tiles' figures, in the caller's scope. */
export async function fetchRemboursementStats(signal?: AbortSignal): Promise<RemboursementStats> {
  const answer = await api.get<unknown>('/remboursements/stats', { signal, notify: false });
  return remboursementStatsSchema.parse(answer.data);
}

export async function fetchRemboursement(id: number, signal?: AbortSignal): Promise<Remboursement> {
  const answer = await api.get<unknown>(`/remboursements/${id}`, { signal });
  return remboursementSchema.parse(answer.data);
}

/** How many members the picker lists at once (the server's default; it answers at most 50). */
export const MEMBRES_PICKER_LIMIT = 20;

/**
 * The members the caller may file for, with what may still be refunded to each: a member
 * himself, a gestionnaire his clients, admin and comptable everyone; searched on the server.
 */
export async function fetchRemboursementMembres(search: string, signal?: AbortSignal): Promise<RemboursementMembre[]> {
  const query = new URLSearchParams({ limit: String(MEMBRES_PICKER_LIMIT) });
  if (search) query.set('search', search);
  const answer = await request<{ data: unknown }>(`/remboursements/membres?${query}`, { signal });
  return remboursementMembreSchema.array().parse(answer.data);
}

/** A long timeout for an upload of up to 5 MB on a slow line. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/** What the form sends: the body (already checked by the shared schema) and the supporting file. */
export interface RemboursementCreate {
  body: RemboursementCreateBody;
  /** PDF, JPEG or PNG, 5 MB at most, or null. */
  justificatif: File | null;
}

/** POST /remboursements: JSON, or multipart with `fichier_justificatif` when a file goes along. */
export async function createRemboursement({ body, justificatif }: RemboursementCreate): Promise<RemboursementResult> {
  let payload: FormData | RemboursementCreateBody = body;
  if (justificatif) {
    payload = new FormData();
    for (const [key, value] of Object.entries(body)) {
      if (value !== undefined && value !== null) payload.append(key, String(value));
    }
    payload.append('fichier_justificatif', justificatif, justificatif.name);
  }
  const answer = await request<SaveAnswer>('/remboursements', {
    method: 'POST',
    body: payload,
    timeoutMs: justificatif ? UPLOAD_TIMEOUT_MS : undefined,
    notify: false,
  });
  return {
    remboursement: remboursementSchema.parse(answer.data),
    message: answer.message ?? REMBOURSEMENT_MESSAGES.created,
  };
}

/** PUT /remboursements/:id/traiter: an approval debits the principal bank; a rejection says why. */
export async function traiterRemboursement({
  id,
  body,
}: {
  id: number;
  body: RemboursementTraiterBody;
}): Promise<RemboursementResult> {
  const answer = await request<SaveAnswer>(`/remboursements/${id}/traiter`, {
    method: 'PUT',
    body,
    notify: false,
  });
  const fallback = body.statut === 'approuve' ? REMBOURSEMENT_MESSAGES.approved : REMBOURSEMENT_MESSAGES.rejected;
  return { remboursement: remboursementSchema.parse(answer.data), message: answer.message ?? fallback };
}

/** DELETE /remboursements/:id: a pending request withdrawn. */
export async function cancelRemboursement(id: number): Promise<string> {
  const answer = await api.delete<{ message?: string }>(`/remboursements/${id}`, { notify: false });
  return answer?.message ?? REMBOURSEMENT_MESSAGES.cancelled;
}

/** POST /remboursements/total/:membreId: a pending request for everything the member may get back. */
export async function createRemboursementTotal(membreId: number): Promise<RemboursementResult> {
  const answer = await request<SaveAnswer>(`/remboursements/total/${membreId}`, { method: 'POST', notify: false });
  return {
    remboursement: remboursementSchema.parse(answer.data),
    message: answer.message ?? REMBOURSEMENT_MESSAGES.totalCreated,
  };
}

/** GET /remboursements/:id/justificatif: the supporting file, private (the bearer token is needed). */
export async function fetchJustificatif(id: number): Promise<Blob> {
  return fetchPrivateFile(`/remboursements/${id}/justificatif`);
}

/** Opens a request's supporting file in a new tab (downloaded when a pop-up blocker refuses it). */
export async function openJustificatif(
  remboursement: Pick<Remboursement, 'id' | 'fichier_justificatif'>,
): Promise<void> {
  return openPrivateFile(
    `/remboursements/${remboursement.id}/justificatif`,
    remboursement.fichier_justificatif ?? `justificatif-${remboursement.id}`,
  );
}

/** Query keys of the refunds (TkDodo's key factory); a change refreshes everything under ['remboursements']. */
export const remboursementsKeys = {
  all: ['remboursements'] as const,
  lists: () => [...remboursementsKeys.all, 'list'] as const,
  list: (filters: RemboursementListFilters) => [...remboursementsKeys.lists(), filters] as const,
  stats: () => [...remboursementsKeys.all, 'stats'] as const,
  details: () => [...remboursementsKeys.all, 'detail'] as const,
  detail: (id: number) => [...remboursementsKeys.details(), id] as const,
  /** The member picker's answers: what each member may still get back changes with every request. */
  membres: (search: string) => [...remboursementsKeys.all, 'membres', search] as const,
};

export const remboursementsListQuery = (filters: RemboursementListFilters) =>
  queryOptions({
    queryKey: remboursementsKeys.list(filters),
    queryFn: ({ signal }) => fetchRemboursements(filters, signal),
    placeholderData: keepPreviousData,
  });

export const remboursementStatsQuery = () =>
  queryOptions({
    queryKey: remboursementsKeys.stats(),
    queryFn: ({ signal }) => fetchRemboursementStats(signal),
  });

export const remboursementDetailQuery = (id: number) =>
  queryOptions({
    queryKey: remboursementsKeys.detail(id),
    queryFn: ({ signal }) => fetchRemboursement(id, signal),
  });

export const remboursementMembresQuery = (search: string) =>
  queryOptions({
    queryKey: remboursementsKeys.membres(search),
    queryFn: ({ signal }) => fetchRemboursementMembres(search, signal),
    placeholderData: keepPreviousData,
  });

/** A new request: it waits in the list and the figures, and lowers what the member may still ask. */
export function useCreateRemboursement(callbacks?: MutationCallbacks<RemboursementResult, RemboursementCreate>) {
  return useMutation({
    ...callbacks,
    mutationFn: createRemboursement,
    meta: { invalidates: [remboursementsKeys.all] },
  });
}

/**
 * Approves or rejects a request. An approval debits the principal bank and lowers the member's
 * paid total: the banks and the members refresh too.
 */
export function useTraiterRemboursement() {
  return useMutation({
    mutationFn: traiterRemboursement,
    meta: { invalidates: [remboursementsKeys.all, banquesKeys.all, membresKeys.all] },
  });
}

/** Withdraws a pending request. */
export function useCancelRemboursement() {
  return useMutation({ mutationFn: cancelRemboursement, meta: { invalidates: [remboursementsKeys.all] } });
}

/** Files the request of a member leaving the programme: all he may get back. */
export function useRemboursementTotal() {
  return useMutation({ mutationFn: createRemboursementTotal, meta: { invalidates: [remboursementsKeys.all] } });
}
