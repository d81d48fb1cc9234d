import type { Favori } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { circuitBreaker, sessionStore } from '../../api/index.ts';
import { useFavorisCount } from '../../data/favoris.ts';
import { ADMIN_PROFILE, mockFetch, type RecordedCall } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import FavorisPage from './FavorisPage.tsx';

beforeEach(() => {
  circuitBreaker.reset();
  sessionStore.start({
    token: 'access',
    refreshToken: 'refresh',
    sessionExpiresAt: '2026-11-22T20:00:00.000Z',
    profile: { ...ADMIN_PROFILE, role: 'commercial' },
  });
});

function favori(
  id: number,
  titre: string,
  prix: number,
  ville: string,
  added: string,
  photo: string | null = null,
): Favori {
  return {
    produit_id: id,
    created_at: added,
    produit: {
      id,
      titre,
      type: 'logement',
      prix_vente: prix,
      surface: 120,
      photo,
      disponibilite: 'disponible',
      site: { id: 3, nom_site: `Résidence ${ville}`, ville_site: ville },
    },
  };
}

const FAVORIS = [
  favori(1, 'Villa Premium', 25_000_000, 'Cocody', '2026-11-10T10:00:00.000Z', '/api/media/p1.jpg'),
  favori(2, 'Appartement T3', 15_000_000, 'Yopougon', '2026-11-12T10:00:00.000Z'),
  favori(3, 'Duplex Familial', 35_000_000, 'Bingerville', '2026-11-11T10:00:00.000Z'),
];

/** A stateful fake of /api/favoris: search on title, site and city; the three sorts; clear-all. */
function serve(initial: Favori[] = FAVORIS) {
  let rows = [...initial];
  const calls = mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/favoris' && call.method === 'DELETE') {
      const count = rows.length;
      rows = [];
      return { status: 200, body: { success: true, message: `${count} favori(s) supprimé(s)` } };
    }
    if (url.pathname.startsWith('/api/favoris/') && call.method === 'DELETE') {
      rows = rows.filter((r) => r.produit_id !== Number(url.pathname.split('/').at(-1)));
      return { status: 200, body: { success: true, message: 'Retiré des favoris' } };
    }
    if (url.pathname === '/api/favoris') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const sort = url.searchParams.get('sort') ?? 'recent';
      const found = rows
        .filter((r) =>
          [r.produit.titre, r.produit.site.nom_site, r.produit.site.ville_site].some((v) =>
            v.toLowerCase().includes(search),
          ),
        )
        .sort((a, b) =>
          sort === 'prix'
            ? b.produit.prix_vente - a.produit.prix_vente
            : sort === 'titre'
              ? a.produit.titre.localeCompare(b.produit.titre)
              : b.created_at.localeCompare(a.created_at),
        );
      const limit = Number(url.searchParams.get('limit') ?? 100);
      return {
        status: 200,
        body: {
          success: true,
          data: found.slice(0, limit),
          pagination: { page: 1, limit, total: found.length, totalPages: Math.max(1, Math.ceil(found.length / limit)) },
        },
      };
    }
    return { status: 404, body: { success: false, message: 'Ressource non trouvée', code: 'NOT_FOUND' } };
  });
  return calls;
}

const titles = () => screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
const listCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/favoris?') && !c.url.includes('limit=1000'));

