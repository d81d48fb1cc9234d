import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import { renderWithProviders } from '../../test/render.tsx';
import MembresView from './MembresView.tsx';
import { list, makeMembre, params, serveMembres, signIn } from './test-data.ts';

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
    ).toEqual(['Client', 'Contact', 'Statut', 'Type', 'Inscription', 'Produit']);
    const row = within(table).getByRole('row', { name: /Fatou Bamba/ });
    for (const value of ['ESV-2026-00002', 'membre2@demo.test', 'Actif', 'VIP', '02/03/2026', 'Villa Premium']) {
      expect(within(row).getByText(value)).toBeInTheDocument();
    }
    expect(screen.getByText('Page 1 sur 2 - 14 clients au total')).toBeInTheDocument();

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
            ? { status: 403, body: { success: false, code: 'FORBIDDEN', message: 'Accès refusé - Rôle insuffisant.' } }
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
