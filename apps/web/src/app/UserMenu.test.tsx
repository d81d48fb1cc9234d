import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_PROFILE } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { UserMenu } from './UserMenu.tsx';

describe('UserMenu', () => {
  it('offers only what works: Mon Profil and Déconnexion, under the name first names first', async () => {
    const onProfile = vi.fn();
    const { user } = renderWithProviders(
      <UserMenu profile={ADMIN_PROFILE} onProfile={onProfile} onLogout={() => undefined} />,
    );
    await user.click(screen.getByRole('button', { name: 'Menu utilisateur' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Mon Profil', 'Déconnexion']);
    expect(within(menu).getByText('Serge Konan')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Mon Profil' }));
    expect(onProfile).toHaveBeenCalledOnce();
  });
});
