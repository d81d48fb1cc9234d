import {
  type DepenseCategorie,
  type DepenseStatut,
  localIsoDate,
  type RemboursementStatut,
  type TypeVersement,
  type VersementStatut,
} from '@app/shared';
import type { Transaction } from 'kysely';
import { insertBanque } from '../../modules/banques/banques.repository.ts';
import { postMouvement } from '../../modules/banques/ledger.repository.ts';
import { insertDepense, recordApprobation, updateDepense } from '../../modules/depenses/depenses.repository.ts';
import {
  insertRemboursement,
  recordApprobation as recordRemboursement,
  updateRemboursement,
} from '../../modules/remboursements/remboursements.repository.ts';
import { insertVersement, recordValidation, updateVersement } from '../../modules/versements/versements.repository.ts';
import type { DB } from '../schema.ts';

const BANQUES = [
  {
    nom: 'Société Générale Côte d’Ivoire',
    code_banque: 'CI008',
    numero_compte: '01120 012345678901 42',
    adresse: '5-7 avenue Joseph Anoma, Plateau, Abidjan',
    telephone: '+225 27 20 20 10 10',
    email: 'entreprises@sgci.test',
    contact_principal: 'Awa Diabaté',
    est_principale: true,
    solde_initial: 25_000_000,
  },
  {
    nom: 'Ecobank Côte d’Ivoire',
    code_banque: 'CI059',
    numero_compte: '01001 987654321012 17',
    adresse: 'Immeuble Alliance, avenue Terrasson de Fougères, Plateau, Abidjan',
    telephone: '+225 27 20 31 92 00',
    email: 'pme@ecobank.test',
    contact_principal: 'Koffi Assamoi',
    est_principale: false,
    solde_initial: 12_000_000,
  },
  {
    nom: 'NSIA Banque',
    code_banque: 'CI042',
    numero_compte: '04001 456789123045 88',
    adresse: '8-10 avenue Joseph Anoma, Plateau, Abidjan',
    telephone: '+225 27 20 20 07 20',
    email: 'clients@nsiabanque.test',
    contact_principal: null,
    est_principale: false,
    solde_initial: 5_000_000,
  },
] as const;

interface DemoPayment {
  statut: VersementStatut;
  type: TypeVersement;
  /** Months before today. */
  monthsAgo: number;
  montant: number;
  motif?: string;
}

/** The demo member's history: an apport, monthly instalments, one waiting, one rejected. */
function memberHistory(engagement: number): DemoPayment[] {
  return [
    { statut: 'valide', type: 'apport', monthsAgo: 7, montant: 2_000_000 },
    ...[6, 5, 4, 3, 2].map((monthsAgo) => ({
      statut: 'valide' as const,
      type: 'mensualite' as const,
      monthsAgo,
      montant: engagement,
    })),
    {
      statut: 'rejete',
      type: 'mensualite',
      monthsAgo: 1,
      montant: engagement,
      motif: 'Montant du reçu illisible : merci de joindre un scan net.',
    },
    { statut: 'en_attente', type: 'mensualite', monthsAgo: 0, montant: engagement },
  ];
}

/** A client's history: two validated instalments, then one waiting; every fourth client had one rejected. */
function clientHistory(engagement: number, index: number): DemoPayment[] {
  const history: DemoPayment[] = [
    { statut: 'valide', type: 'mensualite', monthsAgo: 3, montant: engagement },
    { statut: 'valide', type: 'mensualite', monthsAgo: 2, montant: engagement },
    { statut: 'en_attente', type: 'mensualite', monthsAgo: 0, montant: engagement },
  ];
  if (index % 4 === 1)
    history.push({ statut: 'rejete', type: 'autre', monthsAgo: 1, montant: 50_000, motif: 'Doublon' });
  return history;
}

const DAY_MS = 86_400_000;

interface DemoDepense {
  categorie: DepenseCategorie;
  categorie_autre?: string;
  description: string;
  montant: number;
  statut: DepenseStatut;
  monthsAgo: number;
  /** 0: the demo member; 1–3: three of the gestionnaire's clients. */
  filer: number;
  numero_recu?: string;
  commentaire?: string;
}

