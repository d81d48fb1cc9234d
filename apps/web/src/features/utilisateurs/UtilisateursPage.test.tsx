import { PEOPLE_MESSAGES, type Utilisateur } from '@app/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { circuitBreaker, sessionStore } from '../../api/index.ts';
import { ADMIN_PROFILE, mockFetch, PUBLIC_SETTINGS, type RecordedCall, type Responder } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import UtilisateursPage from './UtilisateursPage.tsx';

beforeEach(() => {
  circuitBreaker.reset();
  sessionStore.start({
    token: 'access',
    refreshToken: 'refresh',
    sessionExpiresAt: '2026-11-22T20:00:00.000Z',
    profile: ADMIN_PROFILE,
  });
});

afterEach(() => act(() => toastStore.clear()));

function makeUtilisateur(id: number, prenom: string, nom: string, overrides: Partial<Utilisateur> = {}): Utilisateur {
  return {
    id,
    nom,
    prenom,
    email: `${prenom.toLowerCase()}@demo.test`,
    telephone: null,
    photo_profil: null,
    role: 'demandeur',
    statut: 'actif',
    code: null,
    must_change_password: false,
    deux_facteurs: false,
    date_derniere_connexion: '2026-11-20T10:30:00.000Z',
    created_by: 1,
    updated_by: 1,
    created_at: '2026-01-15T09:00:00.000Z',
    updated_at: '2026-01-15T09:00:00.000Z',
    ...overrides,
  };
}

const USERS = [
  makeUtilisateur(3, 'Awa', 'Bamba', { role: 'gestionnaire', code: 'CHES-GES-000002' }),
  makeUtilisateur(5, 'Koffi', 'Kouakou', { role: 'membre', code: 'ESV-2026-00001', statut: 'inactif' }),
  makeUtilisateur(6, 'Hervé', 'Zadi', { role: 'commercial', statut: 'suspendu', date_derniere_connexion: null }),
  makeUtilisateur(7, 'Didier', 'Yao', { deux_facteurs: true }),
];

const STATS = {
  total: 48,
  actifs: 40,
  inactifs: 5,
  suspendus: 3,
  par_role: { admin: 2, gestionnaire: 4, comptable: 3, commercial: 4, membre: 32, demandeur: 3 },
};

/** The accounts API; `override` answers first when it returns something. */
function serve(override?: (call: RecordedCall) => Awaited<ReturnType<Responder>> | undefined) {
  return mockFetch(async (call) => {
    const answer = override?.(call);
    if (answer) return answer;
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/settings/public') return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
    if (url.pathname === '/api/utilisateurs/stats') return { status: 200, body: { success: true, data: STATS } };
    if (url.pathname === '/api/utilisateurs' && call.method === 'GET') {
      const page = Number(url.searchParams.get('page'));
      return {
        status: 200,
        body: { success: true, data: USERS, pagination: { page, limit: 20, total: 48, totalPages: 3 } },
      };
    }
    if (url.pathname === '/api/utilisateurs' && call.method === 'POST') {
      return { status: 201, body: { success: true, data: makeUtilisateur(9, 'Mariam', 'Traoré') } };
    }
    const action = url.pathname.match(/^\/api\/utilisateurs\/(\d+)\/(activate|deactivate|suspend)$/);
    if (action && call.method === 'PUT') {
      const statut = { activate: 'actif', deactivate: 'inactif', suspend: 'suspendu' }[action[2] as string];
      return { status: 200, body: { success: true, data: { ...USERS[0], statut } } };
    }
    if (url.pathname === '/api/utilisateurs/7/2fa' && call.method === 'DELETE') {
      return { status: 200, body: { success: true, message: 'Double authentification réinitialisée.' } };
    }
    if (url.pathname.endsWith('/reset-password') && call.method === 'POST') {
      return { status: 200, body: { success: true, data: { tempPassword: 'Tmp#4821-kqzv' } } };
    }
    return { status: 404, body: { success: false, message: 'Ressource non trouvée', code: 'NOT_FOUND' } };
  });
}

