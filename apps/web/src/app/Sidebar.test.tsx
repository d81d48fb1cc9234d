import { ROLES } from '@app/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { Sidebar } from './Sidebar.tsx';
import { sidebarEntries } from './views.tsx';

function linkNames() {
  const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.getAttribute('aria-label') ?? link.textContent);
}

describe('Sidebar', () => {
  it('shows exactly the entries of a commercial', () => {
    renderWithProviders(
      <Sidebar userRole="commercial" favorisCount={0} activeView="dashboard" onLogout={() => undefined} />,
    );
    expect(linkNames()).toEqual(['Tableau de bord', 'Mes demandes', 'Produits', 'Sites', 'Mon Profil']);
    for (const name of linkNames()) expect(screen.getByRole('link', { name })).toBeInTheDocument();
  });

  it.each(ROLES)('shows exactly the entries of the %s role, with their addresses', (role) => {
    renderWithProviders(<Sidebar userRole={role} favorisCount={0} activeView="dashboard" onLogout={() => undefined} />);
    const expected = sidebarEntries(role, { favoris: 0, demandes: 0 });
    expect(linkNames()).toEqual(expected.map((e) => e.label));
    expect(screen.getByRole('link', { name: 'Tableau de bord' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Paramètres' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Mes Favoris' })).not.toBeInTheDocument();
  });

  it('shows an admin everything but favourites and settings', () => {
    renderWithProviders(
      <Sidebar userRole="admin" favorisCount={0} activeView="personnels" onLogout={() => undefined} />,
    );
    expect(linkNames()).toEqual([
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
    expect(screen.getByRole('link', { name: 'Personnels' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Personnels' })).toHaveAttribute('href', '/personnels');
  });

  it("shows 'Mes Favoris' with its count while there are favourites", () => {
    renderWithProviders(
      <Sidebar userRole="membre" favorisCount={3} activeView="dashboard" onLogout={() => undefined} />,
    );
    const link = screen.getByRole('link', { name: 'Mes Favoris' });
    expect(link).toHaveTextContent('3');
  });

  it('shows the admin how many demandes wait, on the Demandes entry, and nothing when none does', () => {
    const sidebar = (pending: number) => (
      <Sidebar
        userRole="admin"
        favorisCount={0}
        pendingDemandes={pending}
        activeView="dashboard"
        onLogout={() => undefined}
      />
    );
    const { unmount } = renderWithProviders(sidebar(4));
    const link = screen.getByRole('link', { name: 'Demandes' });
    expect(link).toHaveAccessibleDescription('4 en attente');
    expect(link).toHaveTextContent('4');
    unmount();

    renderWithProviders(sidebar(0));
    expect(screen.getByRole('link', { name: 'Demandes' })).not.toHaveAccessibleDescription();
    expect(screen.getByRole('link', { name: 'Demandes' })).not.toHaveTextContent(/\d/);
  });

  it("names a gestionnaire's members entry 'Mes Clients', the title of his page", () => {
    renderWithProviders(
      <Sidebar userRole="gestionnaire" favorisCount={0} activeView="membres" onLogout={() => undefined} />,
    );
    expect(screen.getByRole('link', { name: 'Mes Clients' })).toHaveAttribute('href', '/membres');
    expect(screen.queryByRole('link', { name: 'Membres' })).not.toBeInTheDocument();
  });

  it('has a logout button', async () => {
    const onLogout = vi.fn();
    const { user } = renderWithProviders(
      <Sidebar userRole="membre" favorisCount={0} activeView="dashboard" onLogout={onLogout} />,
    );
    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });
});
