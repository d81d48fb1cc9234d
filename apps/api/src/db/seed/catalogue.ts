import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transaction } from 'kysely';
import type { MediaStore } from '../../media/media-store.ts';
import type { DB } from '../schema.ts';

const MEDIA_DIR = path.join(import.meta.dirname, 'media');

interface DemoSite {
  nom_site: string;
  adresse_site: string;
  ville_site: string;
  prix_metre_carre: number;
  localisation_site: string;
  photo: string;
}

const SITES: DemoSite[] = [
  {
    nom_site: 'Résidence Les Palmiers',
    adresse_site: 'Boulevard Mitterrand, Riviera 3',
    ville_site: 'Abidjan',
    prix_metre_carre: 85_000,
    localisation_site: 'Cocody, à 5 min du carrefour de la Riviera',
    photo: 'sites/site-cocody.jpg',
  },
  {
    nom_site: 'Cité Lagune Verte',
    adresse_site: 'Route de Bingerville, PK 12',
    ville_site: 'Bingerville',
    prix_metre_carre: 45_000,
    localisation_site: 'Bord de lagune, face au jardin botanique',
    photo: 'sites/site-bingerville.jpg',
  },
  {
    nom_site: 'Domaine Océan',
    adresse_site: 'Quartier France, route de la plage',
    ville_site: 'Grand-Bassam',
    prix_metre_carre: 55_000,
    localisation_site: '300 m de la plage, quartier historique',
    photo: 'sites/site-grand-bassam.jpg',
  },
  {
    nom_site: 'Les Jardins de la Capitale',
    adresse_site: 'Avenue Houphouët-Boigny, quartier Habitat',
    ville_site: 'Yamoussoukro',
    prix_metre_carre: 30_000,
    localisation_site: 'Près de la basilique, axe Abidjan–Yamoussoukro',
    photo: 'sites/site-yamoussoukro.jpg',
  },
  {
    nom_site: 'Résidence du Port',
    adresse_site: 'Boulevard du Port, quartier Balmer',
    ville_site: 'San-Pédro',
    prix_metre_carre: 35_000,
    localisation_site: 'À 2 km du port autonome',
    photo: 'sites/site-san-pedro.jpg',
  },
];

interface DemoProduit {
  titre: string;
  site: number;
  type: 'logement' | 'terrain';
  superficie: number;
  prix_vente: number;
  caution: number;
  rooms?: [chambres: number, salons: number, cuisines: number, toilettes: number];
  delais_construction?: number;
  photos: string[];
  plans: string[];
  description: string;
  video?: string;
}

const INTERIEURS = ['photos/interieur-salon.jpg', 'photos/interieur-cuisine.jpg', 'photos/interieur-chambre.jpg'];
const villa = (n: 1 | 2) => [`photos/villa-${n}.jpg`, ...INTERIEURS];
// appartement-2 shows the building under construction, after the finished views.
const appartement = () => ['photos/appartement-1.jpg', ...INTERIEURS, 'photos/appartement-2.jpg'];
const terrain = (n: 1 | 2 | 3) => [`photos/terrain-${n}.jpg`];

