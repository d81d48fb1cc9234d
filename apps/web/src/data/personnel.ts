import {
  type AccountStatut,
  type GestionnaireActif,
  gestionnaireActifSchema,
  type Personnel,
  type PersonnelCreate,
  type PersonnelStats,
  type PersonnelUpdate,
  personnelSchema,
  personnelStatsSchema,
  type StaffRole,
} from '@app/shared';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { api, fetchPage, type Page } from '../api/index.ts';
import { utilisateursKeys } from './utilisateurs.ts';

/** The staff list's filters (spec 3 §2.9): page, search, role, department, status; sorted by name. */
export interface PersonnelFilters {
  page: number;
  limit: number;
  search: string;
  role: StaffRole | null;
  departement: string | null;
  statut: AccountStatut | null;
}

export type PersonnelPage = Page<Personnel>;

interface SaveAnswer {
  data: unknown;
  message?: string;
}

export async function fetchPersonnels(filters: PersonnelFilters, signal?: AbortSignal): Promise<PersonnelPage> {
  const { page, limit, search, role, departement, statut } = filters;
  return fetchPage(
    '/personnel',
    personnelSchema,
    { page, limit, sortBy: 'nom', sortOrder: 'asc', search, role, departement, statut },
    signal,
  );
}

export async function fetchPersonnelStats(signal?: AbortSignal): Promise<PersonnelStats> {
  const answer = await api.get<unknown>('/personnel/stats', { signal, notify: false });
  return personnelStatsSchema.parse(answer.data);
}

/**
 * Active gestionnaires by name: the choices of a demande's validation and of a member's
 * assignment; each `id` is his account's, as both expect.
 */
export async function fetchGestionnairesActifs(signal?: AbortSignal): Promise<GestionnaireActif[]> {
  const answer = await api.get<unknown>('/gestionnaires/actifs', { signal });
  return gestionnaireActifSchema.array().parse(answer.data);
}

/** Creates the staff file and its account; without a code the server draws one. */
export async function createPersonnel(body: PersonnelCreate): Promise<Personnel> {
  const answer = await api.post<SaveAnswer>('/admin/personnel', body);
  return personnelSchema.parse(answer.data);
}

/** Sends the changed fields only (activate and deactivate send `statut`). */
export async function updatePersonnel(id: number, changes: PersonnelUpdate): Promise<Personnel> {
  const answer = await api.put<SaveAnswer>(`/personnel/${id}`, changes);
  return personnelSchema.parse(answer.data);
}

export async function deletePersonnel(id: number): Promise<void> {
  await api.delete<unknown>(`/personnel/${id}`);
}

/** A new staff file, or the changes to one. */
export type PersonnelSave = { create: PersonnelCreate } | { id: number; changes: PersonnelUpdate };

/** Staff lists and figures are cached 30 s (spec 3 §9). */
const PERSONNEL_STALE_MS = 30_000;

/**
 * Query keys of the staff. A staff change refreshes everything under ['personnel'] (the active
 * gestionnaires too) and the accounts page (a staff member has an account).
 */
export const personnelKeys = {
  all: ['personnel'] as const,
  lists: () => [...personnelKeys.all, 'list'] as const,
  list: (filters: PersonnelFilters) => [...personnelKeys.lists(), filters] as const,
  stats: () => [...personnelKeys.all, 'stats'] as const,
  gestionnairesActifs: () => [...personnelKeys.all, 'gestionnaires-actifs'] as const,
};

export const personnelListQuery = (filters: PersonnelFilters) =>
  queryOptions({
    queryKey: personnelKeys.list(filters),
    queryFn: ({ signal }) => fetchPersonnels(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: PERSONNEL_STALE_MS,
  });

export const personnelStatsQuery = () =>
  queryOptions({
    queryKey: personnelKeys.stats(),
    queryFn: ({ signal }) => fetchPersonnelStats(signal),
    staleTime: PERSONNEL_STALE_MS,
  });

export const gestionnairesActifsQuery = () =>
  queryOptions({
    queryKey: personnelKeys.gestionnairesActifs(),
    queryFn: ({ signal }) => fetchGestionnairesActifs(signal),
    staleTime: 60_000,
  });

/** Adds a staff member, edits his file or changes his status. */
export function useSavePersonnel() {
  return useMutation({
    mutationFn: (save: PersonnelSave) =>
      'create' in save ? createPersonnel(save.create) : updatePersonnel(save.id, save.changes),
    meta: { invalidates: [personnelKeys.all, utilisateursKeys.all] },
  });
}

export function useDeletePersonnel() {
  return useMutation({
    mutationFn: (personnel: Personnel) => deletePersonnel(personnel.id),
    meta: { invalidates: [personnelKeys.all, utilisateursKeys.all] },
  });
}
