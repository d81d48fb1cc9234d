import { formatFCFA, formatPricePerM2 } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { circuitBreaker, sessionStore } from '../../api/index.ts';
import { mockFetch, type RecordedCall } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import CataloguePage from './CataloguePage.tsx';
import { list, makeProduit, profileOf, text } from './test-data.ts';

function signIn(role: Parameters<typeof profileOf>[0] = 'admin') {
  sessionStore.start({
    token: 'access',
    refreshToken: 'refresh',
    sessionExpiresAt: '2026-11-22T20:00:00.000Z',
    profile: profileOf(role),
  });
}

beforeEach(() => {
  circuitBreaker.reset();
  signIn();
});

const produits = [
  makeProduit({ id: 1, titre: 'Villa Premium' }),
  makeProduit({
    id: 2,
    titre: 'Terrain Bingerville',
    type: 'terrain',
    nombre_chambre: 0,
    nombre_salon: 0,
    nombre_cuisine: 0,
    nombre_toilette: 0,
    disponibilite: 'reserve',
    prix_vente: 8_000_000,
    prix_m2: 16_000,
    superficie: 500,
    caution: 0,
  }),
];

function query(call: RecordedCall): URLSearchParams {
  return new URL(call.url, 'http://localhost').searchParams;
}

function serve({ total = 45, favoris = [] as number[], failProduits = false } = {}) {
  const favs = new Set(favoris);
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/produits') {
      if (failProduits)
        return {
          status: 403,
          body: { success: false, message: 'Accès refusé – Rôle insuffisant.', code: 'FORBIDDEN' },
        };
      const page = Number(url.searchParams.get('page'));
      return list(produits, page, 20, total);
    }
    if (url.pathname === '/api/favoris' && call.method === 'GET') {
      return list(
        [...favs].map((id) => ({
          produit_id: id,
          created_at: '2026-11-01T10:00:00.000Z',
          produit: { ...makeProduit({ id }), photo: null, site: { id: 3, nom_site: 'Site', ville_site: 'Abidjan' } },
        })),
        1,
        1000,
      );
    }
    if (url.pathname === '/api/favoris' && call.method === 'POST') {
      favs.add((call.body as { produit_id: number }).produit_id);
      return { status: 201, body: { success: true, data: {}, message: 'Ajouté aux favoris' } };
    }
    return { status: 404, body: { success: false, message: 'Ressource non trouvée', code: 'NOT_FOUND' } };
  });
}

const produitCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url.startsWith('/api/produits'));

