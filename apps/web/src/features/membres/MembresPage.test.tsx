import { formatFCFA } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import type { RecordedCall } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import MembresView from './MembresView.tsx';
import { choose, list, makeMembre, params, serveMembres, signIn, text } from './test-data.ts';

beforeEach(() => {
  circuitBreaker.reset();
  signIn('admin');
});

const MEMBRES = [
  makeMembre({ id: 1 }),
  makeMembre({
    id: 2,
    nom: 'Yao',
    prenom: 'Aya',
    statut: 'suspendu',
    type_membre: 'vip',
    gestionnaire_id: null,
    gestionnaire: null,
    produit_id: null,
    produit: null,
    montant_deja_paye: 0,
  }),
];

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/membres?')).map(params);

describe('MembresPage (admin)', () => {
  it('renders the tiles and the member cards from the API, with the page line', async () => {
    const calls = serveMembres({ membres: MEMBRES, total: 30 });
    renderWithProviders(<MembresView />, { route: '/membres' });
    expect(screen.getByRole('heading', { name: 'Gestion des Membres' })).toBeInTheDocument();

    const card = await screen.findByRole('article', { name: 'Jean-Marc Koffi' });
    expect(within(card).getByText('ESV-2026-00001')).toBeInTheDocument();
    expect(within(card).getByText('Actif')).toBeInTheDocument();
    expect(within(card).getByText('Premium')).toBeInTheDocument();
    expect(within(card).getByText('Villa Premium')).toBeInTheDocument();
    expect(within(card).getByText('Payé : 20 %')).toBeInTheDocument();
    expect(within(card).getByText(text(`Reste dû : ${formatFCFA(20_000_000)}`))).toBeInTheDocument();
    const other = screen.getByRole('article', { name: 'Aya Yao' });
    expect(within(other).getByText('Suspendu')).toBeInTheDocument();
    expect(within(other).getByText('VIP')).toBeInTheDocument();
    expect(within(other).getByText('Aucun produit')).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur 3 – 30 membres au total')).toBeInTheDocument();

    const tiles = await screen.findByRole('group', { name: 'Chiffres des membres' });
    for (const [label, value] of [
      ['Total Membres', '34'],
      ['Membres Actifs', '28'],
      ['Membres Premium', '9'],
      ['Nouveaux ce mois', '3'],
    ] as const) {
      expect(within(tiles).getByText(label).nextElementSibling).toHaveTextContent(value);
    }

    const first = listCalls(calls)[0];
    expect(first?.get('page')).toBe('1');
    expect(first?.get('limit')).toBe('12');
    expect(first?.get('sortBy')).toBe('nom');
    expect(first?.get('sortOrder')).toBe('asc');
    expect(first?.has('statut')).toBe(false);
  });

  it('sends each filter and sort, and goes back to page 1 on any change', async () => {
    const calls = serveMembres({ membres: MEMBRES, total: 60 });
    const { user, container } = renderWithProviders(<MembresView />, { route: '/membres' });
    await screen.findByRole('article', { name: 'Jean-Marc Koffi' });

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('page')).toBe('3'));

    await choose(user, container, 'Statut', 'Suspendu');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('statut')).toBe('suspendu'));
    expect(listCalls(calls).at(-1)?.get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('page')).toBe('2'));
    await choose(user, container, 'Type', 'VIP');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('type_membre')).toBe('vip'));
    expect(listCalls(calls).at(-1)?.get('page')).toBe('1');
    expect(listCalls(calls).at(-1)?.get('statut')).toBe('suspendu');

    await choose(user, container, 'Trier par', 'Inscription (récentes)');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('sortBy')).toBe('date_inscription'));
    expect(listCalls(calls).at(-1)?.get('sortOrder')).toBe('desc');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('page')).toBe('2'));
    await user.type(screen.getByRole('textbox', { name: 'Rechercher' }), 'koffi');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('search')).toBe('koffi'));
    expect(listCalls(calls).filter((q) => q.has('search'))).toHaveLength(1);
    expect(listCalls(calls).at(-1)?.get('page')).toBe('1');
    expect(listCalls(calls).at(-1)?.get('type_membre')).toBe('vip');
  });

  it('shows the table with the gestionnaire and opens the detail from a row', async () => {
    serveMembres({ membres: MEMBRES });
    const { user } = renderWithProviders(<MembresView />, { route: '/membres' });
    await screen.findByRole('article', { name: 'Jean-Marc Koffi' });
    await user.click(screen.getByRole('button', { name: 'Vue liste' }));

    const table = screen.getByRole('table', { name: 'Liste des membres' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      '',
      'Client',
      'Contact',
      'Statut',
      'Type',
      'Inscription',
      'Produit',
      'Payé',
      'Reste dû',
      'Gestionnaire',
    ]);
    const row = within(table).getByRole('row', { name: /Aya Yao/ });
    expect(within(row).getByText('Non assigné')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Jean-Marc Koffi/ })).toHaveTextContent('Awa Koné');
    expect(within(table).getByRole('row', { name: /Jean-Marc Koffi/ })).toHaveTextContent('02/03/2026');

    await user.click(within(table).getByRole('button', { name: 'Jean-Marc Koffi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Détails du membre' });
    expect(await within(dialog).findByText('Les Jardins de Cocody')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reassigns the members checked on the cards or the table to the gestionnaire chosen, once confirmed', async () => {
    const calls = serveMembres({
      membres: MEMBRES,
      answers: {
        'PUT /api/membres/gestionnaire': {
          status: 200,
          body: { success: true, data: { updated: 2 }, message: '2 membres réassignés' },
        },
      },
    });
    const { user } = renderWithProviders(<MembresView />, { route: '/membres' });
    const card = await screen.findByRole('article', { name: 'Jean-Marc Koffi' });
    await user.click(within(card).getByRole('checkbox', { name: 'Sélectionner Jean-Marc Koffi' }));
    // The checkbox selects, it does not open the file.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const bar = screen.getByRole('region', { name: 'Membres sélectionnés' });
    expect(bar).toHaveTextContent('1 membre sélectionné');

    // The table's page checkbox adds the rest of the page; the selection outlives the view.
    await user.click(screen.getByRole('button', { name: 'Vue liste' }));
    const page = screen.getByRole('checkbox', { name: 'Sélectionner les membres de cette page' });
    expect(page).toHaveAttribute('data-indeterminate', 'true');
    await user.click(page);
    expect(bar).toHaveTextContent('2 membres sélectionnés');

    await user.click(within(bar).getByRole('button', { name: 'Réassigner à un gestionnaire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Réassigner 2 membres' });
    expect(within(dialog).getByRole('list')).toHaveTextContent('Jean-Marc Koffi (ESV-2026-00001)');
    expect(within(dialog).getByRole('list')).toHaveTextContent('Aya Yao');
    await user.click(within(dialog).getByRole('button', { name: 'Réassigner' }));
    expect(within(dialog).getByText('Veuillez choisir le gestionnaire')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await choose(user, dialog, /^Nouveau gestionnaire/, 'Moussa Traoré');
    await user.click(within(dialog).getByRole('button', { name: 'Réassigner' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ membre_ids: [1, 2], gestionnaire_id: 3 });
    expect(toastStore.getSnapshot()).toEqual([expect.objectContaining({ message: '2 membres réassignés' })]);
    expect(screen.queryByRole('region', { name: 'Membres sélectionnés' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Sélectionner Aya Yao' })).not.toBeChecked();
  });

  it('shows the load error with Réessayer, then the members', async () => {
    let fail = true;
    serveMembres({
      membres: MEMBRES,
      answers: {
        'GET /api/membres': () =>
          fail
            ? { status: 403, body: { success: false, message: 'Accès refusé – Rôle insuffisant.', code: 'FORBIDDEN' } }
            : list(MEMBRES),
      },
    });
    const { user } = renderWithProviders(<MembresView />, { route: '/membres' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erreur lors du chargement des membres')).toBeInTheDocument();
    expect(within(alert).getByText('Accès refusé – Rôle insuffisant.')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('article', { name: 'Jean-Marc Koffi' })).toBeInTheDocument();
  });

  it('offers to reset the filters when nothing matches', async () => {
    const calls = serveMembres({ membres: [] });
    const { user } = renderWithProviders(<MembresView />, { route: '/membres?statut=inactif&q=zz' });
    expect(await screen.findByText('Aucun membre trouvé')).toBeInTheDocument();
    expect(screen.getByText('Aucun membre ne correspond à vos critères de recherche.')).toBeInTheDocument();
    expect(listCalls(calls)[0]?.get('statut')).toBe('inactif');
    expect(listCalls(calls)[0]?.get('search')).toBe('zz');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.has('statut')).toBe(false));
    expect(listCalls(calls).at(-1)?.has('search')).toBe(false);
  });
});
