import {
  type Demande,
  type DemandeCreateBody,
  type DemandeStatut,
  demandeSchema,
  type GestionnaireActif,
  gestionnaireActifSchema,
  type Produit,
  produitSchema,
  type Site,
  siteSchema,
} from '@app/shared';
import { api, fetchPage, type Page } from '../../api/index.ts';

/** The demandes list's filters (spec 1 §2.5): page, search (name, product, notes) and status. */
export interface DemandeFilters {
  page: number;
  limit: number;
  search: string;
  statut: DemandeStatut | null;
}

export type DemandePage = Page<Demande>;

interface SaveAnswer {
  data: unknown;
  message?: string;
}

/** A demande saved or processed, with the server's message. */
export interface DemandeResult {
  demande: Demande;
  message: string;
}

/** Newest first: the server's default sort (created_at desc). */
export async function fetchDemandes(filters: DemandeFilters, signal?: AbortSignal): Promise<DemandePage> {
  const { page, limit, search, statut } = filters;
  return fetchPage('/demandes', demandeSchema, { page, limit, search, statut }, signal);
}

export async function fetchDemande(id: number, signal?: AbortSignal): Promise<Demande> {
  const answer = await api.get<unknown>(`/demandes/${id}`, { signal });
  return demandeSchema.parse(answer.data);
}

/** POST /demandes (staff): the creation modal's body, already validated by demandeCreateSchema. */
export async function createDemande(body: DemandeCreateBody): Promise<DemandeResult> {
  const answer = await api.post<SaveAnswer>('/demandes', body);
  return { demande: demandeSchema.parse(answer.data), message: answer.message ?? 'Demande créée avec succès !' };
}

/** PUT /demandes/:id/validate: the demande becomes validee, a member is created (decisions §5). */
export async function validateDemande(id: number, gerePar: number): Promise<DemandeResult> {
  const answer = await api.put<SaveAnswer>(`/demandes/${id}/validate`, { id, gere_par: gerePar }, { notify: false });
  return { demande: demandeSchema.parse(answer.data), message: answer.message ?? 'Demande validée avec succès' };
}

/** PUT /demandes/:id/reject with one of the six reasons and optional comments. */
export async function rejectDemande(id: number, motif: string, commentaires: string | null): Promise<DemandeResult> {
  const answer = await api.put<SaveAnswer>(
    `/demandes/${id}/reject`,
    { motif_rejet: motif, commentaires },
    { notify: false },
  );
  return { demande: demandeSchema.parse(answer.data), message: answer.message ?? 'Demande rejetée avec succès' };
}

/** The active gestionnaires offered at validation. */
export async function fetchGestionnairesActifs(signal?: AbortSignal): Promise<GestionnaireActif[]> {
  const answer = await api.get<unknown>('/gestionnaires/actifs', { signal });
  return gestionnaireActifSchema.array().parse(answer.data);
}

/** Active sites for the creation form's first select, by name (spec 1 §7: limit 1000). */
export async function fetchSiteOptions(signal?: AbortSignal): Promise<Site[]> {
  const params = { limit: 1000, sortBy: 'nom_site', sortOrder: 'asc', est_actif: 'true' };
  return (await fetchPage('/sites', siteSchema, params, signal)).items;
}

/** The available products of one site, by title: what the creation form may offer. */
export async function fetchProduitOptions(siteId: number, signal?: AbortSignal): Promise<Produit[]> {
  const params = { site_id: siteId, disponibilite: 'disponible', limit: 1000, sortBy: 'titre', sortOrder: 'asc' };
  const { items } = await fetchPage('/produits', produitSchema, params, signal);
  return items.filter((p) => p.disponibilite === 'disponible' && p.est_actif && p.site_id === siteId);
}
