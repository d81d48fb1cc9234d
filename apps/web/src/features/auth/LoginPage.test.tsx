import { DEUX_FACTEURS_MESSAGES, INSCRIPTION_MESSAGES, MESSAGES } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { circuitBreaker, sessionStore } from '../../api/index.ts';
import { ADMIN_PROFILE, mockFetch, PUBLIC_SETTINGS } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import { LoginPage } from './LoginPage.tsx';

beforeEach(() => {
  circuitBreaker.reset();
  sessionStore.clear();
});

describe('LoginPage', () => {
  it("sends identifier and password, and shows the server's message on a 401", async () => {
    const calls = mockFetch(({ url }) => {
      if (url.endsWith('/settings/public')) return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
      return {
        status: 401,
        body: { success: false, message: MESSAGES.badCredentials, code: 'INVALID_CREDENTIALS' },
      };
    });
    const { user } = renderWithProviders(<LoginPage />);

    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail ou code'), 'admin@demo.test');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'mauvais');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.badCredentials);
    const login = calls.find((c) => c.url.endsWith('/personnel-auth/login'));
    expect(login?.method).toBe('POST');
    expect(login?.body).toEqual({ identifier: 'admin@demo.test', password: 'mauvais' });
    expect(sessionStore.getSnapshot().token).toBeNull();
  });

  it('labels the identifier for all it takes and sends a member code as typed', async () => {
    const calls = mockFetch(({ url }) => {
      if (url.endsWith('/settings/public')) return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
      return { status: 401, body: { success: false, message: MESSAGES.badCredentials, code: 'INVALID_CREDENTIALS' } };
    });
    const { user } = renderWithProviders(<LoginPage />);
    const identifier = screen.getByRole('textbox', { name: 'E-mail ou code' });
    expect(identifier).toHaveAccessibleDescription('Ou votre code employé (CHES-…) ou membre (ESV-…)');
    expect(identifier).not.toHaveAttribute('type', 'email');
    await user.type(identifier, 'ESV-2026-00001');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Demo@2026');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await screen.findByRole('alert');
    const login = calls.find((c) => c.url.endsWith('/personnel-auth/login'));
    expect(login?.body).toEqual({ identifier: 'ESV-2026-00001', password: 'Demo@2026' });
  });

  it('requires both fields before calling the server', async () => {
    const calls = mockFetch(() => ({ status: 200, body: { success: true, data: PUBLIC_SETTINGS } }));
    const { user } = renderWithProviders(<LoginPage />);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Veuillez saisir votre identifiant')).toBeInTheDocument();
    expect(screen.getByText('Veuillez saisir votre mot de passe')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/login'))).toBe(false);
  });

  it('explains a network failure', async () => {
    mockFetch(({ url }) => {
      if (url.endsWith('/settings/public')) return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderWithProviders(<LoginPage />);
    await user.type(screen.getByLabelText('E-mail ou code'), 'admin@demo.test');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Demo@2026');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Impossible de se connecter au serveur. Vérifiez votre connexion internet.',
    );
  });

  it('stores the session on success', async () => {
    mockFetch(({ url }) => {
      if (url.endsWith('/settings/public')) return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
      return {
        status: 200,
        body: {
          success: true,
          data: {
            token: 'access',
            refreshToken: 'refresh',
            sessionExpiresAt: '2026-11-22T20:00:00.000Z',
            personnel: ADMIN_PROFILE,
            must_change_password: false,
          },
        },
      };
    });
    const { user } = renderWithProviders(<LoginPage />);
    await user.type(screen.getByLabelText('E-mail ou code'), 'admin@demo.test');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Demo@2026');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(sessionStore.getSnapshot().token).toBe('access'));
    expect(sessionStore.getSnapshot().userData?.profile.prenom).toBe('Serge');
  });

  it('asks an account with two factors for its code after the password, then stores the session', async () => {
    const calls = mockFetch(({ url, body }) => {
      if (url.endsWith('/settings/public')) return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
      if (url.endsWith('/personnel-auth/login')) {
        return { status: 200, body: { success: true, data: { deux_facteurs_requis: true, jeton_2fa: 'jeton-7' } } };
      }
      if ((body as { code?: string }).code !== '654321') {
        return {
          status: 401,
          body: { success: false, message: DEUX_FACTEURS_MESSAGES.codeInvalid, code: 'CODE_2FA_INVALIDE' },
        };
      }
      const personnel = { ...ADMIN_PROFILE, deux_facteurs: true };
      const data = {
        token: 'access',
        refreshToken: 'refresh',
        sessionExpiresAt: '2026-11-22T20:00:00.000Z',
        personnel,
      };
      return { status: 200, body: { success: true, data: { ...data, must_change_password: false } } };
    });
    const { user } = renderWithProviders(<LoginPage />);
    await user.type(screen.getByLabelText('E-mail ou code'), 'admin@demo.test');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Demo@2026');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('heading', { name: 'Vérification en deux étapes' })).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: /Code de vérification/ });
    expect(code).toHaveFocus();
    expect(sessionStore.getSnapshot().token).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('Veuillez saisir le code')).toBeInTheDocument();
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Code incorrect\./);
    await user.clear(code);
    await user.type(code, '654 321');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    await waitFor(() => expect(sessionStore.getSnapshot().token).toBe('access'));
    const verifications = calls.filter((c) => c.url.endsWith('/personnel-auth/2fa/verification'));
    expect(verifications.map((c) => c.body)).toEqual([
      { jeton_2fa: 'jeton-7', code: '111111' },
      { jeton_2fa: 'jeton-7', code: '654321' },
    ]);
  });

  it('goes back to the password, with the reason, when the code step has expired', async () => {
    mockFetch(({ url }) => {
      if (url.endsWith('/settings/public')) return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
      if (url.endsWith('/personnel-auth/login')) {
        return { status: 200, body: { success: true, data: { deux_facteurs_requis: true, jeton_2fa: 'jeton-8' } } };
      }
      return {
        status: 401,
        body: { success: false, message: DEUX_FACTEURS_MESSAGES.challengeExpired, code: 'SESSION_EXPIRED' },
      };
    });
    const { user } = renderWithProviders(<LoginPage />);
    await user.type(screen.getByLabelText('E-mail ou code'), 'admin@demo.test');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Demo@2026');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await user.type(await screen.findByRole('textbox', { name: /Code de vérification/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/^Cette étape de connexion a expiré/);
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveValue('');
  });

  it('spends the e-mailed unlock link once, clears it from the address and shows the answer', async () => {
    window.history.replaceState(null, '', '/#deverrouillage=jeton-42');
    const calls = mockFetch(({ url }) => {
      if (url.endsWith('/settings/public')) return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
      return { status: 200, body: { success: true, message: MESSAGES.accountUnlocked } };
    });
    renderWithProviders(<LoginPage />);
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.accountUnlocked);
    const unlocks = calls.filter((c) => c.url.endsWith('/personnel-auth/unlock'));
    expect(unlocks).toHaveLength(1);
    expect(unlocks[0]?.body).toEqual({ token: 'jeton-42' });
    expect(window.location.hash).toBe('');
  });

  it('says when the unlock link is no longer valid', async () => {
    window.history.replaceState(null, '', '/#deverrouillage=use');
    mockFetch(({ url }) => {
      if (url.endsWith('/settings/public')) return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
      return {
        status: 400,
        body: { success: false, message: MESSAGES.unlockLinkInvalid, code: 'VALIDATION_ERROR' },
      };
    });
    renderWithProviders(<LoginPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.unlockLinkInvalid);
  });

  it('toggles the password visibility with a named button', async () => {
    mockFetch(() => ({ status: 200, body: { success: true, data: PUBLIC_SETTINGS } }));
    const { user } = renderWithProviders(<LoginPage />);
    const input = screen.getByLabelText(/^Mot de passe/);
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Masquer le mot de passe' })).toBeInTheDocument();
  });

  it('opens the four-step registration request form', async () => {
    mockFetch(({ url }) => {
      if (url.endsWith('/settings/public')) return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
      if (url.endsWith('/demandes/public/produits')) return { status: 200, body: { success: true, data: [] } };
      return { status: 404, body: { success: false, message: 'Ressource non trouvée', code: 'NOT_FOUND' } };
    });
    const { user } = renderWithProviders(<LoginPage />);
    await user.click(screen.getByRole('button', { name: 'Pas encore de compte ? Inscrivez-vous' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle Demande d’Inscription' });
    expect(within(dialog).getByText('Étape 1 sur 4')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Informations personnelles' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('creates an account from its own dialog: the fields, the policy, the confirmation, then the answer in a toast', async () => {
    const calls = mockFetch(({ url }) => {
      if (url.endsWith('/settings/public')) return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
      if (url.endsWith('/personnel-auth/register')) {
        return { status: 201, body: { success: true, message: INSCRIPTION_MESSAGES.registered } };
      }
      return { status: 404, body: { success: false, message: 'Ressource non trouvée', code: 'NOT_FOUND' } };
    });
    const { user } = renderWithProviders(<LoginPage />);
    await user.click(screen.getByRole('button', { name: 'Créer un compte pour suivre vos demandes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Créer un compte' });
    await user.click(within(dialog).getByRole('button', { name: 'Créer mon compte' }));
    expect(within(dialog).getByText('Le nom est requis')).toBeInTheDocument();
    expect(within(dialog).getByText('Veuillez confirmer le mot de passe')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Nom/), 'Koné');
    await user.type(within(dialog).getByLabelText(/^Prénoms/), 'Awa Mariam');
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'Awa.Kone@exemple.ci');
    await user.type(within(dialog).getByLabelText(/^Téléphone/), '+225 07 12 34 56 78');
    await user.type(within(dialog).getByLabelText(/^Mot de passe/), 'court');
    await user.type(within(dialog).getByLabelText(/^Confirmer le mot de passe/), 'autre');
    await user.click(within(dialog).getByRole('button', { name: 'Créer mon compte' }));
    expect(within(dialog).getByText(/^Le mot de passe doit contenir au moins/)).toBeInTheDocument();
    expect(within(dialog).getByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/personnel-auth/register'))).toBe(false);

    const password = within(dialog).getByLabelText(/^Mot de passe/);
    await user.clear(password);
    await user.type(password, 'Inscrit@2026');
    const confirm = within(dialog).getByLabelText(/^Confirmer le mot de passe/);
    await user.clear(confirm);
    await user.type(confirm, 'Inscrit@2026');
    await user.click(within(dialog).getByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toastStore.getSnapshot()).toEqual([expect.objectContaining({ message: INSCRIPTION_MESSAGES.registered })]);
    expect(calls.find((c) => c.url.endsWith('/personnel-auth/register'))?.body).toEqual({
      nom: 'Koné',
      prenoms: 'Awa Mariam',
      email: 'awa.kone@exemple.ci',
      telephone: '+225 07 12 34 56 78',
      password: 'Inscrit@2026',
    });
  });

  it('spends the verification link once and says the account may sign in', async () => {
    window.history.replaceState(null, '', '/#verification-email=jeton-7');
    const calls = mockFetch(({ url }) => {
      if (url.endsWith('/settings/public')) return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
      return { status: 200, body: { success: true, message: INSCRIPTION_MESSAGES.verified } };
    });
    renderWithProviders(<LoginPage />);
    expect((await screen.findByRole('status')).textContent).toContain(INSCRIPTION_MESSAGES.verified);
    const verifications = calls.filter((c) => c.url.endsWith('/personnel-auth/verify-email'));
    expect(verifications.map((c) => c.body)).toEqual([{ token: 'jeton-7' }]);
    expect(window.location.hash).toBe('');
  });

  it('offers a new link to an account whose e-mail waits for its verification', async () => {
    const calls = mockFetch(({ url }) => {
      if (url.endsWith('/settings/public')) return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
      if (url.endsWith('/personnel-auth/resend-verification')) {
        return { status: 200, body: { success: true, message: INSCRIPTION_MESSAGES.resent } };
      }
      return {
        status: 403,
        body: { success: false, message: INSCRIPTION_MESSAGES.emailNotVerified, code: 'EMAIL_NON_VERIFIE' },
      };
    });
    const { user } = renderWithProviders(<LoginPage />);
    await user.type(screen.getByLabelText('E-mail ou code'), 'awa.kone@exemple.ci');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Inscrit@2026');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect((await screen.findByRole('alert')).textContent).toContain(INSCRIPTION_MESSAGES.emailNotVerified);
    await user.click(screen.getByRole('button', { name: 'Renvoyer le lien' }));
    expect((await screen.findByRole('status')).textContent).toContain(INSCRIPTION_MESSAGES.resent);
    expect(screen.queryByRole('button', { name: 'Renvoyer le lien' })).not.toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/personnel-auth/resend-verification'))?.body).toEqual({
      email: 'awa.kone@exemple.ci',
    });
  });
});
