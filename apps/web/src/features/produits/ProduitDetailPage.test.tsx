import { formatFCFA } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { circuitBreaker, sessionStore } from '../../api/index.ts';
import { mockFetch, PUBLIC_SETTINGS } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import ProduitDetailPage, { LINK_COPIED } from './ProduitDetailPage.tsx';
import ProduitsView, { detailId } from './ProduitsView.tsx';
import { list, makeProduit, ok, profileOf, text } from './test-data.ts';

beforeEach(() => {
  circuitBreaker.reset();
  toastStore.clear();
  sessionStore.start({
    token: 'access',
    refreshToken: 'refresh',
    sessionExpiresAt: '2026-11-22T20:00:00.000Z',
    profile: profileOf('membre'),
  });
});

const photos = (n: number) => Array.from({ length: n }, (_, i) => `/api/media/produits/7/photo-${i + 1}.jpg?sig=x`);

function serve(produit = makeProduit({ id: 7, titre: 'Villa Premium', photos_logement: photos(3) })) {
  return mockFetch((call) => {
    if (call.url === '/api/produits/7') return ok(produit);
    if (call.url === '/api/settings/public') return ok(PUBLIC_SETTINGS);
    if (call.url.startsWith('/api/favoris')) return list([], 1, 1000, 0);
    return { status: 404, body: { success: false, message: 'Produit non trouvé', code: 'NOT_FOUND' } };
  });
}

/** A Mantine Select's input (its listbox carries the same label). */
const inputOf = (container: HTMLElement, label: string) =>
  within(container)
    .getAllByLabelText(label)
    .find((element) => element.tagName === 'INPUT') as HTMLElement;

