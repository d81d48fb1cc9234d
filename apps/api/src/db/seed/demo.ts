import { DEFAULT_SETTINGS, localIsoDate, type Role } from '@app/shared';
import type { MediaStore } from '../../media/media-store.ts';
import { hashPassword } from '../../modules/auth/passwords.ts';
import { nextCodeEsv } from '../../modules/membres/membres.repository.ts';
import { upsertSetting } from '../../modules/settings/settings.repository.ts';
import type { Database } from '../database.ts';
import { DEMO_LOTS, seedCatalogue } from './catalogue.ts';
import { seedChantiers } from './chantiers.ts';
import { seedDemandes } from './demandes.ts';
import { seedMoney } from './money.ts';
import { contractFor, seedPeople } from './people.ts';

export const DEMO_PASSWORD = 'Demo@2026';

interface DemoAccount {
  email: string;
  role: Role;
  prenom: string;
  nom: string;
  telephone: string;
  personnel?: {
    code_employe: string;
    num_cni: string;
    departement: string;
    poste: string;
    date_embauche: string;
    salaire: number;
  };
}

/** The six demo accounts of decisions §1 (all with the password Demo@2026). */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'admin@demo.test',
    role: 'admin',
    prenom: 'Serge',
    nom: 'Konan',
    telephone: '+225 07 08 11 22 33',
    personnel: {
      code_employe: 'CHES-ADM-000001',
      num_cni: 'CI00123456781',
      departement: 'Direction',
      poste: 'Directeur général',
      date_embauche: '2019-03-01',
      salaire: 1_500_000,
    },
  },
  {
    email: 'gestionnaire@demo.test',
    role: 'gestionnaire',
    prenom: 'Aminata',
    nom: 'Kouadio',
    telephone: '+225 05 44 21 09 87',
    personnel: {
      code_employe: 'CHES-GES-000002',
      num_cni: 'CI00234567892',
      departement: 'Gestion',
      poste: 'Gestionnaire de portefeuille',
      date_embauche: '2021-06-15',
      salaire: 650_000,
    },
  },
  {
    email: 'comptable@demo.test',
    role: 'comptable',
    prenom: 'Ibrahim',
    nom: 'Traoré',
    telephone: '+225 01 02 33 44 55',
    personnel: {
      code_employe: 'CHES-CPT-000003',
      num_cni: 'CI00345678903',
      departement: 'Comptabilité',
      poste: 'Comptable principal',
      date_embauche: '2020-01-06',
      salaire: 750_000,
    },
  },
  {
    email: 'commercial@demo.test',
    role: 'commercial',
    prenom: 'Mariam',
    nom: 'Bamba',
    telephone: '+225 07 59 60 61 62',
    personnel: {
      code_employe: 'CHES-COM-000004',
      num_cni: 'CI00456789014',
      departement: 'Commercial',
      poste: 'Chargée de clientèle',
      date_embauche: '2022-09-01',
      salaire: 450_000,
    },
  },
  { email: 'membre@demo.test', role: 'membre', prenom: 'Jean-Marc', nom: 'Koffi', telephone: '+225 05 66 77 88 99' },
  { email: 'demandeur@demo.test', role: 'demandeur', prenom: 'Adjoua', nom: 'Yao', telephone: '+225 01 23 45 67 89' },
];

/**
 * Demo data, written once into an empty database (media files copied under DATA_DIR/media).
 * The extra staff and members share one password hash: same password, one slow hashing.
 */
export async function seedDemo(db: Database, media: MediaStore): Promise<void> {
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction().execute(async (trx) => {
    const ids = new Map<Role, number>();
    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      const { personnel, ...identity } = account;
      const row = await trx
        .insertInto('utilisateurs')
        .values({ ...identity, password_hash: hashes[index] ?? '', photo_profil: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(account.role, row.id);
      if (personnel) {
        await trx
          .insertInto('personnel')
          .values({ ...personnel, utilisateur_id: row.id })
          .execute();
      }
    }
    const produits = await seedCatalogue(trx, media, ids.get('admin') ?? 0);
    // The demo member holds the Villa Premium (so it shows as reserved), followed by the demo gestionnaire.
    const villa = produits.get('Villa Premium') ?? 0;
    await trx
      .insertInto('membres')
      .values({
        utilisateur_id: ids.get('membre') ?? 0,
        code_esv: nextCodeEsv(),
        num_cni: 'CI00567890125',
        date_naissance: '1986-04-12',
        situation_matrimoniale: 'marie',
        profession: 'Ingénieur agronome',
        adresse: 'Cocody Angré, 8e tranche',
        ville: 'Abidjan',
        pays: 'Côte d’Ivoire',
        type_membre: 'premium',
        produit_id: villa,
        ...(await contractFor(trx, villa, () => 420_000, 60)),
        gestionnaire_id: ids.get('gestionnaire') ?? null,
        // Eight months ago, before his first payment (seed/money.ts, memberHistory).
        date_inscription: localIsoDate(new Date(new Date().getFullYear(), new Date().getMonth() - 8, 20)),
      })
      .execute();
    await seedPeople(trx, hashes[0] ?? '', produits, DEMO_LOTS, ids.get('gestionnaire') ?? 0);
    await seedDemandes(trx, produits, ids.get('admin') ?? 0);
    await seedChantiers(trx, { admin: ids.get('admin') ?? 0, gestionnaire: ids.get('gestionnaire') ?? 0 });
    await seedMoney(trx, {
      admin: ids.get('admin') ?? 0,
      comptable: ids.get('comptable') ?? 0,
      gestionnaire: ids.get('gestionnaire') ?? 0,
      membre: ids.get('membre') ?? 0,
    });
    await upsertSetting(
      trx,
      'general',
      {
        ...DEFAULT_SETTINGS.general,
        address: 'Boulevard Latrille, Cocody, Abidjan',
        phone: '+225 27 22 41 50 50',
        email: 'contact@autopromotion.test',
      },
      null,
    );
  });
}
