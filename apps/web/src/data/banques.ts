import {
  BANQUE_MESSAGES,
  type Banque,
  type BanqueChoix,
  type BanqueCreateBody,
  type BanqueSoldeBody,
  type BanqueStatut,
  type BanqueTotaux,
  type BanqueUpdateBody,
  banqueChoixSchema,
  banqueSchema,
  banqueTotauxSchema,
  type Mouvement,
  mouvementSchema,
  type Pagination,
} from '@app/shared';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { ApiError, api, fetchPage, type Page, request } from '../api/index.ts';
import type { MutationCallbacks } from './invalidation.ts';

/** The banks list's filters: page and status; the principal bank first, then by name (the server's order). */
export interface BanqueFilters {
  page: number;
  limit: number;
  statut: BanqueStatut | null;
}

/** One page of banks, with the totals over every bank (the tiles above the list). */
export interface BanquePage extends Page<Banque> {
  totaux: BanqueTotaux;
}

/** A bank's movements, a page at a time, newest first. */
export interface MouvementFilters {
  page: number;
  limit: number;
}

export type MouvementPage = Page<Mouvement>;

/** A bank saved, or its balance moved, with the server's message. */
export interface BanqueResult {
  banque: Banque;
  message: string;
}

interface SaveAnswer {
  data: unknown;
  message?: string;
}

/** The active banks a payment or expense form offers (GET /banques/choix), principal first. */
export async function fetchBanquesChoix(signal?: AbortSignal): Promise<BanqueChoix[]> {
  const answer = await api.get<unknown>('/banques/choix', { signal });
  return banqueChoixSchema.array().parse(answer.data);
}

/** GET /banques: a page of banks and the totals (count, active ones, total balance). */
export async function fetchBanques(filters: BanqueFilters, signal?: AbortSignal): Promise<BanquePage> {
  const query = new URLSearchParams({ page: String(filters.page), limit: String(filters.limit) });
  if (filters.statut) query.set('statut', filters.statut);
  const answer = await request<{ data: unknown; pagination: Pagination; totaux: unknown }>(`/banques?${query}`, {
    signal,
  });
  return {
    items: banqueSchema.array().parse(answer.data),
    pagination: answer.pagination,
    totaux: banqueTotauxSchema.parse(answer.totaux),
  };
}

export async function fetchBanque(id: number, signal?: AbortSignal): Promise<Banque> {
  const answer = await api.get<unknown>(`/banques/${id}`, { signal });
  return banqueSchema.parse(answer.data);
}

