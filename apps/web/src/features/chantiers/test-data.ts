import type { Chantier, ChantierStats, GestionnaireActif, Produit, Site } from '@app/shared';
import { vi } from 'vitest';
import { GESTIONNAIRES, makeProduit, makeSite } from '../demandes/test-data.ts';
import { type Answer, type Call, failure, list, ok } from '../versements/test-data.ts';

export { choose } from '../demandes/test-data.ts';
export { type Call, failure, list, ok, signIn, text } from '../versements/test-data.ts';

/** Test rows in the API's shape (chantierSchema). */
export function makeChantier(overrides: Partial<Chantier> = {}): Chantier {
  const id = overrides.id ?? 1;
  return {
    id,
    nom_chantier: `Villa Premium — gros œuvre ${id}`,
    description: 'Fondations et élévation des murs.',
    adresse: 'Boulevard Latrille, lot 12',
    ville: 'Abidjan',
    pays: 'Côte d’Ivoire',
    date_debut: '2026-03-01',
    date_fin_prevue: '2026-12-31',
    date_debut_reelle: null,
    date_fin_reelle: null,
    statut: 'planifie',
    budget_prevu: 12_500_000,
    budget_utilise: 2_500_000,
    pourcentage_avancement: 30,
    responsable_id: 2,
    site_id: 1,
    produit_id: 7,
    video_url: null,
    photos: [],
    en_retard: false,
    responsable: { id: 2, nom: 'Koné', prenom: 'Awa' },
    produit: { id: 7, titre: 'Villa Premium', type: 'logement', prix_vente: 25_000_000 },
    site: { id: 1, nom_site: 'Cité Lagune Verte', ville_site: 'Abidjan' },
    createur: { id: 3, nom: 'Traoré', prenom: 'Moussa' },
    created_by: 3,
    updated_by: 3,
    date_creation: '2026-02-20T09:00:00.000Z',
    date_modification: '2026-02-20T09:00:00.000Z',
    ...overrides,
  };
}

export const STATS: ChantierStats = {
  total: 3,
  par_statut: { planifie: 1, en_cours: 1, suspendu: 0, termine: 1, annule: 0 },
  par_ville: [
    { ville: 'Abidjan', nombre: 2 },
    { ville: 'Bingerville', nombre: 1 },
  ],
  budget_prevu: 40_000_000,
  budget_utilise: 12_000_000,
  avancement_moyen: 45,
  en_retard: 1,
};

export const SITES: Site[] = [makeSite(1, 'Cité Lagune Verte'), makeSite(2, 'Domaine Océan', 'Grand-Bassam')];
export const PRODUITS: Produit[] = [
  makeProduit(7, SITES[0] as Site, 'Villa Premium'),
  makeProduit(8, SITES[0] as Site, 'Appartement T3'),
  makeProduit(9, SITES[1] as Site, 'Duplex Familial'),
];

type Responder = Answer | ((call: Call) => Answer | Promise<Answer>);

/**
 * The chantiers API and what the screen reads (stats, active gestionnaires, sites, products), with
 * `fetch` stubbed; `answers` overrides a path ('GET /api/chantiers', 'PUT /api/chantiers/1'…).
 */
export function serveChantiers({
  chantiers = [makeChantier()],
  total = chantiers.length,
  stats = STATS,
  gestionnaires = GESTIONNAIRES,
  sites = SITES,
  produits = PRODUITS,
  answers = {},
}: {
  chantiers?: Chantier[];
  total?: number;
  stats?: ChantierStats;
  gestionnaires?: GestionnaireActif[];
  sites?: Site[];
  produits?: Produit[];
  answers?: Record<string, Responder>;
} = {}): Call[] {
  const calls: Call[] = [];
  const respond = (call: Call): Answer | Promise<Answer> => {
    const override = answers[`${call.method} ${call.path}`];
    if (override) return typeof override === 'function' ? override(call) : override;
    const { path, params } = call;
    if (call.method === 'GET' && path === '/api/chantiers') {
      return list(chantiers, Number(params.get('page')), Number(params.get('limit')), total);
    }
    if (call.method === 'GET' && path === '/api/chantiers/stats') return ok(stats);
    if (call.method === 'POST' && path === '/api/chantiers') {
      const body = call.body as Partial<Chantier>;
      return {
        status: 201,
        body: { success: true, data: makeChantier({ ...body, id: 99 }), message: 'Chantier créé avec succès' },
      };
    }
    const one = path.match(/^\/api\/chantiers\/(\d+)$/);
    if (one && call.method === 'PUT') {
      const found = chantiers.find((c) => c.id === Number(one[1]));
      return ok(makeChantier({ ...found, ...(call.body as Partial<Chantier>) }), {
        message: 'Chantier mis à jour avec succès',
      });
    }
    if (one && call.method === 'DELETE') return ok(null, { message: 'Chantier supprimé avec succès' });
    if (call.method === 'GET' && path === '/api/gestionnaires/actifs') return ok(gestionnaires);
    if (call.method === 'GET' && path === '/api/sites') return list(sites, 1, 1000);
    if (call.method === 'GET' && path === '/api/produits') {
      const siteId = params.get('site_id');
      return list(
        produits.filter((p) => siteId === null || p.site_id === Number(siteId)),
        1,
        1000,
      );
    }
    return failure(404, 'Ressource non trouvée', 'NOT_FOUND');
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call: Call = {
        method: (init.method ?? 'GET').toUpperCase(),
        url: String(input),
        path: url.pathname,
        params: url.searchParams,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        form: init.body instanceof FormData ? init.body : null,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const answer = await respond(call);
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The list calls' parameters, in order. */
export const listCalls = (calls: Call[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/chantiers').map((c) => c.params);

/** The calls that changed something. */
export const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');
