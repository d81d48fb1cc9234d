import { MESSAGES, type Profile } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { circuitBreaker, STORAGE_KEYS, sessionStore, tokenMonitor } from '../api/index.ts';
import { ADMIN_PROFILE, fakeJwt, mockFetch, PUBLIC_SETTINGS } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { App } from './App.tsx';
import { wireApiEvents } from './api-wiring.ts';
import { maintenanceStore } from './maintenance.ts';

function Probe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function signInAs(profile: Profile) {
  sessionStore.start({
    token: fakeJwt(900),
    refreshToken: 'refresh',
    sessionExpiresAt: new Date(Date.now() + 8 * 3600_000).toISOString(),
    profile,
  });
  return mockFetch(({ url }) => {
    if (url.endsWith('/settings/public')) return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
    if (url.endsWith('/personnel-auth/profile')) return { status: 200, body: { success: true, data: profile } };
    if (url.endsWith('/logout')) return { status: 503, body: { success: false, message: 'indisponible' } };
    return { status: 404, body: { success: false, message: 'Ressource non trouvée' } };
  });
}

const MEMBER: Profile = { ...ADMIN_PROFILE, id: 5, prenom: 'Awa', nom: 'Traoré', role: 'membre' };

beforeEach(() => {
  circuitBreaker.reset();
  sessionStore.clear();
  tokenMonitor.stop();
});

