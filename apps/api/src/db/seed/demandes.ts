import type { MOTIFS_REJET, SituationMatrimoniale } from '@app/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../schema.ts';

interface DemoDemande {
  nom_complet: string;
  num_cni: string;
  date_naissance: string;
  situation_matrimoniale: SituationMatrimoniale;
  profession: string;
  email: string;
  telephone: string;
  ville: string;
  adresse: string;
  produit: string;
  engagement_mensuel: number;
  duree_paiement: number;
  notes: string | null;
  /** Days ago it was filed. */
  age: number;
}

/** Waiting applicants, for available products of the demo catalogue. */
const EN_ATTENTE: DemoDemande[] = [
  {
    nom_complet: 'Bamba Salimata',
    num_cni: 'CI03000000001',
    date_naissance: '1990-06-14',
    situation_matrimoniale: 'celibataire',
    profession: 'Pharmacienne',
    email: 'salimata.bamba@demo.test',
    telephone: '+225 07 48 11 22 33',
    ville: 'Abidjan',
    adresse: 'Marcory Zone 4, rue du Canal',
    produit: 'Appartement T3',
    engagement_mensuel: 320_000,
    duree_paiement: 48,
    notes: 'Souhaite un étage élevé, avec vue.',
    age: 1,
  },
  {
    nom_complet: 'Ouédraogo Issa',
    num_cni: 'CI03000000002',
    date_naissance: '1984-02-03',
    situation_matrimoniale: 'marie',
    profession: 'Chef de chantier',
    email: 'issa.ouedraogo@demo.test',
    telephone: '+225 05 48 22 33 44',
    ville: 'Bouaké',
    adresse: 'Quartier Commerce, près du grand marché',
    produit: 'Duplex Familial',
    engagement_mensuel: 600_000,
    duree_paiement: 60,
    notes: null,
    age: 2,
  },
  {
    nom_complet: 'Kacou Ange-Marie',
    num_cni: 'CI03000000003',
    date_naissance: '1996-11-21',
    situation_matrimoniale: 'celibataire',
    profession: 'Développeuse',
    email: 'ange.kacou@demo.test',
    telephone: '+225 01 48 33 44 55',
    ville: 'Abidjan',
    adresse: 'Yopougon Maroc, cité SIB',
    produit: 'Studio Moderne',
    engagement_mensuel: 180_000,
    duree_paiement: 48,
    notes: 'Premier achat ; disponible le week-end pour une visite.',
    age: 4,
  },
  {
    nom_complet: 'Diallo Mariam',
    num_cni: 'CI03000000004',
    date_naissance: '1979-08-30',
    situation_matrimoniale: 'divorce',
    profession: 'Commerçante',
    email: 'mariam.diallo@demo.test',
    telephone: '+225 07 48 44 55 66',
    ville: 'Daloa',
    adresse: 'Quartier Lobia, face à la mairie',
    produit: 'Appartement T2',
    engagement_mensuel: 250_000,
    duree_paiement: 48,
    notes: null,
    age: 6,
  },
];

/** Applicants turned down, one reason each. */
const REJETEES: (DemoDemande & { motif: (typeof MOTIFS_REJET)[number]; commentaires: string | null })[] = [
  {
    nom_complet: 'Tanoh Éric',
    num_cni: 'CI03000000011',
    date_naissance: '1988-03-12',
    situation_matrimoniale: 'marie',
    profession: 'Transporteur',
    email: 'eric.tanoh@demo.test',
    telephone: '+225 07 49 11 22 33',
    ville: 'Abidjan',
    adresse: 'Abobo Baoulé, rue 12',
    produit: 'Appartement T3',
    engagement_mensuel: 60_000,
    duree_paiement: 24,
    notes: null,
    age: 20,
    motif: 'Documents incomplets',
    commentaires: 'Copie de la CNI illisible et justificatif de revenus manquant.',
  },
  {
    nom_complet: 'Gbagbo Serge',
    num_cni: 'CI03000000012',
    date_naissance: '1975-12-01',
    situation_matrimoniale: 'veuf',
    profession: 'Enseignant',
    email: 'serge.gbagbo@demo.test',
    telephone: '+225 05 49 22 33 44',
    ville: 'Gagnoa',
    adresse: 'Quartier Dioulabougou',
    produit: 'Studio Moderne',
    engagement_mensuel: 90_000,
    duree_paiement: 60,
    notes: null,
    age: 35,
    motif: 'Doublon détecté',
    commentaires: 'Une demande identique a déjà été déposée le même jour.',
  },
];

const DAY = 86_400_000;

/**
 * Demandes in the three states: every demo member comes from a validated one (same identity,
 * product, engagement and manager), and a few applicants wait or were turned down.
 */
export async function seedDemandes(trx: Transaction<DB>, produits: ReadonlyMap<string, number>, adminId: number) {
  const membres = await trx
    .selectFrom('membres as m')
    .innerJoin('utilisateurs as u', 'u.id', 'm.utilisateur_id')
    .select([
      'm.id',
      'u.nom',
      'u.prenom',
      'u.email',
      'u.telephone',
      'm.num_cni',
      'm.date_naissance',
      'm.situation_matrimoniale',
      'm.profession',
      'm.pays',
      'm.ville',
      'm.adresse',
      'm.produit_id',
      'm.engagement_mensuel',
      'm.duree_paiement',
      'm.gestionnaire_id',
      'm.date_inscription',
    ])
    .orderBy('m.id')
    .execute();
  for (const [index, m] of membres.entries()) {
    if (m.produit_id === null || m.gestionnaire_id === null) continue;
    const validated = new Date(`${m.date_inscription}T10:00:00Z`);
    const { id } = await trx
      .insertInto('demandes')
      .values({
        nom_complet: `${m.nom} ${m.prenom}`,
        num_cni: m.num_cni,
        date_naissance: m.date_naissance,
        situation_matrimoniale: m.situation_matrimoniale as SituationMatrimoniale | null,
        profession: m.profession,
        engagement_mensuel: m.engagement_mensuel,
        duree_paiement: m.duree_paiement,
        email: m.email,
        telephone: m.telephone ?? '',
        pays: m.pays,
        ville: m.ville,
        adresse: m.adresse,
        produit_id: m.produit_id,
        statut: 'validee',
        gere_par: m.gestionnaire_id,
        traite_par: adminId,
        date_traitement: validated,
        // Filed from the login screen, or typed in by staff for one in three.
        created_by: index % 3 === 2 ? adminId : null,
        created_at: new Date(validated.getTime() - (3 + (index % 10)) * DAY),
        updated_at: validated,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('membres').set({ demande_id: id }).where('id', '=', m.id).execute();
  }

  const now = Date.now();
  const values = (d: DemoDemande) => {
    const { produit, age, ...fields } = d;
    const produit_id = produits.get(produit);
    if (!produit_id) throw new Error(`produit de démonstration manquant : ${produit}`);
    const created_at = new Date(now - age * DAY);
    return { ...fields, produit_id, pays: 'Côte d’Ivoire', created_at, updated_at: created_at };
  };
  for (const d of EN_ATTENTE) await trx.insertInto('demandes').values(values(d)).execute();
  for (const { motif, commentaires, ...d } of REJETEES) {
    const row = values(d);
    const processed = new Date(row.created_at.getTime() + 2 * DAY);
    await trx
      .insertInto('demandes')
      .values({
        ...row,
        statut: 'rejetee',
        motif_rejet: motif,
        commentaires,
        traite_par: adminId,
        date_traitement: processed,
        updated_at: processed,
      })
      .execute();
  }
}
