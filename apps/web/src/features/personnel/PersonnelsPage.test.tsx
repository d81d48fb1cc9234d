import { PEOPLE_MESSAGES, type Personnel } from '@app/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { circuitBreaker, sessionStore } from '../../api/index.ts';
import { ADMIN_PROFILE, mockFetch, PUBLIC_SETTINGS, type RecordedCall, type Responder } from '../../test/fetch-mock.ts';
import { keepSpaces } from '../../test/keep-spaces.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import PersonnelsPage from './PersonnelsPage.tsx';

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

function makePersonnel(id: number, prenom: string, nom: string, overrides: Partial<Personnel> = {}): Personnel {
  return {
    id,
    code_employe: `CHES-COM-00000${id}`,
    num_cni: `CI010000000${id}${id}`.slice(0, 13),
    nom,
    prenom,
    email: `${prenom.toLowerCase()}@demo.test`,
    telephone: '+225 07 00 00 00 01',
    photo_profil: null,
    role: 'commercial',
    departement: 'Commercial',
    poste: 'Commercial terrain',
    date_embauche: '2024-01-08',
    salaire: 350_000,
    statut: 'actif',
    date_derniere_connexion: null,
    created_at: '2024-01-08T09:00:00.000Z',
    updated_at: '2024-01-08T09:00:00.000Z',
    ...overrides,
  };
}

const STAFF = [
  makePersonnel(1, 'Adama', 'Sangaré'),
  makePersonnel(2, 'Nadège', 'Ahoua', {
    role: 'comptable',
    statut: 'inactif',
    departement: 'Comptabilité',
    poste: 'Assistante comptable',
    salaire: null,
    telephone: null,
  }),
];

const STATS = {
  total: 14,
  actifs: 11,
  inactifs: 2,
  suspendus: 1,
  departements: 6,
  par_role: { admin: 2, gestionnaire: 4, comptable: 3, commercial: 5 },
  par_departement: {},
};

const notFound = { status: 404, body: { success: false, message: 'Ressource non trouvée', code: 'NOT_FOUND' } };

/** The staff API; `override` answers first when it returns something. */
function serve(override?: (call: RecordedCall) => Awaited<ReturnType<Responder>> | undefined) {
  return mockFetch(async (call) => {
    const answer = override?.(call);
    if (answer) return answer;
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/settings/public') return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
    if (url.pathname === '/api/personnel/stats') return { status: 200, body: { success: true, data: STATS } };
    if (url.pathname === '/api/personnel' && call.method === 'GET') {
      return {
        status: 200,
        body: { success: true, data: STAFF, pagination: { page: 1, limit: 12, total: 2, totalPages: 1 } },
      };
    }
    if (url.pathname === '/api/admin/personnel' && call.method === 'POST') {
      const body = call.body as Personnel;
      return {
        status: 201,
        body: { success: true, data: makePersonnel(9, body.prenom, body.nom), message: 'Personnel ajouté' },
      };
    }
    if (url.pathname.startsWith('/api/personnel/') && call.method === 'PUT') {
      return { status: 200, body: { success: true, data: { ...STAFF[0], ...(call.body as object) } } };
    }
    if (url.pathname.startsWith('/api/personnel/') && call.method === 'DELETE') {
      return { status: 200, body: { success: true, message: 'Personnel supprimé' } };
    }
    return notFound;
  });
}

