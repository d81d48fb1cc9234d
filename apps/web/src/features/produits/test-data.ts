import type { Produit } from '@app/shared';
import { ADMIN_PROFILE } from '../../test/fetch-mock.ts';

/** Test rows in the API's shape (produitSchema). */
export function makeProduit(overrides: Partial<Produit> = {}): Produit {
  const id = overrides.id ?? 1;
  return {
    id,
    site_id: 3,
    site: {
      id: 3,
      nom_site: 'Les Jardins de Cocody',
      adresse_site: 'Rue des Jardins, Riviera 3',
      ville_site: 'Abidjan',
      prix_metre_carre: 150_000,
      localisation_site: '5.3599, -3.9630',
      photo_site: '/api/media/sites/3/a.jpg?exp=1&sig=x',
      plan_site: null,
      video_site: null,
      created_at: '2026-10-01T08:00:00.000Z',
      updated_at: '2026-10-02T08:00:00.000Z',
    },
    titre: `Villa Premium ${id}`,
    description: 'Belle villa de 4 pièces avec jardin et garage.',
    type: 'logement',
    superficie: 250,
    surface: 250,
    nombre_chambre: 3,
    nombre_salon: 1,
    nombre_cuisine: 1,
    nombre_toilette: 2,
    delais_construction: 18,
    prix_vente: 25_000_000,
    caution: 500_000,
    prix_m2: 100_000,
    photos_logement: [`/api/media/produits/${id}/p1.jpg?exp=1&sig=x`, `/api/media/produits/${id}/p2.jpg?exp=1&sig=x`],
    plan_logement: [`/api/media/produits/${id}/plan.pdf?exp=1&sig=x`],
    video_logement: null,
    disponibilite: 'disponible',
    est_actif: true,
    date_creation: '2026-10-05T09:30:00.000Z',
    date_modification: '2026-11-02T15:00:00.000Z',
    created_by: 1,
    updated_by: 2,
    ...overrides,
  };
}

export function profileOf(role: 'admin' | 'gestionnaire' | 'comptable' | 'commercial' | 'membre' | 'demandeur') {
  return { ...ADMIN_PROFILE, role };
}

export const ok = (data: unknown, extra: Record<string, unknown> = {}) => ({
  status: 200,
  body: { success: true, data, ...extra },
});

export const list = (data: unknown[], page = 1, limit = 20, total = data.length) => ({
  status: 200,
  body: { success: true, data, pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) } },
});

/** Text as Testing Library sees it: its default normaliser turns the narrow spaces of French numbers into spaces. */
export const text = (value: string) => value.replace(/\s+/g, ' ');
