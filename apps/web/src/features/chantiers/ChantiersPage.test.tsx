import { CHANTIER_MESSAGES } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import ChantiersPage from './ChantiersPage.tsx';
import {
  choose,
  failure,
  listCalls,
  makeChantier,
  ok,
  STATS,
  serveChantiers,
  signIn,
  text,
  writes,
} from './test-data.ts';

beforeEach(() => {
  circuitBreaker.reset();
  toastStore.clear();
  signIn('gestionnaire');
});

const LATE = makeChantier({
  id: 1,
  nom_chantier: 'Voirie de la Cité Lagune Verte',
  statut: 'en_cours',
  en_retard: true,
  pourcentage_avancement: 80,
  video_url: 'https://youtu.be/voirie',
});
const NO_TITLE = makeChantier({
  id: 2,
  nom_chantier: 'Clôture du Domaine Océan',
  ville: 'Bingerville',
  statut: 'termine',
  pourcentage_avancement: null,
  produit: { id: 12, titre: '', type: 'logement', prix_vente: 8_000_000 },
  produit_id: 12,
  createur: null,
});
const NO_PRODUCT = makeChantier({
  id: 3,
  nom_chantier: 'Forage et château d’eau',
  statut: 'planifie',
  pourcentage_avancement: 10,
  produit: null,
  produit_id: null,
  responsable: null,
  responsable_id: null,
});
const CHANTIERS = [LATE, NO_TITLE, NO_PRODUCT];

function Probe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

const card = (name: string) => screen.getByRole('article', { name });
/** A row action's name: 'Modifier le chantier « … »'. */
const action = (verb: string, name: string) => `${verb} le chantier «\u00a0${name}\u00a0»`;