/** 22 products of both types, among them the five of the original public form (decisions §1), and plots below. */
const PRODUITS: DemoProduit[] = [
  {
    titre: 'Villa Premium',
    site: 0,
    type: 'logement',
    superficie: 320,
    prix_vente: 25_000_000,
    caution: 1_000_000,
    rooms: [4, 2, 1, 4],
    delais_construction: 18,
    photos: villa(1),
    plans: ['plans/plan-villa.pdf'],
    description:
      'Villa de standing de 4 chambres avec piscine, jardin arboré, garage pour deux voitures et logement de gardien.',
  },
  {
    titre: 'Appartement T3',
    site: 0,
    type: 'logement',
    superficie: 95,
    prix_vente: 15_000_000,
    caution: 600_000,
    rooms: [2, 1, 1, 2],
    delais_construction: 12,
    photos: appartement(),
    plans: ['plans/plan-appartement.pdf'],
    description: 'Appartement lumineux au 2e étage d’une résidence sécurisée, balcon, parking en sous-sol.',
  },
  {
    titre: 'Studio Moderne',
    site: 1,
    type: 'logement',
    superficie: 38,
    prix_vente: 8_000_000,
    caution: 300_000,
    rooms: [1, 1, 1, 1],
    delais_construction: 9,
    photos: ['photos/studio-1.jpg', 'photos/interieur-cuisine.jpg'],
    plans: ['plans/plan-appartement.pdf'],
    description: 'Studio fonctionnel avec kitchenette équipée, idéal premier achat ou investissement locatif.',
  },
  {
    titre: 'Duplex Familial',
    site: 0,
    type: 'logement',
    superficie: 240,
    prix_vente: 35_000_000,
    caution: 1_500_000,
    rooms: [5, 2, 1, 4],
    delais_construction: 20,
    photos: ['photos/duplex-1.jpg', ...INTERIEURS],
    plans: ['plans/plan-duplex.pdf'],
    description: 'Duplex de 5 chambres dont une suite parentale, grande terrasse à l’étage et cour intérieure.',
  },
  {
    titre: 'Appartement T2',
    site: 1,
    type: 'logement',
    superficie: 68,
    prix_vente: 12_000_000,
    caution: 500_000,
    rooms: [1, 1, 1, 1],
    delais_construction: 10,
    photos: appartement(),
    plans: ['plans/plan-appartement.pdf'],
    description: 'Appartement 2 pièces avec vue sur la lagune, cuisine américaine et buanderie.',
  },
  {
    titre: 'Villa Basse 3 chambres',
    site: 1,
    type: 'logement',
    superficie: 180,
    prix_vente: 18_500_000,
    caution: 750_000,
    rooms: [3, 1, 1, 2],
    delais_construction: 14,
    photos: villa(2),
    plans: ['plans/plan-villa.pdf'],
    description: 'Villa basse sur un terrain de 400 m², séjour traversant et véranda.',
  },
  {
    titre: 'Villa Bord de Mer',
    site: 2,
    type: 'logement',
    superficie: 260,
    prix_vente: 42_000_000,
    caution: 2_000_000,
    rooms: [4, 2, 1, 3],
    delais_construction: 18,
    photos: villa(1),
    plans: ['plans/plan-villa.pdf'],
    description: 'Villa à 300 m de la plage de Grand-Bassam, terrasse couverte et jardin tropical.',
  },
  {
    titre: 'Appartement T4 Vue Mer',
    site: 2,
    type: 'logement',
    superficie: 120,
    prix_vente: 22_000_000,
    caution: 900_000,
    rooms: [3, 1, 1, 2],
    delais_construction: 15,
    photos: appartement(),
    plans: ['plans/plan-appartement.pdf'],
    description: 'Grand appartement avec loggia face à l’océan, dans une résidence avec gardiennage.',
  },
  {
    titre: 'Maison de Ville',
    site: 3,
    type: 'logement',
    superficie: 150,
    prix_vente: 13_500_000,
    caution: 500_000,
    rooms: [3, 1, 1, 2],
    delais_construction: 12,
    photos: villa(2),
    plans: ['plans/plan-villa.pdf'],
    description: 'Maison mitoyenne dans un quartier calme, proche des écoles et du marché.',
  },
  {
    titre: 'Duplex Jardin',
    site: 3,
    type: 'logement',
    superficie: 210,
    prix_vente: 19_000_000,
    caution: 800_000,
    rooms: [4, 1, 1, 3],
    delais_construction: 16,
    photos: ['photos/duplex-1.jpg', ...INTERIEURS],
    plans: ['plans/plan-duplex.pdf'],
    description: 'Duplex avec jardin privatif de 150 m² et espace barbecue.',
  },
  {
    titre: 'Appartement T3 Balmer',
    site: 4,
    type: 'logement',
    superficie: 90,
    prix_vente: 11_000_000,
    caution: 450_000,
    rooms: [2, 1, 1, 1],
    delais_construction: 12,
    photos: appartement(),
    plans: ['plans/plan-appartement.pdf'],
    description: 'Appartement proche du port, idéal pour les familles, dans une résidence neuve.',
  },
  {
    titre: 'Villa Jumelée',
    site: 4,
    type: 'logement',
    superficie: 170,
    prix_vente: 16_000_000,
    caution: 650_000,
    rooms: [3, 1, 1, 2],
    delais_construction: 14,
    photos: villa(2),
    plans: ['plans/plan-villa.pdf'],
    description: 'Villa jumelée avec garage, dans une cité clôturée et éclairée.',
  },
  {
    titre: 'Studio Étudiant',
    site: 3,
    type: 'logement',
    superficie: 30,
    prix_vente: 6_500_000,
    caution: 250_000,
    rooms: [1, 1, 1, 1],
    delais_construction: 8,
    photos: ['photos/studio-1.jpg'],
    plans: ['plans/plan-appartement.pdf'],
    description: 'Studio près de l’INP-HB, loué facilement aux étudiants et jeunes actifs.',
  },
  {
    titre: 'Terrain 500 m² Riviera',
    site: 0,
    type: 'terrain',
    superficie: 500,
    prix_vente: 42_500_000,
    caution: 2_000_000,
    photos: terrain(1),
    plans: ['plans/plan-terrain.png'],
    description: 'Lot viabilisé avec ACD, eau et électricité en bordure, quartier résidentiel.',
  },
  {
    titre: 'Terrain 400 m² Lagune',
    site: 1,
    type: 'terrain',
    superficie: 400,
    prix_vente: 18_000_000,
    caution: 800_000,
    photos: terrain(2),
    plans: ['plans/plan-terrain.png'],
    description: 'Terrain plat à 200 m de la lagune, lotissement approuvé.',
  },
  {
    titre: 'Terrain 600 m² Bingerville',
    site: 1,
    type: 'terrain',
    superficie: 600,
    prix_vente: 27_000_000,
    caution: 1_000_000,
    photos: terrain(3),
    plans: ['plans/plan-terrain.png'],
    description: 'Grand lot d’angle, idéal pour une villa avec jardin.',
  },
  {
    titre: 'Terrain 300 m² Bassam',
    site: 2,
    type: 'terrain',
    superficie: 300,
    prix_vente: 16_500_000,
    caution: 700_000,
    photos: terrain(1),
    plans: ['plans/plan-terrain.png'],
    description: 'Terrain proche de la plage, titre foncier en cours.',
  },
  {
    titre: 'Terrain 800 m² Océan',
    site: 2,
    type: 'terrain',
    superficie: 800,
    prix_vente: 44_000_000,
    caution: 2_000_000,
    photos: terrain(2),
    plans: ['plans/plan-terrain.png'],
    description: 'Parcelle en deuxième ligne de mer, accès par voie bitumée.',
  },
  {
    titre: 'Terrain 500 m² Habitat',
    site: 3,
    type: 'terrain',
    superficie: 500,
    prix_vente: 15_000_000,
    caution: 600_000,
    photos: terrain(3),
    plans: ['plans/plan-terrain.png'],
    description: 'Lot viabilisé dans le quartier Habitat, proche des commodités.',
  },
  {
    titre: 'Terrain 1000 m² Capitale',
    site: 3,
    type: 'terrain',
    superficie: 1000,
    prix_vente: 28_000_000,
    caution: 1_000_000,
    photos: terrain(1),
    plans: ['plans/plan-terrain.png'],
    description: 'Grande parcelle pour projet familial ou petit immeuble.',
  },
  {
    titre: 'Terrain 450 m² Port',
    site: 4,
    type: 'terrain',
    superficie: 450,
    prix_vente: 14_000_000,
    caution: 500_000,
    photos: terrain(2),
    plans: ['plans/plan-terrain.png'],
    description: 'Terrain résidentiel à 2 km du port, lotissement clôturé.',
  },
  {
    titre: 'Terrain 700 m² Balmer',
    site: 4,
    type: 'terrain',
    superficie: 700,
    prix_vente: 21_000_000,
    caution: 800_000,
    photos: terrain(3),
    plans: ['plans/plan-terrain.png'],
    description: 'Parcelle d’angle avec deux façades, idéale pour commerce au rez-de-chaussée.',
  },
];

