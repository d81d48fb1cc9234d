import type { Role } from '@app/shared';

/** Where a request comes from; every audit row records it. A visitor has not signed in. */
export interface Visitor {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Which rows a role reaches (decisions §4): everything, a gestionnaire's clients, or one's own.
 * Repositories turn it into a WHERE clause; nothing else derives it.
 */
export type Scope =
  | { kind: 'all' }
  | { kind: 'clients'; gestionnaireId: number }
  | { kind: 'self'; utilisateurId: number };

/** The signed-in caller, passed first to every service method. `id` is the account's id. */
export interface Caller extends Visitor {
  id: number;
  role: Role;
  sessionId: string;
  mustChangePassword: boolean;
  /** A session opened by a password alone where two factors are required: it may only enrol. */
  mustEnrolTwoFactor: boolean;
  scope: Scope;
}

/** The one place a role's scope is derived. */
export function scopeOf(id: number, role: Role): Scope {
  if (role === 'gestionnaire') return { kind: 'clients', gestionnaireId: id };
  if (role === 'membre' || role === 'demandeur') return { kind: 'self', utilisateurId: id };
  return { kind: 'all' };
}
