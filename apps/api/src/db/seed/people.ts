import { type AccountStatut, contratPour, localIsoDate, type StaffRole, type TypeMembre } from '@app/shared';
import type { Transaction } from 'kysely';
import { nextCodeEsv } from '../../modules/membres/membres.repository.ts';
import type { DB } from '../schema.ts';

interface DemoStaff {
  email: string;
  role: StaffRole;
  prenom: string;
  nom: string;
  statut: AccountStatut;
  code_employe: string;
  num_cni: string;
  departement: string;
  poste: string;
  date_embauche: string;
  salaire: number | null;
}

/** More staff, so that every role and department (and the three statuses) is represented. */
const STAFF: DemoStaff[] = [
  ['admin', 'Fatou', 'Diabaté', 'actif', 'Administration', 'Responsable administrative', '2020-02-03', 1_100_000],
  ['gestionnaire', 'Yao', 'Kouassi', 'actif', 'Gestion', 'Gestionnaire de portefeuille', '2022-01-10', 600_000],
  ['gestionnaire', 'Aïcha', 'Ouattara', 'actif', 'Gestion', 'Gestionnaire clientèle', '2023-04-17', 580_000],
  ['gestionnaire', 'Paul', 'Gnagne', 'actif', 'Technique', 'Conducteur de travaux', '2021-09-06', 700_000],
  ['comptable', 'Moussa', 'Koné', 'actif', 'Comptabilité', 'Comptable', '2023-02-01', 520_000],
  ['comptable', 'Nadège', 'Ahoua', 'inactif', 'Comptabilité', 'Assistante comptable', '2024-05-02', 380_000],
  ['commercial', 'Adama', 'Sangaré', 'actif', 'Commercial', 'Commercial terrain', '2024-01-08', 350_000],
  ['commercial', 'Christelle', "N'Guessan", 'actif', 'Direction', 'Chargée de communication', '2022-11-14', null],
  ['commercial', 'Hervé', 'Zadi', 'suspendu', 'Commercial', 'Commercial terrain', '2025-03-03', 320_000],
].map(([role, prenom, nom, statut, departement, poste, date_embauche, salaire], index) => {
  const prefix = { admin: 'ADM', gestionnaire: 'GES', comptable: 'CPT', commercial: 'COM' }[role as StaffRole];
  const number = String(index + 11).padStart(6, '0');
  return {
    email: `${String(prenom)
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z]/g, '')}.${String(nom)
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z]/g, '')}@demo.test`,
    role: role as StaffRole,
    prenom: String(prenom),
    nom: String(nom),
    statut: statut as AccountStatut,
    code_employe: `CHES-${prefix}-${number}`,
    num_cni: `CI01${number}${String(index).padStart(3, '0')}`,
    departement: String(departement),
    poste: String(poste),
    date_embauche: String(date_embauche),
    salaire: salaire as number | null,
  };
});

const PRENOMS = [
  'Kouamé',
  'Akissi',
  'Yapi',
  'Affoué',
  'Drissa',
  'Mariame',
  'Koffi',
  'Ahou',
  'Sékou',
  'Amenan',
  'Brou',
  'Adjoua',
  'Lassina',
  'Aya',
  "N'Dri",
  'Salimata',
  'Konan',
  'Rokia',
  'Gnamien',
  'Éléonore',
  'Tiémoko',
  'Bintou',
  'Ange',
  'Clarisse',
  'Issouf',
  'Véronique',
  'Didier',
  'Assita',
  'Blaise',
  'Nathalie',
  'Siaka',
  'Prisca',
];
const NOMS = [
  'Kouakou',
  'Assi',
  'Yapo',
  'Coulibaly',
  'Touré',
  'Diomandé',
  'Aka',
  'Gbagbo',
  'Fofana',
  'Kassi',
  'Boka',
  'Dosso',
  'Cissé',
  'Ehui',
  'Amani',
  'Sylla',
  'Koua',
  'Doumbia',
  'Adou',
  'Lago',
  'Soro',
  'Bakayoko',
  'Tanoh',
  'Yéo',
  'Kéita',
  'Aboua',
  'Loukou',
  'Sanogo',
  'Djè',
  'Meité',
  'Ouédraogo',
  'Bédié',
];
const PROFESSIONS = [
  'Enseignant',
  'Infirmière',
  'Commerçant',
  'Banquière',
  'Ingénieur BTP',
  'Médecin',
  'Transitaire',
  'Pharmacienne',
  'Informaticien',
  'Juriste',
  'Planteur de cacao',
  'Fonctionnaire',
  'Architecte',
  'Comptable',
];
const QUARTIERS = [
  ['Cocody Riviera 2', 'Abidjan'],
  ['Yopougon Niangon', 'Abidjan'],
  ['Marcory Zone 4', 'Abidjan'],
  ['Plateau, rue du Commerce', 'Abidjan'],
  ['Koumassi Remblais', 'Abidjan'],
  ['Quartier Habitat', 'Yamoussoukro'],
  ['Commerce', 'Bouaké'],
  ['Balmer', 'San-Pédro'],
  ['Quartier France', 'Grand-Bassam'],
  ['Résidentiel', 'Daloa'],
] as const;
const DUREES = [24, 36, 48, 60, 84, 120];

