import type { Banque, Mouvement } from '@app/shared';
import { mockFetch, type RecordedCall, type Responder } from '../../test/fetch-mock.ts';

export function makeBanque(id: number, nom: string, overrides: Partial<Banque> = {}): Banque {
  return {
    id,
    nom,
    code_banque: `CI00${id}`,
    numero_compte: `0112${id} 01234567890${id} 42`,
    adresse: 'Avenue Joseph Anoma, Plateau, Abidjan',
    telephone: '+225 27 20 20 10 10',
    email: `contact${id}@banque.test`,
    site_web: null,
    contact_principal: null,
    iban: null,
    swift: null,
    devise: 'XOF',
    type_compte: 'courant',
    statut: 'active',
    est_actif: true,
    est_principale: false,
    solde_initial: 5_000_000,
    solde: 5_000_000,
    nombre_mouvements: 0,
    releve_colonnes: null,
    created_at: '2026-01-10T09:00:00.000Z',
    updated_at: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

export const BANQUES: Banque[] = [
  makeBanque(1, 'Société Générale Côte d’Ivoire', {
    est_principale: true,
    solde_initial: 25_000_000,
    solde: 27_400_000,
    nombre_mouvements: 12,
  }),
  makeBanque(2, 'Ecobank Côte d’Ivoire', {
    type_compte: 'epargne',
    devise: 'EUR',
    solde_initial: 12_000_000,
    solde: 15_500_000,
    nombre_mouvements: 1,
  }),
  makeBanque(3, 'NSIA Banque', { statut: 'suspendue', est_actif: false }),
];

export const TOTAUX = { nombre: 3, actives: 2, solde_total: 47_900_000 };

export function makeMouvement(id: number, overrides: Partial<Mouvement> = {}): Mouvement {
  return {
    id,
    banque_id: 2,
    type: 'credit',
    operation: 'depot',
    montant: 3_500_000,
    solde_apres: 15_500_000,
    source_table: 'banques',
    source_id: 2,
    commentaire: 'Apport en capital des associés',
    auteur: { id: 3, nom: 'Traoré', prenom: 'Mariam' },
    date_valeur: '2026-11-20',
    rapprochement_id: null,
    created_at: '2026-11-20T10:30:00.000Z',
    ...overrides,
  };
}

export const notFound = {
  status: 404,
  body: { success: false, message: 'Ressource non trouvée', code: 'NOT_FOUND' },
};

const page = (total: number, limit: number, pageNumber = 1) => ({
  page: pageNumber,
  limit,
  total,
  totalPages: Math.max(1, Math.ceil(total / limit)),
  totalExact: true,
});

/** The banks API; `override` answers first when it returns something. */
export function serveBanques(override?: (call: RecordedCall) => Awaited<ReturnType<Responder>> | undefined) {
  return mockFetch(async (call) => {
    const answer = override?.(call);
    if (answer) return answer;
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/banques' && call.method === 'GET') {
      return {
        status: 200,
        body: { success: true, data: BANQUES, pagination: page(BANQUES.length, 50), totaux: TOTAUX },
      };
    }
    if (url.pathname === '/api/banques' && call.method === 'POST') {
      const body = call.body as Banque;
      return {
        status: 201,
        body: {
          success: true,
          data: makeBanque(9, body.nom, { ...body, solde: body.solde_initial }),
          message: 'Banque créée avec succès',
        },
      };
    }
    const mouvements = /^\/api\/banques\/(\d+)\/mouvements$/.exec(url.pathname);
    if (mouvements && call.method === 'GET') {
      const pageNumber = Number(url.searchParams.get('page') ?? 1);
      const items =
        pageNumber === 1
          ? [
              makeMouvement(3, {
                type: 'debit',
                operation: 'retrait',
                montant: 200_000,
                solde_apres: 15_500_000,
                commentaire: 'Frais de tenue de compte',
              }),
              makeMouvement(2, { solde_apres: 15_700_000 }),
              makeMouvement(1, {
                operation: 'versement_valide',
                montant: 150_000,
                solde_apres: 12_200_000,
                commentaire: null,
                auteur: null,
              }),
            ]
          : [makeMouvement(4, { operation: 'depot', montant: 50_000, solde_apres: 12_050_000 })];
      const limit = Number(url.searchParams.get('limit'));
      return { status: 200, body: { success: true, data: items, pagination: page(21, limit, pageNumber) } };
    }
    const one = /^\/api\/banques\/(\d+)(\/solde)?$/.exec(url.pathname);
    if (one) {
      const current = BANQUES.find((b) => b.id === Number(one[1])) ?? BANQUES[0];
      if (one[2] && call.method === 'PATCH') {
        const { type, montant } = call.body as { type: string; montant: number };
        const solde = (current?.solde ?? 0) + (type === 'depot' ? montant : -montant);
        return {
          status: 200,
          body: { success: true, data: { ...current, solde }, message: 'Solde mis à jour avec succès' },
        };
      }
      if (call.method === 'PUT') {
        return {
          status: 200,
          body: {
            success: true,
            data: { ...current, ...(call.body as object) },
            message: 'Banque modifiée avec succès',
          },
        };
      }
      if (call.method === 'DELETE') {
        return { status: 200, body: { success: true, message: 'Banque supprimée avec succès' } };
      }
    }
    return notFound;
  });
}