describe('ProduitDetailPage', () => {
  it('shows the header, the photo counter and moves through the photos', async () => {
    serve();
    const { user } = renderWithProviders(<ProduitDetailPage id={7} />, { route: '/produits/7' });
    expect(await screen.findByRole('heading', { name: 'Villa Premium', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Référence #7')).toBeInTheDocument();
    expect(screen.getAllByText('Disponible').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Retour' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter aux favoris' })).toBeInTheDocument();
    const gallery = screen.getByRole('region', { name: 'Photos du produit' });
    expect(within(gallery).getByText('1 / 3')).toBeInTheDocument();
    expect(within(gallery).getByRole('img', { name: 'Villa Premium — photo 1 sur 3' })).toBeInTheDocument();
    await user.click(within(gallery).getByRole('button', { name: 'Photo suivante' }));
    expect(within(gallery).getByText('2 / 3')).toBeInTheDocument();
    await user.click(within(gallery).getByRole('button', { name: 'Photo précédente' }));
    await user.click(within(gallery).getByRole('button', { name: 'Photo précédente' }));
    expect(within(gallery).getByText('3 / 3')).toBeInTheDocument();
    await user.click(within(gallery).getByRole('button', { name: 'Voir la photo 1' }));
    expect(within(gallery).getByText('1 / 3')).toBeInTheDocument();
    expect(within(gallery).getByRole('link', { name: 'Plein écran (nouvel onglet)' })).toHaveAttribute(
      'href',
      '/api/media/produits/7/photo-1.jpg?sig=x',
    );
  });

  it('shows the management information (ids, dates, authors) to staff only', async () => {
    sessionStore.start({
      token: 'access',
      refreshToken: 'refresh',
      sessionExpiresAt: '2026-11-22T20:00:00.000Z',
      profile: profileOf('commercial'),
    });
    serve(makeProduit({ id: 7, titre: 'Villa Premium' }));
    renderWithProviders(<ProduitDetailPage id={7} />);
    await screen.findByRole('heading', { name: 'Villa Premium', level: 1 });
    const management = screen.getByRole('region', { name: 'Informations de gestion' });
    expect(within(management).getByText('Utilisateur #1')).toBeInTheDocument();
    expect(within(management).getByText('Utilisateur #2')).toBeInTheDocument();
    expect(screen.getByText('Site #3')).toBeInTheDocument();
  });

  it('shows at most 6 photos in the grid with +N for the rest', async () => {
    serve(makeProduit({ id: 7, photos_logement: photos(9) }));
    const { user } = renderWithProviders(<ProduitDetailPage id={7} />);
    const gallery = await screen.findByRole('region', { name: 'Photos du produit' });
    await user.click(within(gallery).getByRole('radio', { name: 'Grille' }));
    expect(within(gallery).getAllByRole('button', { name: /^Voir/ })).toHaveLength(6);
    expect(within(gallery).getByText('+3')).toBeInTheDocument();
    await user.click(within(gallery).getByRole('button', { name: 'Voir les 4 dernières photos' }));
    expect(within(gallery).getByText('6 / 9')).toBeInTheDocument();
  });

  it('has the five tabs with real data only', async () => {
    serve(
      makeProduit({
        id: 7,
        titre: 'Villa Premium',
        video_logement: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        plan_logement: ['/api/media/produits/7/plan.pdf?sig=x', '/api/media/produits/7/plan-etage.png?sig=x'],
      }),
    );
    const { user } = renderWithProviders(<ProduitDetailPage id={7} />);
    await screen.findByRole('heading', { name: 'Villa Premium', level: 1 });
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Vue d’ensemble', 'Plans & Docs', 'Visite virtuelle', 'Équipements', 'Localisation']);

    // Overview: description, characteristics, construction delay (a member sees no management information).
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Belle villa de 4 pièces avec jardin et garage.')).toBeInTheDocument();
    const financial = within(panel).getByRole('region', { name: 'Financier' });
    expect(within(financial).getByText(text(formatFCFA(25_000_000)))).toBeInTheDocument();
    expect(within(financial).getByText(text('100 000 FCFA/m²'))).toBeInTheDocument();
    expect(within(financial).getByText(text('150 000 FCFA/m²'))).toBeInTheDocument();
    expect(within(panel).queryByRole('region', { name: 'Informations de gestion' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Utilisateur #/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Site #/)).not.toBeInTheDocument();
    expect(within(panel).getByRole('region', { name: 'Délai de construction' })).toHaveTextContent('18 mois');

    await user.click(screen.getByRole('tab', { name: 'Plans & Docs' }));
    expect(screen.getByRole('link', { name: 'Ouvrir le plan 1' })).toHaveAttribute(
      'href',
      '/api/media/produits/7/plan.pdf?sig=x',
    );
    expect(screen.getByRole('link', { name: 'Télécharger le plan 2' })).toHaveAttribute('download');
    expect(screen.getByText('Document PDF')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Visite virtuelle' }));
    expect(screen.getByTitle('Visite virtuelle — Villa Premium')).toHaveAttribute(
      'src',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );

    await user.click(screen.getByRole('tab', { name: 'Équipements' }));
    for (const item of ['3 chambres', '1 salon', '1 cuisine', '2 toilettes']) {
      expect(screen.getByText(item)).toBeInTheDocument();
    }

    await user.click(screen.getByRole('tab', { name: 'Localisation' }));
    const location = screen.getByRole('tabpanel');
    expect(within(location).getByText('Rue des Jardins, Riviera 3')).toBeInTheDocument();
    expect(within(location).getByText('5.3599, -3.9630')).toBeInTheDocument();

    // No invented market figures.
    const page = document.body.textContent ?? '';
    for (const invented of ['+12%', '45 jours', 'Forte', '4.8', '98%', '2.70', '2,70'])
      expect(page).not.toContain(invented);
  });

  it('says when there is no plan and no virtual tour', async () => {
    serve(makeProduit({ id: 7, plan_logement: [], video_logement: null }));
    const { user } = renderWithProviders(<ProduitDetailPage id={7} />);
    await screen.findByText('Référence #7');
    await user.click(screen.getByRole('tab', { name: 'Plans & Docs' }));
    expect(screen.getByText('Aucun plan disponible')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Visite virtuelle' }));
    expect(screen.getByText('Aucune visite virtuelle disponible')).toBeInTheDocument();
  });

  it('simulates the financing: 25 000 000, apport 5 000 000, 60 mois → 333 334 FCFA par mois', async () => {
    serve();
    const { user } = renderWithProviders(<ProduitDetailPage id={7} />);
    const simulator = await screen.findByRole('region', { name: 'Simulateur de financement' });
    expect(within(simulator).getByLabelText('Prix du bien')).toHaveValue(formatFCFA(25_000_000));
    await user.type(within(simulator).getByLabelText('Apport initial'), '{Control>}a{/Control}5000000');
    await user.click(inputOf(simulator, 'Durée'));
    await user.click(await screen.findByRole('option', { name: '60 mois' }));
    expect(within(simulator).getByTestId('mensualite')).toHaveTextContent(text(`${formatFCFA(333_334)}/mois`));
    expect(within(simulator).getByText('Coût total').nextSibling).toHaveTextContent(text(formatFCFA(25_000_000)));
    expect(within(simulator).getByText('Montant financé').nextSibling).toHaveTextContent(text(formatFCFA(20_000_000)));

    await user.click(inputOf(simulator, 'Durée'));
    await user.click(await screen.findByRole('option', { name: '12 mois' }));
    expect(within(simulator).getByTestId('mensualite')).toHaveTextContent(text(`${formatFCFA(1_666_667)}/mois`));
  });

  it('contacts the company by phone and e-mail from its settings', async () => {
    serve();
    const { user } = renderWithProviders(<ProduitDetailPage id={7} />);
    await user.click(await screen.findByRole('button', { name: 'Contacter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contacter la société' });
    expect(await within(dialog).findByRole('link', { name: /Appeler le \+225 27 22 41 50 50/ })).toHaveAttribute(
      'href',
      'tel:+2252722415050',
    );
    const mail = within(dialog).getByRole('link', { name: /Écrire à contact@autopromotion.test/ });
    expect(mail.getAttribute('href')).toBe(
      `mailto:contact@autopromotion.test?subject=${encodeURIComponent('Produit Référence #7 – Villa Premium')}`,
    );
  });

  it('copies the link when the device cannot share', async () => {
    serve();
    expect(navigator.share).toBeUndefined();
    // user-event puts a clipboard stub on navigator.
    const { user } = renderWithProviders(<ProduitDetailPage id={7} />);
    await user.click(await screen.findByRole('button', { name: 'Partager' }));
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/produits/7`),
    );
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain(LINK_COPIED);
    expect(LINK_COPIED).toBe('Lien copié dans le presse-papiers');
  });

  it("shows 'Produit non trouvé' on a 404 and a red 'Erreur' panel on other failures", async () => {
    mockFetch((call) =>
      call.url.startsWith('/api/favoris')
        ? list([], 1, 1000, 0)
        : { status: 404, body: { success: false, message: 'Produit non trouvé', code: 'NOT_FOUND' } },
    );
    const { unmount } = renderWithProviders(<ProduitDetailPage id={7} />);
    expect(await screen.findByText('Produit non trouvé')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retour au catalogue' })).toBeInTheDocument();
    unmount();

    mockFetch((call) =>
      call.url.startsWith('/api/favoris')
        ? list([], 1, 1000, 0)
        : { status: 403, body: { success: false, message: 'Accès refusé – Rôle insuffisant.', code: 'FORBIDDEN' } },
    );
    renderWithProviders(<ProduitDetailPage id={7} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erreur')).toBeInTheDocument();
    expect(within(alert).getByText('Accès refusé – Rôle insuffisant.')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('is what the produits view shows at /produits/:id', async () => {
    serve();
    renderWithProviders(
      <Suspense fallback={null}>
        <ProduitsView />
      </Suspense>,
      { route: '/produits/7' },
    );
    expect(await screen.findByText('Référence #7')).toBeInTheDocument();
    expect(detailId('/produits')).toBeUndefined();
    expect(detailId('/produits/7')).toBe(7);
    expect(detailId('/produits/abc')).toBeNull();
  });
});
