import {
  type Pagination,
  type Sauvegarde,
  type SauvegardesEtat,
  sauvegardeSchema,
  sauvegardesEtatSchema,
} from '@app/shared';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api, request } from '../api/index.ts';
import { fetchPrivateFile, saveFile } from './private-file.ts';

/**
 * Backups (issue 24), an admin's: the list with whether they are encrypted and when the next is
 * due, one backup's progress while it runs, taking one now, and downloading a file.
 */

export interface SauvegardesFilters {
  page: number;
  limit: number;
}

/** A page of backups, newest first, and the state beside it. */
export interface SauvegardesPage {
  items: Sauvegarde[];
  pagination: Pagination;
  etat: SauvegardesEtat;
}

/** How often a running backup is asked how far it is. */
export const SAUVEGARDE_POLL_MS = 1_000;

/** A backup holds the media too: a large file on a slow line takes long. */
const BACKUP_FILE_TIMEOUT_MS = 60 * 60_000;

/** GET /sauvegardes: a page of backups, newest first, with `etat` (encryption, next run). */
export async function fetchSauvegardes(
  { page, limit }: SauvegardesFilters,
  signal?: AbortSignal,
): Promise<SauvegardesPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  const answer = await request<{ data: unknown; pagination: Pagination; etat: unknown }>(`/sauvegardes?${query}`, {
    signal,
  });
  return {
    items: z.array(sauvegardeSchema).parse(answer.data),
    pagination: answer.pagination,
    etat: sauvegardesEtatSchema.parse(answer.etat),
  };
}

/** GET /sauvegardes/:id: one backup, its step and progress while it runs. */
export async function fetchSauvegarde(id: number, signal?: AbortSignal): Promise<Sauvegarde> {
  // Asked every second while it runs: a lost answer is asked again, without a toast each time.
  const answer = await api.get<unknown>(`/sauvegardes/${id}`, { signal, notify: false });
  return sauvegardeSchema.parse(answer.data);
}

export const sauvegardesKeys = {
  all: ['sauvegardes'] as const,
  lists: () => [...sauvegardesKeys.all, 'list'] as const,
  list: (filters: SauvegardesFilters) => [...sauvegardesKeys.lists(), filters] as const,
  details: () => [...sauvegardesKeys.all, 'detail'] as const,
  detail: (id: number) => [...sauvegardesKeys.details(), id] as const,
};

/** Scheduled backups come without the app doing anything: the list is read afresh whenever shown. */
export const sauvegardesListQuery = (filters: SauvegardesFilters) =>
  queryOptions({
    queryKey: sauvegardesKeys.list(filters),
    queryFn: ({ signal }) => fetchSauvegardes(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** One backup, asked again every second while it runs (and until its first answer). */
export const sauvegardeQuery = (id: number) =>
  queryOptions({
    queryKey: sauvegardesKeys.detail(id),
    queryFn: ({ signal }) => fetchSauvegarde(id, signal),
    staleTime: 0,
    refetchInterval: (query) => {
      const { data, status } = query.state;
      if (!data) return status === 'error' ? false : SAUVEGARDE_POLL_MS;
      return data.statut === 'en_cours' ? SAUVEGARDE_POLL_MS : false;
    },
  });

/**
 * POST /sauvegardes: takes a backup now; answers its id (202) while it runs. A 409 says one
 * already runs (its message is the screen's to show). The list shows the new one at once.
 */
export function useLancerSauvegarde() {
  return useMutation({
    mutationFn: async () => {
      const answer = await api.post<{ data: { id: number }; message?: string }>('/sauvegardes', undefined, {
        notify: false,
      });
      return z.object({ id: z.number().int() }).parse(answer.data);
    },
    meta: { invalidates: [sauvegardesKeys.lists()] },
  });
}

/** GET /sauvegardes/:id/fichier through the authenticated client, saved under the backup's file name. */
export async function downloadSauvegarde(sauvegarde: Pick<Sauvegarde, 'id' | 'fichier'>): Promise<void> {
  const blob = await fetchPrivateFile(`/sauvegardes/${sauvegarde.id}/fichier`, BACKUP_FILE_TIMEOUT_MS);
  const name = sauvegarde.fichier?.split(/[\\/]/).pop();
  saveFile(blob, name || `sauvegarde-${sauvegarde.id}.tar`);
}
