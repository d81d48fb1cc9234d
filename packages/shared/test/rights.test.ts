import { describe, expect, it } from 'vitest';
import { CAPABILITIES, can, hasRole, resolveView, sidebarEntries, VIEW_ACCESS, VIEWS } from '../src/rights.ts';
import { ROLES, roleLabel } from '../src/roles.ts';

const labels = (role: (typeof ROLES)[number], favoris = 0) => sidebarEntries(role, favoris).map((e) => e.label);

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
    expect(ROLES.filter((r) => can(r, 'demandes.create'))).toEqual(['admin', 'gestionnaire', 'commercial']);
    expect(ROLES.filter((r) => can(r, 'produits.manage'))).toEqual(['admin', 'gestionnaire']);
    expect(ROLES.filter((r) => can(r, 'produits.read'))).toEqual([...ROLES]);
    expect(ROLES.filter((r) => can(r, 'chantiers.read'))).toEqual(['admin', 'gestionnaire', 'membre']);
    expect(ROLES.filter((r) => can(r, 'audit.read'))).toEqual(['admin', 'comptable']);
    expect(ROLES.filter((r) => can(r, 'depenses.approve'))).toEqual(['admin', 'comptable']);
    expect(ROLES.filter((r) => can(r, 'remboursements.create'))).toEqual(['membre']);
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

describe('sidebar', () => {
  it('shows each role exactly its entries (spec 1 §2.1)', () => {
    expect(labels('admin')).toEqual([
      'Tableau de bord',
      'Demandes',
      'Versements',
      'Dépenses',
      'Remboursements',
      'Produits',
      'Chantiers',
      'Sites',
      'Personnels',
      'Membres',
      'Entreprise',
      'Mon Profil',
    ]);
    expect(labels('gestionnaire')).toEqual([
      'Tableau de bord',
      'Versements',
      'Remboursements',
      'Produits',
      'Chantiers',
      'Sites',
      'Membres',
      'Mon Profil',
    ]);
    expect(labels('comptable')).toEqual([
      'Tableau de bord',
      'Versements',
      'Dépenses',
      'Remboursements',
      'Produits',
      'Sites',
      'Entreprise',
      'Mon Profil',
    ]);
    expect(labels('commercial')).toEqual(['Tableau de bord', 'Produits', 'Sites', 'Entreprise', 'Mon Profil']);
    expect(labels('membre')).toEqual([
      'Tableau de bord',
      'Versements',
      'Remboursements',
      'Produits',
      'Chantiers',
      'Sites',
      'Mon Profil',
    ]);
    expect(labels('demandeur')).toEqual(['Tableau de bord', 'Produits', 'Sites', 'Mon Profil']);
  });

  it('shows Mes Favoris to anyone only while they have favourites, and never Paramètres', () => {
    for (const role of ROLES) {
      expect(labels(role)).not.toContain('Mes Favoris');
      expect(labels(role, 2)).toContain('Mes Favoris');
      expect(labels(role, 2)).not.toContain('Paramètres');
    }
  });

  it('gives every view an access list', () => {
    for (const view of VIEWS) expect(VIEW_ACCESS[view]).toBeDefined();
  });
});

describe('navigation by view', () => {
  it('takes the first path segment, falls back to dashboard, redirects admin users to personnels', () => {
    expect(resolveView('/', 'admin')).toBe('dashboard');
    expect(resolveView('', 'membre')).toBe('dashboard');
    expect(resolveView('/versements', 'membre')).toBe('versements');
    expect(resolveView('/produits/12', 'membre')).toBe('produits');
    expect(resolveView('/nimporte-quoi', 'membre')).toBe('dashboard');
    expect(resolveView('/users', 'admin')).toBe('personnels');
    expect(resolveView('/users', 'comptable')).toBe('users');
  });

  it('labels unknown roles with their raw value', () => {
    expect(roleLabel('gestionnaire')).toBe('Gestionnaire');
    expect(roleLabel('stagiaire')).toBe('stagiaire');
  });
});
