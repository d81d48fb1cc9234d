import type { BanqueChoix, Membre, Produit, Role, Site, Versement, VersementStats } from '@app/shared';
import { vi } from 'vitest';
import { sessionStore } from '../../api/index.ts';
import { ADMIN_PROFILE } from '../../test/fetch-mock.ts';

/** Test rows in the API's shape (versementSchema). */
export function makeVersement(overrides: Partial<Versement> = {}): Versement {
  const id = overrides.id ?? 1;
  return {
    id,
    membre_id: 40,
    produit_id: 7,
    banque_id: 1,
    montant: 250_000,
    type_versement: 'mensualite',
    numero_recu: `RV-2026-${String(id).padStart(5, '0')}`,
    date_recu: '2026-10-05',
    date_versement: '2026-10-06',
    scan_recu: null,
    scan_type: null,
    commentaire: null,
    statut: 'en_attente',
    date_validation: null,
    date_rejet: null,
    motif: null,
    membre: { id: 40, nom: 'Koffi', prenom: 'Jean-Marc', code_esv: 'ESV-2026-00040' },
    produit: { id: 7, titre: 'Villa Premium', type: 'logement', prix: 25_000_000 },
    banque: { id: 1, nom: 'Société Générale Côte d’Ivoire' },
    declare_par: { id: 140, nom: 'Koffi', prenom: 'Jean-Marc' },
    traite_par: null,
    created_at: '2026-10-06T09:00:00.000Z',
    ...overrides,
  };
}

export const STATS: VersementStats = {
  total_versements: 7,
  versements_en_attente: 1,
  versements_valides: 5,
  versements_rejetes: 1,
  montant_total: 3_250_000,
  montant_en_attente: 250_000,
};

export const BANQUES: BanqueChoix[] = [
  { id: 1, nom: 'Société Générale Côte d’Ivoire', est_principale: true },
  { id: 2, nom: 'Ecobank Côte d’Ivoire', est_principale: false },
];

/** Signs a role in; `id` is the account id (the four-eyes rule compares it with declare_par). */
export function signIn(role: Role, id = ADMIN_PROFILE.id) {
  sessionStore.start({
    token: 'access',
    refreshToken: 'refresh',
    sessionExpiresAt: '2026-11-22T20:00:00.000Z',
    profile: { ...ADMIN_PROFILE, id, role },
  });
}

export type Answer = { status: number; body?: unknown };

/** A call as the page made it: the JSON body, or the multipart form, and the headers. */
export interface Call {
  method: string;
  url: string;
  path: string;
  params: URLSearchParams;
  body: unknown;
  form: FormData | null;
  headers: Record<string, string>;
}

export const ok = (data: unknown, extra: Record<string, unknown> = {}): Answer => ({
  status: 200,
  body: { success: true, data, ...extra },
});

export const list = (data: unknown[], page = 1, limit = 20, total = data.length): Answer => ({
  status: 200,
  body: {
    success: true,
    data,
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)), totalExact: true },
  },
});

export const failure = (status: number, message: string, code = 'CONFLICT', errors?: Record<string, string>) => ({
  status,
  body: { success: false, message, code, ...(errors ? { errors } : {}) },
});

type Responder = Answer | Blob | ((call: Call) => Answer | Blob | Promise<Answer | Blob>);

/**
 * The payments API and what the screen reads (stats, banks, products, sites, clients, a member's
 * file), with `fetch` stubbed; `answers` overrides a path ('GET /api/versements', 'PATCH
 * /api/versements/1/validate'…). Answers a Blob as a file.
 */
export function serveVersements({
  versements = [makeVersement()],
  total = versements.length,
  stats = STATS,
  banques = BANQUES,
  sites = [] as Site[],
  produits = [] as Produit[],
  clients = [] as Membre[],
  membres = [] as Membre[],
  answers = {},
}: {
  versements?: Versement[];
  total?: number;
  stats?: VersementStats;
  banques?: BanqueChoix[];
  sites?: Site[];
  produits?: Produit[];
  clients?: Membre[];
  membres?: Membre[];
  answers?: Record<string, Responder>;
} = {}): Call[] {
  const calls: Call[] = [];
  const respond = (call: Call): Answer | Blob | Promise<Answer | Blob> => {
    const override = answers[`${call.method} ${call.path}`];
    if (override) return typeof override === 'function' ? override(call) : override;
    const { path, params } = call;
    if (call.method === 'GET' && path === '/api/versements') {
      return list(versements, Number(params.get('page')), Number(params.get('limit')), total);
    }
    if (call.method === 'GET' && path === '/api/versements/stats') return ok(stats);
    const detail = path.match(/^\/api\/versements\/(\d+)$/);
    if (call.method === 'GET' && detail) {
      const found = versements.find((v) => v.id === Number(detail[1]));
      return found ? ok(found) : failure(404, 'Versement non trouvé', 'NOT_FOUND');
    }
    if (call.method === 'GET' && path === '/api/banques/choix') return ok(banques);
    if (call.method === 'GET' && path === '/api/sites') return list(sites, 1, 1000);
    if (call.method === 'GET' && path === '/api/produits') {
      const siteId = params.get('site_id');
      return list(
        produits.filter((p) => siteId === null || p.site_id === Number(siteId)),
        1,
        1000,
      );
    }
    if (call.method === 'GET' && path === '/api/membres/mes-clients') return list(clients, 1, 1000);
    // The signed-in member's own file: the first of `membres`.
    if (call.method === 'GET' && path === '/api/membres/moi') {
      return membres[0] ? ok(membres[0]) : failure(404, 'Membre non trouvé', 'NOT_FOUND');
    }
    const membre = path.match(/^\/api\/membres\/(\d+)$/);
    if (call.method === 'GET' && membre) {
      const found = membres.find((m) => m.id === Number(membre[1]));
      return found ? ok(found) : failure(404, 'Membre non trouvé', 'NOT_FOUND');
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
      if (answer instanceof Blob) {
        return new Response(await answer.arrayBuffer(), { status: 200, headers: { 'Content-Type': answer.type } });
      }
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
  calls.filter((c) => c.method === 'GET' && c.path === '/api/versements').map((c) => c.params);

/** A formatted text as Testing Library reads it (narrow no-break spaces collapse to spaces). */
export const text = (value: string) => value.replace(/\s+/g, ' ');
