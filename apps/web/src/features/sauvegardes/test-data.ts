import { DEFAULT_PREFERENCES, SAUVEGARDE_LANCEE, type Sauvegarde, type SauvegardesEtat } from '@app/shared';
import { vi } from 'vitest';
import { sessionStore } from '../../api/index.ts';
import { ADMIN_PROFILE, PUBLIC_SETTINGS } from '../../test/fetch-mock.ts';

export function signInAdmin() {
  sessionStore.start({
    token: 'access',
    refreshToken: 'refresh',
    sessionExpiresAt: '2026-11-22T20:00:00.000Z',
    profile: ADMIN_PROFILE,
  });
}

/** A verified, encrypted scheduled backup of 12,4 Mo that took 1 min 05 s; `overrides` change it. */
export function makeSauvegarde(overrides: Partial<Sauvegarde> = {}): Sauvegarde {
  return {
    id: 1,
    debut: '2026-11-22T02:00:00.000Z',
    fin: '2026-11-22T02:01:05.000Z',
    declenchement: 'planifiee',
    statut: 'verifiee',
    motif: null,
    taille: Math.round(12.4 * 1024 * 1024),
    chiffree: true,
    etape: null,
    progression: null,
    fichier: 'sauvegarde-2026-11-22T02-00-00Z.tar.chiffre',
    ...overrides,
  };
}

export const ETAT: SauvegardesEtat = { chiffrement: true, prochaine: '2026-11-23T02:00:00.000Z' };

export interface Call {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: Record<string, string>;
}

type Answer = { status: number; body?: unknown } | Blob;

/**
 * The backups API, with `fetch` stubbed: the list (`sauvegardes`, `etat`), one backup's answers in
 * turn (`details`, the last repeated), and `answers` overriding a call ('POST /api/sauvegardes').
 * Answers a Blob as a file.
 */
export function serveSauvegardes({
  sauvegardes = [makeSauvegarde()],
  etat = ETAT,
  details = {},
  answers = {},
}: {
  sauvegardes?: Sauvegarde[] | (() => Sauvegarde[]);
  etat?: SauvegardesEtat;
  details?: Record<number, Sauvegarde[]>;
  answers?: Record<string, Answer | ((call: Call) => Answer)>;
} = {}): Call[] {
  const calls: Call[] = [];
  const asked: Record<number, number> = {};
  const respond = (call: Call): Answer => {
    const override = answers[`${call.method} ${call.path}`];
    if (override) return typeof override === 'function' ? override(call) : override;
    if (call.method === 'GET' && call.path === '/api/sauvegardes') {
      const items = typeof sauvegardes === 'function' ? sauvegardes() : sauvegardes;
      const limit = Number(call.params.get('limit') || 50);
      const page = Number(call.params.get('page') || 1);
      return {
        status: 200,
        body: {
          success: true,
          data: items.slice((page - 1) * limit, page * limit),
          pagination: {
            page,
            limit,
            total: items.length,
            totalPages: Math.ceil(items.length / limit),
            totalExact: true,
          },
          etat,
        },
      };
    }
    const detail = /^\/api\/sauvegardes\/(\d+)$/.exec(call.path);
    if (call.method === 'GET' && detail) {
      const id = Number(detail[1]);
      const turns = details[id];
      if (!turns?.length) return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Introuvable' } };
      const index = Math.min(asked[id] ?? 0, turns.length - 1);
      asked[id] = index + 1;
      return { status: 200, body: { success: true, data: turns[index] } };
    }
    if (call.method === 'POST' && call.path === '/api/sauvegardes') {
      return { status: 202, body: { success: true, data: { id: 99 }, message: SAUVEGARDE_LANCEE } };
    }
    if (call.path === '/api/settings/public') return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
    if (call.path === '/api/preferences') return { status: 200, body: { success: true, data: DEFAULT_PREFERENCES } };
    return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Ressource non trouvée' } };
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call: Call = {
        method: (init.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        params: url.searchParams,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const answer = respond(call);
      if (answer instanceof Blob) {
        return new Response(await answer.arrayBuffer(), {
          status: 200,
          headers: { 'Content-Type': answer.type || 'application/octet-stream' },
        });
      }
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The file names the page handed to the browser. */
export function captureDownloads(): string[] {
  const names: string[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:sauvegarde'), revokeObjectURL: vi.fn() }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}
