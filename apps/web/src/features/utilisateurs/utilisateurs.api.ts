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
import { api, fetchPage, type Page } from '../../api/index.ts';

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

type StatutAction = 'activate' | 'deactivate' | 'suspend';

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
