import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import { renderWithProviders } from '../../test/render.tsx';
import MembresView from './MembresView.tsx';
import { choose, list, makeMembre, params, serveMembres, signIn, text } from './test-data.ts';

beforeEach(() => {
  circuitBreaker.reset();
  signIn('gestionnaire');
});

const CLIENTS = [
  makeMembre({ id: 1 }),
  makeMembre({ id: 2, nom: 'Bamba', prenom: 'Fatou', type_membre: 'vip', telephone: null }),
];

const clientCalls = (calls: ReturnType<typeof serveMembres>) =>
  calls.filter((c) => c.url.startsWith('/api/membres/mes-clients?')).map(params);

describe('Mes Clients (gestionnaire)', () => {
  it('lists his clients with their figures and opens a read-only detail', async () => {
    const calls = serveMembres({ membres: CLIENTS, total: 14 });
    const { user } = renderWithProviders(<MembresView />, { route: '/membres' });
    expect(screen.getByRole('heading', { name: 'Mes Clients' })).toBeInTheDocument();
    expect(screen.getByText('Liste de vos clients assignés.')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Liste de vos clients' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Client', 'Contact', 'Statut', 'Type', 'Inscription', 'Produit', 'Payé', 'Reste dû']);
    const row = within(table).getByRole('row', { name: /Fatou Bamba/ });
    for (const value of ['ESV-2026-00002', 'membre2@demo.test', 'Actif', 'VIP', '02/03/2026', 'Villa Premium']) {
      expect(within(row).getByText(value)).toBeInTheDocument();
    }
    // 5,000,000 paid of 25,000,000: 20 %, 20,000,000 FCFA still due.
    expect(text(row.textContent ?? '')).toContain('20 %');
    expect(text(row.textContent ?? '')).toContain('20 000 000 FCFA');
    expect(screen.getByText('Page 1 sur 2 – 14 clients au total')).toBeInTheDocument();

    const tiles = await screen.findByRole('group', { name: 'Chiffres de vos clients' });
    for (const [label, value] of [
      ['Total', '34'],
      ['Actifs', '28'],
      ['Premium', '9'],
      ['VIP', '5'],
    ] as const) {
      expect(within(tiles).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    expect(calls.some((c) => c.url === '/api/membres/stats')).toBe(true);
    expect(clientCalls(calls)[0]?.get('limit')).toBe('12');

    await user.type(screen.getByRole('textbox', { name: 'Rechercher' }), 'bamba');
    await waitFor(() => expect(clientCalls(calls).at(-1)?.get('search')).toBe('bamba'));

    await user.click(within(row).getByRole('button', { name: 'Fatou Bamba' }));
    const dialog = await screen.findByRole('dialog', { name: 'Détails du membre' });
    expect(await within(dialog).findByRole('heading', { name: 'Fatou Bamba' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/membres?'))).toBe(false);
  });

  it('opens on his late clients from the dashboard’s link, and shows all again when the filter is cleared', async () => {
    const calls = serveMembres({ membres: CLIENTS, total: 3 });
    const { user, container } = renderWithProviders(<MembresView />, { route: '/membres?retard=true' });
    await screen.findByRole('table', { name: 'Liste de vos clients' });
    expect(clientCalls(calls)[0]?.get('en_retard')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Échéances' })).toHaveValue('En retard');
    await choose(user, container, 'Échéances', 'À jour');
    await waitFor(() => expect(clientCalls(calls).at(-1)?.get('en_retard')).toBe('false'));
  });

  it('filters by status and type and sorts as the admin does, kept in the address', async () => {
    const calls = serveMembres({ membres: CLIENTS, total: 30 });
    const { user, container } = renderWithProviders(<MembresView />, { route: '/membres?type=vip' });
    await screen.findByRole('table', { name: 'Liste de vos clients' });
    expect(clientCalls(calls)[0]?.get('type_membre')).toBe('vip');
    expect(clientCalls(calls)[0]?.get('sortBy')).toBe('nom');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(clientCalls(calls).at(-1)?.get('page')).toBe('2'));
    await choose(user, container, 'Statut', 'Suspendu');
    await waitFor(() => expect(clientCalls(calls).at(-1)?.get('statut')).toBe('suspendu'));
    expect(clientCalls(calls).at(-1)?.get('page')).toBe('1');
    expect(clientCalls(calls).at(-1)?.get('type_membre')).toBe('vip');

    await choose(user, container, 'Trier par', 'Inscription (récentes)');
    await waitFor(() => expect(clientCalls(calls).at(-1)?.get('sortBy')).toBe('date_inscription'));
    expect(clientCalls(calls).at(-1)?.get('sortOrder')).toBe('desc');
    expect(calls.some((c) => c.url.startsWith('/api/membres?'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Vue grille' }));
    expect(screen.getByRole('article', { name: 'Fatou Bamba' })).toBeInTheDocument();
  });

  it('shows cards on a phone, with the part paid and the amount due, and no table', async () => {
    // A 390 px screen: every 'max-width' query matches.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    serveMembres({ membres: CLIENTS });
    renderWithProviders(<MembresView />, { route: '/membres' });
    const card = await screen.findByRole('article', { name: 'Fatou Bamba' });
    expect(text(card.textContent ?? '')).toContain('Payé : 20 %');
    expect(text(card.textContent ?? '')).toContain('Reste dû : 20 000 000 FCFA');
    expect(within(card).getByText('Actif')).toBeInTheDocument();
    expect(within(card).getByText('Villa Premium')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Affichage' })).not.toBeInTheDocument();
  });

  it('offers to reset the filters when none of his clients matches', async () => {
    const calls = serveMembres({ membres: [] });
    const { user } = renderWithProviders(<MembresView />, { route: '/membres?statut=inactif' });
    expect(await screen.findByText('Aucun client trouvé')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
    await waitFor(() => expect(clientCalls(calls).at(-1)?.has('statut')).toBe(false));
  });

  it("shows 'Aucun client assigné' when he has none", async () => {
    serveMembres({ membres: [] });
    renderWithProviders(<MembresView />, { route: '/membres' });
    expect(await screen.findByText('Aucun client assigné')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the load error with Réessayer, then his clients', async () => {
    let fail = true;
    serveMembres({
      membres: CLIENTS,
      answers: {
        'GET /api/membres/mes-clients': () =>
          fail
            ? { status: 403, body: { success: false, code: 'FORBIDDEN', message: 'Accès refusé – Rôle insuffisant.' } }
            : list(CLIENTS),
      },
    });
    const { user } = renderWithProviders(<MembresView />, { route: '/membres' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erreur lors du chargement des clients')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('table', { name: 'Liste de vos clients' })).toBeInTheDocument();
  });
});
