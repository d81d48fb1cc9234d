import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ToastStack } from './ToastStack.tsx';
import { toastStore } from './toast-store.ts';

afterEach(() => toastStore.clear());

describe('ToastStack', () => {
  it('titles toasts by type, offers Actualiser on the auth one and clears them all', async () => {
    const { user } = renderWithProviders(<ToastStack />);
    act(() => {
      toastStore.show('network', 'Problème de connexion réseau.');
      toastStore.show('network', 'Problème de connexion réseau.');
      toastStore.show('auth', 'Votre session a expiré. Veuillez vous reconnecter.');
    });
    expect(screen.getAllByText('Problème de connexion réseau.')).toHaveLength(1);
    expect(screen.getByText('Problème de connexion')).toBeInTheDocument();
    expect(screen.getByText('Session expirée')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actualiser' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Effacer toutes les notifications' }));
    expect(screen.queryByText('Session expirée')).not.toBeInTheDocument();
  });

  it('closes one toast with its close button', async () => {
    const { user } = renderWithProviders(<ToastStack />);
    act(() => toastStore.show('general', 'Erreur du serveur. Veuillez réessayer plus tard.'));
    expect(screen.getByText('Erreur')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Effacer toutes les notifications' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fermer la notification' }));
    expect(screen.queryByText('Erreur')).not.toBeInTheDocument();
  });
});
