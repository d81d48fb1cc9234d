import { ROLES, type Role } from './roles.ts';

const ALL = ROLES;
const STAFF_AND_MEMBER_PAYMENTS = ['admin', 'gestionnaire', 'comptable', 'membre'] as const;

/**
 * The capability table: every row of the three spec files' rights tables, for all
 * domains. The API enforces it through the route option `right`, the web app uses it
 * for the sidebar and buttons. Object scope (own rows) is applied in the queries.
 */
export const CAPABILITIES = {
  // Session and profile (spec 1 §6, spec 3 §2.11): everyone acts on their own account.
  'profile.read': ALL,
  'profile.update': ALL,
  'profile.change_password': ALL,

  // Dashboard (spec 1 §6)
  'dashboard.view': ALL,
  'dashboard.refresh': ['admin', 'gestionnaire', 'comptable'],
  'dashboard.new_demande': ['admin'],
  'dashboard.activity_versements': ['admin', 'gestionnaire', 'comptable', 'commercial'],

  // Demandes (spec 1 §2.5, §6)
  'demandes.menu': ['admin'],
  // The list (and its applicants' identities) is the admin's screen; a gestionnaire reads what he may decide.
  'demandes.read': ['admin', 'gestionnaire'],
  'demandes.create': ['admin', 'gestionnaire', 'commercial'],
  'demandes.update': ['admin', 'gestionnaire'],
  'demandes.delete': ['admin'],
  'demandes.validate': ['admin', 'gestionnaire'],
  'demandes.reject': ['admin', 'gestionnaire'],
  'gestionnaires.list_active': ['admin', 'gestionnaire'],

  // Catalogue (spec 2 §6)
  'produits.read': ALL,
  'produits.manage': ['admin', 'gestionnaire'],
  'sites.read': ALL,
  'sites.manage': ['admin', 'gestionnaire'],
  'favoris.manage': ALL,

  // Chantiers (spec 2 §6)
  'chantiers.read': ['admin', 'gestionnaire', 'membre'],
  'chantiers.manage': ['admin', 'gestionnaire'],

  // Settings (spec 2 §6; decisions §5: stored on the server, administered by admins)
  'settings.read': ['admin'],
  'settings.update': ['admin'],
  // The API reference where it is not public (API_DOCS=admin, production's default)
  'api.docs': ['admin'],

  // Versements (spec 3 §6)
  'versements.read': STAFF_AND_MEMBER_PAYMENTS,
  'versements.create': ['gestionnaire', 'membre'],
  'versements.validate': ['gestionnaire', 'comptable'],
  'versements.reject': ['gestionnaire', 'comptable'],
  'versements.delete': ['gestionnaire', 'comptable'],

  // Dépenses (spec 3 §6)
  'depenses.read': ['admin', 'comptable', 'membre'],
  'depenses.create': ['membre'],
  'depenses.approve': ['admin', 'comptable'],
  'depenses.reject': ['admin', 'comptable'],

  // Remboursements (spec 3 §6)
  'remboursements.read': STAFF_AND_MEMBER_PAYMENTS,
  'remboursements.create': ['membre'],
  'remboursements.process': ['admin', 'gestionnaire', 'comptable'],
  'remboursements.filter_membre': ['admin', 'gestionnaire', 'comptable'],
  'remboursements.cancel': STAFF_AND_MEMBER_PAYMENTS,

  // Entreprise: audit and banks (spec 3 §2.4, §6)
  'entreprise.view': ['admin', 'comptable'],
  'audit.read': ['admin', 'comptable'],
  'banques.read': ['admin', 'comptable'],
  'banques.manage': ['admin', 'comptable'],

  // Members (spec 3 §6)
  'membres.read': ['admin', 'gestionnaire'],
  // One member file: admin any, gestionnaire his clients, membre his own (404 otherwise).
  'membres.detail': ['admin', 'gestionnaire', 'membre'],
  'membres.update': ['admin'],
  'membres.assign': ['admin'],
  'membres.mes_clients': ['gestionnaire'],

  // Staff and accounts (spec 3 §6)
  'personnel.read': ['admin'],
  'personnel.manage': ['admin'],
  'utilisateurs.read': ['admin'],
  'utilisateurs.manage': ['admin'],
  'utilisateurs.reset_password': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;

export function can(role: Role | string | null | undefined, capability: Capability): boolean {
  if (!role) return false;
  return (CAPABILITIES[capability] as readonly string[]).includes(role);
}

/** The spec's role check: is the current role among one or several roles (false without a profile). */
export function hasRole(role: Role | string | null | undefined, ...roles: Role[]): boolean {
  return !!role && (roles as string[]).includes(role);
}

/** Views of the shell (spec 1 §2.1), in sidebar order. */
export const VIEWS = [
  'dashboard',
  'demandes',
  'versements',
  'depenses',
  'remboursements',
  'produits',
  'favoris',
  'chantiers',
  'sites',
  'personnels',
  'membres',
  'users',
  'entreprise',
  'profil',
  'settings',
  'debug',
] as const;
export type View = (typeof VIEWS)[number];

export interface NavEntry {
  view: View;
  label: string;
  roles: readonly Role[];
}

/**
 * Sidebar entries and who sees them (spec 1 §2.1). 'favoris' has no roles: it appears
 * for anyone only while they have favourites. 'settings' is reached from the user menu.
 */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { view: 'dashboard', label: 'Tableau de bord', roles: ALL },
  { view: 'demandes', label: 'Demandes', roles: ['admin'] },
  { view: 'versements', label: 'Versements', roles: STAFF_AND_MEMBER_PAYMENTS },
  { view: 'depenses', label: 'Dépenses', roles: ['admin', 'comptable'] },
  { view: 'remboursements', label: 'Remboursements', roles: STAFF_AND_MEMBER_PAYMENTS },
  { view: 'produits', label: 'Produits', roles: ALL },
  { view: 'favoris', label: 'Mes Favoris', roles: [] },
  { view: 'chantiers', label: 'Chantiers', roles: ['admin', 'gestionnaire', 'membre'] },
  { view: 'sites', label: 'Sites', roles: ALL },
  { view: 'personnels', label: 'Personnels', roles: ['admin'] },
  { view: 'membres', label: 'Membres', roles: ['admin', 'gestionnaire'] },
  { view: 'entreprise', label: 'Entreprise', roles: ['admin', 'comptable', 'commercial'] },
  { view: 'profil', label: 'Mon Profil', roles: ALL },
  { view: 'settings', label: 'Paramètres', roles: [] },
];

