import type { MembreEnRetard, RetardsPage } from '@app/shared';
import { vi } from 'vitest';
import { mockFetch, type RecordedCall } from '../../test/fetch-mock.ts';
import { GESTIONNAIRES, makeSite } from '../demandes/test-data.ts';

export { choose } from '../demandes/test-data.ts';
export { signIn, text } from '../versements/test-data.ts';

/** Test rows in the API's shape (membreEnRetardSchema). */
export function makeRetard(overrides: Partial<MembreEnRetard> = {}): MembreEnRetard {
  const id = overrides.membre_id ?? 17;
  return {
    membre_id: id,
    code_esv: `ESV-2026-${String(id).padStart(5, '0')}`,
    nom: 'Sylla',
    prenom: 'Salimata',
    telephone: '+225 07 25 35 45 67',
    produit: 'Lot 08 – Lotissement Capitale',
    site: { id: 4, nom: 'Les Jardins de la Capitale' },
    gestionnaire: { id: 2, nom: 'Koné', prenom: 'Awa' },
    montant_retard: 3_900_000,
    penalite: 0,
    echeance_impayee: '2025-10-25',
    jours: 396,
    tranche: '90+',
    dernier_versement: '2026-09-13',
    ...overrides,
  };
}

export const RETARDS = [
  makeRetard(),
  makeRetard({
    membre_id: 23,
    nom: 'Bakayoko',
    prenom: 'Ibrahim',
    telephone: null,
    produit: 'Appartement T3',
    site: { id: 5, nom: 'Résidence du Port' },
    gestionnaire: null,
    montant_retard: 584_000,
    echeance_impayee: '2026-10-13',
    jours: 43,
    tranche: '31-60',
    dernier_versement: null,
  }),
];

export const TOTAUX: RetardsPage['totaux'] = [
  { tranche: '1-30', membres: 1, montant: 487_000 },
  { tranche: '31-60', membres: 1, montant: 584_000 },
  { tranche: '61-90', membres: 0, montant: 0 },
  { tranche: '90+', membres: 24, montant: 88_577_000 },
];

export const SITES = [makeSite(4, 'Les Jardins de la Capitale'), makeSite(5, 'Résidence du Port')];

type Answer = { status: number; body?: unknown };

/**
 * The arrears API and what the screen reads (sites, active gestionnaires), with `fetch` stubbed;
 * `answers` overrides a path ('GET /api/retards'…).
 */
export function serveRetards({
  rows = RETARDS,
  total = rows.length,
  date = '2026-11-25',
  answers = {},
}: {
  rows?: MembreEnRetard[];
  total?: number;
  date?: string;
  answers?: Record<string, Answer | ((call: RecordedCall) => Answer)>;
} = {}): RecordedCall[] {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    const override = answers[`${call.method} ${url.pathname}`];
    if (override) return typeof override === 'function' ? override(call) : override;
    if (url.pathname === '/api/retards') {
      const limit = Number(url.searchParams.get('limit'));
      const page = Number(url.searchParams.get('page'));
      return {
        status: 200,
        body: {
          success: true,
          data: rows,
          pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)), totalExact: true },
          date: url.searchParams.get('date') ?? date,
          delai_grace: 0,
          totaux: TOTAUX,
        },
      };
    }
    if (url.pathname === '/api/retards/export') return { status: 200, body: 'Code ESV;Nom' };
    if (url.pathname === '/api/sites') {
      return {
        status: 200,
        body: { success: true, data: SITES, pagination: { page: 1, limit: 1000, total: 2, totalPages: 1 } },
      };
    }
    if (url.pathname === '/api/gestionnaires/actifs')
      return { status: 200, body: { success: true, data: GESTIONNAIRES } };
    return { status: 404, body: { success: false, message: 'Ressource non trouvée', code: 'NOT_FOUND' } };
  });
}

/** The query of each call to a path. */
export const paramsOf = (calls: RecordedCall[], path: string) =>
  calls
    .map((c) => new URL(c.url, 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);

/** The downloads the page started: the file names of the links it clicked. */
export function captureDownloads() {
  const names: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:retards'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}
