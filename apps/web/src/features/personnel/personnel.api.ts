import {
  type AccountStatut,
  type Personnel,
  type PersonnelCreate,
  type PersonnelStats,
  type PersonnelUpdate,
  personnelSchema,
  personnelStatsSchema,
  type StaffRole,
} from '@app/shared';
import { api, fetchPage, type Page } from '../../api/index.ts';

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
