import type { Remboursement, RemboursementMembre, RemboursementStats } from '@app/shared';
import { vi } from 'vitest';
import { type Answer, type Call, failure, list, ok } from '../versements/test-data.ts';

export { type Answer, type Call, failure, list, ok, signIn, text } from '../versements/test-data.ts';

/** Test rows in the API's shape (remboursementSchema). */
export function makeRemboursement(overrides: Partial<Remboursement> = {}): Remboursement {
  return {
    id: overrides.id ?? 1,
    membre_id: 40,
    montant: 500_000,
    raison: 'Désistement du programme',
    commentaire: null,
    fichier_justificatif: null,
    justificatif_type: null,
    statut: 'en_attente',
    commentaire_traitement: null,
    date_creation: '2026-10-06T09:00:00.000Z',
    date_traitement: null,
    traite_par: null,
    traitant: null,
    depose_par: { id: 140, nom: 'Koffi', prenom: 'Jean-Marc' },
    banque: null,
    membre: {
      id: 40,
      nom: 'Koffi',
      prenom: 'Jean-Marc',
      email: 'membre@demo.test',
      code_esv: 'ESV-2026-00040',
    },
    ...overrides,
  };
}

export function makeMembre(overrides: Partial<RemboursementMembre> = {}): RemboursementMembre {
  return {
    id: 40,
    nom: 'Koffi',
    prenom: 'Jean-Marc',
    email: 'membre@demo.test',
    code_esv: 'ESV-2026-00040',
    montant_deja_paye: 3_250_000,
    montant_remboursable: 2_750_000,
    ...overrides,
  };
}

export const KOFFI = makeMembre();
export const YAO = makeMembre({
  id: 41,
  nom: 'Yao',
  prenom: 'Aya',
  email: 'aya.yao@exemple.ci',
  code_esv: 'ESV-2026-00041',
  montant_deja_paye: 1_200_000,
  montant_remboursable: 1_200_000,
});

export const STATS: RemboursementStats = {
  total: 6,
  en_attente: 2,
  approuves: 3,
  rejetes: 1,
  montant_approuve: 1_750_000,
  montant_en_attente: 900_000,
};

type Responder = Answer | Blob | ((call: Call) => Answer | Blob | Promise<Answer | Blob>);

/**
 * The refunds API with `fetch` stubbed; `answers` overrides a path ('GET /api/remboursements',
 * 'PUT /api/remboursements/1/traiter'…). The member picker searches `membres` by name or code.
 */
export function serveRemboursements({
  remboursements = [makeRemboursement()],
  total = remboursements.length,
  stats = STATS,
  membres = [KOFFI, YAO],
  answers = {},
}: {
  remboursements?: Remboursement[];
  total?: number;
  stats?: RemboursementStats;
  membres?: RemboursementMembre[];
  answers?: Record<string, Responder>;
} = {}): Call[] {
  const calls: Call[] = [];
  const respond = (call: Call): Answer | Blob | Promise<Answer | Blob> => {
    const override = answers[`${call.method} ${call.path}`];
    if (override) return typeof override === 'function' ? override(call) : override;
    const { path, params } = call;
    if (call.method === 'GET' && path === '/api/remboursements') {
      return list(remboursements, Number(params.get('page')), Number(params.get('limit')), total);
    }
    if (call.method === 'GET' && path === '/api/remboursements/stats') return ok(stats);
    if (call.method === 'GET' && path === '/api/remboursements/membres') {
      const search = (params.get('search') ?? '').toLowerCase();
      return ok(membres.filter((m) => `${m.prenom} ${m.nom} ${m.code_esv} ${m.email}`.toLowerCase().includes(search)));
    }
    const detail = path.match(/^\/api\/remboursements\/(\d+)$/);
    if (call.method === 'GET' && detail) {
      const found = remboursements.find((r) => r.id === Number(detail[1]));
      return found ? ok(found) : failure(404, 'Remboursement non trouvé', 'NOT_FOUND');
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
  calls.filter((c) => c.method === 'GET' && c.path === '/api/remboursements').map((c) => c.params);

/** The member picker's searches, in order. */
export const membreSearches = (calls: Call[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.path === '/api/remboursements/membres')
    .map((c) => c.params.get('search'));
