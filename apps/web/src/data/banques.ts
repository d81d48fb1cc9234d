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
  CLOTURE_MESSAGES,
  type Cloture,
  type ColonnesReleve,
  clotureSchema,
  type EtatRapprochement,
  type ExceptionsRapprochement,
  etatRapprochementSchema,
  exceptionsRapprochementSchema,
  type LigneReleve,
  type LigneReleveStatut,
  ligneReleveSchema,
  type Mouvement,
  mouvementSchema,
  type Pagination,
  RAPPROCHEMENT_MESSAGES,
  type Rapprochement,
  type RapprochementCreateBody,
  type ReleveImport,
  rapprochementSchema,
  releveImportSchema,
  type Suggestion,
  suggestionSchema,
} from '@app/shared';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { sendFormData } from '../api/form-data-request.ts';
import { ApiError, api, fetchPage, type Page, request } from '../api/index.ts';
import { dashboardKeys } from './dashboard.ts';
import type { MutationCallbacks } from './invalidation.ts';
import { membresKeys } from './membres.ts';
import { versementsKeys } from './versements.ts';

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

/** A bank's movements, a page at a time, newest first; only the unmatched ones for the reconciliation. */
export interface MouvementFilters {
  page: number;
  limit: number;
  non_rapproches?: boolean;
}

export type MouvementPage = Page<Mouvement>;

/** A bank's statement lines: page, status and a range of operation days (AAAA-MM-JJ, or null). */
export interface LigneReleveFilters {
  page: number;
  limit: number;
  statut: LigneReleveStatut | null;
  date_debut: string | null;
  date_fin: string | null;
}

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
  const { page, limit, non_rapproches } = filters;
  return fetchPage(
    `/banques/${id}/mouvements`,
    mouvementSchema,
    { page, limit, non_rapproches: non_rapproches ? 'true' : null },
    signal,
  );
}

export function fetchLignesReleve(id: number, filters: LigneReleveFilters, signal?: AbortSignal) {
  return fetchPage(`/banques/${id}/lignes`, ligneReleveSchema, { ...filters }, signal);
}

/** A statement to import: the file, and the columns chosen on the preview (a CSV whose header was not recognised). */
export interface ReleveUpload {
  banqueId: number;
  fichier: File;
  colonnes: ColonnesReleve | null;
}

/** POST /banques/:id/releves: what the import read and added. */
export async function importReleve({ banqueId, fichier, colonnes }: ReleveUpload): Promise<ReleveImport> {
  const form = new FormData();
  if (colonnes) form.append('colonnes', JSON.stringify(colonnes));
  form.append('fichier', fichier, fichier.name);
  const answer = await sendFormData<{ data: unknown }>('POST', `/banques/${banqueId}/releves`, form);
  return releveImportSchema.parse(answer.data);
}

/** GET /banques/:id/suggestions: a page of the unmatched lines, each with what it may be. */
export function fetchSuggestions(id: number, page: number, limit: number, signal?: AbortSignal) {
  return fetchPage(`/banques/${id}/suggestions`, suggestionSchema, { page, limit }, signal);
}

/** POST /rapprochements: lines matched to movements and pending payments, their sums equal. */
export async function createRapprochement(body: RapprochementCreateBody): Promise<Rapprochement> {
  const answer = await api.post<{ data: unknown }>('/rapprochements', body);
  return rapprochementSchema.parse(answer.data);
}

export async function deleteRapprochement(id: number): Promise<string> {
  const answer = await api.delete<{ message?: string }>(`/rapprochements/${id}`);
  return answer?.message ?? RAPPROCHEMENT_MESSAGES.deleted;
}

/** GET /banques/:id/rapprochement?date: the ledger's and the statement's balances that evening, and what differs. */
export async function fetchEtatRapprochement(
  id: number,
  date: string,
  signal?: AbortSignal,
): Promise<EtatRapprochement> {
  const answer = await api.get<unknown>(`/banques/${id}/rapprochement?${new URLSearchParams({ date })}`, { signal });
  return etatRapprochementSchema.parse(answer.data);
}

export function fetchClotures(id: number, page: number, limit: number, signal?: AbortSignal) {
  return fetchPage(`/banques/${id}/clotures`, clotureSchema, { page, limit }, signal);
}