/**
 * Three subdivisions of numbered plots (lotissements), where most demo members hold their
 * plot; listed after the products above, so those stay first in the catalogue.
 */
const LOTISSEMENTS = [
  { site: 1, nom: 'Lagune Verte', superficie: 400, photo: 1 },
  { site: 3, nom: 'Capitale', superficie: 600, photo: 2 },
  { site: 4, nom: 'Balmer', superficie: 500, photo: 3 },
] as const;
const LOTS_PER_SUBDIVISION = 8;

const LOTS: DemoProduit[] = LOTISSEMENTS.flatMap(({ site, nom, superficie, photo }) =>
  Array.from({ length: LOTS_PER_SUBDIVISION }, (_, index) => ({
    titre: `Lot ${String(index + 1).padStart(2, '0')} – Lotissement ${nom}`,
    site,
    type: 'terrain' as const,
    superficie,
    prix_vente: superficie * (SITES[site]?.prix_metre_carre ?? 0),
    caution: 500_000,
    photos: terrain(photo),
    plans: ['plans/plan-terrain.png'],
    description: `Parcelle viabilisée de ${superficie} m² du lotissement ${nom}, titre foncier en cours, bornage fait.`,
  })),
);

/** Titles of the demo plots, in catalogue order. */
export const DEMO_LOTS = LOTS.map((lot) => lot.titre);