describe('ChantiersPage', () => {
  it('shows each chantier as a card: status, late mark, product, dates, budget in FCFA, progress, people', async () => {
    const calls = serveChantiers({ chantiers: CHANTIERS });
    renderWithProviders(<ChantiersPage />, { route: '/chantiers' });
    expect(screen.getByRole('heading', { name: 'Gestion des Chantiers', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Chargement des chantiers...')).toBeInTheDocument();

    const late = await screen.findByRole('article', { name: 'Voirie de la Cité Lagune Verte' });
    for (const value of [
      'En cours',
      'En retard',
      'Abidjan, Côte d’IvoireBoulevard Latrille, lot 12',
      'Produit : Villa Premium',
      'Site : Cité Lagune Verte',
      'Début : 01/03/2026',
      'Fin prévue : 31/12/2026',
      'Budget : 2 500 000 FCFA utilisés sur 12 500 000 FCFA (20 %)',
      'Responsable : Awa Koné',
      'Créé par : Moussa Traoré',
      'Avancement80 %',
    ]) {
      expect(text(late.textContent ?? '')).toContain(text(value));
    }
    const bar = within(late).getByRole('progressbar', {
      name: 'Avancement du chantier Voirie de la Cité Lagune Verte',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '80');

    // A finished chantier without a progress entered: 100 by the rule; a product without a title.
    const done = card('Clôture du Domaine Océan');
    expect(text(done.textContent ?? '')).toContain(text('Produit\u00a0: Produit #12'));
    expect(text(done.textContent ?? '')).not.toContain('Créé par');
    expect(within(done).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(text(card('Forage et château d’eau').textContent ?? '')).toContain(text('Produit\u00a0: Aucun produit'));
    expect(text(card('Forage et château d’eau').textContent ?? '')).not.toContain('En retard');

    expect(screen.getByText('3 chantiers')).toBeInTheDocument();
    // One page: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    const first = listCalls(calls)[0];
    expect(first?.get('limit')).toBe('20');
    expect(first?.get('sortBy')).toBe('date_debut');
    expect(first?.get('sortOrder')).toBe('desc');
  });

  it('shows the pages with their summary when there is more than one, and the table on Vue liste', async () => {
    const calls = serveChantiers({ chantiers: CHANTIERS, total: 45 });
    const { user } = renderWithProviders(<ChantiersPage />, { route: '/chantiers' });
    await screen.findByRole('article', { name: 'Voirie de la Cité Lagune Verte' });
    expect(screen.getByText('Page 1 sur 3 (45 chantiers au total)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('page')).toBe('2'));

    await user.click(screen.getByRole('button', { name: 'Vue liste' }));
    const table = screen.getByRole('table', { name: 'Liste des chantiers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Chantier', 'Localisation', 'Statut', 'Dates', 'Budget', 'Avancement', 'Actions']);
    const row = screen.getByRole('row', { name: /Voirie de la Cité/ });
    for (const value of ['Villa Premium', 'Abidjan', 'En retard', 'Début : 01/03/2026', '12 500 000 FCFA', '80 %']) {
      expect(text(row.textContent ?? '')).toContain(text(value));
    }
    expect(within(row).getByRole('button', { name: action('Modifier', 'Voirie de la Cité Lagune Verte') }));
  });

  it('shows a member the list read-only: no Nouveau chantier, no actions', async () => {
    signIn('membre');
    serveChantiers({ chantiers: CHANTIERS });
    const { user } = renderWithProviders(<ChantiersPage />, { route: '/chantiers' });
    const voirie = await screen.findByRole('article', { name: 'Voirie de la Cité Lagune Verte' });
    expect(screen.getByRole('heading', { name: 'Mes Chantiers', level: 1 })).toBeInTheDocument();
    // The chantier's video opens apart, for the members of its site too.
    const video = within(voirie).getByRole('link', { name: 'Voir la vidéo du chantier' });
    expect(video).toHaveAttribute('href', 'https://youtu.be/voirie');
    expect(video).toHaveAttribute('target', '_blank');
    expect(within(card('Forage et château d’eau')).queryByRole('link', { name: /vidéo/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouveau chantier' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Modifier|Supprimer) le chantier/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Vue liste' }));
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('searches once typing pauses, filters by status and by the cities present, all in the address', async () => {
    const calls = serveChantiers({ chantiers: CHANTIERS });
    const { user, container } = renderWithProviders(
      <>
        <ChantiersPage />
        <Probe />
      </>,
      { route: '/chantiers' },
    );
    await screen.findByRole('article', { name: 'Voirie de la Cité Lagune Verte' });
    expect(screen.getByRole('textbox', { name: 'Rechercher' })).toHaveAttribute(
      'placeholder',
      'Rechercher un chantier...',
    );

    await choose(user, container, 'Statut', 'Suspendu');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('statut')).toBe('suspendu'));

    await user.click(await screen.findByRole('combobox', { name: 'Ville' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Toutes les villes',
      'Abidjan (2)',
      'Bingerville (1)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Bingerville (1)' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('ville')).toBe('Bingerville'));

    await user.type(screen.getByRole('textbox', { name: 'Rechercher' }), 'Forage');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('search')).toBe('Forage'));
    expect(listCalls(calls).filter((q) => q.has('search'))).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('q=Forage'));
    const address = screen.getByTestId('location').textContent ?? '';
    expect(address).toContain('statut=suspendu');
    expect(address).toContain('ville=Bingerville');
    expect(screen.getByText('3 chantiers trouvés')).toBeInTheDocument();
  });

  it('hides the city filter while no chantier has a city', async () => {
    serveChantiers({ chantiers: [], stats: { ...STATS, total: 0, par_ville: [] } });
    renderWithProviders(<ChantiersPage />, { route: '/chantiers' });
    expect(await screen.findByText('Aucun chantier trouvé')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Ville' })).not.toBeInTheDocument();
  });

  it('says when nothing matches, and resets the filters', async () => {
    serveChantiers({ chantiers: [] });
    const { user } = renderWithProviders(<ChantiersPage />, { route: '/chantiers?statut=annule' });
    expect(await screen.findByText('Aucun chantier trouvé')).toBeInTheDocument();
    expect(screen.getByText('Aucun chantier ne correspond à vos critères de recherche.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Statut' })).toHaveValue('Tous les statuts'));
  });

  it('shows a failed load with Réessayer, which loads again', async () => {
    let fail = true;
    serveChantiers({
      chantiers: CHANTIERS,
      answers: {
        'GET /api/chantiers': (call) =>
          fail
            ? failure(400, 'Paramètres invalides', 'VALIDATION')
            : ok(CHANTIERS, {
                pagination: { page: Number(call.params.get('page')), limit: 20, total: 3, totalPages: 1 },
              }),
      },
    });
    const { user } = renderWithProviders(<ChantiersPage />, { route: '/chantiers' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(CHANTIER_MESSAGES.loadError)).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('article', { name: 'Voirie de la Cité Lagune Verte' })).toBeInTheDocument();
  });

  it('deletes a chantier after the confirmation, and keeps a refusal in the dialog', async () => {
    let refuse = true;
    const calls = serveChantiers({
      chantiers: CHANTIERS,
      answers: {
        'DELETE /api/chantiers/3': () =>
          refuse
            ? failure(404, 'Chantier non trouvé', 'NOT_FOUND')
            : ok(null, { message: 'Chantier supprimé avec succès' }),
      },
    });
    const { user } = renderWithProviders(<ChantiersPage />, { route: '/chantiers' });
    await screen.findByRole('article', { name: 'Forage et château d’eau' });
    await user.click(screen.getByRole('button', { name: action('Supprimer', 'Forage et château d’eau') }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer le chantier' });
    expect(text(dialog.textContent ?? '')).toContain(text(CHANTIER_MESSAGES.deleteConfirm));
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      text(`${CHANTIER_MESSAGES.deleteError} : Chantier non trouvé`),
    );
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain('Chantier supprimé avec succès');
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /api/chantiers/3',
      'DELETE /api/chantiers/3',
    ]);
  });

  it('shows a chantier’s photos to a member, and lets a manager add and remove some', async () => {
    const withPhotos = makeChantier({
      ...LATE,
      photos: [
        { id: 1, url: '/api/media/chantiers/1/a.png?exp=1&sig=x', nom: 'facade.png' },
        { id: 2, url: '/api/media/chantiers/1/b.png?exp=1&sig=x', nom: 'dalle.png' },
      ],
    });
    signIn('membre');
    serveChantiers({ chantiers: [withPhotos, NO_PRODUCT] });
    const member = renderWithProviders(<ChantiersPage />, { route: '/chantiers' });
    const voirie = await screen.findByRole('article', { name: 'Voirie de la Cité Lagune Verte' });
    expect(within(card('Forage et château d’eau')).queryByRole('button', { name: /photos/ })).not.toBeInTheDocument();
    await member.user.click(within(voirie).getByRole('button', { name: 'Voir les photos (2)' }));
    const gallery = await screen.findByRole('dialog', { name: /^Photos du chantier/ });
    expect(within(gallery).getByText('1 / 2')).toBeInTheDocument();
    expect(within(gallery).queryByRole('button', { name: 'Ajouter des photos' })).not.toBeInTheDocument();
    member.unmount();

    signIn('gestionnaire');
    const calls = serveChantiers({
      chantiers: [withPhotos, NO_PRODUCT],
      answers: {
        'POST /api/chantiers/1/photos': ok(
          makeChantier({
            ...withPhotos,
            photos: [...withPhotos.photos, { id: 3, url: '/api/media/chantiers/1/c.png?exp=1&sig=x', nom: 'toit.png' }],
          }),
          { message: CHANTIER_MESSAGES.photosAdded },
        ),
        'DELETE /api/chantiers/1/photos/1': ok(makeChantier({ ...withPhotos, photos: withPhotos.photos.slice(1) }), {
          message: CHANTIER_MESSAGES.photoRemoved,
        }),
      },
    });
    const { user } = renderWithProviders(<ChantiersPage />, { route: '/chantiers' });
    await user.click(await screen.findByRole('button', { name: 'Voir les photos (2)' }));
    const dialog = await screen.findByRole('dialog', { name: /^Photos du chantier/ });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(64)], 'toit.png', { type: 'image/png' }));
    expect(await within(dialog).findByText(/^3 sur 10 photos/)).toBeInTheDocument();
    const [added] = writes(calls);
    expect(added?.path).toBe('/api/chantiers/1/photos');
    expect((added?.form?.getAll('photo') as File[] | undefined)?.map((f) => f.name)).toEqual(['toit.png']);

    await user.click(within(dialog).getByRole('button', { name: 'Retirer la photo facade.png' }));
    const confirm = await screen.findByRole('dialog', { name: 'Retirer la photo' });
    await user.click(within(confirm).getByRole('button', { name: 'Retirer' }));
    expect(await within(dialog).findByText(/^1 sur 10 photos/)).toBeInTheDocument();
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/chantiers/1/photos',
      'DELETE /api/chantiers/1/photos/1',
    ]);
  });
});
