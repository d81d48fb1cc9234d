import {
  type AccountStatut,
  type GestionnaireActif,
  gestionnaireActifSchema,
  type MEMBRE_SORTS,
  type Membre,
  type MembreStats,
  type MembreUpdate,
  membreSchema,
  membreStatsSchema,
  type TypeMembre,
} from '@app/shared';
import { api, fetchPage, type Page } from '../../api/index.ts';

export type MembreSort = (typeof MEMBRE_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

/** A members list's filters (spec 3 §2.7, §9): page, search, status, type and sort. */
export interface MembreFilters {
  page: number;
  limit: number;
  search: string;
  statut: AccountStatut | null;
  type_membre: TypeMembre | null;
  sortBy: MembreSort;
  sortOrder: SortOrder;
}

export type MembrePage = Page<Membre>;

function fetchMembrePage(path: string, filters: MembreFilters, signal?: AbortSignal): Promise<MembrePage> {
  const { page, limit, sortBy, sortOrder, search, statut, type_membre } = filters;
  return fetchPage(path, membreSchema, { page, limit, sortBy, sortOrder, search, statut, type_membre }, signal);
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

/** Active gestionnaires by name, the choices of the assignment; each `id` is his account's, as assigning expects. */
export async function fetchActiveGestionnaires(signal?: AbortSignal): Promise<GestionnaireActif[]> {
  const answer = await api.get<unknown>('/gestionnaires/actifs', { signal });
  return gestionnaireActifSchema.array().parse(answer.data);
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
