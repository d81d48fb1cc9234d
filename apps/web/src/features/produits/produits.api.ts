import { type Produit, type ProduitBody, produitSchema, type Site, siteSchema } from '@app/shared';
import { api, fetchPage, type Page } from '../../api/index.ts';
import { appendFields, sendFormData } from '../../ui/form-data-request.ts';

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
    {
      page,
      limit,
      sortBy: 'date_creation',
      sortOrder: 'desc',
      search,
      type,
      disponibilite,
      site_id,
    },
    signal,
  );
}

export async function fetchProduit(id: number, signal?: AbortSignal): Promise<Produit> {
  const answer = await api.get<unknown>(`/produits/${id}`, { signal });
  return produitSchema.parse(answer.data);
}

/** Active sites for the product form's select, sorted by name (spec 2 §7). */
export async function fetchActiveSites(signal?: AbortSignal): Promise<Site[]> {
  const params = { limit: 1000, sortBy: 'nom_site', sortOrder: 'asc', est_actif: 'true' };
  return (await fetchPage('/sites', siteSchema, params, signal)).items;
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
