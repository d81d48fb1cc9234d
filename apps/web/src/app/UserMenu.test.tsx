import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_PROFILE } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { UserMenu } from './UserMenu.tsx';

describe('UserMenu', () => {
  it('offers Mon Profil, Paramètres and Déconnexion, under the name first names first', async () => {
    const onProfile = vi.fn();
    const onSettings = vi.fn();
    const { user } = renderWithProviders(
      <UserMenu profile={ADMIN_PROFILE} onProfile={onProfile} onSettings={onSettings} onLogout={() => undefined} />,
    );
    await user.click(screen.getByRole('button', { name: 'Menu utilisateur' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Mon Profil', 'Paramètres', 'Déconnexion']);
    expect(within(menu).getByText('Serge Konan')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Mon Profil' }));
    expect(onProfile).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Menu utilisateur' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Paramètres' }));
    expect(onSettings).toHaveBeenCalledOnce();
  });
});
