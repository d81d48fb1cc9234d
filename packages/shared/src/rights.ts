import { ROLES, type Role, STAFF_ROLES } from './roles.ts';

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
  /** Enrolling in two-factor sign-in (decision 0028). */
  'profile.two_factor': ALL,

  // Dashboard (spec 1 §6)
  'dashboard.view': ALL,
  'dashboard.refresh': ['admin', 'gestionnaire', 'comptable'],
  'dashboard.new_demande': ['admin'],
  'dashboard.activity_versements': ['admin', 'gestionnaire', 'comptable', 'commercial'],
  // GET /dashboard/admin (spec 1 §7): the admin's lists.
  'dashboard.admin': ['admin'],

  // Demandes (spec 1 §2.5, §6)
  // The screen (issue 26): the admin and the gestionnaire decide there, the commercial follows the
  // requests he brought in, a demandeur files and follows his own.
  'demandes.menu': ['admin', 'gestionnaire', 'commercial', 'demandeur'],
  // A commercial reads only the requests he created, a demandeur his own (the queries keep them to them).
  'demandes.read': ['admin', 'gestionnaire', 'commercial', 'demandeur'],
  // Every request, and the count of each status (the sidebar's badge): those who decide them.
  'demandes.read_all': ['admin', 'gestionnaire'],
  'demandes.create': ['admin', 'gestionnaire', 'commercial', 'demandeur'],
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
  // Who created and last changed a site or a product, and the product page's management block:
  // staff information, neither sent to nor shown to members and applicants.
  'catalogue.management_info': ['admin', 'gestionnaire', 'comptable', 'commercial'],

  // Chantiers (spec 2 §6)
  'chantiers.read': ['admin', 'gestionnaire', 'membre'],
  'chantiers.manage': ['admin', 'gestionnaire'],

  // Settings (spec 2 §6; decisions §5: stored on the server, administered by admins)
  'settings.read': ['admin'],
  'settings.update': ['admin'],
  // Each account's own preferences (theme, page size, e-mail notices), from the same screen.
  'preferences.read': ALL,
  'preferences.update': ALL,
  // The header's bell (issue 26): staff are told of the events of their work, each his own.
  'notifications.read': STAFF_ROLES,
  // Backups (issue 24): list, take, download; the admin alone (they hold every member's data and the secret).
  'sauvegardes.manage': ['admin'],
  // The API reference where it is not public (API_DOCS=admin, production's default)
  'api.docs': ['admin'],

  // Versements (spec 3 §6)
  'versements.read': STAFF_AND_MEMBER_PAYMENTS,
  'versements.create': ['gestionnaire', 'membre'],
  'versements.validate': ['gestionnaire', 'comptable'],
  'versements.reject': ['gestionnaire', 'comptable'],
  'versements.delete': ['gestionnaire', 'comptable'],
  // GET /versements/gestionnaire: his clients' payments.
  'versements.gestionnaire': ['gestionnaire'],
  // A validated payment's receipt (issue 15): to whoever sees the payment, in the same scope.
  'recus.read': STAFF_AND_MEMBER_PAYMENTS,
  // A member's statement: to whoever sees his file (membres.detail), his own to a member.
  'releves.read': ['admin', 'gestionnaire', 'membre'],
  'releves.own': ['membre'],

  // Dépenses (spec 3 §6): a member files his own and sees only them; admin and comptable decide.
  'depenses.read': ['admin', 'comptable', 'membre'],
  'depenses.create': ['membre'],
  // While pending, by its filer.
  'depenses.update': ['membre'],
  // Never an approved one: a member his pending ones, admin and comptable pending or rejected ones.
  'depenses.delete': ['admin', 'comptable', 'membre'],
  'depenses.approve': ['admin', 'comptable'],
  'depenses.reject': ['admin', 'comptable'],

  // Remboursements (spec 3 §6): a member for himself; a processor for a member he picks (spec 3 §5),
  // a gestionnaire for his clients.
  'remboursements.read': STAFF_AND_MEMBER_PAYMENTS,
  'remboursements.create': STAFF_AND_MEMBER_PAYMENTS,
  'remboursements.process': ['admin', 'gestionnaire', 'comptable'],
  'remboursements.filter_membre': ['admin', 'gestionnaire', 'comptable'],
  // POST /remboursements/total/{id}: a member leaving the programme gets back all he paid.
  'remboursements.total': ['admin', 'gestionnaire', 'comptable'],
  'remboursements.cancel': STAFF_AND_MEMBER_PAYMENTS,

  // Entreprise: audit and banks (spec 3 §2.4, §6)
  'entreprise.view': ['admin', 'comptable'],
  'audit.read': ['admin', 'comptable'],
  'banques.read': ['admin', 'comptable'],
  'banques.manage': ['admin', 'comptable'],
  // The active banks a payment or expense form offers (name only), to whoever files or decides one.
  'banques.choose': STAFF_AND_MEMBER_PAYMENTS,
  // A bank's statements (issue 27): imported and read by those who keep its ledger.
  'banques.releves': ['admin', 'comptable'],
  // A closed month is reopened only by the admin, an audited act (issue 27).
  'banques.clotures.rouvrir': ['admin'],
  // The accounting journal and the trial balance (issue 27).
  'comptabilite.read': ['admin', 'comptable'],

  // Members (spec 3 §6)
  'membres.read': ['admin', 'gestionnaire'],
  // One member file: admin any, gestionnaire his clients, membre his own (404 otherwise).
  'membres.detail': ['admin', 'gestionnaire', 'membre'],
  // GET /membres/moi: a member's own file (his product, paid total), without knowing its id.
  'membres.own': ['membre'],
  'membres.update': ['admin'],
  'membres.assign': ['admin'],
  'membres.mes_clients': ['gestionnaire'],

  // Schedules and arrears (issue 15): the schedule with the member file's scope; changed by an admin.
  'echeanciers.read': ['admin', 'gestionnaire', 'membre'],
  'echeanciers.update': ['admin'],
  // The 'Retards' screen: all members, or a gestionnaire's clients.
  'retards.read': ['admin', 'gestionnaire', 'comptable'],
  // The reminder e-mails sent to a member, on his file: the member file's scope.
  'rappels.read': ['admin', 'gestionnaire', 'membre'],

  // Staff and accounts (spec 3 §6)
  'personnel.read': ['admin'],
  'personnel.manage': ['admin'],
  'utilisateurs.read': ['admin'],
  'utilisateurs.manage': ['admin'],
  'utilisateurs.reset_password': ['admin'],
  'utilisateurs.reset_two_factor': ['admin'],
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
