import { type Site, type SiteBody, siteSchema, siteStatsSchema } from '@app/shared';
import type { z } from 'zod';
import { api, fetchPage, type Page } from '../../api/index.ts';
import { appendFields, sendFormData } from '../../ui/form-data-request.ts';

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
