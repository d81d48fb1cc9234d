import { type ChantierStatut, localIsoDate } from '@app/shared';
import type { Transaction } from 'kysely';
import { insertChantier } from '../../modules/chantiers/chantiers.repository.ts';
import type { DB } from '../schema.ts';

interface DemoChantier {
  nom_chantier: string;
  description: string;
  adresse: string;
  /** The demo site it is on (its city is the chantier's). */
  site: string;
  /** A product of that site, when the works are one house's. */
  produit?: string;
  statut: ChantierStatut;
  /** Planned start and end, in months from today. */
  debut: number;
  fin: number;
  budget_prevu: number;
  budget_utilise: number;
  pourcentage_avancement?: number;
}

/** Chantiers in the five statuses across the demo sites; two run past their planned end. */
const CHANTIERS: DemoChantier[] = [
  {
    nom_chantier: 'Villa Premium — gros œuvre',
    description: 'Fondations, élévation des murs et dalle de la villa.',
    adresse: 'Lot 12, Riviera Palmeraie',
    site: 'Résidence Les Palmiers',
    produit: 'Villa Premium',
    statut: 'en_cours',
    debut: -5,
    fin: 3,
    budget_prevu: 38_000_000,
    budget_utilise: 21_500_000,
  },
  {
    nom_chantier: 'Voirie et réseaux de la Cité Lagune Verte',
    description: 'Voies d’accès, caniveaux, adduction d’eau et raccordement électrique des lots.',
    adresse: 'Route de Bingerville, PK 7',
    site: 'Cité Lagune Verte',
    statut: 'en_cours',
    debut: -9,
    fin: -1,
    budget_prevu: 120_000_000,
    budget_utilise: 104_000_000,
    pourcentage_avancement: 82,
  },
  {
    nom_chantier: 'Clôture du Domaine Océan',
    description: 'Mur de clôture et portail du domaine.',
    adresse: 'Quartier France, Grand-Bassam',
    site: 'Domaine Océan',
    statut: 'en_cours',
    debut: -4,
    fin: -0.5,
    budget_prevu: 18_500_000,
    budget_utilise: 15_200_000,
  },
  {
    nom_chantier: 'Forage et château d’eau',
    description: 'Forage de 80 m, pompe solaire et château d’eau de 20 m³.',
    adresse: 'Domaine Océan, parcelle technique',
    site: 'Domaine Océan',
    statut: 'termine',
    debut: -11,
    fin: -6,
    budget_prevu: 24_000_000,
    budget_utilise: 23_100_000,
  },
  {
    nom_chantier: 'Maison témoin des Jardins de la Capitale',
    description: 'Maison de démonstration pour les visites des futurs membres.',
    adresse: 'Quartier Habitat, Yamoussoukro',
    site: 'Les Jardins de la Capitale',
    statut: 'termine',
    debut: -14,
    fin: -8,
    budget_prevu: 31_000_000,
    budget_utilise: 32_400_000,
  },
  {
    nom_chantier: 'Aménagement paysager',
    description: 'Espaces verts, éclairage public et aire de jeux.',
    adresse: 'Riviera Palmeraie, parc central',
    site: 'Résidence Les Palmiers',
    statut: 'planifie',
    debut: 2,
    fin: 7,
    budget_prevu: 14_000_000,
    budget_utilise: 0,
  },
  {
    nom_chantier: 'Lotissement phase 2 du Port',
    description: 'Bornage et viabilisation de la deuxième tranche de lots.',
    adresse: 'Zone portuaire, San-Pédro',
    site: 'Résidence du Port',
    statut: 'planifie',
    debut: 1,
    fin: 10,
    budget_prevu: 65_000_000,
    budget_utilise: 0,
  },
  {
    nom_chantier: 'Salle polyvalente de la Cité',
    description: 'Salle de réunion des membres, en attente du permis modificatif.',
    adresse: 'Cité Lagune Verte, îlot 4',
    site: 'Cité Lagune Verte',
    statut: 'suspendu',
    debut: -6,
    fin: 4,
    budget_prevu: 27_000_000,
    budget_utilise: 6_300_000,
  },
  {
    nom_chantier: 'Guérite d’entrée du Port',
    description: 'Abandonné : la mairie a repris l’accès du lotissement.',
    adresse: 'Entrée nord, San-Pédro',
    site: 'Résidence du Port',
    statut: 'annule',
    debut: -3,
    fin: 2,
    budget_prevu: 4_500_000,
    budget_utilise: 350_000,
  },
  {
    nom_chantier: 'Réhabilitation du bassin de rétention',
    description: 'Curage et renforcement des berges avant la saison des pluies.',
    adresse: 'Les Jardins de la Capitale, zone basse',
    site: 'Les Jardins de la Capitale',
    statut: 'en_cours',
    debut: -1,
    fin: 2,
    budget_prevu: 9_800_000,
    budget_utilise: 2_100_000,
  },
];

/**
 * The demo chantiers, on the demo sites, with the gestionnaire responsible: the real dates are
 * those a status change would have stamped (started ones at their planned start, finished ones
 * at their planned end).
 */
export async function seedChantiers(trx: Transaction<DB>, people: { admin: number; gestionnaire: number }) {
  const sites = new Map(
    (await trx.selectFrom('sites').select(['id', 'nom_site', 'ville_site']).execute()).map((s) => [s.nom_site, s]),
  );
  const produits = new Map(
    (await trx.selectFrom('produits').select(['id', 'titre', 'site_id']).execute()).map((p) => [p.titre, p]),
  );
  const today = new Date();
  const monthsFromNow = (months: number) =>
    localIsoDate(
      new Date(
        today.getFullYear(),
        today.getMonth() + Math.trunc(months),
        today.getDate() + Math.round((months % 1) * 30),
      ),
    );
  for (const [index, c] of CHANTIERS.entries()) {
    const site = sites.get(c.site);
    if (!site) throw new Error(`site de démo introuvable : ${c.site}`);
    const produit = c.produit ? produits.get(c.produit) : undefined;
    const date_debut = monthsFromNow(c.debut);
    const date_fin_prevue = monthsFromNow(c.fin);
    const started = c.statut !== 'planifie' && c.debut < 0;
    await insertChantier(trx, {
      nom_chantier: c.nom_chantier,
      description: c.description,
      adresse: c.adresse,
      ville: site.ville_site,
      pays: 'Côte d’Ivoire',
      date_debut,
      date_fin_prevue,
      date_debut_reelle: started ? date_debut : null,
      date_fin_reelle: c.statut === 'termine' ? date_fin_prevue : null,
      statut: c.statut,
      budget_prevu: c.budget_prevu,
      budget_utilise: c.budget_utilise,
      pourcentage_avancement: c.statut === 'termine' ? 100 : (c.pourcentage_avancement ?? null),
      responsable_id: people.gestionnaire,
      site_id: site.id,
      produit_id: produit?.id ?? null,
      created_by: index % 2 === 0 ? people.admin : people.gestionnaire,
      updated_by: people.gestionnaire,
      date_creation: new Date(`${date_debut}T08:00:00Z`),
    });
  }
}
