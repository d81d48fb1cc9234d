import {
  can,
  type Demande,
  type DemandeCreateBody,
  type DemandePublicBody,
  type DemandeStats,
  type DemandeStatut,
  type DemandeUpdateBody,
  demandeSchema,
  demandeStatsSchema,
  type PublicProduit,
  publicProduitSchema,
  type Role,
  type Solde,
} from '@app/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiMessage, api, fetchPage, type Page } from '../api/index.ts';
import { favorisKeys } from './favoris.ts';
import type { MutationCallbacks } from './invalidation.ts';
import { membresKeys } from './membres.ts';
import { personnelKeys } from './personnel.ts';
import { produitsKeys } from './produits.ts';

/** The demandes list's filters (spec 1 §2.5): page, search (name, product, notes) and status. */
export interface DemandeFilters {
  page: number;
  limit: number;
  search: string;
  statut: DemandeStatut | null;
}

export type DemandePage = Page<Demande>;

interface SaveAnswer {
  data: unknown;
  message?: string;
}

/** A demande saved or processed, with the server's message. */
export interface DemandeResult {
  demande: Demande;
  message: string;
}

/** Newest first: the server's default sort (created_at desc). */
export async function fetchDemandes(filters: DemandeFilters, signal?: AbortSignal): Promise<DemandePage> {
  const { page, limit, search, statut } = filters;
  return fetchPage('/demandes', demandeSchema, { page, limit, search, statut }, signal);
}

/** How many demandes wait, were validated, were rejected. */
export async function fetchDemandeStats(signal?: AbortSignal): Promise<DemandeStats> {
  const answer = await api.get<unknown>('/demandes/stats', { signal, notify: false, background: true });
  return demandeStatsSchema.parse(answer.data);
}

export async function fetchDemande(id: number, signal?: AbortSignal): Promise<Demande> {
  const answer = await api.get<unknown>(`/demandes/${id}`, { signal });
  return demandeSchema.parse(answer.data);
}

/** POST /demandes (staff): the creation modal's body, already validated by demandeCreateSchema. */
export async function createDemande(body: DemandeCreateBody): Promise<DemandeResult> {
  const answer = await api.post<SaveAnswer>('/demandes', body);
  return { demande: demandeSchema.parse(answer.data), message: answer.message ?? 'Demande créée avec succès !' };
}

/** PUT /demandes/:id (admin, gestionnaire): a pending demande's fields. */
export async function updateDemande(id: number, body: DemandeUpdateBody): Promise<DemandeResult> {
  const answer = await api.put<SaveAnswer>(`/demandes/${id}`, body);
  return { demande: demandeSchema.parse(answer.data), message: answer.message ?? 'Demande mise à jour avec succès' };
}

/** DELETE /demandes/:id (admin): a pending or rejected demande; the server's message says so. */
export async function deleteDemande(id: number): Promise<string | undefined> {
  const answer = await api.delete<{ message?: string }>(`/demandes/${id}`);
  return answer?.message;
}

/**
 * PUT /demandes/:id/validate: the demande becomes validee, a member is created (decisions §5)
 * owing his product's price; `solde` says how terms that fall short of it are completed (issue 23).
 */
export async function validateDemande(id: number, gerePar: number, solde?: Solde): Promise<DemandeResult> {
  const answer = await api.put<SaveAnswer>(
    `/demandes/${id}/validate`,
    { id, gere_par: gerePar, ...(solde && { solde }) },
    { notify: false },
  );
  return { demande: demandeSchema.parse(answer.data), message: answer.message ?? 'Demande validée avec succès' };
}

/** PUT /demandes/:id/reject with one of the six reasons and optional comments. */
export async function rejectDemande(id: number, motif: string, commentaires: string | null): Promise<DemandeResult> {
  const answer = await api.put<SaveAnswer>(
    `/demandes/${id}/reject`,
    { motif_rejet: motif, commentaires },
    { notify: false },
  );
  return { demande: demandeSchema.parse(answer.data), message: answer.message ?? 'Demande rejetée avec succès' };
}

/** The available products a visitor may ask for (no token): title, site, price. */
export async function fetchPublicProduits(signal?: AbortSignal): Promise<PublicProduit[]> {
  const answer = await api.get<unknown>('/demandes/public/produits', { signal, auth: false, notify: false });
  return publicProduitSchema.array().parse(answer.data);
}

/** The login screen's registration request (no token; rate-limited by the server). */
export async function submitPublicDemande(body: DemandePublicBody): Promise<string> {
  const answer = await api.post<ApiMessage>('/demandes/public', body, { auth: false, notify: false });
  return answer.message;
}

