import { type Site, type SiteBody, siteSchema, siteStatsSchema } from '@app/shared';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { appendFields, sendFormData } from '../api/form-data-request.ts';
import { api, fetchPage, type Page } from '../api/index.ts';
import { favorisKeys } from './favoris.ts';
import type { MutationCallbacks } from './invalidation.ts';
import { produitsKeys } from './produits.ts';

/** The sites list's filters (spec 2 §2): page and search; sorted by name. */
export interface SiteFilters {
  page: number;
  limit: number;
  search: string;
}

export type SitePage = Page<Site>;

export type SiteStats = z.infer<typeof siteStatsSchema>;

export async function fetchSites(filters: SiteFilters, signal?: AbortSignal): Promise<SitePage> {
  const { page, limit, search } = filters;
  return fetchPage('/sites', siteSchema, { page, limit, sortBy: 'nom_site', sortOrder: 'asc', search }, signal);
}

/** Every active site by name (spec 1 §7, spec 2 §7: limit 1000): the choices of the product and demande forms. */
export async function fetchActiveSites(signal?: AbortSignal): Promise<Site[]> {
  const params = { limit: 1000, sortBy: 'nom_site', sortOrder: 'asc', est_actif: 'true' };
  return (await fetchPage('/sites', siteSchema, params, signal)).items;
}

export async function fetchSiteStats(signal?: AbortSignal): Promise<SiteStats> {
  const answer = await api.get<unknown>('/sites/stats', { signal, notify: false });
  return siteStatsSchema.parse(answer.data);
}

export interface SiteSave {
  id?: number;
  body: SiteBody;
  /** New photos: they replace the current ones on an edit. */
  photos: File[];
  /** New plans: they replace the current ones on an edit. */
  plans: File[];
}

function textFields(body: SiteBody): Record<string, unknown> {
  // Empty optional texts clear them (the server reads '' as none).
  return { ...body, localisation_site: body.localisation_site ?? '', video_site: body.video_site ?? '' };
}

/** Creates (multipart with repeated `photo` and `plan`) or updates (JSON, or multipart with files). */
export async function saveSite({ id, body, photos, plans }: SiteSave): Promise<{ site: Site; message?: string }> {
  let answer: { data: unknown; message?: string };
  if (id === undefined || photos.length > 0 || plans.length > 0) {
    const form = appendFields(new FormData(), textFields(body));
    for (const file of photos) form.append('photo', file, file.name);
    for (const file of plans) form.append('plan', file, file.name);
    answer = await sendFormData(id === undefined ? 'POST' : 'PUT', id === undefined ? '/sites' : `/sites/${id}`, form);
  } else {
    answer = await api.put<{ data: unknown; message?: string }>(`/sites/${id}`, textFields(body));
  }
  return { site: siteSchema.parse(answer.data), message: answer.message };
}

export async function deleteSite(id: number): Promise<string | undefined> {
  const answer = await api.delete<{ message?: string }>(`/sites/${id}`);
  return answer?.message;
}

export async function setSiteActive(id: number, active: boolean): Promise<string | undefined> {
  const answer = await api.put<{ message?: string }>(`/sites/${id}/${active ? 'activate' : 'deactivate'}`);
  return answer?.message;
}

/** Query keys of the sites (TkDodo's key factory); a change refreshes everything under ['sites']. */
export const sitesKeys = {
  all: ['sites'] as const,
  lists: () => [...sitesKeys.all, 'list'] as const,
  list: (filters: SiteFilters) => [...sitesKeys.lists(), filters] as const,
  active: () => [...sitesKeys.all, 'active'] as const,
  stats: () => [...sitesKeys.all, 'stats'] as const,
};

export const sitesListQuery = (filters: SiteFilters) =>
  queryOptions({
    queryKey: sitesKeys.list(filters),
    queryFn: ({ signal }) => fetchSites(filters, signal),
    placeholderData: keepPreviousData,
  });

export const activeSitesQuery = () =>
  queryOptions({
    queryKey: sitesKeys.active(),
    queryFn: ({ signal }) => fetchActiveSites(signal),
    staleTime: 60_000,
  });

export const siteStatsQuery = () =>
  queryOptions({
    queryKey: sitesKeys.stats(),
    queryFn: ({ signal }) => fetchSiteStats(signal),
  });

/** Adds or edits a site; the catalogue and the favourites show each product's site. */
export function useSaveSite() {
  return useMutation({
    mutationFn: saveSite,
    meta: { invalidates: [sitesKeys.all, produitsKeys.all, favorisKeys.all] },
  });
}

export function useDeleteSite() {
  return useMutation({ mutationFn: (site: Site) => deleteSite(site.id), meta: { invalidates: [sitesKeys.all] } });
}

/** Activates an inactive site, deactivates an active one. */
export function useToggleSiteActive(callbacks?: MutationCallbacks<string | undefined, Site>) {
  return useMutation({
    ...callbacks,
    mutationFn: (site: Site) => setSiteActive(site.id, !site.est_actif),
    meta: { invalidates: [sitesKeys.all] },
  });
}
