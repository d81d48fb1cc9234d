import type { View } from '@app/shared';
import { lazy } from 'react';

// One lazy chunk per module; modules still to come share the "coming" page.
const ComingSoonPage = lazy(() => import('../ui/ComingSoonPage.tsx'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage.tsx'));
const ProfilePage = lazy(() => import('../features/auth/ProfilePage.tsx'));
const ProduitsView = lazy(() => import('../features/produits/ProduitsView.tsx'));
const SitesPage = lazy(() => import('../features/sites/SitesPage.tsx'));
const FavorisPage = lazy(() => import('../features/favoris/FavorisPage.tsx'));

/** Page titles of the views (spec 1 §2, spec 2, spec 3). */
export const VIEW_TITLES: Record<View, string> = {
  dashboard: 'Tableau de bord',
  debug: 'Tableau de bord',
  demandes: 'Demandes',
  versements: 'Gestion des Versements',
  depenses: 'Gestion des Dépenses',
  remboursements: 'Remboursements',
  produits: 'Produits',
  favoris: 'Mes Favoris',
  chantiers: 'Chantiers',
  sites: 'Sites',
  personnels: 'Gestion des Personnels',
  membres: 'Membres',
  users: 'Gestion des Utilisateurs',
  entreprise: 'Entreprise',
  profil: 'Mon Profil',
  settings: 'Paramètres',
};

/** The page of a view. */
export function ViewContent({ view }: { view: View }) {
  switch (view) {
    case 'dashboard':
    case 'debug':
      return <DashboardPage />;
    case 'profil':
      return <ProfilePage />;
    case 'produits':
      // The catalogue, or a product's page at /produits/:id.
      return <ProduitsView />;
    case 'sites':
      return <SitesPage />;
    case 'favoris':
      return <FavorisPage />;
    default:
      return <ComingSoonPage title={VIEW_TITLES[view]} />;
  }
}