/** The plain (non-plot) demo products members hold, besides the Villa Premium. */
const HELD_PRODUCTS = [
  'Villa Basse 3 chambres',
  'Villa Bord de Mer',
  'Appartement T4 Vue Mer',
  'Maison de Ville',
  'Duplex Jardin',
  'Appartement T3 Balmer',
  'Terrain 400 m² Lagune',
  'Terrain 300 m² Bassam',
];

/**
 * Staff for every role and department, and 32 members holding a product each: spread over
 * four gestionnaires (the demo gestionnaire has a dozen), the three statuses and types;
 * four joined this month. Their paid totals start at 0: payments come with the money issue.
 */
export async function seedPeople(
  trx: Transaction<DB>,
  passwordHash: string,
  produits: ReadonlyMap<string, number>,
  plots: readonly string[],
  demoGestionnaireId: number,
) {
  const gestionnaires = [demoGestionnaireId];
  for (const { email, role, prenom, nom, statut, ...file } of STAFF) {
    const account = await trx
      .insertInto('utilisateurs')
      .values({ email, role, prenom, nom, statut, password_hash: passwordHash, telephone: null, photo_profil: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('personnel')
      .values({ ...file, utilisateur_id: account.id })
      .execute();
    if (role === 'gestionnaire') gestionnaires.push(account.id);
  }

  const held = [...plots, ...HELD_PRODUCTS];
  const today = new Date();
  for (const [index, prenom] of PRENOMS.entries()) {
    const nom = NOMS[index] ?? 'Kouassi';
    const produitTitre = held[index];
    const produitId = produitTitre ? produits.get(produitTitre) : undefined;
    if (!produitId) throw new Error(`produit de démonstration manquant : ${produitTitre}`);
    const duree = DUREES[index % DUREES.length] ?? 60;
    // Four members joined this month; the others over the last eighteen months.
    const inscription =
      index < 4
        ? new Date(today.getFullYear(), today.getMonth(), Math.max(1, today.getDate() - index))
        : new Date(today.getFullYear(), today.getMonth() - 1 - (index % 18), 1 + ((index * 7) % 27));
    const [adresse, ville] = QUARTIERS[index % QUARTIERS.length] ?? QUARTIERS[0];
    const statut: AccountStatut = index % 11 === 5 ? 'suspendu' : index % 7 === 6 ? 'inactif' : 'actif';
    const type_membre: TypeMembre = index % 8 === 0 ? 'vip' : index % 3 === 0 ? 'premium' : 'standard';
    // The demo gestionnaire follows every third member and a few more: a dozen clients.
    const gestionnaireId =
      index % 3 === 0 || index % 10 === 1 ? demoGestionnaireId : (gestionnaires[1 + (index % 3)] ?? demoGestionnaireId);
    const email = `${prenom}.${nom}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z.]/g, '');
    const account = await trx
      .insertInto('utilisateurs')
      .values({
        email: `${email}@demo.test`,
        role: 'membre',
        prenom,
        nom,
        statut,
        password_hash: passwordHash,
        telephone: `+225 07 ${String(10 + index).padStart(2, '0')} ${String(20 + index).padStart(2, '0')} 45 67`,
        photo_profil: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('membres')
      .values({
        utilisateur_id: account.id,
        code_esv: nextCodeEsv(),
        num_cni: `CI02${String(index).padStart(9, '0')}`,
        date_naissance: localIsoDate(new Date(1965 + (index % 30), index % 12, 1 + (index % 28))),
        situation_matrimoniale: (['marie', 'celibataire', 'marie', 'union_libre', 'veuf'] as const)[index % 5] ?? null,
        profession: PROFESSIONS[index % PROFESSIONS.length] ?? 'Commerçant',
        adresse,
        ville,
        pays: 'Côte d’Ivoire',
        type_membre,
        date_inscription: localIsoDate(inscription),
        produit_id: produitId,
        // Rounded up to the thousand: the instalments cover the price, the last one smaller.
        ...(await contractFor(trx, produitId, (prix) => Math.ceil(prix / duree / 1000) * 1000, duree)),
        gestionnaire_id: gestionnaireId,
      })
      .execute();
  }
}

/** A demo member's contract for his product: its price, at a monthly amount that covers it. */
export async function contractFor(
  trx: Transaction<DB>,
  produitId: number,
  monthly: (prix: number) => number,
  duree: number,
) {
  const { prix_vente } = await trx
    .selectFrom('produits')
    .select('prix_vente')
    .where('id', '=', produitId)
    .executeTakeFirstOrThrow();
  const prix = Number(prix_vente);
  const contrat = contratPour(prix, monthly(prix), duree);
  if (!contrat) throw new Error(`contrat de démonstration incomplet : produit ${produitId}`);
  return {
    engagement_mensuel: contrat.engagement,
    duree_paiement: contrat.duree,
    montant_total: contrat.total,
    prix_produit: prix,
  };
}
