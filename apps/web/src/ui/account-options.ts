import { ACCOUNT_STATUTS, type AccountStatut, type PasswordPolicy, ROLE_LABELS, type Role } from '@app/shared';

/** The choices of a filter or a form: value and French label. */
export interface Option<V extends string = string> {
  value: V;
  label: string;
}

const ACCOUNT_STATUT_LABELS: Record<AccountStatut, string> = {
  actif: 'Actif',
  inactif: 'Inactif',
  suspendu: 'Suspendu',
};

export const statutOptions: Option<AccountStatut>[] = ACCOUNT_STATUTS.map((value) => ({
  value,
  label: ACCOUNT_STATUT_LABELS[value],
}));

/** Roles in the given order, with their French labels. */
export function roleOptions<R extends Role>(roles: readonly R[]): Option<R>[] {
  return roles.map((value) => ({ value, label: ROLE_LABELS[value] }));
}

/** A filter's "all" choice, whose value stands for no filter. */
export const ALL = 'tous';

/** A filter's value as a query parameter: null for "all". */
export function filterValue<V extends string>(value: string, allowed: readonly V[]): V | null {
  return (allowed as readonly string[]).includes(value) ? (value as V) : null;
}

/** The spec's password floor (spec 3 §9), for hints until the server's policy is known. */
export const PASSWORD_FLOOR: PasswordPolicy = { passwordMinLength: 6, requireSpecialChars: false };
