import { BANQUE_MESSAGES, DEFAULT_PREFERENCES } from '@app/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { circuitBreaker, sessionStore } from '../../api/index.ts';
import { ADMIN_PROFILE, type RecordedCall } from '../../test/fetch-mock.ts';
import { keepSpaces } from '../../test/keep-spaces.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import EntreprisePage from './EntreprisePage.tsx';
import { serveBanques } from './test-data.ts';

beforeEach(() => {
  circuitBreaker.reset();
  sessionStore.start({
    token: 'access',
    refreshToken: 'refresh',
    sessionExpiresAt: '2026-11-22T20:00:00.000Z',
    profile: { ...ADMIN_PROFILE, role: 'comptable', email: 'comptable@demo.test' },
  });
});

afterEach(() => act(() => toastStore.clear()));

/** The Banques tab; Audit is the default one. */
const BANQUES_TAB = '/entreprise?onglet=banques';

const toasts = () => toastStore.getSnapshot().map((t) => `${t.type}: ${t.message}`);

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/banques?')).map((c) => new URL(c.url, 'http://x'));

const emptyList = {
  status: 200,
  body: {
    success: true,
    data: [],
    pagination: { page: 1, limit: 50, total: 0, totalPages: 1, totalExact: true },
    totaux: { nombre: 0, actives: 0, solde_total: 0 },
  },
};