/** The principal bank, or null when none is set (the server answers 404). */
export async function fetchBanquePrincipale(signal?: AbortSignal): Promise<Banque | null> {
  try {
    const answer = await api.get<unknown>('/banques/principale', { signal, notify: false });
    return banqueSchema.parse(answer.data);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** POST /banques: the add form's body, already validated by banqueCreateSchema. */
export async function createBanque(body: BanqueCreateBody): Promise<BanqueResult> {
  const answer = await api.post<SaveAnswer>('/banques', body);
  return { banque: banqueSchema.parse(answer.data), message: answer.message ?? BANQUE_MESSAGES.created };
}

/** PUT /banques/:id with the changed fields only. */
export async function updateBanque(id: number, changes: BanqueUpdateBody): Promise<BanqueResult> {
  const answer = await api.put<SaveAnswer>(`/banques/${id}`, changes);
  return { banque: banqueSchema.parse(answer.data), message: answer.message ?? BANQUE_MESSAGES.updated };
}

/** DELETE /banques/:id: deleted, or kept as inactive when it has movements; the server's message says which. */
export async function deleteBanque(id: number): Promise<string> {
  const answer = await api.delete<{ message?: string }>(`/banques/${id}`);
  return answer?.message ?? BANQUE_MESSAGES.deleted;
}

/** PATCH /banques/:id/solde: a deposit or a withdrawal with its comment (409 'Solde insuffisant' below zero). */
export async function operationSolde(id: number, body: BanqueSoldeBody): Promise<BanqueResult> {
  const answer = await request<SaveAnswer>(`/banques/${id}/solde`, { method: 'PATCH', body });
  return { banque: banqueSchema.parse(answer.data), message: answer.message ?? BANQUE_MESSAGES.soldeUpdated };
}

export async function fetchMouvements(
  id: number,
  filters: MouvementFilters,
  signal?: AbortSignal,
): Promise<MouvementPage> {
  return fetchPage(`/banques/${id}/mouvements`, mouvementSchema, { page: filters.page, limit: filters.limit }, signal);
}

/** A new bank, or the changes to one. */
export type BanqueSave = { create: BanqueCreateBody } | { id: number; changes: BanqueUpdateBody };

export function saveBanque(save: BanqueSave): Promise<BanqueResult> {
  return 'create' in save ? createBanque(save.create) : updateBanque(save.id, save.changes);
}

/**
 * Query keys of the banks; a balance changes with every payment decision, so those refresh ['banques'].
 * Every bank change refreshes everything under it: the list and its totals, the details, the
 * principal bank, the movements and the forms' choices.
 */
export const banquesKeys = {
  all: ['banques'] as const,
  choix: () => [...banquesKeys.all, 'choix'] as const,
  lists: () => [...banquesKeys.all, 'list'] as const,
  list: (filters: BanqueFilters) => [...banquesKeys.lists(), filters] as const,
  details: () => [...banquesKeys.all, 'detail'] as const,
  detail: (id: number) => [...banquesKeys.details(), id] as const,
  principale: () => [...banquesKeys.all, 'principale'] as const,
  mouvements: (id: number) => [...banquesKeys.all, 'mouvements', id] as const,
  mouvementsPage: (id: number, filters: MouvementFilters) => [...banquesKeys.mouvements(id), filters] as const,
};

export const banquesChoixQuery = () =>
  queryOptions({
    queryKey: banquesKeys.choix(),
    queryFn: ({ signal }) => fetchBanquesChoix(signal),
  });

export const banquesListQuery = (filters: BanqueFilters) =>
  queryOptions({
    queryKey: banquesKeys.list(filters),
    queryFn: ({ signal }) => fetchBanques(filters, signal),
    placeholderData: keepPreviousData,
  });

export const banqueDetailQuery = (id: number) =>
  queryOptions({
    queryKey: banquesKeys.detail(id),
    queryFn: ({ signal }) => fetchBanque(id, signal),
  });

export const banquePrincipaleQuery = () =>
  queryOptions({
    queryKey: banquesKeys.principale(),
    queryFn: ({ signal }) => fetchBanquePrincipale(signal),
  });

export const mouvementsQuery = (id: number, filters: MouvementFilters) =>
  queryOptions({
    queryKey: banquesKeys.mouvementsPage(id, filters),
    queryFn: ({ signal }) => fetchMouvements(id, filters, signal),
    placeholderData: keepPreviousData,
  });

/** Adds a bank or edits one; a new principal bank takes the place of the former one. */
export function useSaveBanque() {
  return useMutation({ mutationFn: saveBanque, meta: { invalidates: [banquesKeys.all] } });
}

/** Deletes a bank, or deactivates it when it has a history; resolves to the server's message. */
export function useDeleteBanque() {
  return useMutation({
    mutationFn: (banque: Banque) => deleteBanque(banque.id),
    meta: { invalidates: [banquesKeys.all] },
  });
}

/** A deposit or a withdrawal on one bank: its balance, the totals and its movements change. */
export function useOperationSolde(callbacks?: MutationCallbacks<BanqueResult, { id: number; body: BanqueSoldeBody }>) {
  return useMutation({
    ...callbacks,
    mutationFn: ({ id, body }: { id: number; body: BanqueSoldeBody }) => operationSolde(id, body),
    meta: { invalidates: [banquesKeys.all] },
  });
}