/** Expenses in every category and every state. */
const DEPENSES: DemoDepense[] = [
  {
    categorie: 'Transport',
    description: 'Carburant pour la visite du site de Bingerville',
    montant: 45_000,
    statut: 'approuvee',
    monthsAgo: 6,
    filer: 0,
    numero_recu: 'TT-20931',
  },
  {
    categorie: 'Fournitures de bureau',
    description: 'Rames de papier et cartouches d’encre pour les dossiers des membres',
    montant: 85_000,
    statut: 'approuvee',
    monthsAgo: 5,
    filer: 1,
    numero_recu: 'LB-5512',
  },
  {
    categorie: 'Repas et restauration',
    description: 'Déjeuner de l’équipe de maçons pendant le coulage de la dalle',
    montant: 60_000,
    statut: 'rejetee',
    monthsAgo: 5,
    filer: 0,
    commentaire: 'Les repas des ouvriers sont à la charge de l’entreprise de construction.',
  },
  {
    categorie: 'Hébergement',
    description: 'Deux nuits à Yamoussoukro pour la réunion des membres du centre',
    montant: 90_000,
    statut: 'approuvee',
    monthsAgo: 4,
    filer: 2,
  },
  {
    categorie: 'Matériel informatique',
    description: 'Disque dur externe pour l’archivage des plans',
    montant: 75_000,
    statut: 'en_attente',
    monthsAgo: 0,
    filer: 0,
    numero_recu: 'INF-3308',
  },
  {
    categorie: 'Formation',
    description: 'Atelier sur la gestion d’un chantier en autopromotion',
    montant: 120_000,
    statut: 'approuvee',
    monthsAgo: 3,
    filer: 3,
  },
  {
    categorie: 'Communication',
    description: 'Crédit téléphonique pour la coordination des livraisons',
    montant: 25_000,
    statut: 'en_attente',
    monthsAgo: 0,
    filer: 1,
  },
  {
    categorie: 'Maintenance',
    description: 'Réparation de la pompe du forage du site de Grand-Bassam',
    montant: 180_000,
    statut: 'approuvee',
    monthsAgo: 2,
    filer: 0,
    numero_recu: 'MT-0417',
  },
  {
    categorie: 'Autre',
    categorie_autre: 'Frais administratifs',
    description: 'Légalisation des procurations des membres',
    montant: 30_000,
    statut: 'rejetee',
    monthsAgo: 2,
    filer: 2,
    commentaire: 'Aucun justificatif joint : merci de déposer une nouvelle demande avec le reçu.',
  },
  {
    categorie: 'Transport',
    description: 'Location d’un camion pour la livraison du ciment',
    montant: 150_000,
    statut: 'en_attente',
    monthsAgo: 0,
    filer: 3,
  },
  {
    categorie: 'Communication',
    description: 'Impression des affiches de la journée portes ouvertes',
    montant: 55_000,
    statut: 'rejetee',
    monthsAgo: 1,
    filer: 0,
    commentaire: 'Déjà prise en charge par le service commercial.',
  },
  {
    categorie: 'Repas et restauration',
    description: 'Rafraîchissements de l’assemblée générale des membres',
    montant: 95_000,
    statut: 'approuvee',
    monthsAgo: 1,
    filer: 1,
  },
  {
    categorie: 'Autre',
    categorie_autre: 'Timbres fiscaux',
    description: 'Timbres pour les dossiers de permis de construire',
    montant: 15_000,
    statut: 'en_attente',
    monthsAgo: 0,
    filer: 0,
  },
];

interface DemoRemboursement {
  /** Undefined: the demo member; otherwise the index of one of the gestionnaire's other clients. */
  client?: number;
  montant: number;
  raison: string;
  commentaire?: string;
  statut: RemboursementStatut;
  commentaire_traitement?: string;
  monthsAgo: number;
  byGestionnaire?: boolean;
}

