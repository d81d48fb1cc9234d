import { type Produit, type ProduitBody, produitSchema } from '@app/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { appendFields, sendFormData } from '../api/form-data-request.ts';
import { api, fetchPage, type Page } from '../api/index.ts';
import { favorisKeys } from './favoris.ts';
import type { MutationCallbacks } from './invalidation.ts';

export type ProduitType = Produit['type'];
export type Disponibilite = Produit['disponibilite'];

/** The catalogue's filters (spec 2 §2): page, search, type and availability. */
export interface ProduitFilters {
  page: number;
  limit: number;
  search: string;
  type: ProduitType | null;
  disponibilite: Disponibilite | null;
  /** Products of one site (the sites page links here). */
  site_id: number | null;
}

export type ProduitPage = Page<Produit>;

export async function fetchProduits(filters: ProduitFilters, signal?: AbortSignal): Promise<ProduitPage> {
  const { page, limit, search, type, disponibilite, site_id } = filters;
  return fetchPage(
    '/produits',
    produitSchema,
    { page, limit, sortBy: 'date_creation', sortOrder: 'desc', search, type, disponibilite, site_id },
    signal,
  );
}

export async function fetchProduit(id: number, signal?: AbortSignal): Promise<Produit> {
  const answer = await api.get<unknown>(`/produits/${id}`, { signal });
  return produitSchema.parse(answer.data);
}

/** The available products of one site, by title: what a staff member may offer in a demande. */
export async function fetchAvailableProduits(siteId: number, signal?: AbortSignal): Promise<Produit[]> {
  const params = { site_id: siteId, disponibilite: 'disponible', limit: 1000, sortBy: 'titre', sortOrder: 'asc' };
  const { items } = await fetchPage('/produits', produitSchema, params, signal);
  return items.filter((p) => p.disponibilite === 'disponible' && p.est_actif && p.site_id === siteId);
}

export interface ProduitSave {
  /** Absent for a new product. */
  id?: number;
  body: ProduitBody;
  /** New images: they replace the current ones on an edit. */
  images: File[];
  /** New plans: they replace the current ones on an edit. */
  plans: File[];
}

function textFields(body: ProduitBody): Record<string, unknown> {
  // An empty video link clears it (the server reads '' as none).
  return { ...body, video_logement: body.video_logement ?? '' };
}

/** Creates (multipart with repeated `image` and `plan`) or updates (JSON, or multipart with files). */
export async function saveProduit({
  id,
  body,
  images,
  plans,
}: ProduitSave): Promise<{ produit: Produit; message?: string }> {
  let answer: { data: unknown; message?: string };
  if (id === undefined || images.length > 0 || plans.length > 0) {
    const form = appendFields(new FormData(), textFields(body));
    for (const file of images) form.append('image', file, file.name);
    for (const file of plans) form.append('plan', file, file.name);
    answer = await sendFormData(
      id === undefined ? 'POST' : 'PUT',
      id === undefined ? '/produits' : `/produits/${id}`,
      form,
    );
  } else {
    answer = await api.put<{ data: unknown; message?: string }>(`/produits/${id}`, textFields(body));
  }
  return { produit: produitSchema.parse(answer.data), message: answer.message };
}

export async function deleteProduit(id: number): Promise<string | undefined> {
  const answer = await api.delete<{ message?: string }>(`/produits/${id}`);
  return answer?.message;
}

export async function setProduitActive(id: number, active: boolean): Promise<string | undefined> {
  const answer = await api.put<{ message?: string }>(`/produits/${id}/${active ? 'activate' : 'deactivate'}`);
  return answer?.message;
}

/**
 * Query keys of the catalogue (TkDodo's key factory). A product change refreshes everything
 * under ['produits'] and the favourites, which show each product's title, price and availability.
 */
export const produitsKeys = {
  all: ['produits'] as const,
  lists: () => [...produitsKeys.all, 'list'] as const,
  list: (filters: ProduitFilters) => [...produitsKeys.lists(), filters] as const,
  details: () => [...produitsKeys.all, 'detail'] as const,
  detail: (id: number) => [...produitsKeys.details(), id] as const,
  available: (siteId: number) => [...produitsKeys.all, 'available', siteId] as const,
};

export const produitsListQuery = (filters: ProduitFilters) =>
  queryOptions({
    queryKey: produitsKeys.list(filters),
    queryFn: ({ signal }) => fetchProduits(filters, signal),
    placeholderData: keepPreviousData,
  });

export const produitDetailQuery = (id: number) =>
  queryOptions({
    queryKey: produitsKeys.detail(id),
    queryFn: ({ signal }) => fetchProduit(id, signal),
  });

/** Availability changes with every validation: always re-read when a form asks. */
export const availableProduitsQuery = (siteId: number) =>
  queryOptions({
    queryKey: produitsKeys.available(siteId),
    queryFn: ({ signal }) => fetchAvailableProduits(siteId, signal),
  });

/** Adds or edits a product; the saved copy is the product page's at once. */
export function useSaveProduit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduit,
    onSuccess: ({ produit }) => queryClient.setQueryData(produitsKeys.detail(produit.id), produit),
    meta: { invalidates: [produitsKeys.all, favorisKeys.all] },
  });
}

export function useDeleteProduit() {
  return useMutation({
    mutationFn: (produit: Produit) => deleteProduit(produit.id),
    meta: { invalidates: [produitsKeys.all, favorisKeys.all] },
  });
}

/** Activates an inactive product, deactivates an active one. */
export function useToggleProduitActive(callbacks?: MutationCallbacks<string | undefined, Produit>) {
  return useMutation({
    ...callbacks,
    mutationFn: (produit: Produit) => setProduitActive(produit.id, !produit.est_actif),
    meta: { invalidates: [produitsKeys.all, favorisKeys.all] },
  });
}
