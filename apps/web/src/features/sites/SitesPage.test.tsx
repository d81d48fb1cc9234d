import type { Site } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker, sessionStore } from '../../api/index.ts';
import { ADMIN_PROFILE, mockFetch, type RecordedCall } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import SitesPage from './SitesPage.tsx';

function signIn(role: 'admin' | 'gestionnaire' | 'membre' | 'commercial' | 'demandeur' = 'admin') {
  sessionStore.start({
    token: 'access',
    refreshToken: 'refresh',
    sessionExpiresAt: '2026-11-22T20:00:00.000Z',
    profile: { ...ADMIN_PROFILE, role },
  });
}

afterEach(() => toastStore.clear());

beforeEach(() => {
  circuitBreaker.reset();
  signIn();
});

function makeSite(id: number, nom: string, overrides: Partial<Site> = {}): Site {
  return {
    id,
    nom_site: nom,
    adresse_site: 'Boulevard Latrille',
    ville_site: 'Abidjan',
    prix_metre_carre: 150_000,
    localisation_site: null,
    video_site: null,
    photo_site: null,
    plan_site: null,
    photos_site: [],
    plans_site: [],
    est_actif: true,
    nombre_produits: 2,
    created_by: 1,
    updated_by: 1,
    created_at: '2026-01-10T10:00:00.000Z',
    updated_at: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

const SITES = [
  makeSite(1, 'Les Jardins de Cocody'),
  makeSite(2, 'Cité Bingerville', { ville_site: 'Bingerville', est_actif: false, nombre_produits: 1 }),
];

function serve({
  total = 30,
  deleteAnswer,
}: {
  total?: number;
  deleteAnswer?: { status: number; body: unknown };
} = {}) {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/sites/stats') {
      return {
        status: 200,
        body: {
          success: true,
          data: { total: 30, actifs: 29, villes: 4, prix_moyen_m2: 120_500, prix_min_m2: 85_000 },
        },
      };
    }
    if (url.pathname === '/api/sites' && call.method === 'GET') {
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      return {
        status: 200,
        body: { success: true, data: SITES, pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } },
      };
    }
    if (url.pathname === '/api/sites' && call.method === 'POST') {
      return {
        status: 201,
        body: { success: true, data: makeSite(9, 'Nouveau site'), message: 'Site créé avec succès' },
      };
    }
    if (url.pathname.startsWith('/api/sites/') && call.method === 'DELETE') {
      return deleteAnswer ?? { status: 200, body: { success: true, message: 'Site supprimé avec succès' } };
    }
    return { status: 404, body: { success: false, message: 'Ressource non trouvée', code: 'NOT_FOUND' } };
  });
}

