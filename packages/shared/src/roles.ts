import { z } from 'zod';

export const ROLES = ['admin', 'gestionnaire', 'comptable', 'commercial', 'membre', 'demandeur'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Staff roles sign in to the professional space and have a personnel profile. */
export const STAFF_ROLES = ['admin', 'gestionnaire', 'comptable', 'commercial'] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrateur',
  gestionnaire: 'Gestionnaire',
  comptable: 'Comptable',
  commercial: 'Commercial',
  membre: 'Membre',
  demandeur: 'Demandeur',
};

/** Mantine colour of the role badge. */
export const ROLE_COLORS: Record<Role, string> = {
  admin: 'red',
  gestionnaire: 'blue',
  comptable: 'teal',
  commercial: 'orange',
  membre: 'grape',
  demandeur: 'gray',
};

/** The spec: an unknown role shows its raw value. */
export function roleLabel(role: string): string {
  return (ROLE_LABELS as Record<string, string>)[role] ?? role;
}

export const ACCOUNT_STATUTS = ['actif', 'inactif', 'suspendu'] as const;
export const accountStatutSchema = z.enum(ACCOUNT_STATUTS);
export type AccountStatut = z.infer<typeof accountStatutSchema>;
