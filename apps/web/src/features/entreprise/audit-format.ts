import { AUDIT_ACTION_LABELS, AUDIT_TABLES, type AuditEntry, type AuditStats, fullName } from '@app/shared';
import { type AddressParam, idParam, useListFilters } from '../../ui/use-list-filters.ts';
import { usePageSize } from '../../ui/use-page-size.ts';

/** The journal's tables (AUDIT_TABLES) in French. */
export const AUDIT_TABLE_LABELS: Record<string, string> = {
  utilisateurs: 'Utilisateurs',
  sites: 'Sites',
  chantiers: 'Chantiers',
  personnel: 'Personnels',
  produits: 'Produits',
  demandes: 'Demandes',
  depenses: 'Dépenses',
  banques: 'Banques',
  versements: 'Versements',
  remboursements: 'Remboursements',
  membres: 'Membres',
  echeanciers: 'Échéanciers',
  settings: 'Paramètres',
  preferences: 'Préférences',
  favoris: 'Favoris',
  sessions: 'Sessions',
  releves_bancaires: 'Relevés bancaires',
  rapprochements: 'Rapprochements',
  clotures_bancaires: 'Clôtures bancaires',
  sauvegardes: 'Sauvegardes',
};

export function tableLabel(name: string): string {
  return AUDIT_TABLE_LABELS[name] ?? name;
}

export function actionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** The colour of an action's badge: creations green, changes blue, deletions and failures red. */
export function actionColor(action: string): string {
  if (action === 'created') return 'green';
  if (action === 'deleted' || action === 'LOGIN_FAILED' || action === 'SESSION_REVOKED') return 'red';
  if (action === 'updated') return 'blue';
  return 'gray';
}

export const TABLE_OPTIONS = AUDIT_TABLES.map((value) => ({ value, label: tableLabel(value) }));

export const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }));

/**
 * Who did it: the account's name; with none, a visitor when a request brought it (a failed sign-in,
 * a public form), the system otherwise.
 */
export function auteurText(entry: Pick<AuditEntry, 'user' | 'user_id' | 'ip_address' | 'user_agent'>): string {
  if (entry.user) return fullName(entry.user);
  if (entry.user_id !== null) return `Utilisateur n°\u00a0${entry.user_id}`;
  return entry.ip_address || entry.user_agent ? 'Visiteur' : 'Système';
}

/** One field of an entry's values, as the details show it. */
export interface ValueLine {
  key: string;
  value: string;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return 'vide';
  if (typeof value === 'string') return value === '' ? 'vide' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, null, 2);
}

/**
 * An entry's old or new values: an object reads as its fields (key, value), anything else as
 * formatted JSON; null when there is nothing ('Aucune donnée').
 */
export function valueLines(values: unknown): ValueLine[] | string | null {
  if (values === null || values === undefined) return null;
  if (typeof values === 'object' && !Array.isArray(values)) {
    const entries = Object.entries(values as Record<string, unknown>);
    return entries.length === 0 ? null : entries.map(([key, value]) => ({ key, value: valueText(value) }));
  }
  if (Array.isArray(values) && values.length === 0) return null;
  return JSON.stringify(values, null, 2);
}

/** A calendar date of the address (YYYY-MM-DD); anything else is none. */
function dateParam(key: string): AddressParam<string | null> {
  return {
    key,
    read: (text) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? text : null),
    write: (value) => value,
  };
}

/** A short text of the address (a table or action name); anything longer or odd is none. */
function nameParam(key: string): AddressParam<string | null> {
  return {
    key,
    read: (text) => (text && /^[A-Za-z_]{1,60}$/.test(text) ? text : null),
    write: (value) => value,
  };
}

/** The journal's filters in the address (the tab's own: another tab starts without them). */
const AUDIT_PARAMS = {
  user_id: idParam('utilisateur'),
  table_name: nameParam('table'),
  action: nameParam('action'),
  date_from: dateParam('du'),
  date_to: dateParam('au'),
};

export type AuditFilterChanges = Partial<{
  [K in keyof typeof AUDIT_PARAMS]: (typeof AUDIT_PARAMS)[K] extends AddressParam<infer T> ? T : never;
}>;

/** The journal's filters and page, kept in the address. */
export function useAuditFilters() {
  const { values, page, set, setPage, filtered, clearAll } = useListFilters(AUDIT_PARAMS);
  return { filters: { page, limit: usePageSize(), ...values }, update: set, setPage, filtered, clearAll };
}

/** How many filters the panel holds, for its toggle. */
export function activeFilterCount(filters: Record<keyof typeof AUDIT_PARAMS, unknown>): number {
  return (Object.keys(AUDIT_PARAMS) as (keyof typeof AUDIT_PARAMS)[]).filter((k) => filters[k] !== null).length;
}

/**
 * The users the user filter offers: the most active ones and those of the page shown (no list of
 * accounts is open to a comptable), by name; the chosen one stays, named as the list reads him.
 */
export function userOptions(
  stats: AuditStats | undefined,
  entries: AuditEntry[] | undefined,
  chosen: number | null,
): { value: string; label: string }[] {
  const names = new Map<number, string>();
  for (const u of stats?.most_active_users ?? []) names.set(u.user_id, u.user_name);
  for (const e of entries ?? []) if (e.user) names.set(e.user.id, fullName(e.user));
  if (chosen !== null && !names.has(chosen)) names.set(chosen, `Utilisateur n°\u00a0${chosen}`);
  return [...names.entries()]
    .sort(([, a], [, b]) => a.localeCompare(b, 'fr'))
    .map(([id, label]) => ({ value: String(id), label }));
}
