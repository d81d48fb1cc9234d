import {
  CHANTIER_MESSAGES,
  type CHANTIER_SORTS,
  type Chantier,
  type ChantierStats,
  type ChantierStatut,
  type chantierCreateSchema,
  chantierSchema,
  chantierStatsSchema,
  type chantierUpdateSchema,
} from '@app/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { sendFormData } from '../api/form-data-request.ts';
import { api, fetchPage, type Page, request } from '../api/index.ts';

export type ChantierSort = (typeof CHANTIER_SORTS)[number];

/**
 * The chantiers list's filters (spec 2 §2, §7): page, search (name, description, address, city),
 * status and city. The server keeps a member to the chantiers of his product or of its site.
 */
export interface ChantierListFilters {
  page: number;
  limit: number;
  search: string;
  statut: ChantierStatut | null;
  ville: string | null;
  sortBy: ChantierSort;
  sortOrder: 'asc' | 'desc';
}

export type ChantierPage = Page<Chantier>;

/** What the creation form sends, as chantierCreateSchema reads it (texts trimmed, empty ids absent). */
export type ChantierCreateBody = z.output<typeof chantierCreateSchema>;
/** What the edit form sends: the whole form and the status. */
export type ChantierUpdateBody = z.output<typeof chantierUpdateSchema>;

/** A chantier saved, with the server's message. */
export interface ChantierResult {
  chantier: Chantier;
  message: string;
}

interface SaveAnswer {
  data: unknown;
  message?: string;
}

export async function fetchChantiers(filters: ChantierListFilters, signal?: AbortSignal): Promise<ChantierPage> {
  const { page, limit, search, statut, ville, sortBy, sortOrder } = filters;
  return fetchPage('/chantiers', chantierSchema, { page, limit, search, statut, ville, sortBy, sortOrder }, signal);
}

/** The counts by status and by city, the budgets and the progress, in the caller's scope. */
export async function fetchChantierStats(signal?: AbortSignal): Promise<ChantierStats> {
  const answer = await api.get<unknown>('/chantiers/stats', { signal, notify: false });
  return chantierStatsSchema.parse(answer.data);
}

export async function fetchChantier(id: number, signal?: AbortSignal): Promise<Chantier> {
  const answer = await api.get<unknown>(`/chantiers/${id}`, { signal });
  return chantierSchema.parse(answer.data);
}

/** A new chantier (POST) or the whole form of one with its status (PUT). */
export type ChantierSave = { id?: undefined; body: ChantierCreateBody } | { id: number; body: ChantierUpdateBody };

/** POST /chantiers or PUT /chantiers/:id; a refused change of status is a 409 with its reason. */
export async function saveChantier({ id, body }: ChantierSave): Promise<ChantierResult> {
  const answer = await request<SaveAnswer>(id === undefined ? '/chantiers' : `/chantiers/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    body,
    notify: false,
  });
  const fallback = id === undefined ? CHANTIER_MESSAGES.created : CHANTIER_MESSAGES.updated;
  return { chantier: chantierSchema.parse(answer.data), message: answer.message ?? fallback };
}

/** DELETE /chantiers/:id. */
export async function deleteChantier(id: number): Promise<string> {
  const answer = await api.delete<{ message?: string }>(`/chantiers/${id}`, { notify: false });
  return answer?.message ?? CHANTIER_MESSAGES.deleted;
}

/** Query keys of the chantiers (TkDodo's key factory); a change refreshes everything under ['chantiers']. */
export const chantiersKeys = {
  all: ['chantiers'] as const,
  lists: () => [...chantiersKeys.all, 'list'] as const,
  list: (filters: ChantierListFilters) => [...chantiersKeys.lists(), filters] as const,
  stats: () => [...chantiersKeys.all, 'stats'] as const,
  details: () => [...chantiersKeys.all, 'detail'] as const,
  detail: (id: number) => [...chantiersKeys.details(), id] as const,
};

/** The list is kept 30 s (spec 2 §9), and cleared by any change. */
const CHANTIERS_STALE_MS = 30_000;

export const chantiersListQuery = (filters: ChantierListFilters) =>
  queryOptions({
    queryKey: chantiersKeys.list(filters),
    queryFn: ({ signal }) => fetchChantiers(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: CHANTIERS_STALE_MS,
  });

export const chantierStatsQuery = () =>
  queryOptions({
    queryKey: chantiersKeys.stats(),
    queryFn: ({ signal }) => fetchChantierStats(signal),
    staleTime: CHANTIERS_STALE_MS,
  });

export const chantierDetailQuery = (id: number) =>
  queryOptions({
    queryKey: chantiersKeys.detail(id),
    queryFn: ({ signal }) => fetchChantier(id, signal),
  });

/** Creates or edits a chantier: the list, the cities and the figures refresh. */
export function useSaveChantier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveChantier,
    onSuccess: ({ chantier }) => queryClient.setQueryData(chantiersKeys.detail(chantier.id), chantier),
    meta: { invalidates: [chantiersKeys.all] },
  });
}

/** Deletes a chantier. */
/** Adds photos to a chantier (checked by the server on their content); answers the chantier. */
export async function addChantierPhotos(id: number, photos: File[]): Promise<{ chantier: Chantier; message: string }> {
  const form = new FormData();
  for (const photo of photos) form.append('photo', photo);
  const answer = await sendFormData<SaveAnswer>('POST', `/chantiers/${id}/photos`, form);
  return { chantier: chantierSchema.parse(answer.data), message: answer.message ?? CHANTIER_MESSAGES.photosAdded };
}

export async function removeChantierPhoto(
  id: number,
  photoId: number,
): Promise<{ chantier: Chantier; message: string }> {
  const answer = await api.delete<SaveAnswer>(`/chantiers/${id}/photos/${photoId}`);
  return { chantier: chantierSchema.parse(answer.data), message: answer.message ?? CHANTIER_MESSAGES.photoRemoved };
}

/** A chantier's photos, added (files) or one removed (its id); the lists read them again. */
export function useChantierPhotos(id: number) {
  return useMutation({
    mutationFn: (change: { add: File[] } | { remove: number }) =>
      'add' in change ? addChantierPhotos(id, change.add) : removeChantierPhoto(id, change.remove),
    meta: { invalidates: [chantiersKeys.all] },
  });
}

export function useDeleteChantier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chantier: Chantier) => deleteChantier(chantier.id),
    onSuccess: (_message, chantier) => queryClient.removeQueries({ queryKey: chantiersKeys.detail(chantier.id) }),
    meta: { invalidates: [chantiersKeys.all] },
  });
}