const MIME: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };

async function stored(media: MediaStore, folder: string, file: string) {
  const extension = file.split('.').pop() ?? 'bin';
  return media.save(folder, {
    filename: path.basename(file),
    mimeType: MIME[extension] ?? 'application/octet-stream',
    extension,
    data: await readFile(path.join(MEDIA_DIR, file)),
  });
}

/** Demo sites and products with their photos and plans; returns product ids by title. */
export async function seedCatalogue(trx: Transaction<DB>, media: MediaStore, adminId: number) {
  const siteIds: number[] = [];
  for (const { photo, ...site } of SITES) {
    const { id } = await trx
      .insertInto('sites')
      .values({ ...site, created_by: adminId, updated_by: adminId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const file = await stored(media, `sites/${id}`, photo);
    await trx
      .insertInto('site_medias')
      .values({ ...file, site_id: id, kind: 'photo', position: 0 })
      .execute();
    siteIds.push(id);
  }
  const produitIds = new Map<string, number>();
  for (const [index, produit] of [...PRODUITS, ...LOTS].entries()) {
    const [chambres, salons, cuisines, toilettes] = produit.rooms ?? [0, 0, 0, 0];
    const { id } = await trx
      .insertInto('produits')
      .values({
        site_id: siteIds[produit.site] ?? 0,
        titre: produit.titre,
        description: produit.description,
        type: produit.type,
        superficie: produit.superficie,
        prix_vente: produit.prix_vente,
        caution: produit.caution,
        nombre_chambre: chambres,
        nombre_salon: salons,
        nombre_cuisine: cuisines,
        nombre_toilette: toilettes,
        delais_construction: produit.delais_construction ?? null,
        video_logement: produit.video ?? null,
        created_by: adminId,
        updated_by: adminId,
        // Spread over the last weeks, newest first as listed.
        date_creation: new Date(Date.now() - index * 86_400_000 * 2),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [kind, files] of [
      ['photo', produit.photos],
      ['plan', produit.plans],
    ] as const) {
      for (const [position, file] of files.entries()) {
        const saved = await stored(media, `produits/${id}`, file);
        await trx
          .insertInto('produit_medias')
          .values({ ...saved, produit_id: id, kind, position })
          .execute();
      }
    }
    produitIds.set(produit.titre, id);
  }
  return produitIds;
}
