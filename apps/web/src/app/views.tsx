import { can, ROLES, type Role } from '@app/shared';
import {
  IconBuilding,
  IconBuildingEstate,
  IconCash,
  IconClockExclamation,
  IconCrane,
  IconDatabase,
  IconFileText,
  IconHeart,
  IconLayoutDashboard,
  IconMapPin,
  IconReceipt,
  IconReceiptRefund,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type ComponentType, lazy } from 'react';
import { useLocation } from 'react-router';

const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage.tsx'));
const PersonnelsPage = lazy(() => import('../features/personnel/PersonnelsPage.tsx'));
const UtilisateursPage = lazy(() => import('../features/utilisateurs/UtilisateursPage.tsx'));

const ALL = ROLES;
const PAYMENTS = ['admin', 'gestionnaire', 'comptable', 'membre'] as const;

/** What a sidebar entry counts (the shell passes the numbers). */
export type NavCounter = 'favoris' | 'demandes';

export interface ViewEntry {
  /** The page's title (the tab's title). */
  title: string;
  /** Who may open the view; the others get 'Accès refusé'. */
  roles: readonly Role[];
  /** The page: one lazy chunk per view. */
  page: ComponentType;
  /** The spec's own wording of the 'Accès refusé' panel, where it gives one (spec 3 §2.7, §2.10). */
  denied?: string;
  /** Its sidebar entry (spec 1 §2.1), in the order of this list; absent: not in the sidebar. */
  nav?: {
    label: string;
    icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
    /** A role's own name for the entry, the title of the page that role sees there. */
    roleLabels?: Partial<Record<Role, string>>;
    /** A count on the entry and, read after its name, what it counts; `hiddenAtZero`: no entry without one. */
    badge?: { counter: NavCounter; what: string; hiddenAtZero?: boolean };
  };
  /** The sidebar entry marked while this view shows, when it has none of its own. */
  navAs?: string;
}

/**
 * The views of the shell, one entry each: the key is the first segment of the view's address
 * (the dashboard's is '/'). Adding a screen is adding its entry here (docs/decisions/0007).
 */
export const VIEWS = defineViews({
  dashboard: {
    title: 'Tableau de bord',
    roles: ALL,
    page: DashboardPage,
    nav: { label: 'Tableau de bord', icon: IconLayoutDashboard },
  },
  demandes: {
    title: 'Demandes',
    // The admin and the gestionnaire decide there; the commercial follows the requests he brought
    // in, a demandeur files and follows his own.
    roles: ROLES.filter((role) => can(role, 'demandes.menu')),
    page: lazy(() => import('../features/demandes/DemandesPage.tsx')),
    nav: {
      label: 'Demandes',
      icon: IconFileText,
      roleLabels: { commercial: 'Mes demandes', demandeur: 'Mes demandes' },
      badge: { counter: 'demandes', what: 'en attente' },
    },
  },
  versements: {
    title: 'Gestion des Versements',
    roles: PAYMENTS,
    page: lazy(() => import('../features/versements/VersementsPage.tsx')),
    nav: { label: 'Versements', icon: IconCash },
  },
  retards: {
    title: 'Retards de paiement',
    roles: ROLES.filter((role) => can(role, 'retards.read')),
    page: lazy(() => import('../features/retards/RetardsPage.tsx')),
    nav: { label: 'Retards', icon: IconClockExclamation },
  },
  depenses: {
    title: 'Gestion des Dépenses',
    // A member files and follows his own expenses there ('Mes Dépenses'), where the spec's own
    // 'Nouvelle Dépense' button for members lives; the server keeps him to his own.
    roles: ['admin', 'comptable', 'membre'],
    page: lazy(() => import('../features/depenses/DepensesPage.tsx')),
    nav: { label: 'Dépenses', icon: IconReceipt, roleLabels: { membre: 'Mes Dépenses' } },
  },
  remboursements: {
    title: 'Remboursements',
    roles: PAYMENTS,
    nav: { label: 'Remboursements', icon: IconReceiptRefund },
    page: lazy(() => import('../features/remboursements/RemboursementsPage.tsx')),
  },
  produits: {
    title: 'Produits',
    roles: ALL,
    // The catalogue, or a product's page at /produits/:id.
    page: lazy(() => import('../features/produits/ProduitsView.tsx')),
    nav: { label: 'Produits', icon: IconBuildingEstate },
  },
  favoris: {
    title: 'Mes Favoris',
    roles: ALL,
    page: lazy(() => import('../features/favoris/FavorisPage.tsx')),
    // For anyone, only while they have favourites (decisions §5).
    nav: { label: 'Mes Favoris', icon: IconHeart, badge: { counter: 'favoris', what: 'favoris', hiddenAtZero: true } },
  },
  chantiers: {
    title: 'Chantiers',
    roles: ['admin', 'gestionnaire', 'membre'],
    page: lazy(() => import('../features/chantiers/ChantiersPage.tsx')),
    nav: { label: 'Chantiers', icon: IconCrane },
  },
  sites: {
    title: 'Sites',
    roles: ALL,
    page: lazy(() => import('../features/sites/SitesPage.tsx')),
    nav: { label: 'Sites', icon: IconMapPin },
  },
  personnels: {
    title: 'Gestion des Personnels',
    roles: ['admin'],
    page: PersonnelsOrAccounts,
    denied: 'Seuls les administrateurs peuvent gérer le personnel.',
    nav: { label: 'Personnels', icon: IconUsersGroup },
  },
  membres: {
    title: 'Membres',
    roles: ['admin', 'gestionnaire'],
    // The members page for an admin, 'Mes Clients' for a gestionnaire (spec 3 §2.7, §2.8).
    page: lazy(() => import('../features/membres/MembresView.tsx')),
    denied: 'Vous n’avez pas les permissions nécessaires pour accéder à cette page.',
    nav: { label: 'Membres', icon: IconUsers, roleLabels: { gestionnaire: 'Mes Clients' } },
  },
  // An admin's /users is the accounts page of the staff view (see canonicalPath).
  users: {
    title: 'Gestion des Utilisateurs',
    roles: ['admin'],
    page: UtilisateursPage,
    denied: 'Seuls les administrateurs peuvent gérer les utilisateurs.',
  },
  entreprise: {
    title: 'Entreprise',
    roles: ['admin', 'comptable'],
    page: lazy(() => import('../features/entreprise/EntreprisePage.tsx')),
    denied:
      'Vous n’avez pas les permissions nécessaires pour accéder à cette page. Seuls les administrateurs et comptables peuvent accéder aux fonctionnalités d’entreprise.',
    // The spec's sidebar offered it to the commercial too, whose page then refused (issue 26: no more).
    nav: { label: 'Entreprise', icon: IconBuilding },
  },
  // Beside the company's audit journal: the backups of its data (issue 24), an admin's only.
  sauvegardes: {
    title: 'Sauvegardes',
    roles: ROLES.filter((role) => can(role, 'sauvegardes.manage')),
    page: lazy(() => import('../features/sauvegardes/SauvegardesPage.tsx')),
    denied: 'Seuls les administrateurs peuvent gérer les sauvegardes.',
    nav: { label: 'Sauvegardes', icon: IconDatabase },
  },
  profil: {
    title: 'Mon Profil',
    roles: ALL,
    page: lazy(() => import('../features/auth/ProfilePage.tsx')),
    nav: { label: 'Mon Profil', icon: IconUserCircle },
  },
  // Reached from the user menu, by every role (its own preferences; the company's for an admin); not in the sidebar (spec 2 §6).
  settings: {
    title: 'Paramètres',
    roles: ALL,
    page: lazy(() => import('../features/settings/SettingsPage.tsx')),
  },
  debug: { title: 'Tableau de bord', roles: ALL, page: DashboardPage, navAs: 'dashboard' },
});