/** POST /banques/:id/clotures: a past month closed (409 with the difference when the two disagree). */
export async function createCloture({ banqueId, mois }: { banqueId: number; mois: string }): Promise<string> {
  const answer = await api.post<{ message?: string }>(`/banques/${banqueId}/clotures`, { mois });
  return answer?.message ?? CLOTURE_MESSAGES.closed(mois);
}

/** POST /banques/:id/clotures/:mois/reouverture: the admin's reopening, with its reason. */
export async function rouvrirCloture({ banqueId, mois, motif }: { banqueId: number; mois: string; motif: string }) {
  const answer = await api.post<{ message?: string }>(`/banques/${banqueId}/clotures/${mois}/reouverture`, { motif });
  return answer?.message ?? CLOTURE_MESSAGES.reopened(mois);
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
  lignes: (id: number) => [...banquesKeys.all, 'lignes', id] as const,
  lignesPage: (id: number, filters: LigneReleveFilters) => [...banquesKeys.lignes(id), filters] as const,
  suggestions: (id: number, page: number, limit: number) =>
    [...banquesKeys.all, 'suggestions', id, page, limit] as const,
  etat: (id: number, date: string) => [...banquesKeys.all, 'rapprochement', id, date] as const,
  clotures: (id: number, page: number, limit: number) => [...banquesKeys.all, 'clotures', id, page, limit] as const,
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

export const lignesReleveQuery = (id: number, filters: LigneReleveFilters) =>
  queryOptions({
    queryKey: banquesKeys.lignesPage(id, filters),
    queryFn: ({ signal }): Promise<Page<LigneReleve>> => fetchLignesReleve(id, filters, signal),
    placeholderData: keepPreviousData,
  });

export const suggestionsQuery = (id: number, page: number, limit: number) =>
  queryOptions({
    queryKey: banquesKeys.suggestions(id, page, limit),
    queryFn: ({ signal }): Promise<Page<Suggestion>> => fetchSuggestions(id, page, limit, signal),
    placeholderData: keepPreviousData,
  });

export const etatRapprochementQuery = (id: number, date: string) =>
  queryOptions({
    queryKey: banquesKeys.etat(id, date),
    queryFn: ({ signal }) => fetchEtatRapprochement(id, date, signal),
    placeholderData: keepPreviousData,
  });

export const cloturesQuery = (id: number, page: number, limit: number) =>
  queryOptions({
    queryKey: banquesKeys.clotures(id, page, limit),
    queryFn: ({ signal }): Promise<Page<Cloture>> => fetchClotures(id, page, limit, signal),
    placeholderData: keepPreviousData,
  });

/** Closes a month, or (the admin) reopens one: the bank's state at a date and its closures change. */
export function useCloturer() {
  return useMutation({ mutationFn: createCloture, meta: { invalidates: [banquesKeys.all] } });
}

export function useRouvrir() {
  return useMutation({ mutationFn: rouvrirCloture, meta: { invalidates: [banquesKeys.all] } });
}

/**
 * Matches statement lines to movements (and pending payments, validated by it: their status, the
 * members' totals and the dashboard change too).
 */
export function useRapprocher() {
  return useMutation({
    mutationFn: createRapprochement,
    meta: { invalidates: [banquesKeys.all, versementsKeys.all, membresKeys.all, dashboardKeys.all] },
  });
}

/** Undoes a match (the payments it validated stay validated). */
export function useAnnulerRapprochement() {
  return useMutation({ mutationFn: deleteRapprochement, meta: { invalidates: [banquesKeys.all] } });
}

/** Imports a statement: the bank's lines (and its remembered columns) change. */
export function useImportReleve() {
  return useMutation({ mutationFn: importReleve, meta: { invalidates: [banquesKeys.all] } });
}

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

/** GET /banques/:id/exceptions: what is still unmatched after the settings' days, each side with its total. */
export async function fetchExceptions(id: number, signal?: AbortSignal): Promise<ExceptionsRapprochement> {
  const answer = await api.get<unknown>(`/banques/${id}/exceptions`, { signal });
  return exceptionsRapprochementSchema.parse(answer.data);
}

export const exceptionsQuery = (id: number) =>
  queryOptions({
    queryKey: [...banquesKeys.all, 'exceptions', id] as const,
    queryFn: ({ signal }) => fetchExceptions(id, signal),
  });
