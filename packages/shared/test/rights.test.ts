import { describe, expect, it } from 'vitest';
import { CAPABILITIES, can, hasRole } from '../src/rights.ts';
import { ROLES, roleLabel } from '../src/roles.ts';

describe('capability table', () => {
  it('names only the six roles', () => {
    for (const [capability, roles] of Object.entries(CAPABILITIES)) {
      for (const role of roles) expect(ROLES, capability).toContain(role);
    }
  });

  it('follows the spec rights tables', () => {
    expect(ROLES.filter((r) => can(r, 'versements.create'))).toEqual(['gestionnaire', 'membre']);
    expect(ROLES.filter((r) => can(r, 'versements.validate'))).toEqual(['gestionnaire', 'comptable']);
    expect(ROLES.filter((r) => can(r, 'demandes.validate'))).toEqual(['admin', 'gestionnaire']);
    expect(ROLES.filter((r) => can(r, 'demandes.create'))).toEqual([
      'admin',
      'gestionnaire',
      'commercial',
      'demandeur',
    ]);
    expect(ROLES.filter((r) => can(r, 'produits.manage'))).toEqual(['admin', 'gestionnaire']);
    expect(ROLES.filter((r) => can(r, 'produits.read'))).toEqual([...ROLES]);
    expect(ROLES.filter((r) => can(r, 'chantiers.read'))).toEqual(['admin', 'gestionnaire', 'membre']);
    expect(ROLES.filter((r) => can(r, 'audit.read'))).toEqual(['admin', 'comptable']);
    expect(ROLES.filter((r) => can(r, 'depenses.approve'))).toEqual(['admin', 'comptable']);
    // A member for himself; the processors for a member they pick (spec 3 §5, Reimbursement form).
    expect(ROLES.filter((r) => can(r, 'remboursements.create'))).toEqual([
      'admin',
      'gestionnaire',
      'comptable',
      'membre',
    ]);
    expect(ROLES.filter((r) => can(r, 'depenses.create'))).toEqual(['membre']);
    expect(ROLES.filter((r) => can(r, 'remboursements.process'))).toEqual(['admin', 'gestionnaire', 'comptable']);
    expect(ROLES.filter((r) => can(r, 'membres.update'))).toEqual(['admin']);
    expect(ROLES.filter((r) => can(r, 'utilisateurs.manage'))).toEqual(['admin']);
    expect(ROLES.filter((r) => can(r, 'dashboard.refresh'))).toEqual(['admin', 'gestionnaire', 'comptable']);
  });

  it('refuses when there is no role or an unknown one', () => {
    expect(can(null, 'profile.read')).toBe(false);
    expect(can('visiteur', 'produits.read')).toBe(false);
    expect(hasRole(undefined, 'admin')).toBe(false);
    expect(hasRole('comptable', 'admin', 'comptable')).toBe(true);
  });
});

describe('roles', () => {
  it('labels unknown roles with their raw value', () => {
    expect(roleLabel('gestionnaire')).toBe('Gestionnaire');
    expect(roleLabel('stagiaire')).toBe('stagiaire');
  });
});
