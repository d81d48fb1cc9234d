import { localIsoDate, type TypeVersement, type VersementStatut } from '@app/shared';
import type { Transaction } from 'kysely';
import { insertBanque } from '../../modules/banques/banques.repository.ts';
import { postMouvement } from '../../modules/banques/ledger.repository.ts';
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

/**
 * Three banks (one principal) with opening balances, and payments in the three states for the demo
 * member and the demo gestionnaire's clients. Validated ones go through the ledger as the product
 * does it (a credit movement, the member's paid total), so that `check:ledger` passes.
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
  // Every payment planned, then written in date order: the banks' histories read as they happened.
  const planned = membres.flatMap((membre, index) => {
    const isDemoMember = membre.utilisateur_id === people.membre;
    const engagement = Number(membre.engagement_mensuel);
    const history = isDemoMember ? memberHistory(engagement) : clientHistory(engagement, index);
    return history.map((payment) => ({
      membre,
      payment,
      date: monthsAgo(payment.monthsAgo, 5 + (index % 20)),
      // The demo member declares his own; the gestionnaire declares his clients' every other time.
      declaredBy: isDemoMember || index % 2 === 0 ? membre.utilisateur_id : people.gestionnaire,
    }));
  });
  planned.sort((a, b) => a.date.getTime() - b.date.getTime());
  for (const [receipt, { membre, payment, date, declaredBy }] of planned.entries()) {
    const banque_id = banques[receipt % banques.length] ?? principale;
    const numero_recu = `RV-${date.getFullYear()}-${String(receipt + 1).padStart(5, '0')}`;
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
    const decidedAt = new Date(date.getTime() + 2 * 86_400_000);
    if (payment.statut === 'valide') {
      const v = { id, banque_id, membre_id: membre.id, montant: payment.montant, numero_recu };
      await recordValidation(trx, v, people.comptable, decidedAt);
    } else if (payment.statut === 'rejete') {
      await updateVersement(trx, id, {
        statut: 'rejete',
        date_rejet: decidedAt,
        motif: payment.motif ?? null,
        traite_par: people.comptable,
      });
    }
  }
}