const siteCalls = (calls: RecordedCall[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.startsWith('/api/sites?'))
    .map((c) => new URL(c.url, 'http://x').searchParams);

describe('SitesPage', () => {
  it('renders the site cards, the figures and the pages', async () => {
    const calls = serve();
    const { user } = renderWithProviders(<SitesPage />);
    expect(screen.getByRole('heading', { name: 'Gestion des Sites' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Les Jardins de Cocody' });
    expect(within(card).getByText('Actif')).toBeInTheDocument();
    expect(within(card).getByText('Boulevard Latrille, Abidjan')).toBeInTheDocument();
    expect(within(card).getByText(/150\s000 FCFA\/m²/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '2 produits sur le site Les Jardins de Cocody' })).toHaveAttribute(
      'href',
      '/produits?site=1',
    );
    expect(within(screen.getByRole('article', { name: 'Cité Bingerville' })).getByText('Inactif')).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur 3 – 30 sites au total')).toBeInTheDocument();
    expect(await screen.findByText('Villes')).toBeInTheDocument();

    const pages = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pages).getByRole('button', { name: 'Page précédente' })).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Page suivante' })).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(siteCalls(calls).at(-1)?.get('page')).toBe('2'));
    expect(siteCalls(calls).at(-1)?.get('limit')).toBe('12');
  });

  it('speaks to a member or an applicant as a buyer: our sites, from which price', async () => {
    for (const role of ['membre', 'demandeur'] as const) {
      signIn(role);
      serve();
      const { unmount } = renderWithProviders(<SitesPage />);
      expect(screen.getByRole('heading', { name: 'Nos sites' })).toBeInTheDocument();
      expect(screen.queryByText('Gestion des Sites')).not.toBeInTheDocument();
      const figures = await screen.findByRole('group', { name: 'Chiffres des sites' });
      expect(within(figures).getByText('Prix du m² à partir de').nextSibling).toHaveTextContent(/85\s000 FCFA\/m²/);
      for (const staffOnly of ['Sites actifs', 'Prix moyen du m²']) {
        expect(within(figures).queryByText(staffOnly)).not.toBeInTheDocument();
      }
      unmount();
    }
  });

  it('searches with a debounce and refreshes', async () => {
    const calls = serve();
    const { user } = renderWithProviders(<SitesPage />);
    await screen.findByRole('article', { name: 'Les Jardins de Cocody' });
    await user.type(screen.getByPlaceholderText('Rechercher un site...'), 'cocody');
    await waitFor(() => expect(siteCalls(calls).at(-1)?.get('search')).toBe('cocody'));
    expect(siteCalls(calls).filter((q) => q.has('search'))).toHaveLength(1);
    const before = siteCalls(calls).length;
    await user.click(screen.getByRole('button', { name: 'Actualiser' }));
    await waitFor(() => expect(siteCalls(calls).length).toBe(before + 1));
  });

  it('keeps the management buttons for admin and gestionnaire', async () => {
    serve();
    const { unmount } = renderWithProviders(<SitesPage />);
    await screen.findByRole('article', { name: 'Les Jardins de Cocody' });
    expect(screen.getByRole('button', { name: 'Ajouter un site' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modifier Les Jardins de Cocody' })).toBeInTheDocument();
    unmount();
    signIn('membre');
    renderWithProviders(<SitesPage />);
    await screen.findByRole('article', { name: 'Les Jardins de Cocody' });
    expect(screen.queryByRole('button', { name: 'Ajouter un site' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer Les Jardins de Cocody' })).not.toBeInTheDocument();
  });

  it('creates a site with its photos (multipart) after checking the fields', async () => {
    serve();
    const { user } = renderWithProviders(<SitesPage />);
    await user.click(await screen.findByRole('button', { name: 'Ajouter un site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un nouveau site' });
    await user.click(within(dialog).getByRole('button', { name: 'Créer le site' }));
    for (const message of [
      'Le nom du site est requis',
      'L’adresse est requise',
      'La ville est requise',
      'Le prix par m² doit être supérieur à 0',
      'Au moins une photo est obligatoire',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    await user.type(within(dialog).getByLabelText(/^Nom du site/), 'Résidence Akwaba');
    await user.type(within(dialog).getByLabelText(/^Adresse/), 'Route de Bassam');
    await user.type(within(dialog).getByLabelText(/^Ville/), 'Grand-Bassam');
    await user.type(within(dialog).getByLabelText(/^Prix par m² \(FCFA\)/), '95000');
    await user.upload(within(dialog).getByLabelText('Photos du site'), [
      new File([new Uint8Array(100)], 'entree.jpg', { type: 'image/jpeg' }),
    ]);
    await user.upload(within(dialog).getByLabelText('Plans du site'), [
      new File(['%PDF'], 'lotissement.pdf', { type: 'application/pdf' }),
    ]);
    // The dropzone reads the dropped files asynchronously: wait until both are listed.
    await within(dialog).findByText('entree.jpg');
    await within(dialog).findByText('lotissement.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le site' }));
    // The spec's success screen in the dialog, which closes itself (1.5 s).
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Site créé avec succès');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Ajouter un nouveau site' })).not.toBeInTheDocument(),
    );
    expect(toastStore.getSnapshot()).toEqual([]);
    const [, init] = vi.mocked(globalThis.fetch).mock.calls.find(([, i]) => i?.body instanceof FormData) ?? [];
    const form = init?.body as FormData;
    expect(init?.method).toBe('POST');
    expect(form.get('nom_site')).toBe('Résidence Akwaba');
    expect(form.get('prix_metre_carre')).toBe('95000');
    expect(form.getAll('photo').map((f) => (f as File).name)).toEqual(['entree.jpg']);
    expect(form.getAll('plan').map((f) => (f as File).name)).toEqual(['lotissement.pdf']);
  });

  it("asks before deleting and shows the server's refusal", async () => {
    const calls = serve({
      deleteAnswer: {
        status: 409,
        body: {
          success: false,
          code: 'CONFLICT',
          message: 'Ce site a encore des produits : il ne peut pas être supprimé.',
        },
      },
    });
    const { user } = renderWithProviders(<SitesPage />);
    await user.click(await screen.findByRole('button', { name: 'Supprimer Les Jardins de Cocody' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer le site' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(
      await within(dialog).findByText('Ce site a encore des produits : il ne peut pas être supprimé.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/sites/1']);
  });
});
