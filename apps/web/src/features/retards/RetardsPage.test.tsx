import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import RetardsPage from './RetardsPage.tsx';
import {
  captureDownloads,
  choose,
  makeRetard,
  paramsOf,
  RETARDS,
  serveRetards,
  signIn,
  TOTAUX,
  text,
} from './test-data.ts';

beforeEach(() => {
  circuitBreaker.reset();
  toastStore.clear();
  vi.restoreAllMocks();
  signIn('admin');
});

/** The address's query, where the filters are kept. */
function Probe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

const listCalls = (calls: ReturnType<typeof serveRetards>) => paramsOf(calls, '/api/retards');
const tile = (name: RegExp) => screen.getByRole('button', { name });

describe('RetardsPage', () => {
  it('shows the totals per bucket and each late member with his arrears', async () => {
    const calls = serveRetards({ total: 27 });
    renderWithProviders(<RetardsPage />, { route: '/retards' });
    expect(screen.getByRole('heading', { level: 1, name: 'Retards de paiement' })).toBeInTheDocument();

    const tiles = await screen.findByRole('group', { name: 'Totaux par tranche' });
    const tileTexts = within(tiles)
      .getAllByRole('button')
      .map((b) => text(b.textContent ?? ''));
    expect(tileTexts).toEqual([
      '1 à 30 jours1 membre487 000 FCFA',
      '31 à 60 jours1 membre584 000 FCFA',
      '61 à 90 jours0 membre0 FCFA',
      'Plus de 90 jours24 membres88 577 000 FCFA',
    ]);
    for (const button of within(tiles).getAllByRole('button')) {
      expect(button).toHaveAttribute('aria-pressed', 'false');
    }
    expect(screen.getByText(/Situation au 25\/11\/2026\./)).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Membres en retard' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Membre',
      'Téléphone',
      'Produit / site',
      'Gestionnaire',
      'Retard',
      'Montant en retard',
      'Dernier versement',
    ]);
    const sylla = within(table).getByRole('row', { name: /Salimata Sylla/ });
    expect(text(sylla.textContent ?? '')).toBe(
      [
        'Salimata SyllaESV-2026-00017',
        '+225 07 25 35 45 67',
        'Lot 08 – Lotissement CapitaleLes Jardins de la Capitale',
        'Awa Koné',
        '396 joursdepuis le 25/10/2025Plus de 90 jours',
        '3 900 000 FCFA',
        '13/09/2026',
      ].join(''),
    );
    expect(within(sylla).getByRole('link', { name: '+225 07 25 35 45 67' })).toHaveAttribute(
      'href',
      'tel:+2250725354567',
    );
    // His file opens on the members page, searched by his code.
    expect(within(sylla).getByRole('link', { name: 'Salimata Sylla' })).toHaveAttribute(
      'href',
      '/membres?q=ESV-2026-00017',
    );
    const bakayoko = within(table).getByRole('row', { name: /Ibrahim Bakayoko/ });
    for (const value of ['Non assigné', 'Aucun', '43 jours', '31 à 60 jours', '—']) {
      expect(within(bakayoko).getByText(value)).toBeInTheDocument();
    }
    expect(screen.getByText('Page 1 sur 3 – 27 membres en retard')).toBeInTheDocument();
    expect(listCalls(calls)[0]?.toString()).toBe('page=1&limit=10');
  });

  it('filters by a bucket when its tile is pressed, and shows all again when pressed twice', async () => {
    const calls = serveRetards();
    const { user } = renderWithProviders(
      <>
        <RetardsPage />
        <Probe />
      </>,
      { route: '/retards?page=2' },
    );
    await screen.findByRole('table', { name: 'Membres en retard' });
    await user.click(tile(/^31 à 60 jours/));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('tranche')).toBe('31-60'));
    expect(listCalls(calls).at(-1)?.get('page')).toBe('1');
    expect(screen.getByTestId('location')).toHaveTextContent('?tranche=31-60');
    expect(tile(/^31 à 60 jours/)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('combobox', { name: 'Tranche de retard' })).toHaveValue('31 à 60 jours');

    // The keyboard presses it too.
    tile(/^31 à 60 jours/).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(listCalls(calls).at(-1)?.has('tranche')).toBe(false));
    expect(tile(/^31 à 60 jours/)).toHaveAttribute('aria-pressed', 'false');
  });

  it('filters by site, gestionnaire and day, kept in the address', async () => {
    const calls = serveRetards();
    const { user, container } = renderWithProviders(
      <>
        <RetardsPage />
        <Probe />
      </>,
      { route: '/retards?tranche=90%2B' },
    );
    await screen.findByRole('table', { name: 'Membres en retard' });
    expect(listCalls(calls)[0]?.get('tranche')).toBe('90+');
    expect(tile(/^Plus de 90 jours/)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Situation au')).toHaveValue('2026-11-25');

    await choose(user, container, 'Site', 'Résidence du Port');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('site_id')).toBe('5'));
    await choose(user, container, 'Gestionnaire', 'Moussa Traoré');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('gestionnaire_id')).toBe('3'));
    // A date field changes at once, as a browser's date picker does.
    fireEvent.change(screen.getByLabelText('Situation au'), { target: { value: '2026-06-30' } });
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('date')).toBe('2026-06-30'));
    expect(listCalls(calls).at(-1)?.get('tranche')).toBe('90+');
    expect(screen.getByTestId('location')).toHaveTextContent('?tranche=90%2B&site=5&gestionnaire=3&date=2026-06-30');

    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.toString()).toBe('page=1&limit=10'));
  });

  it('exports the filtered list as a CSV file through the authenticated client', async () => {
    const calls = serveRetards();
    const names = captureDownloads();
    const { user } = renderWithProviders(<RetardsPage />, { route: '/retards?tranche=31-60&site=4' });
    await screen.findByRole('table', { name: 'Membres en retard' });
    await user.click(screen.getByRole('button', { name: 'Exporter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV (point-virgule, UTF-8)' }));
    await waitFor(() => expect(names).toEqual(['retards-2026-11-25.csv']));
    const exported = calls.find((c) => c.url.startsWith('/api/retards/export'));
    expect(exported?.url).toBe('/api/retards/export?tranche=31-60&site_id=4&format=csv');
    expect(exported?.headers.Authorization).toBe('Bearer access');
  });

  it('says in a toast when the export fails', async () => {
    serveRetards({
      answers: {
        'GET /api/retards/export': {
          status: 403,
          body: { success: false, message: 'Accès refusé', code: 'FORBIDDEN' },
        },
      },
    });
    captureDownloads();
    const { user } = renderWithProviders(<RetardsPage />, { route: '/retards' });
    await screen.findByRole('table', { name: 'Membres en retard' });
    await user.click(screen.getByRole('button', { name: 'Exporter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
    await waitFor(() =>
      expect(toastStore.getSnapshot().map((t) => text(t.message))).toContain('Erreur lors de l’export : Accès refusé'),
    );
    expect(screen.getByRole('button', { name: 'Exporter' })).toBeEnabled();
  });

  it('says that nobody is late on the day, with the day', async () => {
    serveRetards({ rows: [], date: '2026-11-25' });
    renderWithProviders(<RetardsPage />, { route: '/retards' });
    expect(await screen.findByText('Aucun membre en retard au 25/11/2026')).toBeInTheDocument();
    expect(screen.getByText('Tous les membres sont à jour de leurs échéances.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a gestionnaire his late clients without the gestionnaire’s column nor filter', async () => {
    signIn('gestionnaire', 2);
    const calls = serveRetards();
    renderWithProviders(<RetardsPage />, { route: '/retards' });
    const table = await screen.findByRole('table', { name: 'Membres en retard' });
    expect(within(table).queryByRole('columnheader', { name: 'Gestionnaire' })).not.toBeInTheDocument();
    expect(within(table).queryByText('Awa Koné')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Gestionnaire' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Vos clients en retard/)).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/gestionnaires'))).toBe(false);
  });

  it('shows the penalty apart once one is charged, and no link to a file the comptable cannot open', async () => {
    signIn('comptable');
    const calls = serveRetards({ rows: [makeRetard({ penalite: 78_000 }), ...RETARDS.slice(1)] });
    renderWithProviders(<RetardsPage />, { route: '/retards' });
    const table = await screen.findByRole('table', { name: 'Membres en retard' });
    expect(within(table).getByRole('columnheader', { name: 'Pénalité' })).toBeInTheDocument();
    const sylla = within(table).getByRole('row', { name: /Salimata Sylla/ });
    expect(text(sylla.textContent ?? '')).toContain('3 900 000 FCFA78 000 FCFA');
    expect(within(sylla).queryByRole('link', { name: 'Salimata Sylla' })).not.toBeInTheDocument();
    // The comptable may not list the gestionnaires (rights.ts): no filter by gestionnaire.
    expect(screen.queryByRole('textbox', { name: 'Gestionnaire' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/gestionnaires'))).toBe(false);
  });

  it('shows cards on a phone, with the amount, the bucket and the phone to call', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    serveRetards();
    renderWithProviders(<RetardsPage />, { route: '/retards' });
    const card = await screen.findByRole('article', { name: 'Salimata Sylla' });
    expect(text(card.textContent ?? '')).toContain('3 900 000 FCFA');
    expect(text(card.textContent ?? '')).toContain('Retard : 396 jours, impayé depuis le 25/10/2025');
    expect(within(card).getByText('Plus de 90 jours')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '+225 07 25 35 45 67' })).toHaveAttribute(
      'href',
      'tel:+2250725354567',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    const calls = serveRetards({
      answers: {
        'GET /api/retards': () =>
          fail
            ? { status: 400, body: { success: false, message: 'Tranche de retard inconnue', code: 'VALIDATION' } }
            : {
                status: 200,
                body: {
                  success: true,
                  data: [],
                  pagination: { page: 1, limit: 10, total: 0, totalPages: 0, totalExact: true },
                  date: '2026-11-25',
                  delai_grace: 3,
                  totaux: TOTAUX,
                },
              },
      },
    });
    const { user } = renderWithProviders(<RetardsPage />, { route: '/retards' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erreur lors du chargement des retards')).toBeInTheDocument();
    expect(within(alert).getByText('Tranche de retard inconnue')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Aucun membre en retard au 25/11/2026')).toBeInTheDocument();
    expect(screen.getByText(/après un délai de grâce de 3 jours\./)).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(2);
  });
});
