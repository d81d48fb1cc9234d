import { MESSAGES } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { circuitBreaker, sessionStore } from '../../api/index.ts';
import { ADMIN_PROFILE, mockFetch, PUBLIC_SETTINGS } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import ProfilePage from './ProfilePage.tsx';

const MEMBER = {
  ...ADMIN_PROFILE,
  id: 5,
  email: 'membre@demo.test',
  prenom: 'Awa',
  nom: 'Traoré',
  telephone: null,
  role: 'membre' as const,
};

beforeEach(() => {
  circuitBreaker.reset();
  sessionStore.start({
    token: 'access',
    refreshToken: 'refresh',
    sessionExpiresAt: '2026-11-22T20:00:00.000Z',
    profile: MEMBER,
  });
});

function serve(profile = MEMBER) {
  return mockFetch(({ url, method, body }) => {
    if (url.endsWith('/settings/public')) return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
    if (url.endsWith('/personnel-auth/profile') && method === 'PUT') {
      const update = body as Record<string, unknown>;
      if (update.email === 'pris@demo.test') {
        return {
          status: 409,
          body: {
            success: false,
            message: MESSAGES.emailTaken,
            code: 'CONFLICT',
            errors: { email: MESSAGES.emailTaken },
          },
        };
      }
      return {
        status: 200,
        body: {
          success: true,
          data: { ...profile, ...update, updated_at: '2026-11-22T12:00:00.000Z' },
          message: MESSAGES.profileSaved,
        },
      };
    }
    if (url.endsWith('/personnel-auth/profile')) return { status: 200, body: { success: true, data: profile } };
    return { status: 404, body: { success: false, message: 'Ressource non trouvée' } };
  });
}

describe('ProfilePage', () => {
  it('renders the real fields and nothing invented', async () => {
    serve();
    renderWithProviders(<ProfilePage />);
    expect(await screen.findByRole('heading', { name: 'Awa Traoré' })).toBeInTheDocument();
    expect(screen.getByText('AT')).toBeInTheDocument();
    expect(screen.getAllByText('Membre').length).toBeGreaterThan(0);
    const contact = screen.getByRole('region', { name: 'Contact rapide' });
    expect(within(contact).getByText('membre@demo.test')).toBeInTheDocument();
    expect(within(contact).getByText('Non renseigné')).toBeInTheDocument();
    const account = screen.getByRole('region', { name: 'Informations du compte' });
    expect(within(account).getByText('Inscrit depuis')).toBeInTheDocument();
    expect(within(account).getByText('jeudi 15 janvier 2026')).toBeInTheDocument();
    expect(within(account).getByText('Dernière mise à jour')).toBeInTheDocument();
    expect(within(account).getByText('vendredi 20 novembre 2026')).toBeInTheDocument();
    const security = screen.getByRole('region', { name: 'Sécurité du compte' });
    expect(within(security).getByText('lundi 2 mars 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modifier le profil' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Changer mot de passe' })).toBeInTheDocument();

    const text = document.body.textContent ?? '';
    for (const invented of ['Dakar', 'Sénégal', 'Lun-Ven', '8h-17h', 'il y a 30 jours']) {
      expect(text).not.toContain(invented);
    }
  });

  it('saves the edit with PUT (telephone null when empty) and shows the new values', async () => {
    const calls = serve();
    const { user } = renderWithProviders(<ProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Modifier le profil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le profil' });
    expect(within(dialog).getByLabelText('Rôle')).toBeDisabled();
    expect(
      within(dialog).getByText('Le rôle ne peut pas être modifié. Contactez un administrateur si nécessaire.'),
    ).toBeInTheDocument();
    const prenom = within(dialog).getByLabelText(/Prénom/);
    await user.clear(prenom);
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByText('Le prénom est requis')).toBeInTheDocument();
    await user.type(prenom, 'Aminata');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByRole('heading', { name: 'Aminata Traoré' })).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ prenom: 'Aminata', nom: 'Traoré', email: 'membre@demo.test', telephone: null });
    await waitFor(() => expect(sessionStore.getSnapshot().userData?.profile.prenom).toBe('Aminata'));
  });

  it('shows a taken e-mail under the field', async () => {
    serve();
    const { user } = renderWithProviders(<ProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Modifier le profil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le profil' });
    const email = within(dialog).getByLabelText(/Adresse e-mail/);
    await user.clear(email);
    await user.type(email, 'pris@demo.test');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(MESSAGES.emailTaken)).toBeInTheDocument();
  });

  it("shows the server's field errors of a password change under the fields", async () => {
    mockFetch(({ url }) => {
      if (url.endsWith('/settings/public')) return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
      if (url.endsWith('/change-password')) {
        return {
          status: 400,
          body: {
            success: false,
            message: MESSAGES.currentPasswordWrong,
            code: 'VALIDATION_ERROR',
            errors: { currentPassword: MESSAGES.currentPasswordWrong },
          },
        };
      }
      return { status: 200, body: { success: true, data: MEMBER } };
    });
    const { user } = renderWithProviders(<ProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Changer mot de passe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer mot de passe' });
    expect(
      await within(dialog).findByText('Au moins 8 caractères, dont au moins un caractère spécial.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Mot de passe actuel/), 'faux');
    await user.type(within(dialog).getByLabelText(/^Nouveau mot de passe/), 'Nouveau@2026');
    await user.type(within(dialog).getByLabelText(/^Confirmer le nouveau mot de passe/), 'Nouveau@2026');
    await user.click(within(dialog).getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await within(dialog).findByText(MESSAGES.currentPasswordWrong)).toBeInTheDocument();
  });
});
