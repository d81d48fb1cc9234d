import {
  type AccountStatut,
  type MEMBRE_SORTS,
  type Membre,
  type MembreStats,
  type MembreUpdate,
  membreSchema,
  membreStatsSchema,
  type TypeMembre,
} from '@app/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, fetchPage, type Page } from '../api/index.ts';
import { utilisateursKeys } from './utilisateurs.ts';

export type MembreSort = (typeof MEMBRE_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

/** A members list's filters (spec 3 §2.7, §9): page, search, status, type, arrears and sort. */
export interface MembreFilters {
  page: number;
  limit: number;
  search: string;
  statut: AccountStatut | null;
  type_membre: TypeMembre | null;
  /** Behind on the instalments today ('true') or up to date ('false'). */
  en_retard: 'true' | 'false' | null;
  sortBy: MembreSort;
  sortOrder: SortOrder;
}

export type MembrePage = Page<Membre>;

function fetchMembrePage(path: string, filters: MembreFilters, signal?: AbortSignal): Promise<MembrePage> {
  const { page, limit, sortBy, sortOrder, search, statut, type_membre, en_retard } = filters;
  return fetchPage(
    path,
    membreSchema,
    { page, limit, sortBy, sortOrder, search, statut, type_membre, en_retard },
    signal,
  );
}

/** Every member for an admin. */
export const fetchMembres = (filters: MembreFilters, signal?: AbortSignal) =>
  fetchMembrePage('/membres', filters, signal);

/** A gestionnaire's assigned clients. */
export const fetchMesClients = (filters: MembreFilters, signal?: AbortSignal) =>
  fetchMembrePage('/membres/mes-clients', filters, signal);

/** The tiles' figures; a gestionnaire's cover his clients only. */
export async function fetchMembreStats(signal?: AbortSignal): Promise<MembreStats> {
  const answer = await api.get<unknown>('/membres/stats', { signal, notify: false });
  return membreStatsSchema.parse(answer.data);
}

export async function fetchMembre(id: number, signal?: AbortSignal): Promise<Membre> {
  const answer = await api.get<unknown>(`/membres/${id}`, { signal });
  return membreSchema.parse(answer.data);
}

/** GET /membres/moi: the signed-in member's own file (his product and paid total). */
export async function fetchOwnMembre(signal?: AbortSignal): Promise<Membre> {
  const answer = await api.get<unknown>('/membres/moi', { signal });
  return membreSchema.parse(answer.data);
}

interface SaveAnswer {
  data: unknown;
  message?: string;
}

/** Sends the changed fields only; answers the saved member and the server's message. */
export async function updateMembre(id: number, changes: MembreUpdate): Promise<{ membre: Membre; message?: string }> {
  const answer = await api.put<SaveAnswer>(`/membres/${id}`, changes);
  return { membre: membreSchema.parse(answer.data), message: answer.message };
}

/** Assigns the member to a gestionnaire (his account id). */
export async function assignGestionnaire(id: number, gestionnaireId: number): Promise<Membre> {
  const answer = await api.put<SaveAnswer>(`/membres/${id}/gestionnaire`, { gestionnaire_id: gestionnaireId });
  return membreSchema.parse(answer.data);
}

/** PUT /membres/gestionnaire (admin): several members to one gestionnaire; the server's count and message. */
export async function assignMembres(membreIds: number[], gestionnaireId: number): Promise<string> {
  const answer = await api.put<{ message?: string }>('/membres/gestionnaire', {
    membre_ids: membreIds,
    gestionnaire_id: gestionnaireId,
  });
  return answer.message ?? 'Membres réassignés';
}

/** A member's edit: the changed fields, then the newly chosen gestionnaire (his account id). */
export interface MembreSave {
  membre: Membre;
  changes: MembreUpdate;
  gestionnaireId: number | null;
}

/** Sends the changes, then the assignment; answers the member as last saved and the server's message. */
export async function saveMembre({ membre, changes, gestionnaireId }: MembreSave) {
  let saved = membre;
  let message: string | undefined;
  if (Object.keys(changes).length > 0) ({ membre: saved, message } = await updateMembre(membre.id, changes));
  if (gestionnaireId !== null) saved = await assignGestionnaire(membre.id, gestionnaireId);
  return { membre: saved, message };
}

/**
 * Query keys of the members (TkDodo's key factory). A member change refreshes everything under
 * ['membres'] and the accounts page (his status and e-mail are his account's).
 */
export const membresKeys = {
  all: ['membres'] as const,
  lists: () => [...membresKeys.all, 'list'] as const,
  list: (filters: MembreFilters) => [...membresKeys.lists(), filters] as const,
  mesClients: (filters: MembreFilters) => [...membresKeys.all, 'mes-clients', filters] as const,
  stats: () => [...membresKeys.all, 'stats'] as const,
  details: () => [...membresKeys.all, 'detail'] as const,
  detail: (id: number) => [...membresKeys.details(), id] as const,
  own: () => [...membresKeys.all, 'moi'] as const,
};

export const membresListQuery = (filters: MembreFilters) =>
  queryOptions({
    queryKey: membresKeys.list(filters),
    queryFn: ({ signal }) => fetchMembres(filters, signal),
    placeholderData: keepPreviousData,
  });

export const mesClientsQuery = (filters: MembreFilters) =>
  queryOptions({
    queryKey: membresKeys.mesClients(filters),
    queryFn: ({ signal }) => fetchMesClients(filters, signal),
    placeholderData: keepPreviousData,
  });

export const membreStatsQuery = () =>
  queryOptions({
    queryKey: membresKeys.stats(),
    queryFn: ({ signal }) => fetchMembreStats(signal),
  });

/** A member's own file; his payments' validation changes its figures (they sit under ['membres']). */
export const ownMembreQuery = () =>
  queryOptions({
    queryKey: membresKeys.own(),
    queryFn: ({ signal }) => fetchOwnMembre(signal),
  });

export const membreDetailQuery = (id: number) =>
  queryOptions({
    queryKey: membresKeys.detail(id),
    queryFn: ({ signal }) => fetchMembre(id, signal),
  });

/** Members handed to another gestionnaire: the lists, the files and each gestionnaire's clients change. */
export function useAssignMembres() {
  return useMutation({
    mutationFn: ({ membreIds, gestionnaireId }: { membreIds: number[]; gestionnaireId: number }) =>
      assignMembres(membreIds, gestionnaireId),
    meta: { invalidates: [membresKeys.all] },
  });
}

/**
 * The admin's edit of a member file and his assignment. The detail shows the saved copy at
 * once; the lists reload after a half-done save too (the changes went, the assignment failed).
 */
export function useSaveMembre() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMembre,
    onSuccess: ({ membre }) => queryClient.setQueryData(membresKeys.detail(membre.id), membre),
    meta: { invalidates: [membresKeys.all, utilisateursKeys.all] },
  });
}