describe('CataloguePage', () => {
  it('renders the cards from the API with every field and the page line', async () => {
    const calls = serve();
    renderWithProviders(<CataloguePage />, { route: '/produits' });
    expect(screen.getByRole('heading', { name: 'Catalogue de Produits' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Villa Premium' });
    expect(within(card).getByText('Logement')).toBeInTheDocument();
    expect(within(card).getByText('Disponible')).toBeInTheDocument();
    expect(within(card).getByText('Les Jardins de Cocody — Rue des Jardins, Riviera 3, Abidjan')).toBeInTheDocument();
    expect(within(card).getByText('Belle villa de 4 pièces avec jardin et garage.')).toBeInTheDocument();
    expect(within(card).getByText('Ajouté le 05/10/2026')).toBeInTheDocument();
    expect(within(card).getByText(text(formatFCFA(25_000_000)))).toBeInTheDocument();
    expect(within(card).getByText(text(formatPricePerM2(100_000)))).toBeInTheDocument();
    expect(within(card).getByText('250 m²')).toBeInTheDocument();
    expect(within(card).getByText(text(formatFCFA(500_000)))).toBeInTheDocument();
    expect(within(card).getByText('3 chambres · 1 salon · 1 cuisine · 2 toilettes')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Voir les détails' })).toHaveAttribute('href', '/produits/1');
    expect(within(card).getByRole('button', { name: 'Ajouter aux favoris' })).toBeInTheDocument();

    const terrain = screen.getByRole('article', { name: 'Terrain Bingerville' });
    expect(within(terrain).getByText('Réservé')).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur 3 – 45 produits au total')).toBeInTheDocument();

    const first = query(produitCalls(calls)[0] as RecordedCall);
    expect(first.get('page')).toBe('1');
    expect(first.get('limit')).toBe('20');
    expect(first.has('type')).toBe(false);
    expect(first.has('disponibilite')).toBe(false);
  });

  it('sends the type, availability, search and page filters', async () => {
    const calls = serve();
    const { user } = renderWithProviders(<CataloguePage />, { route: '/produits' });
    await screen.findByRole('article', { name: 'Villa Premium' });

    await user.click(screen.getByRole('radio', { name: 'Terrain' }));
    await waitFor(() => expect(query(produitCalls(calls).at(-1) as RecordedCall).get('type')).toBe('terrain'));

    await user.click(screen.getByRole('radio', { name: 'Réservé' }));
    await waitFor(() => expect(query(produitCalls(calls).at(-1) as RecordedCall).get('disponibilite')).toBe('reserve'));
    expect(query(produitCalls(calls).at(-1) as RecordedCall).get('type')).toBe('terrain');

    await user.type(screen.getByRole('textbox', { name: 'Rechercher' }), 'villa');
    await waitFor(() => expect(query(produitCalls(calls).at(-1) as RecordedCall).get('search')).toBe('villa'));
    // Debounced: one call for the whole word, not one per letter.
    expect(produitCalls(calls).filter((c) => query(c).has('search'))).toHaveLength(1);

    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(query(produitCalls(calls).at(-1) as RecordedCall).get('page')).toBe('2'));
    expect(query(produitCalls(calls).at(-1) as RecordedCall).get('search')).toBe('villa');

    await user.click(within(screen.getByRole('radiogroup', { name: 'Type' })).getByRole('radio', { name: 'Tous' }));
    await waitFor(() => expect(query(produitCalls(calls).at(-1) as RecordedCall).has('type')).toBe(false));
    expect(query(produitCalls(calls).at(-1) as RecordedCall).get('page')).toBe('1');
  });

  it('shows "Ajouter un produit" to admin and gestionnaire only', async () => {
    serve();
    const { unmount } = renderWithProviders(<CataloguePage />, { route: '/produits' });
    await screen.findByRole('article', { name: 'Villa Premium' });
    expect(screen.getByRole('button', { name: 'Ajouter un produit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer Villa Premium' })).toBeInTheDocument();
    unmount();

    signIn('commercial');
    renderWithProviders(<CataloguePage />, { route: '/produits' });
    await screen.findByRole('article', { name: 'Villa Premium' });
    expect(screen.queryByRole('button', { name: 'Ajouter un produit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer Villa Premium' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier Villa Premium' })).not.toBeInTheDocument();
  });

  it('toggles a favourite on the server', async () => {
    const calls = serve();
    const { user } = renderWithProviders(<CataloguePage />, { route: '/produits' });
    const card = await screen.findByRole('article', { name: 'Villa Premium' });
    const heart = within(card).getByRole('button', { name: 'Ajouter aux favoris' });
    // The heart waits for the account's favourites before it can be pressed.
    await waitFor(() => expect(heart).toBeEnabled());
    await user.click(heart);
    expect(await within(card).findByRole('button', { name: 'Retirer des favoris' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ produit_id: 1 });
  });

  it('switches to the list view', async () => {
    serve();
    const { user } = renderWithProviders(<CataloguePage />, { route: '/produits' });
    await screen.findByRole('article', { name: 'Villa Premium' });
    await user.click(screen.getByRole('button', { name: 'Vue liste' }));
    const table = screen.getByRole('table', { name: 'Liste des produits' });
    expect(within(table).getByText('Villa Premium')).toBeInTheDocument();
    expect(within(table).getAllByRole('link', { name: 'Voir les détails' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Vue liste' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the empty state with a way back to all products', async () => {
    mockFetch((call) => (call.url.startsWith('/api/produits') ? list([], 1, 20, 0) : list([], 1, 1000, 0)));
    const { user } = renderWithProviders(<CataloguePage />, { route: '/produits?type=terrain&q=zzz' });
    expect(await screen.findByText('Aucun produit trouvé')).toBeInTheDocument();
    expect(screen.getByText('Aucun produit ne correspond à vos critères de recherche.')).toBeInTheDocument();
    expect(screen.queryByText(/Page 1 sur/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
    expect(await screen.findByText('Le catalogue ne contient encore aucun produit.')).toBeInTheDocument();
  });

  it('shows a red panel on a failed load and retries', async () => {
    let fail = true;
    const calls = mockFetch((call) => {
      if (call.url.startsWith('/api/produits')) {
        if (fail)
          return {
            status: 403,
            body: { success: false, message: 'Accès refusé – Rôle insuffisant.', code: 'FORBIDDEN' },
          };
        return list(produits, 1, 20, 2);
      }
      return list([], 1, 1000, 0);
    });
    const { user } = renderWithProviders(<CataloguePage />, { route: '/produits' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erreur lors du chargement des produits')).toBeInTheDocument();
    expect(within(alert).getByText('Accès refusé – Rôle insuffisant.')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('article', { name: 'Villa Premium' })).toBeInTheDocument();
    expect(produitCalls(calls)).toHaveLength(2);
  });
});
