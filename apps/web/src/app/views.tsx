import { USERS_PAGE_PATH, type View } from '@app/shared';
import { lazy } from 'react';
import { useLocation } from 'react-router';

// One lazy chunk per module; modules still to come share the "coming" page.
const ComingSoonPage = lazy(() => import('../ui/ComingSoonPage.tsx'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage.tsx'));
const DemandesPage = lazy(() => import('../features/demandes/DemandesPage.tsx'));
const ProfilePage = lazy(() => import('../features/auth/ProfilePage.tsx'));
const ProduitsView = lazy(() => import('../features/produits/ProduitsView.tsx'));
const SitesPage = lazy(() => import('../features/sites/SitesPage.tsx'));
const FavorisPage = lazy(() => import('../features/favoris/FavorisPage.tsx'));
const MembresView = lazy(() => import('../features/membres/MembresView.tsx'));
const PersonnelsPage = lazy(() => import('../features/personnel/PersonnelsPage.tsx'));
const UtilisateursPage = lazy(() => import('../features/utilisateurs/UtilisateursPage.tsx'));

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

/** The spec's own wording of the 'Accès refusé' panel, where it gives one (spec 3 §2.7, §2.10). */
export const VIEW_DENIED_MESSAGES: Partial<Record<View, string>> = {
  membres: "Vous n'avez pas les permissions nécessaires pour accéder à cette page.",
  users: 'Seuls les administrateurs peuvent gérer les utilisateurs.',
  personnels: 'Seuls les administrateurs peuvent gérer le personnel.',
};

/** The staff view holds the user accounts page too, at /personnels/utilisateurs (spec 3 §2.10). */
function PersonnelsOrAccounts() {
  const { pathname } = useLocation();
  return pathname === USERS_PAGE_PATH ? <UtilisateursPage /> : <PersonnelsPage />;
}

/** The page of a view. */
export function ViewContent({ view }: { view: View }) {
  switch (view) {
    case 'dashboard':
    case 'debug':
      return <DashboardPage />;
    case 'demandes':
      return <DemandesPage />;
    case 'profil':
      return <ProfilePage />;
    case 'produits':
      // The catalogue, or a product's page at /produits/:id.
      return <ProduitsView />;
    case 'sites':
      return <SitesPage />;
    case 'favoris':
      return <FavorisPage />;
    case 'membres':
      // The members page for an admin, 'Mes Clients' for a gestionnaire.
      return <MembresView />;
    case 'personnels':
      return <PersonnelsOrAccounts />;
    default:
      return <ComingSoonPage title={VIEW_TITLES[view]} />;
  }
}
