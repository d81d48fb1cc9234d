import {
  type AccountStatut,
  type Role,
  tempPasswordSchema,
  type Utilisateur,
  type UtilisateurCreate,
  type UtilisateurStats,
  type UtilisateurUpdate,
  utilisateurSchema,
  utilisateurStatsSchema,
} from '@app/shared';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { api, fetchPage, type Page } from '../api/index.ts';
import { membresKeys } from './membres.ts';
import { personnelKeys } from './personnel.ts';

/** The accounts list's filters (spec 3 §2.10): page, search, role, status; sorted by name. */
export interface UtilisateurFilters {
  page: number;
  limit: number;
  search: string;
  role: Role | null;
  statut: AccountStatut | null;
}

export type UtilisateurPage = Page<Utilisateur>;

interface SaveAnswer {
  data: unknown;
  message?: string;
}

export async function fetchUtilisateurs(filters: UtilisateurFilters, signal?: AbortSignal): Promise<UtilisateurPage> {
  const { page, limit, search, role, statut } = filters;
  return fetchPage(
    '/utilisateurs',
    utilisateurSchema,
    { page, limit, sortBy: 'nom', sortOrder: 'asc', search, role, statut },
    signal,
  );
}

export async function fetchUtilisateurStats(signal?: AbortSignal): Promise<UtilisateurStats> {
  const answer = await api.get<unknown>('/utilisateurs/stats', { signal, notify: false });
  return utilisateurStatsSchema.parse(answer.data);
}

export async function createUtilisateur(body: UtilisateurCreate): Promise<Utilisateur> {
  const answer = await api.post<SaveAnswer>('/utilisateurs', body);
  return utilisateurSchema.parse(answer.data);
}

/** Sends the changed fields only. */
export async function updateUtilisateur(id: number, changes: UtilisateurUpdate): Promise<Utilisateur> {
  const answer = await api.put<SaveAnswer>(`/utilisateurs/${id}`, changes);
  return utilisateurSchema.parse(answer.data);
}

export async function deleteUtilisateur(id: number): Promise<void> {
  await api.delete<unknown>(`/utilisateurs/${id}`);
}

export type StatutAction = 'activate' | 'deactivate' | 'suspend';

/** Activates, deactivates or suspends an account (the last two end its sessions). */
export async function changeUtilisateurStatut(id: number, action: StatutAction): Promise<Utilisateur> {
  const answer = await api.put<SaveAnswer>(`/utilisateurs/${id}/${action}`);
  return utilisateurSchema.parse(answer.data);
}

/** A temporary password, to be shown once; the account must change it at its next sign-in. */
export async function resetUtilisateurPassword(id: number): Promise<string> {
  const answer = await api.post<SaveAnswer>(`/utilisateurs/${id}/reset-password`);
  return tempPasswordSchema.parse(answer.data).tempPassword;
}

/** Removes an account's second factor (a lost phone); its owner is told by e-mail. */
export async function resetUtilisateurTwoFactor(id: number): Promise<void> {
  await api.delete<unknown>(`/utilisateurs/${id}/2fa`);
}

/** A new account, or the changes to one. */
export type UtilisateurSave = { create: UtilisateurCreate } | { id: number; changes: UtilisateurUpdate };

/** Account lists and figures are cached 30 s (spec 3 §9). */
const UTILISATEURS_STALE_MS = 30_000;

/**
 * Query keys of the user accounts. An account change refreshes the accounts, and the staff and
 * members pages (a staff member's or a member's status and e-mail are his account's).
 */
export const utilisateursKeys = {
  all: ['utilisateurs'] as const,
  lists: () => [...utilisateursKeys.all, 'list'] as const,
  list: (filters: UtilisateurFilters) => [...utilisateursKeys.lists(), filters] as const,
  stats: () => [...utilisateursKeys.all, 'stats'] as const,
};

const accountChanges = () => [utilisateursKeys.all, personnelKeys.all, membresKeys.all];

export const utilisateursListQuery = (filters: UtilisateurFilters) =>
  queryOptions({
    queryKey: utilisateursKeys.list(filters),
    queryFn: ({ signal }) => fetchUtilisateurs(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: UTILISATEURS_STALE_MS,
  });

export const utilisateurStatsQuery = () =>
  queryOptions({
    queryKey: utilisateursKeys.stats(),
    queryFn: ({ signal }) => fetchUtilisateurStats(signal),
    staleTime: UTILISATEURS_STALE_MS,
  });

export function useSaveUtilisateur() {
  return useMutation({
    mutationFn: (save: UtilisateurSave) =>
      'create' in save ? createUtilisateur(save.create) : updateUtilisateur(save.id, save.changes),
    meta: { invalidates: accountChanges() },
  });
}

export function useChangeUtilisateurStatut() {
  return useMutation({
    mutationFn: ({ utilisateur, action }: { utilisateur: Utilisateur; action: StatutAction }) =>
      changeUtilisateurStatut(utilisateur.id, action),
    meta: { invalidates: accountChanges() },
  });
}

export function useResetUtilisateurPassword() {
  return useMutation({
    mutationFn: (utilisateur: Utilisateur) => resetUtilisateurPassword(utilisateur.id),
    meta: { invalidates: [utilisateursKeys.all] },
  });
}

export function useResetUtilisateurTwoFactor() {
  return useMutation({
    mutationFn: (utilisateur: Utilisateur) => resetUtilisateurTwoFactor(utilisateur.id),
    meta: { invalidates: [utilisateursKeys.all] },
  });
}

export function useDeleteUtilisateur() {
  return useMutation({
    mutationFn: (utilisateur: Utilisateur) => deleteUtilisateur(utilisateur.id),
    meta: { invalidates: accountChanges() },
  });
}