describe('EntreprisePage', () => {
  it('shows the permission check until the profile is known', () => {
    sessionStore.clear();
    serveBanques();
    renderWithProviders(<EntreprisePage />, { route: BANQUES_TAB });
    expect(screen.getByText('Vérification des permissions...')).toBeInTheDocument();
  });

  it('opens on the Audit tab, and on the Banques tab when asked, the address keeping it', async () => {
    serveBanques();
    const { user } = renderWithProviders(<EntreprisePage />, { route: '/entreprise' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Audit', 'Banques', 'Comptabilité']);
    expect(screen.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Journal d’audit' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Banques' }));
    expect(await screen.findByRole('article', { name: 'NSIA Banque' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Journal d’audit' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Audit' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Journal d’audit' })).toBeInTheDocument();
  });

  it('opens on the Banques tab: the totals and each bank with its figures', async () => {
    const calls = serveBanques();
    renderWithProviders(<EntreprisePage />, { route: BANQUES_TAB });
    expect(screen.getByRole('heading', { level: 1, name: 'Entreprise' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Audit', 'Banques', 'Comptabilité']);
    expect(screen.getByRole('tab', { name: 'Banques' })).toHaveAttribute('aria-selected', 'true');

    const principale = await screen.findByRole('article', { name: 'Société Générale Côte d’Ivoire' });
    expect(within(principale).getByText('Principale')).toBeInTheDocument();
    expect(within(principale).getByText('Active')).toBeInTheDocument();
    expect(within(principale).getByText('CI001')).toBeInTheDocument();
    expect(within(principale).getByText('01121 012345678901 42')).toBeInTheDocument();
    expect(within(principale).getByText('Courant')).toBeInTheDocument();
    expect(within(principale).getByText('27\u202f400\u202f000\u00a0FCFA', keepSpaces)).toBeInTheDocument();
    expect(within(principale).getByText(/12 mouvements/)).toBeInTheDocument();

    const ecobank = screen.getByRole('article', { name: 'Ecobank Côte d’Ivoire' });
    expect(within(ecobank).queryByText('Principale')).not.toBeInTheDocument();
    expect(within(ecobank).getByText('Épargne')).toBeInTheDocument();
    expect(within(ecobank).getByText('EUR')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'NSIA Banque' })).getByText('Suspendue')).toBeInTheDocument();

    const tiles = screen.getByRole('group', { name: 'Totaux des banques' });
    expect(tiles).toHaveAttribute('aria-busy', 'false');
    expect(within(tiles).getByText('Banques').nextSibling).toHaveTextContent('3');
    expect(within(tiles).getByText('Banques actives').nextSibling).toHaveTextContent('2');
    expect(within(tiles).getByText('Solde total').nextSibling?.textContent).toBe('47\u202f900\u202f000\u00a0FCFA');
    expect(screen.getByText('Page 1 sur 1 – 3 banques au total')).toBeInTheDocument();
    // The account's 'Éléments par page'.
    expect(listCalls(calls)[0]?.searchParams.toString()).toBe(`page=1&limit=${DEFAULT_PREFERENCES.itemsPerPage}`);
  });

  it('filters by status through the address', async () => {
    const calls = serveBanques();
    const { user } = renderWithProviders(<EntreprisePage />, { route: BANQUES_TAB });
    await screen.findByRole('article', { name: 'NSIA Banque' });
    await user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await user.click(screen.getByRole('option', { name: 'Suspendue' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.searchParams.get('statut')).toBe('suspendue'));
  });

  it('says when there is no bank yet, and offers to add one', async () => {
    serveBanques((call) => (call.method === 'GET' && call.url.startsWith('/api/banques?') ? emptyList : undefined));
    renderWithProviders(<EntreprisePage />, { route: BANQUES_TAB });
    expect(await screen.findByText('Aucune banque')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Ajouter une banque' })).toHaveLength(2);
    const tiles = screen.getByRole('group', { name: 'Totaux des banques' });
    expect(within(tiles).getByText('Solde total').nextSibling?.textContent).toBe('0\u00a0FCFA');
  });

  it('shows a failed load with Réessayer, which loads again', async () => {
    let fail = true;
    serveBanques((call) =>
      fail && call.url.startsWith('/api/banques?')
        ? { status: 403, body: { success: false, code: 'FORBIDDEN', message: 'Accès refusé – Rôle insuffisant.' } }
        : undefined,
    );
    const { user } = renderWithProviders(<EntreprisePage />, { route: BANQUES_TAB });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erreur lors du chargement des banques')).toBeInTheDocument();
    expect(within(alert).getByText('Accès refusé – Rôle insuffisant.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Totaux des banques' })).not.toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('article', { name: 'NSIA Banque' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks before deleting and shows what the server did', async () => {
    const calls = serveBanques((call) =>
      call.method === 'DELETE'
        ? { status: 200, body: { success: true, message: BANQUE_MESSAGES.deactivated } }
        : undefined,
    );
    const { user } = renderWithProviders(<EntreprisePage />, { route: BANQUES_TAB });
    await user.click(await screen.findByRole('button', { name: 'Supprimer Ecobank Côte d’Ivoire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer la banque' });
    expect(
      within(dialog).getByText(/^Êtes-vous sûr de vouloir supprimer cette banque\u202f\?/, keepSpaces),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/banques/2');
    expect(toasts()).toEqual([`success: ${BANQUE_MESSAGES.deactivated}`]);
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
  });

  it("keeps the principal bank's refusal in the delete dialog", async () => {
    serveBanques((call) =>
      call.method === 'DELETE'
        ? {
            status: 409,
            body: { success: false, code: 'CONFLICT', message: BANQUE_MESSAGES.principaleUndeletable },
          }
        : undefined,
    );
    const { user } = renderWithProviders(<EntreprisePage />, { route: BANQUES_TAB });
    await user.click(await screen.findByRole('button', { name: 'Supprimer Société Générale Côte d’Ivoire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer la banque' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(
      await within(dialog).findByText(
        `Erreur lors de la suppression\u00a0: ${BANQUE_MESSAGES.principaleUndeletable}`,
        keepSpaces,
      ),
    ).toBeInTheDocument();
  });

  it("shows a bank's movements, newest first, a page at a time", async () => {
    const calls = serveBanques();
    const { user } = renderWithProviders(<EntreprisePage />, { route: BANQUES_TAB });
    await user.click(await screen.findByRole('button', { name: 'Historique de Ecobank Côte d’Ivoire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Historique des mouvements – Ecobank Côte d’Ivoire' });
    const table = await within(dialog).findByRole('table', { name: 'Mouvements de la banque' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));
    expect(rows[0]).toEqual(['Date', 'Opération', 'Crédit', 'Débit', 'Solde après', 'Commentaire', 'Auteur']);
    expect(rows[1]).toEqual([
      expect.stringMatching(/^20\/11\/2026 \d\d:30$/),
      'Retrait',
      '',
      '200\u202f000\u00a0FCFA',
      '15\u202f500\u202f000\u00a0FCFA',
      'Frais de tenue de compte',
      'Mariam Traoré',
    ]);
    expect(rows[2]?.slice(1, 4)).toEqual(['Dépôt', '3\u202f500\u202f000\u00a0FCFA', '']);
    expect(rows[3]?.slice(1)).toEqual([
      'Versement validé',
      '150\u202f000\u00a0FCFA',
      '',
      '12\u202f200\u202f000\u00a0FCFA',
      '',
      'Système',
    ]);
    // A page is the account's 'Éléments par page'.
    const limit = DEFAULT_PREFERENCES.itemsPerPage;
    const pages = Math.ceil(21 / limit);
    expect(within(dialog).getByText(`Page 1 sur ${pages} – 21 mouvements`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(dialog).getByText(`Page 2 sur ${pages} – 21 mouvements`)).toBeInTheDocument());
    const asked = calls.filter((c) => c.url.startsWith('/api/banques/2/mouvements')).map((c) => c.url);
    expect(asked).toEqual([
      `/api/banques/2/mouvements?page=1&limit=${limit}`,
      `/api/banques/2/mouvements?page=2&limit=${limit}`,
    ]);
  });

  it('says when a bank has no movement yet, and when they cannot be loaded', async () => {
    let fail = false;
    serveBanques((call) => {
      if (!call.url.includes('/mouvements')) return undefined;
      if (fail) return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Banque non trouvée' } };
      return {
        status: 200,
        body: {
          success: true,
          data: [],
          pagination: { page: 1, limit: 20, total: 0, totalPages: 1, totalExact: true },
        },
      };
    });
    const { user } = renderWithProviders(<EntreprisePage />, { route: BANQUES_TAB });
    await user.click(await screen.findByRole('button', { name: 'Historique de NSIA Banque' }));
    const dialog = await screen.findByRole('dialog', { name: /^Historique des mouvements/ });
    expect(await within(dialog).findByText('Aucun mouvement')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /fermer|close/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Historique de Ecobank Côte d’Ivoire' }));
    const again = await screen.findByRole('dialog', { name: /^Historique des mouvements/ });
    const alert = await within(again).findByRole('alert');
    expect(within(alert).getByText('Erreur lors du chargement des mouvements')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