describe('App', () => {
  it('shows the login screen to nobody signed in', async () => {
    mockFetch(() => ({ status: 200, body: { success: true, data: PUBLIC_SETTINGS } }));
    renderWithProviders(<App />);
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
  });

  it('restores a stored session and shows the dashboard with the role and the first name', async () => {
    signInAs(ADMIN_PROFILE);
    renderWithProviders(<App />);
    expect(screen.getByText('Chargement...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Tableau de bord — Administrateur' })).toBeInTheDocument();
    expect(screen.getByText(/Bienvenue, Serge/)).toBeInTheDocument();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Administrateur')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Menu utilisateur' })).toBeInTheDocument();
    expect(screen.getByText(`© ${new Date().getFullYear()} Tous droits réservés`)).toBeInTheDocument();
    expect(tokenMonitor.running).toBe(true);
  });

  it('sends an admin from /users to the accounts page of the staff view', async () => {
    signInAs(ADMIN_PROFILE);
    renderWithProviders(
      <>
        <App />
        <Probe />
      </>,
      { route: '/users' },
    );
    expect(await screen.findByRole('heading', { name: 'Gestion des Utilisateurs' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/personnels/utilisateurs'));
  });

  it('falls back to the dashboard for an unknown path', async () => {
    signInAs(MEMBER);
    renderWithProviders(
      <>
        <App />
        <Probe />
      </>,
      { route: '/nimporte-quoi' },
    );
    expect(await screen.findByRole('heading', { name: 'Tableau de bord — Membre' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it("refuses a view the role may not open with 'Accès refusé'", async () => {
    signInAs(MEMBER);
    renderWithProviders(<App />, { route: '/entreprise' });
    expect(await screen.findByRole('heading', { name: 'Accès refusé' })).toBeInTheDocument();
    expect(screen.getByText(/Seuls les administrateurs et comptables peuvent accéder/)).toBeInTheDocument();
  });

  it('opens the settings to every role, a member with his own preferences only', async () => {
    signInAs(MEMBER);
    renderWithProviders(<App />, { route: '/settings' });
    expect(await screen.findByRole('heading', { name: 'Paramètres' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Accès refusé' })).not.toBeInTheDocument();
  });

  it('shows the maintenance screen on a 503 MAINTENANCE, and Réessayer asks the server again', async () => {
    const unwire = wireApiEvents();
    try {
      sessionStore.start({
        token: fakeJwt(900),
        refreshToken: 'refresh',
        sessionExpiresAt: new Date(Date.now() + 8 * 3600_000).toISOString(),
        profile: MEMBER,
      });
      let maintenance = true;
      mockFetch(({ url }) => {
        if (url.endsWith('/settings/public')) return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
        if (maintenance)
          return { status: 503, body: { success: false, code: 'MAINTENANCE', message: MESSAGES.maintenance } };
        if (url.endsWith('/personnel-auth/profile')) return { status: 200, body: { success: true, data: MEMBER } };
        return { status: 404, body: { success: false, message: 'Ressource non trouvée' } };
      });
      const { user } = renderWithProviders(<App />);
      expect(await screen.findByRole('heading', { name: 'Maintenance en cours' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.maintenance);
      expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).not.toBeInTheDocument();
      maintenance = false;
      await user.click(screen.getByRole('button', { name: 'Réessayer' }));
      expect(await screen.findByRole('heading', { name: 'Tableau de bord — Membre' })).toBeInTheDocument();
    } finally {
      unwire();
      maintenanceStore.set(false);
    }
  });

  it('navigates with the sidebar and marks the active entry', async () => {
    signInAs(MEMBER);
    const { user } = renderWithProviders(<App />);
    await screen.findByRole('heading', { name: 'Tableau de bord — Membre' });
    await user.click(screen.getByRole('link', { name: 'Mon Profil' }));
    expect(await screen.findByRole('heading', { name: 'Awa Traoré' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mon Profil' })).toHaveAttribute('aria-current', 'page');
  });

  it('logs out: the logout call is made and everything stored is cleared even when it fails', async () => {
    const calls = signInAs(MEMBER);
    const { user } = renderWithProviders(<App />, { route: '/profil' });
    await screen.findByRole('heading', { name: 'Awa Traoré' });
    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/personnel-auth/logout') && c.method === 'POST')).toBe(true);
    for (const key of Object.values(STORAGE_KEYS)) expect(window.localStorage.getItem(key)).toBeNull();
    expect(tokenMonitor.running).toBe(false);
  });

  it('shows only the change-password screen while a temporary password is in use', async () => {
    signInAs({ ...MEMBER, must_change_password: true });
    renderWithProviders(<App />);
    expect(await screen.findByRole('heading', { name: 'Changement de mot de passe requis' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Mot de passe actuel/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nouveau mot de passe/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Confirmer le nouveau mot de passe/)).toBeInTheDocument();
  });

  it('shows only the enrolment while two factors are required of the account and it has none', async () => {
    const profile = { ...ADMIN_PROFILE, deux_facteurs_a_activer: true };
    sessionStore.start({
      token: fakeJwt(900),
      refreshToken: 'refresh',
      sessionExpiresAt: new Date(Date.now() + 8 * 3600_000).toISOString(),
      profile,
    });
    const calls = mockFetch(({ url, body }) => {
      if (url.endsWith('/settings/public')) return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
      if (url.endsWith('/personnel-auth/profile')) {
        const enrolled = calls.some((c) => c.url.endsWith('/2fa/activation'));
        const data = enrolled ? { ...profile, deux_facteurs: true, deux_facteurs_a_activer: false } : profile;
        return { status: 200, body: { success: true, data } };
      }
      if (url.endsWith('/2fa/enrolement')) {
        const data = {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/x',
          qr_code: 'data:image/svg+xml;base64,',
        };
        return { status: 200, body: { success: true, data } };
      }
      if (url.endsWith('/2fa/activation') && (body as { code: string }).code === '123456') {
        const codes = Array.from({ length: 10 }, (_, i) => `ABCDEFGH${'JK'[i % 2]}${i % 10}`);
        return { status: 200, body: { success: true, data: { codes_secours: codes } } };
      }
      return { status: 404, body: { success: false, message: 'Ressource non trouvée' } };
    });
    const { user } = renderWithProviders(<App />);
    expect(await screen.findByRole('heading', { name: 'Activer la double authentification' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).not.toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /Code QR à scanner/ })).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Code affiché par l’application/), '123456');
    await user.click(screen.getByRole('button', { name: 'Activer la double authentification' }));
    const list = await screen.findByRole('list', { name: 'Codes de secours' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getByText('ABCDE-FGHJ0')).toBeInTheDocument();
    const done = screen.getByRole('button', { name: 'Terminer' });
    expect(done).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'J’ai mis ces codes en lieu sûr' }));
    await user.click(done);
    expect(await screen.findByRole('heading', { name: 'Tableau de bord — Administrateur' })).toBeInTheDocument();
  });
});