const REMBOURSEMENTS: DemoRemboursement[] = [
  {
    montant: 150_000,
    raison: 'Mensualité versée deux fois',
    commentaire: 'Même virement passé deux fois par la banque.',
    statut: 'approuve',
    monthsAgo: 3,
  },
  {
    montant: 300_000,
    raison: 'Frais de dossier contestés',
    statut: 'rejete',
    commentaire_traitement: 'Les frais de dossier ne sont pas remboursables (règlement intérieur, article 12).',
    monthsAgo: 2,
  },
  { montant: 100_000, raison: 'Avance sur des travaux de finition non réalisés', statut: 'en_attente', monthsAgo: 0 },
  { client: 0, montant: 75_000, raison: 'Erreur de montant sur le reçu', statut: 'approuve', monthsAgo: 1 },
  { client: 1, montant: 50_000, raison: 'Pénalité appliquée par erreur', statut: 'en_attente', monthsAgo: 0 },
  {
    client: 2,
    montant: 200_000,
    raison: 'Changement de lot',
    statut: 'rejete',
    commentaire_traitement: 'Le changement de lot se règle par un avenant, pas par un remboursement.',
    monthsAgo: 1,
  },
  {
    client: 3,
    montant: 120_000,
    raison: 'Départ du programme annoncé',
    commentaire: 'Demande déposée par le gestionnaire après l’entretien avec le membre.',
    statut: 'en_attente',
    monthsAgo: 0,
    byGestionnaire: true,
  },
];

/**
 * Three banks (one principal) with opening balances; payments in the three states for the demo
 * member and the demo gestionnaire's clients; expenses in every category and state; refunds in
 * every state. Decisions go through the ledger as the product takes them (movements, the members'
 * paid totals), so that `check:ledger` passes.
 */
