import type { Echeancier, Membre, MembreStats } from '@app/shared';
import { within } from '@testing-library/react';
import { sessionStore } from '../../api/index.ts';
import { ADMIN_PROFILE, mockFetch, type RecordedCall } from '../../test/fetch-mock.ts';

/** Test rows in the API's shape (membreSchema). */
export function makeMembre(overrides: Partial<Membre> = {}): Membre {
  const id = overrides.id ?? 1;
  return {
    id,
    utilisateur_id: 100 + id,
    code_esv: `ESV-2026-${String(id).padStart(5, '0')}`,
    nom: 'Koffi',
    prenom: 'Jean-Marc',
    email: `membre${id}@demo.test`,
    telephone: '+225 05 66 77 88 99',
    photo_profil: null,
    date_naissance: '1988-04-12',
    profession: 'Enseignant',
    adresse: 'Rue des Jardins, Riviera 3',
    ville: 'Abidjan',
    pays: 'Côte d’Ivoire',
    num_cni: 'CI00123456789',
    statut: 'actif',
    type_membre: 'premium',
    date_inscription: '2026-03-02',
    engagement_mensuel: 250_000,
    duree_paiement: 100,
    montant_total: 25_000_000,
    montant_deja_paye: 5_000_000,
    montant_du: 20_000_000,
    gestionnaire_id: 2,
    gestionnaire: { id: 2, nom: 'Koné', prenom: 'Awa' },
    produit_id: 7,
    produit: {
      id: 7,
      nom: 'Villa Premium',
      prix: 25_000_000,
      type: 'logement',
      site: { id: 3, nom: 'Les Jardins de Cocody', adresse: 'Boulevard Latrille', ville: 'Abidjan' },
    },
    created_at: '2026-03-02T09:00:00.000Z',
    updated_at: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

export const STATS: MembreStats = {
  total: 34,
  actifs: 28,
  inactifs: 4,
  suspendus: 2,
  premium: 9,
  vip: 5,
  nouveaux_mois: 3,
  parType: [
    { type_membre: 'standard', count: 20 },
    { type_membre: 'premium', count: 9 },
    { type_membre: 'vip', count: 5 },
  ],
};

export function signIn(role: 'admin' | 'gestionnaire') {
  sessionStore.start({
    token: 'access',
    refreshToken: 'refresh',
    sessionExpiresAt: '2026-11-22T20:00:00.000Z',
    profile: { ...ADMIN_PROFILE, role },
  });
}

export const ok = (data: unknown, extra: Record<string, unknown> = {}) => ({
  status: 200,
  body: { success: true, data, ...extra },
});

export const list = (data: unknown[], page = 1, limit = 12, total = data.length) => ({
  status: 200,
  body: { success: true, data, pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) } },
});

export const notFound = (message = 'Ressource non trouvée') => ({
  status: 404,
  body: { success: false, message, code: 'NOT_FOUND' },
});

export const params = (call: RecordedCall) => new URL(call.url, 'http://localhost').searchParams;

type Answer = { status: number; body?: unknown };

/**
 * The members API: lists, stats, one member, gestionnaire choices and saves. `answers` overrides
 * a path ('GET /api/membres', 'PUT /api/membres/1'…).
 */
/**
 * A member's schedule: 4 instalments of 250 000 from 15/09/2026, the first paid, the second late
 * and partly paid, in its second version.
 */
export function makeEcheancier(membreId: number, overrides: Partial<Echeancier> = {}): Echeancier {
  const echeance = (numero: number, paye: number, statut: Echeancier['echeances'][number]['statut']) => ({
    numero,
    date: `2026-${String(8 + numero).padStart(2, '0')}-15`,
    montant: 250_000,
    paye,
    reste: 250_000 - paye,
    statut,
    reglements: paye > 0 ? [{ versement_id: 10 + numero, montant: paye, date_versement: '2026-09-10' }] : [],
  });
  return {
    membre_id: membreId,
    version: 2,
    premiere_echeance: '2026-09-15',
    total: 1_000_000,
    paye: 350_000,
    reste: 650_000,
    excedent: 0,
    payees: 1,
    debut_modifiable: false,
    prochaine: { numero: 3, date: '2026-11-15', montant: 250_000 },
    retard: { montant: 150_000, depuis: '2026-10-15', jours: 41, tranche: '31-60', penalite: 0 },
    delai_grace: 0,
    taux_penalite: 0,
    echeances: [
      echeance(1, 250_000, 'paye'),
      echeance(2, 100_000, 'en_retard'),
      echeance(3, 0, 'a_venir'),
      echeance(4, 0, 'a_venir'),
    ],
    historique: [
      {
        version: 2,
        premiere_echeance: '2026-09-15',
        echeances: 4,
        motif: 'Perte d’emploi',
        cree_par: 'Admin Système',
        created_at: '2026-10-20T09:00:00.000Z',
        remplace_le: null,
      },
      {
        version: 1,
        premiere_echeance: '2026-09-15',
        echeances: 2,
        motif: null,
        cree_par: null,
        created_at: '2026-08-15T09:00:00.000Z',
        remplace_le: '2026-10-20T09:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

export function serveMembres({
  membres = [makeMembre()],
  total = membres.length,
  answers = {},
}: {
  membres?: Membre[];
  total?: number;
  answers?: Record<string, Answer | (() => Answer)>;
} = {}) {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    const override = answers[`${call.method} ${url.pathname}`];
    if (override) return typeof override === 'function' ? override() : override;
    if (call.method === 'GET' && (url.pathname === '/api/membres' || url.pathname === '/api/membres/mes-clients')) {
      return list(membres, Number(url.searchParams.get('page')), Number(url.searchParams.get('limit')), total);
    }
    if (call.method === 'GET' && url.pathname === '/api/membres/stats') return ok(STATS);
    if (call.method === 'GET' && url.pathname === '/api/gestionnaires/actifs') {
      return ok(
        [
          { id: 2, nom: 'Koné', prenom: 'Awa' },
          { id: 3, nom: 'Traoré', prenom: 'Moussa' },
        ].map((g) => ({ ...g, poste: 'Gestionnaire clientèle', departement: 'Gestion' })),
      );
    }
    const schedule = url.pathname.match(/^\/api\/membres\/(\d+)\/echeancier$/);
    if (call.method === 'GET' && schedule) return ok(makeEcheancier(Number(schedule[1])));
    if (call.method === 'GET' && /^\/api\/membres\/\d+\/rappels$/.test(url.pathname)) return list([], 1, 10);
    const detail = url.pathname.match(/^\/api\/membres\/(\d+)$/);
    const membre = detail && membres.find((m) => m.id === Number(detail[1]));
    if (call.method === 'GET' && detail) return membre ? ok(membre) : notFound('Membre non trouvé');
    return notFound();
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

/** The value shown under a label of the detail (a dt/dd pair). */
export function fieldValue(container: HTMLElement, label: string): string {
  return within(container).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

/** A formatted text as Testing Library reads it (its narrow no-break spaces collapse to spaces). */
export const text = (value: string) => value.replace(/\s+/g, ' ');