/** Who may open each view (the page itself may be narrower than the sidebar, e.g. entreprise). */
export const VIEW_ACCESS: Record<View, readonly Role[]> = {
  dashboard: ALL,
  debug: ALL,
  demandes: ['admin'],
  versements: STAFF_AND_MEMBER_PAYMENTS,
  depenses: ['admin', 'comptable'],
  remboursements: STAFF_AND_MEMBER_PAYMENTS,
  produits: ALL,
  favoris: ALL,
  chantiers: ['admin', 'gestionnaire', 'membre'],
  sites: ALL,
  personnels: ['admin'],
  membres: ['admin', 'gestionnaire'],
  users: ['admin'],
  entreprise: ['admin', 'comptable'],
  profil: ALL,
  settings: ['admin'],
};

export function sidebarEntries(role: Role, favorisCount: number): NavEntry[] {
  return NAV_ENTRIES.filter((entry) =>
    entry.view === 'favoris' ? favorisCount > 0 : (entry.roles as readonly string[]).includes(role),
  );
}

/**
 * The view to show for an address path (spec 1 §2.1): first segment; empty or unknown
 * means dashboard; for an admin, users is redirected to personnels.
 */
export function firstPathSegment(pathname: string): string {
  return pathname.replace(/^\/+/, '').split('/')[0] ?? '';
}

export function resolveView(pathname: string, role: Role | null): View {
  const segment = firstPathSegment(pathname);
  const view = (VIEWS as readonly string[]).includes(segment) ? (segment as View) : 'dashboard';
  if (view === 'users' && role === 'admin') return 'personnels';
  return view;
}

/** Where the staff page shows the user accounts (the users view redirects there for an admin). */
export const USERS_PAGE_PATH = '/personnels/utilisateurs';

/**
 * The canonical address for a path, when it differs: an unknown view goes home; an
 * admin's /users goes to the accounts page inside the staff view (spec 1 §2.1).
 */
export function canonicalPath(pathname: string, role: Role | null): string | null {
  const segment = firstPathSegment(pathname);
  const view = resolveView(pathname, role);
  if (!segment || segment === view) return null;
  return segment === 'users' && view === 'personnels' ? USERS_PAGE_PATH : viewPath(view);
}

export function viewPath(view: View): string {
  return view === 'dashboard' ? '/' : `/${view}`;
}