/** A validation (with the gestionnaire's account id) or a rejection (one of the six reasons). */
export type DemandeDecision =
  | { action: 'validate'; demande: Demande; gerePar: number; solde?: Solde }
  | { action: 'reject'; demande: Demande; motif: string; commentaires: string | null };

export function decideDemande(decision: DemandeDecision): Promise<DemandeResult> {
  return decision.action === 'validate'
    ? validateDemande(decision.demande.id, decision.gerePar, decision.solde)
    : rejectDemande(decision.demande.id, decision.motif, decision.commentaires);
}

/** Query keys of the demandes (TkDodo's key factory); a change refreshes everything under ['demandes']. */
export const demandesKeys = {
  all: ['demandes'] as const,
  lists: () => [...demandesKeys.all, 'list'] as const,
  list: (filters: DemandeFilters) => [...demandesKeys.lists(), filters] as const,
  stats: () => [...demandesKeys.all, 'stats'] as const,
  details: () => [...demandesKeys.all, 'detail'] as const,
  detail: (id: number) => [...demandesKeys.details(), id] as const,
  /** The registration form's product choices (public, no token). */
  publicProduits: () => [...demandesKeys.all, 'public-produits'] as const,
};

export const demandesListQuery = (filters: DemandeFilters) =>
  queryOptions({
    queryKey: demandesKeys.list(filters),
    queryFn: ({ signal }) => fetchDemandes(filters, signal),
    placeholderData: keepPreviousData,
  });

/**
 * The counts per status (the sidebar's badge of pending demandes). Any demande change refreshes
 * them (they sit under ['demandes']); a visitor's demande shows within a minute.
 */
export const demandeStatsQuery = () =>
  queryOptions({
    queryKey: demandesKeys.stats(),
    queryFn: ({ signal }) => fetchDemandeStats(signal),
    refetchInterval: 60_000,
  });

/** Pending demandes, for a role that decides them (0 for the others, never asked). */
export function usePendingDemandesCount(role: Role | null): number {
  // The count of all the pending requests: for those who decide them.
  const enabled = can(role, 'demandes.read_all');
  const count = useQuery({ ...demandeStatsQuery(), enabled }).data?.en_attente ?? 0;
  return enabled ? count : 0;
}

export const demandeDetailQuery = (id: number) =>
  queryOptions({
    queryKey: demandesKeys.detail(id),
    queryFn: ({ signal }) => fetchDemande(id, signal),
  });

/** Availability changes with every validation: re-read at each opening of the form. */
export const publicProduitsQuery = () =>
  queryOptions({
    queryKey: demandesKeys.publicProduits(),
    queryFn: ({ signal }) => fetchPublicProduits(signal),
    staleTime: 0,
  });

/** A staff member's demande (spec 1 §2.6). */
export function useCreateDemande(callbacks?: MutationCallbacks<DemandeResult, DemandeCreateBody>) {
  return useMutation({ ...callbacks, mutationFn: createDemande, meta: { invalidates: [demandesKeys.all] } });
}

/** A pending demande corrected; its detail shows the answer at once. */
export function useUpdateDemande() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DemandeUpdateBody }) => updateDemande(id, body),
    onSuccess: ({ demande }) => queryClient.setQueryData(demandesKeys.detail(demande.id), demande),
    meta: { invalidates: [demandesKeys.all] },
  });
}

export function useDeleteDemande() {
  return useMutation({
    mutationFn: (demande: Demande) => deleteDemande(demande.id),
    meta: { invalidates: [demandesKeys.all] },
  });
}

/** A visitor's demande; a product taken meanwhile leaves the choices. */
export function useSubmitPublicDemande(callbacks?: MutationCallbacks<string, DemandePublicBody>) {
  return useMutation({
    ...callbacks,
    mutationFn: submitPublicDemande,
    meta: { invalidates: [demandesKeys.publicProduits()] },
  });
}

/**
 * Validates or rejects a demande. A validation creates a member and reserves the product (the
 * catalogue and the favourites show its availability); a refusal may mean a gestionnaire left.
 */
export function useDecideDemande() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideDemande,
    onSuccess: ({ demande }) => queryClient.setQueryData(demandesKeys.detail(demande.id), demande),
    meta: {
      invalidates: [
        demandesKeys.all,
        membresKeys.all,
        produitsKeys.all,
        favorisKeys.all,
        personnelKeys.gestionnairesActifs(),
      ],
    },
  });
}