export async function seedMoney(
  trx: Transaction<DB>,
  people: { admin: number; comptable: number; gestionnaire: number; membre: number },
) {
  const today = new Date();
  const monthsAgo = (months: number, day: number) =>
    new Date(today.getFullYear(), today.getMonth() - months, Math.min(today.getDate(), day), 10);
  const banques: number[] = [];
  for (const banque of BANQUES) {
    const { id } = await insertBanque(trx, {
      ...banque,
      solde: banque.solde_initial,
      created_by: people.admin,
      updated_by: people.admin,
      created_at: monthsAgo(12, 2),
    });
    banques.push(id);
  }
  const [principale = 0, ecobank = 0] = banques;
  await postMouvement(trx, {
    banque_id: ecobank,
    operation: 'depot',
    montant: 3_500_000,
    source_table: 'banques',
    source_id: ecobank,
    commentaire: 'Apport en capital des associés',
    created_by: people.comptable,
    created_at: monthsAgo(8, 3),
  });

  const membres = await trx
    .selectFrom('membres')
    .select(['id', 'utilisateur_id', 'produit_id', 'engagement_mensuel'])
    .where('gestionnaire_id', '=', people.gestionnaire)
    .where('produit_id', 'is not', null)
    .orderBy('id')
    .execute();
  // Every payment, expense and refund planned, then written in date order: the banks' histories
  // read as they happened.
  const events: { date: Date; write: () => Promise<void> }[] = [];
  let receipt = 0;
  const writePayment = async (
    membre: (typeof membres)[number],
    payment: DemoPayment,
    date: Date,
    declaredBy: number,
  ) => {
    const banque_id = banques[receipt % banques.length] ?? principale;
    receipt += 1;
    const numero_recu = `RV-${date.getFullYear()}-${String(receipt).padStart(5, '0')}`;
    const { id } = await insertVersement(trx, {
      membre_id: membre.id,
      produit_id: membre.produit_id ?? 0,
      banque_id,
      montant: payment.montant,
      type_versement: payment.type,
      numero_recu,
      date_recu: localIsoDate(date),
      date_versement: localIsoDate(date),
      commentaire: null,
      created_by: declaredBy,
      created_at: date,
    });
    // Decided two days later (the pending ones are this month's).
    const decidedAt = new Date(date.getTime() + 2 * DAY_MS);
    if (payment.statut === 'valide') {
      const v = {
        id,
        banque_id,
        membre_id: membre.id,
        montant: payment.montant,
        numero_recu,
        date_recu: localIsoDate(date),
      };
      await recordValidation(trx, v, people.comptable, decidedAt);
    } else if (payment.statut === 'rejete') {
      await updateVersement(trx, id, {
        statut: 'rejete',
        date_rejet: decidedAt,
        motif: payment.motif ?? null,
        traite_par: people.comptable,
      });
    }
  };

  for (const [index, membre] of membres.entries()) {
    const isDemoMember = membre.utilisateur_id === people.membre;
    const engagement = Number(membre.engagement_mensuel);
    const history = isDemoMember ? memberHistory(engagement) : clientHistory(engagement, index);
    for (const payment of history) {
      const date = monthsAgo(payment.monthsAgo, 5 + (index % 20));
      // The demo member declares his own; the gestionnaire declares his clients' every other time.
      const declaredBy = isDemoMember || index % 2 === 0 ? membre.utilisateur_id : people.gestionnaire;
      events.push({ date, write: () => writePayment(membre, payment, date, declaredBy) });
    }
  }
  // Expenses: the demo member's and three clients' (the filers of DEPENSES), on the first two banks.
  const demoMember = membres.find((m) => m.utilisateur_id === people.membre);
  const clients = membres.filter((m) => m !== demoMember);
  const filers = [demoMember, ...clients.slice(0, 3)].map((m) => m?.utilisateur_id ?? people.membre);
  for (const [index, depense] of DEPENSES.entries()) {
    const date = monthsAgo(depense.monthsAgo, 3 + index);
    const created_by = filers[depense.filer] ?? people.membre;
    const banque_id = banques[index % 2] ?? principale;
    events.push({
      date,
      write: async () => {
        const { id } = await insertDepense(trx, {
          montant: depense.montant,
          categorie: depense.categorie,
          categorie_autre: depense.categorie_autre ?? null,
          description: depense.description,
          date_depense: localIsoDate(date),
          numero_recu: depense.numero_recu ?? null,
          banque_id,
          created_by,
          created_at: date,
        });
        const decidedAt = new Date(date.getTime() + DAY_MS);
        const decider = index % 3 === 0 ? people.admin : people.comptable;
        if (depense.statut === 'approuvee') {
          const d = { id, banque_id, ...depense, date_depense: localIsoDate(date) };
          if (!(await recordApprobation(trx, d, decider, null, decidedAt)))
            throw new Error('solde de démo insuffisant');
        } else if (depense.statut === 'rejetee') {
          await updateDepense(trx, id, {
            statut: 'rejetee',
            date_rejet: decidedAt,
            commentaire: depense.commentaire ?? null,
            traite_par: decider,
          });
        }
      },
    });
  }

  // Refunds: the demo member's three, and one of each state for clients (one filed by the gestionnaire).
  for (const refund of REMBOURSEMENTS) {
    const membre = refund.client === undefined ? demoMember : clients[refund.client];
    if (!membre) continue;
    const date = monthsAgo(refund.monthsAgo, 12);
    events.push({
      date,
      write: async () => {
        const { id } = await insertRemboursement(trx, {
          membre_id: membre.id,
          montant: refund.montant,
          raison: refund.raison,
          commentaire: refund.commentaire ?? null,
          created_by: refund.byGestionnaire ? people.gestionnaire : membre.utilisateur_id,
          date_creation: date,
        });
        const decidedAt = new Date(date.getTime() + 3 * DAY_MS);
        if (refund.statut === 'approuve') {
          const r = { id, membre_id: membre.id, montant: refund.montant, raison: refund.raison };
          const done = await recordRemboursement(trx, r, principale, people.comptable, null, decidedAt);
          if (typeof done === 'string') throw new Error(`remboursement de démo refusé (${done})`);
        } else if (refund.statut === 'rejete') {
          await updateRemboursement(trx, id, {
            statut: 'rejete',
            date_traitement: decidedAt,
            traite_par: people.comptable,
            commentaire_traitement: refund.commentaire_traitement ?? null,
          });
        }
      },
    });
  }

  events.sort((a, b) => a.date.getTime() - b.date.getTime());
  for (const event of events) await event.write();
}