const listCalls = (calls: RecordedCall[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.startsWith('/api/utilisateurs?'))
    .map((c) => new URL(c.url, 'http://x').searchParams);

async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

describe('UtilisateursPage', () => {
  it('lists the accounts with their figures, 20 a page sorted by name', async () => {
    const calls = serve();
    const { user } = renderWithProviders(<UtilisateursPage />);
    expect(screen.getByRole('heading', { name: 'Gestion des Utilisateurs' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gestion des Personnels' })).toHaveAttribute('href', '/personnels');

    const awa = await screen.findByRole('article', { name: 'Awa Bamba' });
    expect(within(awa).getByText('Gestionnaire')).toBeInTheDocument();
    expect(within(awa).getByText('CHES-GES-000002')).toBeInTheDocument();
    expect(within(awa).getByRole('button', { name: 'Activer Awa Bamba' })).toBeDisabled();
    expect(within(awa).getByRole('button', { name: 'Suspendre Awa Bamba' })).toBeEnabled();
    const membre = screen.getByRole('article', { name: 'Koffi Kouakou' });
    expect(within(membre).getByText('ESV-2026-00001')).toBeInTheDocument();
    expect(within(membre).getByRole('button', { name: 'Désactiver Koffi Kouakou' })).toBeDisabled();
    expect(within(membre).queryByRole('button', { name: 'Supprimer Koffi Kouakou' })).not.toBeInTheDocument();
    const herve = screen.getByRole('article', { name: 'Hervé Zadi' });
    expect(within(herve).getByText('Suspendu')).toBeInTheDocument();
    expect(within(herve).getByText('Jamais connecté')).toBeInTheDocument();

    const tiles = await screen.findByLabelText('Chiffres des comptes');
    expect(within(tiles).getByText('Suspendus').nextSibling).toHaveTextContent('3');
    expect(within(tiles).getByText('Total').nextSibling).toHaveTextContent('48');

    expect(listCalls(calls)[0]?.toString()).toBe('page=1&limit=20&sortBy=nom&sortOrder=asc');
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('page')).toBe('2'));
    expect(await screen.findByText('Page 2 sur 3 – 48 utilisateurs')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await user.click(screen.getByRole('option', { name: 'Suspendu' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('statut')).toBe('suspendu'));
    expect(listCalls(calls).at(-1)?.get('page')).toBe('1');
  });

  it('asks before suspending and calls /suspend', async () => {
    const calls = serve();
    const { user } = renderWithProviders(<UtilisateursPage />);
    await user.click(await screen.findByRole('button', { name: 'Suspendre Awa Bamba' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspendre l’utilisateur' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Suspendre' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/api/utilisateurs/3/suspend']);
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain('Utilisateur suspendu');
  });

  it("shows the refusal of an action on one's own account in the dialog", async () => {
    serve((call) =>
      call.method === 'PUT'
        ? { status: 409, body: { success: false, code: 'CONFLICT', message: PEOPLE_MESSAGES.notSelf } }
        : undefined,
    );
    const { user } = renderWithProviders(<UtilisateursPage />);
    await user.click(await screen.findByRole('button', { name: 'Désactiver Awa Bamba' }));
    const dialog = await screen.findByRole('dialog', { name: 'Désactiver l’utilisateur' });
    await user.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    expect(
      await within(dialog).findByText(`Erreur lors de la désactivation de l’utilisateur : ${PEOPLE_MESSAGES.notSelf}`),
    ).toBeInTheDocument();
  });

  it('shows the temporary password of a reset once', async () => {
    const calls = serve();
    const { user } = renderWithProviders(<UtilisateursPage />);
    await user.click(await screen.findByRole('button', { name: 'Réinitialiser le mot de passe de Hervé Zadi' }));
    const confirm = await screen.findByRole('dialog', { name: 'Réinitialiser le mot de passe' });
    await user.click(within(confirm).getByRole('button', { name: 'Réinitialiser' }));
    const result = await screen.findByRole('dialog', { name: 'Réinitialisation du mot de passe' });
    expect(within(result).getByText('Mot de passe réinitialisé avec succès !')).toBeInTheDocument();
    expect(within(result).getByText('Nouveau mot de passe temporaire :')).toBeInTheDocument();
    expect(within(result).getByText('Tmp#4821-kqzv')).toBeInTheDocument();
    expect(within(result).getByRole('button', { name: 'Copier' })).toBeInTheDocument();
    expect(within(result).getByText(/il ne sera plus affiché/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/utilisateurs/6/reset-password']);

    await user.click(within(result).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Tmp#4821-kqzv')).not.toBeInTheDocument();
  });

  it('resets the second factor of an account that has one, after confirmation', async () => {
    const calls = serve();
    const { user } = renderWithProviders(<UtilisateursPage />);
    const awa = await screen.findByRole('article', { name: 'Awa Bamba' });
    expect(within(awa).queryByRole('button', { name: /double authentification/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réinitialiser la double authentification de Didier Yao' }));
    const confirm = await screen.findByRole('dialog', { name: 'Réinitialiser la double authentification' });
    expect(within(confirm).getByText(/il en sera informé par e-mail/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() =>
      expect(toastStore.getSnapshot().map((t) => t.message)).toContain('Double authentification réinitialisée'),
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/utilisateurs/7/2fa']);
  });

  it('checks the add-user form, then creates a demandeur, the only role it creates', async () => {
    const calls = serve();
    const { user } = renderWithProviders(<UtilisateursPage />);
    await user.click(await screen.findByRole('button', { name: 'Nouvel utilisateur' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel utilisateur' });
    const role = within(dialog).getByRole('textbox', { name: 'Rôle' });
    expect(role).toHaveValue('Demandeur');
    expect(role).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('combobox', { name: 'Rôle' })).not.toBeInTheDocument();
    expect(within(dialog).getByText(/un compte membre naît d’une demande validée/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Gestion des Personnels' })).toHaveAttribute('href', '/personnels');

    await fill(user, within(dialog).getByLabelText(/^E-mail/), 'mariam@');
    await fill(user, within(dialog).getByLabelText('Mot de passe'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Créer l’utilisateur' }));
    for (const message of [
      'L’e-mail n’est pas valide',
      'Le nom est requis',
      'Le prénom est requis',
      'Le mot de passe doit contenir au moins 8 caractères',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await fill(user, within(dialog).getByLabelText(/^Nom/), 'Traoré');
    await fill(user, within(dialog).getByLabelText(/^Prénom/), 'Mariam');
    await fill(user, within(dialog).getByLabelText(/^E-mail/), 'mariam.traore@demo.test');
    await fill(user, within(dialog).getByLabelText(/^Téléphone/), '+225 05 44 33 22 11');
    await fill(user, within(dialog).getByLabelText('Mot de passe'), 'Bienvenue@2026');
    await user.click(within(dialog).getByRole('button', { name: 'Créer l’utilisateur' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      nom: 'Traoré',
      prenom: 'Mariam',
      email: 'mariam.traore@demo.test',
      telephone: '+225 05 44 33 22 11',
      role: 'demandeur',
      mot_de_passe: 'Bienvenue@2026',
    });
  });

  it('edits a member account without touching its role', async () => {
    const calls = serve((call) =>
      call.method === 'PUT' ? { status: 200, body: { success: true, data: USERS[1] } } : undefined,
    );
    const { user } = renderWithProviders(<UtilisateursPage />);
    await user.click(await screen.findByRole('button', { name: 'Modifier Koffi Kouakou' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier l’utilisateur' });
    expect(within(dialog).queryByRole('combobox', { name: 'Rôle' })).not.toBeInTheDocument();
    const role = within(dialog).getByRole('textbox', { name: 'Rôle' });
    expect(role).toHaveValue('Membre');
    expect(role).toHaveAttribute('readonly');
    expect(role).toHaveAccessibleDescription(PEOPLE_MESSAGES.membreRoleFixed);
    await fill(user, within(dialog).getByLabelText(/^Téléphone/), '+225 07 12 34 56 78');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/api/utilisateurs/5', { telephone: '+225 07 12 34 56 78' }],
    ]);
  });

  it("offers a staff account the staff roles only, and shows the server's refusal", async () => {
    const calls = serve((call) =>
      call.method === 'PUT'
        ? { status: 409, body: { success: false, code: 'CONFLICT', message: PEOPLE_MESSAGES.staffFileNeeded } }
        : undefined,
    );
    const { user } = renderWithProviders(<UtilisateursPage />);
    await user.click(await screen.findByRole('button', { name: 'Modifier Awa Bamba' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier l’utilisateur' });
    const role = within(dialog).getByRole('combobox', { name: 'Rôle' });
    expect(role).toHaveValue('Gestionnaire');
    await user.click(role);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Commercial',
      'Comptable',
      'Gestionnaire',
      'Administrateur',
    ]);
    await user.click(screen.getByRole('option', { name: 'Comptable' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer les modifications' }));
    const banner = await within(dialog).findByRole('alert', { name: 'Erreur lors de la mise à jour de l’utilisateur' });
    expect(banner).toHaveTextContent(PEOPLE_MESSAGES.staffFileNeeded);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/api/utilisateurs/3', { role: 'comptable' }],
    ]);
  });

  it('offers no role choice on a demandeur account', async () => {
    serve();
    const { user } = renderWithProviders(<UtilisateursPage />);
    await user.click(await screen.findByRole('button', { name: 'Modifier Didier Yao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier l’utilisateur' });
    expect(within(dialog).queryByRole('combobox', { name: 'Rôle' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Rôle' })).toHaveValue('Demandeur');
  });

  it('says when the accounts or their figures cannot be loaded', async () => {
    serve((call) =>
      call.url.startsWith('/api/utilisateurs')
        ? { status: 403, body: { success: false, code: 'FORBIDDEN', message: 'Accès refusé – Rôle insuffisant.' } }
        : undefined,
    );
    renderWithProviders(<UtilisateursPage />);
    expect(await screen.findByText('Erreur lors de la récupération des utilisateurs')).toBeInTheDocument();
    expect(await screen.findByText('Erreur lors du chargement des statistiques')).toBeInTheDocument();
    expect(screen.getAllByText('Accès refusé – Rôle insuffisant.')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Réessayer' }).length).toBeGreaterThanOrEqual(1);
  });
});