const listCalls = (calls: RecordedCall[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.startsWith('/api/personnel?'))
    .map((c) => new URL(c.url, 'http://x').searchParams);

/** Replaces a field's text in one go (typing letter by letter is slow in jsdom). */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

const toasts = () => toastStore.getSnapshot().map((t) => `${t.type}: ${t.message}`);

describe('PersonnelsPage', () => {
  it('shows the permission check until the profile is known', () => {
    sessionStore.clear();
    serve();
    renderWithProviders(<PersonnelsPage />);
    expect(screen.getByText('Vérification des permissions...')).toBeInTheDocument();
  });

  it('lists the staff with the figures, and filters and searches the list', async () => {
    const calls = serve();
    const { user } = renderWithProviders(<PersonnelsPage />);
    expect(screen.getByRole('heading', { name: 'Gestion des Personnels' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Adama Sangaré' });
    for (const text of ['CHES-COM-000001', 'Commercial terrain', 'adama@demo.test', '08/01/2024', 'Actif']) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    expect(within(card).getByText(/350\s000 FCFA/)).toBeInTheDocument();
    const other = screen.getByRole('article', { name: 'Nadège Ahoua' });
    expect(within(other).getByText('Non défini')).toBeInTheDocument();
    expect(within(other).getByText('Inactif')).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Activer Nadège Ahoua' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Désactiver Adama Sangaré' })).toBeInTheDocument();

    expect(await screen.findByText('14 personnels · 11 actifs · 6 départements')).toBeInTheDocument();
    const tiles = screen.getByLabelText('Chiffres du personnel');
    expect(within(tiles).getByText('Administrateurs').nextSibling).toHaveTextContent('2');
    expect(within(tiles).getByText('Gestionnaires').nextSibling).toHaveTextContent('4');
    expect(within(tiles).getByText('Départements').nextSibling).toHaveTextContent('6');
    expect(screen.getByRole('link', { name: 'Gérer les comptes utilisateurs' })).toHaveAttribute(
      'href',
      '/personnels/utilisateurs',
    );

    await user.type(screen.getByLabelText('Rechercher'), 'sang');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('search')).toBe('sang'));
    expect(listCalls(calls).filter((q) => q.has('search'))).toHaveLength(1);
    await user.click(screen.getByRole('combobox', { name: 'Département' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual([
      'Tous les départements',
      'Direction',
      'Gestion',
      'Comptabilité',
      'Commercial',
      'Administration',
    ]);
    await user.click(screen.getByRole('option', { name: 'Gestion' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('departement')).toBe('Gestion'));
    expect(listCalls(calls).at(-1)?.get('sortBy')).toBe('nom');

    await user.click(screen.getByRole('button', { name: 'Vue liste' }));
    const table = screen.getByRole('table', { name: 'Liste du personnel' });
    expect(within(table).getByText('CHES-COM-000001')).toBeInTheDocument();
  });

  it('opens on the filters of its address, a link or a reload keeping them', async () => {
    const calls = serve();
    renderWithProviders(<PersonnelsPage />, { route: '/personnels?role=gestionnaire&statut=inactif&q=sang&page=2' });
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(0));
    const [sent] = listCalls(calls);
    expect([sent?.get('role'), sent?.get('statut'), sent?.get('search'), sent?.get('page')]).toEqual([
      'gestionnaire',
      'inactif',
      'sang',
      '2',
    ]);
    expect(screen.getByRole('combobox', { name: 'Rôle' })).toHaveValue('Gestionnaire');
    expect(screen.getByRole('combobox', { name: 'Statut' })).toHaveValue('Inactif');
    expect(screen.getByLabelText('Rechercher')).toHaveValue('sang');
  });

  it('checks the add-staff form, then sends it and says so', async () => {
    const calls = serve();
    const { user } = renderWithProviders(<PersonnelsPage />);
    await user.click(await screen.findByRole('button', { name: 'Nouveau personnel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau personnel' });
    expect(within(dialog).getByRole('combobox', { name: 'Rôle' })).toHaveValue('Commercial');
    expect(within(dialog).getByRole('combobox', { name: 'Statut' })).toHaveValue('Actif');
    expect(within(dialog).getByLabelText(/^Date d’embauche/)).toHaveValue(new Date().toLocaleDateString('sv-SE'));
    await waitFor(() =>
      expect(
        within(dialog).getByText('Au moins 8 caractères, dont au moins un caractère spécial.'),
      ).toBeInTheDocument(),
    );

    await fill(user, within(dialog).getByLabelText(/^Numéro CNI/), 'CI0123');
    await fill(user, within(dialog).getByLabelText(/^E-mail/), 'pas-un-email');
    await fill(user, within(dialog).getByLabelText('Mot de passe'), 'court');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le personnel' }));
    for (const message of [
      'Le numéro CNI doit contenir exactement 13 caractères',
      'Format d’e-mail invalide',
      'Le nom est requis',
      'Le prénom est requis',
      'Veuillez choisir un département',
      'Le poste est requis',
      'Le mot de passe doit contenir au moins 8 caractères',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Générer' }));
    expect((within(dialog).getByLabelText('Code employé') as HTMLInputElement).value).toMatch(/^CHES-COM-\d{6}$/);
    await fill(user, within(dialog).getByLabelText(/^Numéro CNI/), 'CI0123456789A');
    await fill(user, within(dialog).getByLabelText(/^E-mail/), 'Koffi.Yao@Demo.test');
    await fill(user, within(dialog).getByLabelText(/^Nom/), 'Yao');
    await fill(user, within(dialog).getByLabelText(/^Prénom/), 'Koffi');
    await fill(user, within(dialog).getByLabelText('Mot de passe'), 'Bienvenue@2026');
    await user.click(within(dialog).getByRole('combobox', { name: 'Rôle' }));
    await user.click(screen.getByRole('option', { name: 'Gestionnaire' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Département' }));
    await user.click(screen.getByRole('option', { name: 'Technique' }));
    await fill(user, within(dialog).getByLabelText(/^Poste/), 'Conducteur de travaux');
    const hired = within(dialog).getByLabelText(/^Date d’embauche/);
    await user.clear(hired);
    await user.type(hired, '2026-02-01');
    await user.type(within(dialog).getByLabelText('Salaire (FCFA)'), '650000');
    // The code drawn for a commercial no longer fits the role: drawn again for a gestionnaire.
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le personnel' }));
    expect(within(dialog).getByText('Le préfixe du code employé doit correspondre au rôle')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Générer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le personnel' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nouveau personnel' })).not.toBeInTheDocument());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/admin/personnel');
    expect(post?.body).toEqual({
      code_employe: expect.stringMatching(/^CHES-GES-\d{6}$/),
      num_cni: 'CI0123456789A',
      nom: 'Yao',
      prenom: 'Koffi',
      email: 'koffi.yao@demo.test',
      telephone: null,
      password: 'Bienvenue@2026',
      role: 'gestionnaire',
      departement: 'Technique',
      poste: 'Conducteur de travaux',
      date_embauche: '2026-02-01',
      salaire: 650000,
      statut: 'actif',
    });
    expect(toasts()).toContain('success: Personnel ajouté');
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
  });

  it("shows the server's refusal of a duplicate in the dialog's banner and on its field", async () => {
    serve((call) =>
      call.method === 'POST'
        ? {
            status: 409,
            body: {
              success: false,
              code: 'CONFLICT',
              message: PEOPLE_MESSAGES.cniTaken,
              errors: { num_cni: PEOPLE_MESSAGES.cniTaken },
            },
          }
        : undefined,
    );
    const { user } = renderWithProviders(<PersonnelsPage />);
    await user.click(await screen.findByRole('button', { name: 'Nouveau personnel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau personnel' });
    await fill(user, within(dialog).getByLabelText(/^Numéro CNI/), 'CI0123456789A');
    await fill(user, within(dialog).getByLabelText(/^E-mail/), 'k.yao@demo.test');
    await fill(user, within(dialog).getByLabelText(/^Nom/), 'Yao');
    await fill(user, within(dialog).getByLabelText(/^Prénom/), 'Koffi');
    await fill(user, within(dialog).getByLabelText('Mot de passe'), 'Bienvenue@2026');
    await user.click(within(dialog).getByRole('combobox', { name: 'Département' }));
    await user.click(screen.getByRole('option', { name: 'Commercial' }));
    await fill(user, within(dialog).getByLabelText(/^Poste/), 'Commercial terrain');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le personnel' }));
    expect(await within(dialog).findByRole('alert', { name: 'Erreur lors de l’ajout' })).toBeInTheDocument();
    // The reason is the field's message: said once, under the field.
    expect(within(dialog).getAllByText(PEOPLE_MESSAGES.cniTaken)).toHaveLength(1);
    expect(within(dialog).getByLabelText(/^Numéro CNI/)).toHaveAttribute('aria-invalid', 'true');
    expect(toasts()).toEqual([]);
  });

  it('asks before deactivating and sends { statut: inactif }', async () => {
    const calls = serve();
    const { user } = renderWithProviders(<PersonnelsPage />);
    await user.click(await screen.findByRole('button', { name: 'Désactiver Adama Sangaré' }));
    const dialog = await screen.findByRole('dialog', { name: 'Désactiver le personnel' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/personnel/1');
    expect(put?.body).toEqual({ statut: 'inactif' });
    expect(toasts()).toContain('success: Personnel désactivé');
  });

  it('edits a staff file, sending only the changed fields', async () => {
    const calls = serve();
    const { user } = renderWithProviders(<PersonnelsPage />);
    await user.click(await screen.findByRole('button', { name: 'Modifier Adama Sangaré' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le personnel' });
    expect(within(dialog).queryByLabelText('Mot de passe')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Code employé')).not.toBeInTheDocument();
    // The status changes through the cards' actions, which ask first.
    expect(within(dialog).queryByRole('combobox', { name: 'Statut' })).not.toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText(/^Poste/), 'Chef des ventes');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ poste: 'Chef des ventes' }]);
  });

  it("keeps the last admin's refusal in the delete dialog", async () => {
    serve((call) =>
      call.method === 'DELETE'
        ? { status: 409, body: { success: false, code: 'CONFLICT', message: PEOPLE_MESSAGES.lastAdmin } }
        : undefined,
    );
    const { user } = renderWithProviders(<PersonnelsPage />);
    await user.click(await screen.findByRole('button', { name: 'Supprimer Adama Sangaré' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer le personnel' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(
      await within(dialog).findByText(`Erreur lors de la suppression : ${PEOPLE_MESSAGES.lastAdmin}`, keepSpaces),
    ).toBeInTheDocument();
  });

  it('shows placeholders while the figures load, and their failure with Réessayer', async () => {
    let fail = true;
    serve((call) =>
      call.url === '/api/personnel/stats' && fail
        ? { status: 403, body: { success: false, code: 'FORBIDDEN', message: 'Accès refusé – Rôle insuffisant.' } }
        : undefined,
    );
    const { user } = renderWithProviders(<PersonnelsPage />);
    expect(await screen.findByRole('group', { name: 'Chiffres du personnel' })).toHaveAttribute('aria-busy', 'true');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erreur lors du chargement des statistiques')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    const tiles = await screen.findByRole('group', { name: 'Chiffres du personnel' });
    await waitFor(() => expect(tiles).toHaveAttribute('aria-busy', 'false'));
    expect(within(tiles).getByText('Actifs').nextSibling).toHaveTextContent('11');
  });

  it('titles the error banner by the failure', async () => {
    serve((call) => (call.url.startsWith('/api/personnel?') ? notFound : undefined));
    const { unmount } = renderWithProviders(<PersonnelsPage />);
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Erreur')).toBeInTheDocument();
    expect(within(banner).getByText('Service personnels non disponible.')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
    unmount();

    // A refused token whose refresh cannot be done now: the session is over, reload the page.
    serve((call) => {
      if (call.url === '/api/personnel-auth/refresh-token') return { status: 503, body: { success: false } };
      return call.url.startsWith('/api/personnel?')
        ? {
            status: 401,
            body: { success: false, code: 'SESSION_EXPIRED', message: 'Session expirée. Veuillez vous reconnecter.' },
          }
        : undefined;
    });
    renderWithProviders(<PersonnelsPage />);
    const expired = await screen.findByRole('alert');
    expect(within(expired).getByText('Session expirée')).toBeInTheDocument();
    expect(within(expired).getByRole('button', { name: 'Actualiser la page' })).toBeInTheDocument();
  });

  it('says when no staff matches', async () => {
    serve((call) =>
      call.url.startsWith('/api/personnel?')
        ? {
            status: 200,
            body: { success: true, data: [], pagination: { page: 1, limit: 12, total: 0, totalPages: 1 } },
          }
        : undefined,
    );
    renderWithProviders(<PersonnelsPage />);
    expect(await screen.findByText('Aucun personnel trouvé')).toBeInTheDocument();
  });
});
