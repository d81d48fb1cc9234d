import type { Demande, GestionnaireActif, Produit, Role, Site } from '@app/shared';
import { within } from '@testing-library/react';
import { sessionStore } from '../../api/index.ts';
import { ADMIN_PROFILE, mockFetch, type RecordedCall } from '../../test/fetch-mock.ts';

/** Test rows in the API's shape (demandeSchema). */
export function makeDemande(overrides: Partial<Demande> = {}): Demande {
  const id = overrides.id ?? 1;
  return {
    id,
    nom_complet: 'Kouassi Jean-Baptiste',
    num_cni: 'CI00123456789',
    date_naissance: '1988-04-12',
    situation_matrimoniale: 'marie',
    profession: 'Enseignant',
    engagement_mensuel: 250_000,
    duree_paiement: 36,
    montant_total: 9_000_000,
    email: `demandeur${id}@demo.test`,
    telephone: '+225 07 08 09 10 11',
    pays: 'Côte d’Ivoire',
    ville: 'Abidjan',
    adresse: 'Cocody Angré, 8e tranche',
    produit_id: 7,
    produit_nom: 'Villa Premium',
    produit: {
      id: 7,
      titre: 'Villa Premium',
      prix_vente: 25_000_000,
      site_id: 1,
      site_nom: 'Les Jardins de Cocody',
      site_ville: 'Abidjan',
    },
    notes: 'Souhaite une visite du site.',
    statut: 'en_attente',
    gere_par: null,
    gestionnaire: null,
    motif_rejet: null,
    commentaires: null,
    traite_par: null,
    date_traitement: null,
    membre: null,
    origine: 'public',
    date_creation: '2026-03-02T09:00:00.000Z',
    created_at: '2026-03-02T09:00:00.000Z',
    updated_at: '2026-03-04T10:30:00.000Z',
    ...overrides,
  };
}

export const GESTIONNAIRES: GestionnaireActif[] = [
  { id: 2, nom: 'Koné', prenom: 'Awa', poste: 'Gestionnaire clientèle', departement: 'Gestion' },
  { id: 3, nom: 'Traoré', prenom: 'Moussa', poste: 'Responsable commercial', departement: 'Commercial' },
];

export function makeSite(id: number, nom: string, ville = 'Abidjan'): Site {
  return {
    id,
    nom_site: nom,
    adresse_site: 'Boulevard Latrille',
    ville_site: ville,
    prix_metre_carre: 150_000,
    localisation_site: null,
    video_site: null,
    photo_site: null,
    plan_site: null,
    photos_site: [],
    plans_site: [],
    est_actif: true,
    nombre_produits: 2,
    created_by: 1,
    updated_by: 1,
    created_at: '2026-01-10T10:00:00.000Z',
    updated_at: '2026-01-10T10:00:00.000Z',
  };
}

export function makeProduit(id: number, site: Site, titre: string, overrides: Partial<Produit> = {}): Produit {
  return {
    id,
    site_id: site.id,
    site: {
      id: site.id,
      nom_site: site.nom_site,
      adresse_site: site.adresse_site,
      ville_site: site.ville_site,
      prix_metre_carre: site.prix_metre_carre,
      localisation_site: null,
      photo_site: null,
      plan_site: null,
      video_site: null,
      created_at: site.created_at,
      updated_at: site.updated_at,
    },
    titre,
    description: 'Description',
    type: 'logement',
    superficie: 250,
    surface: 250,
    nombre_chambre: 3,
    nombre_salon: 1,
    nombre_cuisine: 1,
    nombre_toilette: 2,
    delais_construction: 18,
    prix_vente: 25_000_000,
    caution: 0,
    prix_m2: 100_000,
    photos_logement: [],
    plan_logement: [],
    video_logement: null,
    disponibilite: 'disponible',
    est_actif: true,
    date_creation: '2026-10-05T09:30:00.000Z',
    date_modification: '2026-11-02T15:00:00.000Z',
    created_by: 1,
    updated_by: 1,
    ...overrides,
  };
}

export function signIn(role: Role, id = ADMIN_PROFILE.id) {
  sessionStore.start({
    token: 'access',
    refreshToken: 'refresh',
    sessionExpiresAt: '2026-11-22T20:00:00.000Z',
    profile: { ...ADMIN_PROFILE, id, role },
  });
}

export type Answer = { status: number; body?: unknown };

export const ok = (data: unknown, extra: Record<string, unknown> = {}): Answer => ({
  status: 200,
  body: { success: true, data, ...extra },
});

export const list = (data: unknown[], page = 1, limit = 12, total = data.length): Answer => ({
  status: 200,
  body: { success: true, data, pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) } },
});

export const failure = (status: number, message: string, code = 'CONFLICT', errors?: Record<string, string>) => ({
  status,
  body: { success: false, message, code, ...(errors ? { errors } : {}) },
});

export const params = (call: RecordedCall) => new URL(call.url, 'http://localhost').searchParams;

/**
 * The demandes API and what its screens read: lists, one demande, active gestionnaires, sites and
 * products. `answers` overrides a path ('GET /api/demandes', 'PUT /api/demandes/1/validate'…).
 */
export function serveDemandes({
  demandes = [makeDemande()],
  total = demandes.length,
  gestionnaires = GESTIONNAIRES,
  sites = [] as Site[],
  produits = [] as Produit[],
  answers = {},
}: {
  demandes?: Demande[];
  total?: number;
  gestionnaires?: GestionnaireActif[];
  sites?: Site[];
  produits?: Produit[];
  answers?: Record<string, Answer | ((call: RecordedCall) => Answer | Promise<Answer>)>;
} = {}) {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    const override = answers[`${call.method} ${url.pathname}`];
    if (override) return typeof override === 'function' ? override(call) : override;
    if (call.method === 'GET' && url.pathname === '/api/demandes') {
      return list(demandes, Number(url.searchParams.get('page')), Number(url.searchParams.get('limit')), total);
    }
    const detail = url.pathname.match(/^\/api\/demandes\/(\d+)$/);
    if (call.method === 'GET' && detail) {
      const found = demandes.find((d) => d.id === Number(detail[1]));
      return found ? ok(found) : failure(404, 'Demande non trouvée.', 'NOT_FOUND');
    }
    if (call.method === 'GET' && url.pathname === '/api/gestionnaires/actifs') return ok(gestionnaires);
    if (call.method === 'GET' && url.pathname === '/api/sites') return list(sites, 1, 1000);
    if (call.method === 'GET' && url.pathname === '/api/produits') {
      const siteId = Number(url.searchParams.get('site_id'));
      return list(
        produits.filter((p) => p.site_id === siteId),
        1,
        1000,
      );
    }
    return failure(404, 'Ressource non trouvée', 'NOT_FOUND');
  });
}

/** Picks an option of a Mantine select by its label. */
export async function choose(
  user: { click: (element: Element) => Promise<void> },
  container: HTMLElement,
  label: string | RegExp,
  option: string,
) {
  const input = within(container)
    .getAllByLabelText(label)
    .find((element) => element.tagName === 'INPUT') as HTMLElement;
  await user.click(input);
  await user.click(await within(container).findByRole('option', { name: option }));
}

/** The value shown under a label of a detail (a dt/dd pair). */
export function fieldValue(container: HTMLElement, label: string): string {
  return within(container).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

/** A formatted text as Testing Library reads it (narrow no-break spaces collapse to spaces). */
export const text = (value: string) => value.replace(/\s+/g, ' ');