export type View = keyof typeof VIEWS;

function defineViews<K extends string>(views: Record<K, ViewEntry>): Record<K, ViewEntry> {
  return views;
}

/** The staff view holds the user accounts page too, at /personnels/utilisateurs (spec 3 §2.10). */
export const USERS_PAGE_PATH = '/personnels/utilisateurs';

function PersonnelsOrAccounts() {
  const { pathname } = useLocation();
  return pathname === USERS_PAGE_PATH ? <UtilisateursPage /> : <PersonnelsPage />;
}

export function viewPath(view: View): string {
  return view === 'dashboard' ? '/' : `/${view}`;
}

export function canOpen(view: View, role: Role | null): boolean {
  return !!role && VIEWS[view].roles.includes(role);
}

function isView(segment: string): segment is View {
  return Object.hasOwn(VIEWS, segment);
}

function firstPathSegment(pathname: string): string {
  return pathname.replace(/^\/+/, '').split('/')[0] ?? '';
}

/**
 * The view to show for an address path (spec 1 §2.1): its first segment; empty or unknown means
 * the dashboard; an admin's users view is the staff view.
 */
export function resolveView(pathname: string, role: Role | null): View {
  const segment = firstPathSegment(pathname);
  const view = isView(segment) ? segment : 'dashboard';
  return view === 'users' && role === 'admin' ? 'personnels' : view;
}

/** The canonical address of a path, when it differs: an unknown view goes home; an admin's /users goes to the accounts page. */
export function canonicalPath(pathname: string, role: Role | null): string | null {
  const segment = firstPathSegment(pathname);
  const view = resolveView(pathname, role);
  if (!segment || segment === view) return null;
  return segment === 'users' && view === 'personnels' ? USERS_PAGE_PATH : viewPath(view);
}

export interface SidebarEntry {
  view: View;
  label: string;
  icon: NonNullable<ViewEntry['nav']>['icon'];
  badge?: { count: number; what: string };
}

/** A role's sidebar (spec 1 §2.1), in the registry's order, with each entry's count. */
export function sidebarEntries(role: Role, counts: Record<NavCounter, number>): SidebarEntry[] {
  return (Object.keys(VIEWS) as View[]).flatMap((view) => {
    const { roles, nav } = VIEWS[view];
    if (!nav || !roles.includes(role)) return [];
    const count = nav.badge ? counts[nav.badge.counter] : 0;
    if (nav.badge?.hiddenAtZero && count === 0) return [];
    return [
      {
        view,
        label: nav.roleLabels?.[role] ?? nav.label,
        icon: nav.icon,
        badge: nav.badge && count > 0 ? { count, what: nav.badge.what } : undefined,
      },
    ];
  });
}

/** The page of a view. */
export function ViewContent({ view }: { view: View }) {
  const { page: Page } = VIEWS[view];
  return <Page />;
}
