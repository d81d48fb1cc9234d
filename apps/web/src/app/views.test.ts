import { ROLES, type Role } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { canOpen, canonicalPath, resolveView, sidebarEntries, VIEWS, type View } from './views.tsx';

const labels = (role: Role, favoris = 0) => sidebarEntries(role, { favoris, demandes: 0 }).map((e) => e.label);

describe('sidebar', () => {
  it('shows each role exactly its entries (spec 1 §2.1)', () => {
    expect(labels('admin')).toEqual([
      'Tableau de bord',
      'Demandes',
      'Versements',
      'Retards',
      'Dépenses',
      'Remboursements',
      'Produits',
      'Chantiers',
      'Sites',
      'Personnels',
      'Membres',
      'Entreprise',
      'Sauvegardes',
      'Mon Profil',
    ]);
    expect(labels('gestionnaire')).toEqual([
      'Tableau de bord',
      'Demandes',
      'Versements',
      'Retards',
      'Remboursements',
      'Produits',
      'Chantiers',
      'Sites',
      'Mes Clients',
      'Mon Profil',
    ]);
    expect(labels('comptable')).toEqual([
      'Tableau de bord',
      'Versements',
      'Retards',
      'Dépenses',
      'Remboursements',
      'Produits',
      'Sites',
      'Entreprise',
      'Mon Profil',
    ]);
    expect(labels('commercial')).toEqual(['Tableau de bord', 'Mes demandes', 'Produits', 'Sites', 'Mon Profil']);
    expect(labels('membre')).toEqual([
      'Tableau de bord',
      'Versements',
      'Mes Dépenses',
      'Remboursements',
      'Produits',
      'Chantiers',
      'Sites',
      'Mon Profil',
    ]);
    expect(labels('demandeur')).toEqual(['Tableau de bord', 'Mes demandes', 'Produits', 'Sites', 'Mon Profil']);
  });

  it('shows Mes Favoris to anyone only while they have favourites, and never Paramètres', () => {
    for (const role of ROLES) {
      expect(labels(role)).not.toContain('Mes Favoris');
      expect(labels(role, 2)).toContain('Mes Favoris');
      expect(labels(role, 2)).not.toContain('Paramètres');
    }
  });

  it('counts on an entry only what is above 0', () => {
    const entry = (demandes: number) =>
      sidebarEntries('admin', { favoris: 0, demandes }).find((e) => e.view === 'demandes');
    expect(entry(4)?.badge).toEqual({ count: 4, what: 'en attente' });
    expect(entry(0)?.badge).toBeUndefined();
  });

  it('offers each sidebar entry only to roles that may open its view', () => {
    for (const role of ROLES) {
      const refused = sidebarEntries(role, { favoris: 1, demandes: 0 }).filter((e) => !canOpen(e.view, role));
      expect(refused.map((e) => e.view)).toEqual([]);
    }
  });
});

describe('navigation by view', () => {
  it('takes the first path segment, falls back to dashboard, redirects admin users to personnels', () => {
    expect(resolveView('/', 'admin')).toBe('dashboard');
    expect(resolveView('', 'membre')).toBe('dashboard');
    expect(resolveView('/versements', 'membre')).toBe('versements');
    expect(resolveView('/produits/12', 'membre')).toBe('produits');
    expect(resolveView('/nimporte-quoi', 'membre')).toBe('dashboard');
    expect(resolveView('/toString', 'membre')).toBe('dashboard');
    expect(resolveView('/users', 'admin')).toBe('personnels');
    expect(resolveView('/users', 'comptable')).toBe('users');
  });

  it('sends an unknown address home and an admin’s /users to the accounts page', () => {
    expect(canonicalPath('/nimporte-quoi', 'membre')).toBe('/');
    expect(canonicalPath('/users', 'admin')).toBe('/personnels/utilisateurs');
    expect(canonicalPath('/users', 'comptable')).toBeNull();
    expect(canonicalPath('/produits/12', 'membre')).toBeNull();
  });

  it('lets only the listed roles open a view', () => {
    expect(canOpen('demandes', 'admin')).toBe(true);
    expect(canOpen('demandes', 'commercial')).toBe(true);
    expect(canOpen('demandes', 'comptable')).toBe(false);
    expect(canOpen('profil', null)).toBe(false);
    for (const view of Object.keys(VIEWS) as View[]) expect(VIEWS[view].roles.length).toBeGreaterThan(0);
  });
});
