import type { BanqueChoix, Depense, DepenseStats } from '@app/shared';
import { vi } from 'vitest';
import { type Answer, BANQUES, type Call, failure, list, ok } from '../versements/test-data.ts';

export { type Call, failure, list, ok, signIn, text } from '../versements/test-data.ts';

/** The demo member's account id (createur of his expenses). */
export const MEMBRE_ID = 140;

/** Test rows in the API's shape (depenseSchema). */
export function makeDepense(overrides: Partial<Depense> = {}): Depense {
  const id = overrides.id ?? 1;
  return {
    id,
    montant: 45_000,
    numero_recu: `FAC-2026-${String(id).padStart(4, '0')}`,
    description: `Taxi pour la visite du chantier ${id}`,
    categorie: 'Transport',
    categorie_autre: null,
    date_depense: '2026-10-05',
    banque_id: 1,
    statut: 'en_attente',
    commentaire: null,
    date_approbation: null,
    date_rejet: null,
    fichier_justificatif: null,
    justificatif_type: null,
    createur: { id: MEMBRE_ID, nom: 'Koffi', prenom: 'Jean-Marc' },
    banque: { id: 1, nom: 'Société Générale Côte d’Ivoire' },
    approbateur: null,
    created_at: '2026-10-06T09:00:00.000Z',
    updated_at: '2026-10-06T09:00:00.000Z',
    ...overrides,
  };
}

export const STATS: DepenseStats = {
  total: 7,
  en_attente: 2,
  approuvees: 4,
  rejetees: 1,
  montant_total: 12_480_000,
  montant_approuve: 9_000_000,
  montant_en_attente: 480_000,
  categories: [
    { categorie: 'Transport', nombre: 4 },
    { categorie: 'Hébergement', nombre: 2 },
    { categorie: 'Autre', nombre: 1 },
  ],
};

type Responder = Answer | Blob | ((call: Call) => Answer | Blob | Promise<Answer | Blob>);

/**
 * The expenses API and what the screen reads (stats, banks), with `fetch` stubbed; `answers`
 * overrides a path ('GET /api/depenses', 'PATCH /api/depenses/1/approve'…). Answers a Blob as a file.
 */
export function serveDepenses({
  depenses = [makeDepense()],
  total = depenses.length,
  stats = STATS,
  banques = BANQUES,
  answers = {},
}: {
  depenses?: Depense[];
  total?: number;
  stats?: DepenseStats;
  banques?: BanqueChoix[];
  answers?: Record<string, Responder>;
} = {}): Call[] {
  const calls: Call[] = [];
  const respond = (call: Call): Answer | Blob | Promise<Answer | Blob> => {
    const override = answers[`${call.method} ${call.path}`];
    if (override) return typeof override === 'function' ? override(call) : override;
    const { path, params } = call;
    if (call.method === 'GET' && path === '/api/depenses') {
      return list(depenses, Number(params.get('page')), Number(params.get('limit')), total);
    }
    if (call.method === 'GET' && path === '/api/depenses/stats') return ok(stats);
    const detail = path.match(/^\/api\/depenses\/(\d+)$/);
    if (call.method === 'GET' && detail) {
      const found = depenses.find((d) => d.id === Number(detail[1]));
      return found ? ok(found) : failure(404, 'Dépense non trouvée', 'NOT_FOUND');
    }
    if (call.method === 'GET' && path === '/api/banques/choix') return ok(banques);
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
  calls.filter((c) => c.method === 'GET' && c.path === '/api/depenses').map((c) => c.params);
