import { formatFCFA } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { circuitBreaker, sessionStore } from '../../api/index.ts';
import type { RecordedCall } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import DemandesPage from './DemandesPage.tsx';
import { choose, failure, fieldValue, list, makeDemande, params, serveDemandes, signIn, text } from './test-data.ts';

beforeEach(() => {
  circuitBreaker.reset();
  signIn('admin');
});

const DEMANDES = [
  makeDemande({ id: 1 }),
  makeDemande({
    id: 2,
    nom_complet: 'Yao Aya Clarisse',
    statut: 'validee',
    gere_par: 2,
    gestionnaire: { id: 2, nom: 'Koné', prenom: 'Awa' },
    membre: { id: 40, code_esv: 'ESV-2026-00040' },
    date_traitement: '2026-03-05T11:00:00.000Z',
  }),
  makeDemande({
    id: 3,
    nom_complet: 'Diallo Mamadou',
    statut: 'rejetee',
    motif_rejet: 'Documents incomplets',
    commentaires: 'Pièce d’identité illisible',
  }),
];

/** The address's query, where the filters are kept. */
function Probe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/demandes?')).map(params);

describe('DemandesPage', () => {
  it('lists the demandes with every field of the card, the count and the page line', async () => {
    const calls = serveDemandes({ demandes: DEMANDES, total: 30 });
    renderWithProviders(<DemandesPage />, { route: '/demandes' });
    expect(screen.getByRole('heading', { name: 'Gestion des Demandes' })).toBeInTheDocument();

    const card = await screen.findByRole('article', { name: 'Jean-Baptiste Kouassi' });
    for (const value of [
      'En attente',
      'Villa Premium',
      'demandeur1@demo.test',
      text(formatFCFA(250_000)),
      '36 mois',
      'Enseignant',
      '+225 07 08 09 10 11',
      'Cocody Angré, 8e tranche, Abidjan, Côte d’Ivoire',
      '02/03/2026',
    ]) {
      expect(text(card.textContent ?? '')).toContain(value);
    }
    expect(within(screen.getByRole('article', { name: 'Aya Clarisse Yao' })).getByText('Validée')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Mamadou Diallo' })).getByText('Rejetée')).toBeInTheDocument();
    expect(screen.getByText('30 demandes en attente')).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur 3 – 30 demandes')).toBeInTheDocument();

    // It opens on the demandes that wait.
    const first = listCalls(calls)[0];
    expect(first?.get('page')).toBe('1');
    expect(first?.get('limit')).toBe('12');
    expect(first?.get('statut')).toBe('en_attente');
    expect(first?.has('search')).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Statut' })).toHaveValue('En attente');
  });

  it('offers Valider and Rejeter on pending demandes only, to an admin', async () => {
    serveDemandes({ demandes: DEMANDES });
    renderWithProviders(<DemandesPage />, { route: '/demandes' });
    const pending = await screen.findByRole('article', { name: 'Jean-Baptiste Kouassi' });
    expect(within(pending).getByRole('button', { name: /^Valider/ })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: /^Rejeter/ })).toBeInTheDocument();
    for (const name of ['Aya Clarisse Yao', 'Mamadou Diallo']) {
      const card = screen.getByRole('article', { name });
      expect(within(card).getByRole('button', { name: /^Voir détails/ })).toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: /^Valider/ })).not.toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: /^Rejeter/ })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Nouvelle demande' })).toBeInTheDocument();
  });

  it('shows the decisions to a gestionnaire, neither decisions to a commercial (who may still create)', async () => {
    signIn('gestionnaire');
    serveDemandes({ demandes: DEMANDES });
    const first = renderWithProviders(<DemandesPage />, { route: '/demandes' });
    expect(screen.getByRole('heading', { level: 1, name: 'Gestion des Demandes' })).toBeInTheDocument();
    const pending = await screen.findByRole('article', { name: 'Jean-Baptiste Kouassi' });
    expect(within(pending).getByRole('button', { name: /^Valider/ })).toBeInTheDocument();
    first.unmount();

    signIn('commercial');
    renderWithProviders(<DemandesPage />, { route: '/demandes' });
    expect(screen.getByRole('heading', { level: 1, name: 'Mes demandes' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Jean-Baptiste Kouassi' });
    expect(within(card).getByRole('button', { name: /^Voir détails/ })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Valider/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Rejeter/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouvelle demande' })).toBeInTheDocument();
  });

  it('sends the status and the debounced search, back to page 1 on a change', async () => {
    const calls = serveDemandes({ demandes: DEMANDES, total: 40 });
    const { user, container } = renderWithProviders(
      <>
        <DemandesPage />
        <Probe />
      </>,
      { route: '/demandes' },
    );
    await screen.findByRole('article', { name: 'Jean-Baptiste Kouassi' });

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('page')).toBe('2'));

    await choose(user, container, 'Statut', 'Validée');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('statut')).toBe('validee'));
    expect(listCalls(calls).at(-1)?.get('page')).toBe('1');

    await user.type(screen.getByRole('textbox', { name: 'Rechercher' }), 'villa');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('search')).toBe('villa'));
    // One call for the whole word: the search waits 300 ms after the last key.
    expect(listCalls(calls).filter((q) => q.has('search'))).toHaveLength(1);
    expect(listCalls(calls).at(-1)?.get('statut')).toBe('validee');

    await choose(user, container, 'Statut', 'Tous');
    await waitFor(() => expect(listCalls(calls).at(-1)?.has('statut')).toBe(false));
    expect(screen.getByTestId('location')).toHaveTextContent('statut=tous');

    await choose(user, container, 'Statut', 'En attente');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('statut')).toBe('en_attente'));
    expect(screen.getByTestId('location')).not.toHaveTextContent('statut');
  });

  it('keeps every status when the address says so', async () => {
    const calls = serveDemandes({ demandes: DEMANDES, total: 30 });
    renderWithProviders(<DemandesPage />, { route: '/demandes?statut=tous' });
    expect(await screen.findByText('30 demandes au total')).toBeInTheDocument();
    expect(listCalls(calls)[0]?.has('statut')).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Statut' })).toHaveValue('Tous');
  });

  it('reads the filters from the address, English statuses included', async () => {
    const calls = serveDemandes({ demandes: DEMANDES });
    renderWithProviders(<DemandesPage />, { route: '/demandes?statut=rejected&q=diallo&page=1' });
    await screen.findByRole('article', { name: 'Jean-Baptiste Kouassi' });
    expect(listCalls(calls)[0]?.get('statut')).toBe('rejetee');
    expect(listCalls(calls)[0]?.get('search')).toBe('diallo');
    expect(screen.getByRole('textbox', { name: 'Rechercher' })).toHaveValue('diallo');
  });

  it('shows the empty state, with the hint and a reset when a filter is active', async () => {
    const calls = serveDemandes({ demandes: [] });
    const { user, unmount } = renderWithProviders(<DemandesPage />, { route: '/demandes?statut=validee' });
    expect(await screen.findByText('Aucune demande trouvée')).toBeInTheDocument();
    expect(screen.getByText('Essayez de modifier vos critères de recherche')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('statut')).toBe('en_attente'));
    unmount();

    const second = renderWithProviders(<DemandesPage />, { route: '/demandes?statut=tous' });
    expect(await screen.findByText('Aucune demande trouvée')).toBeInTheDocument();
    expect(screen.queryByText('Essayez de modifier vos critères de recherche')).not.toBeInTheDocument();
    second.unmount();

    // Nothing waits: say so, and offer the other demandes.
    const third = renderWithProviders(<DemandesPage />, { route: '/demandes' });
    expect(await screen.findByText('Aucune demande en attente')).toBeInTheDocument();
    await third.user.click(screen.getByRole('button', { name: 'Voir toutes les demandes' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.has('statut')).toBe(false));
  });

  it('refreshes the list with Actualiser', async () => {
    const calls = serveDemandes({ demandes: DEMANDES });
    const { user } = renderWithProviders(<DemandesPage />, { route: '/demandes' });
    await screen.findByRole('article', { name: 'Jean-Baptiste Kouassi' });
    const before = listCalls(calls).length;
    await user.click(screen.getByRole('button', { name: 'Actualiser' }));
    await waitFor(() => expect(listCalls(calls).length).toBe(before + 1));
  });

  it('shows the load error with Réessayer', async () => {
    let fail = true;
    serveDemandes({
      demandes: DEMANDES,
      answers: {
        'GET /api/demandes': () =>
          fail ? failure(403, 'Accès refusé – Rôle insuffisant.', 'FORBIDDEN') : list(DEMANDES),
      },
    });
    const { user } = renderWithProviders(<DemandesPage />, { route: '/demandes' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erreur lors de la récupération des demandes')).toBeInTheDocument();
    expect(within(alert).getByText('Accès refusé – Rôle insuffisant.')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('article', { name: 'Jean-Baptiste Kouassi' })).toBeInTheDocument();
  });

  it('shows the session panel on a 401, with diagnostics and Se reconnecter', async () => {
    serveDemandes({
      answers: {
        'GET /api/demandes': failure(401, 'Session expirée. Veuillez vous reconnecter.', 'SESSION_EXPIRED'),
        // The refresh cannot answer: the session stays, the 401 reaches the page.
        'POST /api/personnel-auth/refresh-token': failure(503, 'Service indisponible', 'MAINTENANCE'),
      },
    });
    const { user } = renderWithProviders(<DemandesPage />, { route: '/demandes' });
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('Session expirée')).toBeInTheDocument();
    expect(within(panel).getByText('Session expirée. Veuillez vous reconnecter.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();

    const toggle = within(panel).getByRole('button', { name: 'Diagnostics' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const diagnostics = within(panel).getByRole('table', { name: 'Diagnostics' });
    expect(within(diagnostics).getByRole('row', { name: /Connecté/ })).toHaveTextContent('Oui');
    expect(within(diagnostics).getByRole('row', { name: /Rôle/ })).toHaveTextContent('Administrateur');
    expect(within(diagnostics).getByRole('row', { name: /Jeton d’accès présent/ })).toHaveTextContent('Oui');
    expect(within(diagnostics).getByRole('row', { name: /Longueur du jeton/ })).toHaveTextContent('6 caractères');

    await user.click(within(panel).getByRole('button', { name: 'Se reconnecter' }));
    expect(sessionStore.getSnapshot().token).toBeNull();
  });

  it('opens the detail with every section, and the processed part of a validated demande', async () => {
    serveDemandes({ demandes: DEMANDES });
    const { user } = renderWithProviders(<DemandesPage />, { route: '/demandes' });
    const card = await screen.findByRole('article', { name: 'Aya Clarisse Yao' });
    await user.click(within(card).getByRole('button', { name: /^Voir détails/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Détails de la demande' });
    for (const section of [
      'Informations personnelles',
      'Contact',
      'Adresse',
      'Informations financières',
      'Produit demandé',
      'Notes',
      'Traitement',
      'Informations système',
    ]) {
      expect(within(dialog).getByRole('region', { name: section })).toBeInTheDocument();
    }
    // The name in the one order, and split as the member's account will hold it.
    expect(within(dialog).getByRole('heading', { name: 'Aya Clarisse Yao' })).toBeInTheDocument();
    expect(fieldValue(dialog, 'Nom')).toBe('Yao');
    expect(fieldValue(dialog, 'Prénoms')).toBe('Aya Clarisse');
    expect(fieldValue(dialog, 'Numéro CNI')).toBe('CI00123456789');
    expect(fieldValue(dialog, 'Date de naissance')).toBe('12/04/1988');
    expect(fieldValue(dialog, 'Situation matrimoniale')).toBe('Marié(e)');
    expect(text(fieldValue(dialog, 'Montant total'))).toBe(text(formatFCFA(9_000_000)));
    expect(fieldValue(dialog, 'Durée de paiement')).toBe('36 mois');
    expect(fieldValue(dialog, 'ID du produit')).toBe('7');
    expect(fieldValue(dialog, 'Nom du produit')).toBe('Villa Premium');
    expect(fieldValue(dialog, 'Notes')).toBe('Souhaite une visite du site.');
    expect(fieldValue(dialog, 'Gestionnaire')).toBe('Awa Koné');
    expect(fieldValue(dialog, 'Code membre créé')).toBe('ESV-2026-00040');
    // A processed demande offers no decision.
    expect(within(dialog).queryByRole('button', { name: 'Valider' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the wizard from the detail of a pending demande', async () => {
    serveDemandes({ demandes: DEMANDES });
    const { user } = renderWithProviders(<DemandesPage />, { route: '/demandes' });
    const card = await screen.findByRole('article', { name: 'Jean-Baptiste Kouassi' });
    await user.click(within(card).getByRole('button', { name: /^Voir détails/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Détails de la demande' });
    expect(within(dialog).queryByRole('region', { name: 'Traitement' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Rejeter' }));
    expect(await screen.findByRole('dialog', { name: 'Rejeter la demande' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Détails de la demande' })).not.toBeInTheDocument();
  });

  it('lets the admin delete a demande after confirming, and only him; a refusal stays in the dialog', async () => {
    let deletes = 0;
    const calls = serveDemandes({
      demandes: DEMANDES,
      answers: {
        // Refused once (validated meanwhile on another screen), then deleted.
        'DELETE /api/demandes/1': () =>
          ++deletes === 1
            ? failure(409, 'Une demande validée ne peut pas être supprimée : elle a créé un membre.', 'CONFLICT')
            : { status: 200, body: { success: true, message: 'Demande supprimée avec succès' } },
      },
    });
    const { user } = renderWithProviders(<DemandesPage />, { route: '/demandes' });
    const card = await screen.findByRole('article', { name: 'Jean-Baptiste Kouassi' });
    await user.click(within(card).getByRole('button', { name: /^Voir détails/ }));
    const details = await screen.findByRole('dialog', { name: 'Détails de la demande' });
    await user.click(within(details).getByRole('button', { name: 'Supprimer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer la demande' });
    expect(confirm).toHaveTextContent('supprimer la demande de Jean-Baptiste Kouassi');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await within(confirm).findByText(/elle a créé un membre/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/demandes/1',
      '/api/demandes/1',
    ]);
    expect(toastStore.getSnapshot()).toEqual([
      expect.objectContaining({ type: 'success', message: 'Demande supprimée avec succès' }),
    ]);
  });

  it('offers no deletion to a gestionnaire', async () => {
    signIn('gestionnaire');
    serveDemandes({ demandes: DEMANDES });
    const { user } = renderWithProviders(<DemandesPage />, { route: '/demandes' });
    const card = await screen.findByRole('article', { name: 'Jean-Baptiste Kouassi' });
    await user.click(within(card).getByRole('button', { name: /^Voir détails/ }));
    const details = await screen.findByRole('dialog', { name: 'Détails de la demande' });
    expect(within(details).getByRole('button', { name: 'Valider' })).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Supprimer' })).not.toBeInTheDocument();
  });

  it('lets a gestionnaire correct a pending demande from its detail, which then shows the change', async () => {
    signIn('gestionnaire');
    // The server's copy, which the correction changes.
    const demandes = DEMANDES.map((demande) => ({ ...demande }));
    const calls = serveDemandes({
      demandes,
      answers: {
        'PUT /api/demandes/1': (call: RecordedCall) => {
          Object.assign(demandes[0] as object, call.body);
          return {
            status: 200,
            body: { success: true, data: demandes[0], message: 'Demande mise à jour avec succès' },
          };
        },
      },
    });
    const { user } = renderWithProviders(<DemandesPage />, { route: '/demandes' });
    const card = await screen.findByRole('article', { name: 'Jean-Baptiste Kouassi' });
    await user.click(within(card).getByRole('button', { name: /^Voir détails/ }));
    const details = await screen.findByRole('dialog', { name: 'Détails de la demande' });
    await user.click(within(details).getByRole('button', { name: 'Modifier' }));
    const form = await screen.findByRole('dialog', { name: 'Modifier la demande' });
    const profession = within(form).getByLabelText(/^Profession/);
    await user.clear(profession);
    await user.type(profession, 'Architecte');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Modifier la demande' })).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ profession: 'Architecte' });
    expect(await within(details).findByText('Architecte')).toBeInTheDocument();
  });

  it('offers no correction of a processed demande', async () => {
    serveDemandes({ demandes: DEMANDES });
    const { user } = renderWithProviders(<DemandesPage />, { route: '/demandes' });
    const card = await screen.findByRole('article', { name: 'Aya Clarisse Yao' });
    await user.click(within(card).getByRole('button', { name: /^Voir détails/ }));
    const details = await screen.findByRole('dialog', { name: 'Détails de la demande' });
    expect(within(details).getByText('ESV-2026-00040')).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
  });

  it('offers a commercial no correction of his own pending demande', async () => {
    signIn('commercial');
    serveDemandes({ demandes: DEMANDES });
    const { user } = renderWithProviders(<DemandesPage />, { route: '/demandes' });
    const card = await screen.findByRole('article', { name: 'Jean-Baptiste Kouassi' });
    await user.click(within(card).getByRole('button', { name: /^Voir détails/ }));
    const details = await screen.findByRole('dialog', { name: 'Détails de la demande' });
    expect(within(details).getByRole('heading', { name: 'Jean-Baptiste Kouassi' })).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
  });
});