describe('FavorisPage', () => {
  it('shows the red banner with the count line and the cards, newest first', async () => {
    serve();
    renderWithProviders(<FavorisPage />);
    expect(screen.getByRole('heading', { name: 'Mes Favoris' })).toBeInTheDocument();
    expect(await screen.findByText('3 produits sauvegardés')).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(['Appartement T3', 'Duplex Familial', 'Villa Premium']));
    const card = screen.getByRole('article', { name: 'Villa Premium' });
    expect(within(card).getByText('Ajouté le 10/11/2026')).toBeInTheDocument();
    expect(within(card).getByText('Résidence Cocody – Cocody')).toBeInTheDocument();
    expect(within(card).getByText('120 m²')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Voir détails' })).toHaveAttribute('href', '/produits/1');
    expect(within(card).getByRole('button', { name: 'Retirer des favoris' })).toBeInTheDocument();
    const noPhoto = screen.getByRole('article', { name: 'Appartement T3' });
    expect(within(noPhoto).getByText('Pas d’image')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vider les favoris' })).toBeInTheDocument();
  });

  it('says "1 produit sauvegardé" in the singular', async () => {
    serve([FAVORIS[0] as Favori]);
    renderWithProviders(<FavorisPage />);
    expect(await screen.findByText('1 produit sauvegardé')).toBeInTheDocument();
  });

  it('sorts by price and by name', async () => {
    const calls = serve();
    const { user } = renderWithProviders(<FavorisPage />);
    await screen.findByRole('article', { name: 'Villa Premium' });
    const sort = screen.getAllByLabelText('Trier par').find((e) => e.tagName === 'INPUT') as HTMLElement;
    expect(sort).toHaveValue('Plus récents');
    await user.click(sort);
    await user.click(await screen.findByRole('option', { name: 'Prix décroissant' }));
    await waitFor(() => expect(titles()).toEqual(['Duplex Familial', 'Villa Premium', 'Appartement T3']));
    expect(listCalls(calls).at(-1)?.url).toContain('sort=prix');
    await user.click(sort);
    await user.click(await screen.findByRole('option', { name: 'Nom A-Z' }));
    await waitFor(() => expect(titles()).toEqual(['Appartement T3', 'Duplex Familial', 'Villa Premium']));
    expect(listCalls(calls).at(-1)?.url).toContain('sort=titre');
  });

  it('searches the favourites and says when nothing matches', async () => {
    const calls = serve();
    const { user } = renderWithProviders(<FavorisPage />);
    await screen.findByRole('article', { name: 'Villa Premium' });
    const search = screen.getByPlaceholderText('Rechercher dans les favoris...');
    await user.type(search, 'yopougon');
    await waitFor(() => expect(titles()).toEqual(['Appartement T3']));
    expect(listCalls(calls).at(-1)?.url).toContain('search=yopougon');
    await user.clear(search);
    await user.type(search, 'abobo');
    expect(await screen.findByText('Aucun résultat')).toBeInTheDocument();
    expect(screen.getByText('Aucun favori ne correspond à votre recherche')).toBeInTheDocument();
    // The banner still counts all the favourites.
    expect(screen.getByText('3 produits sauvegardés')).toBeInTheDocument();
  });

  it('shows the list table with a "Voir plus" toggle', async () => {
    serve();
    const { user } = renderWithProviders(<FavorisPage />);
    await screen.findByRole('article', { name: 'Villa Premium' });
    await user.click(screen.getByRole('button', { name: 'Vue liste' }));
    const table = screen.getByRole('table', { name: 'Liste des favoris' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Produit', 'Localisation', 'Prix', 'Ajouté le', 'Actions']);
    const [first] = within(table).getAllByRole('button', { name: 'Voir plus' });
    await user.click(first as HTMLElement);
    expect(within(table).getByRole('button', { name: 'Voir moins' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(table).getByRole('link', { name: 'Voir détails' })).toHaveAttribute('href', '/produits/2');
  });

  it('clears all the favourites after the danger confirmation', async () => {
    const calls = serve();
    const { user } = renderWithProviders(<FavorisPage />);
    await screen.findByRole('article', { name: 'Villa Premium' });
    await user.click(screen.getByRole('button', { name: 'Vider les favoris' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vider les favoris' });
    expect(
      within(dialog).getByText(
        'Êtes-vous sûr de vouloir supprimer tous vos favoris ? Cette action ne peut pas être annulée.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Vider les favoris' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Vider les favoris' })).getByRole('button', { name: 'Vider' }),
    );
    expect(await screen.findByText('Aucun favori pour le moment')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/favoris']);
    expect(screen.getByText('0 produits sauvegardés')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vider les favoris' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Parcourez nos produits et cliquez sur le cœur pour les ajouter à vos favoris'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Parcourir les produits' })).toHaveAttribute('href', '/produits#produits');
    expect(screen.queryByRole('link', { name: /debug/i })).not.toBeInTheDocument();
  });

  it('removes one favourite with its heart', async () => {
    serve();
    const { user } = renderWithProviders(<FavorisPage />);
    const card = await screen.findByRole('article', { name: 'Villa Premium' });
    await user.click(within(card).getByRole('button', { name: 'Retirer des favoris' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Villa Premium' })).not.toBeInTheDocument());
    expect(screen.getByText('2 produits sauvegardés')).toBeInTheDocument();
  });
});

describe('useFavorisCount', () => {
  function Count() {
    return <span>compte : {useFavorisCount()}</span>;
  }

  it("is the total of the account's favourites (the sidebar badge)", async () => {
    serve();
    renderWithProviders(<Count />);
    expect(await screen.findByText('compte : 3')).toBeInTheDocument();
  });

  it('is 0 and asks nothing without a session', () => {
    sessionStore.clear();
    const calls = serve();
    renderWithProviders(<Count />);
    expect(screen.getByText('compte : 0')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
