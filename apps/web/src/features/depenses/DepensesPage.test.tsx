import { DEPENSE_MESSAGES, formatFCFA } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import { choose } from '../demandes/test-data.ts';
import DepensesPage from './DepensesPage.tsx';
import { failure, list, listCalls, MEMBRE_ID, makeDepense, ok, serveDepenses, signIn, text } from './test-data.ts';

beforeEach(() => {
  circuitBreaker.reset();
  toastStore.clear();
  signIn('comptable', 9);
});

const PENDING = makeDepense({
  id: 1,
  fichier_justificatif: 'facture-taxi.pdf',
  justificatif_type: 'application/pdf',
});
const APPROVED = makeDepense({
  id: 2,
  statut: 'approuvee',
  montant: 2_000_000,
  categorie: 'Hébergement',
  description: 'Hôtel à Yamoussoukro',
  commentaire: 'Conforme à la note de frais',
  date_approbation: '2026-10-08T10:00:00.000Z',
  approbateur: { id: 9, nom: 'Diabaté', prenom: 'Awa' },
});
const REJECTED = makeDepense({
  id: 3,
  statut: 'rejetee',
  categorie: 'Autre',
  categorie_autre: 'Loyer du dépôt',
  description: 'Loyer du dépôt de matériaux',
  numero_recu: null,
  commentaire: 'Facture manquante',
  date_rejet: '2026-10-09T10:00:00.000Z',
  approbateur: { id: 9, nom: 'Diabaté', prenom: 'Awa' },
  createur: { id: 141, nom: 'Yao', prenom: 'Aya' },
});
const DEPENSES = [PENDING, APPROVED, REJECTED];

/** The address's query, where the filters are kept. */
function Probe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

const card = (description: string) => screen.getByRole('article', { name: description });
const row = (description: string) => screen.getByRole('row', { name: new RegExp(description) });

describe('DepensesPage', () => {
  it('shows the figures, the total in millions, and each expense as a card with its fields', async () => {
    const calls = serveDepenses({ depenses: DEPENSES, total: 45 });
    renderWithProviders(<DepensesPage />, { route: '/depenses' });
    expect(screen.getByRole('heading', { name: 'Gestion des Dépenses', level: 1 })).toBeInTheDocument();

    const tiles = await screen.findByRole('group', { name: 'Chiffres des dépenses' });
    await waitFor(() => expect(tiles).toHaveAttribute('aria-busy', 'false'));
    for (const value of ['Total7', 'En attente2', 'Approuvées4', 'Rejetées1', 'Montant total12,5 M FCFA']) {
      expect(text(tiles.textContent ?? '')).toContain(value);
    }

    // Cards by default.
    const pending = await screen.findByRole('article', { name: 'Taxi pour la visite du chantier 1' });
    for (const value of [
      'Transport',
      text(formatFCFA(45_000)),
      'Date : 05/10/2026',
      'Déclarée par : Jean-Marc Koffi',
      'Banque : Société Générale Côte d’Ivoire',
      'Reçu n° : FAC-2026-0001',
      'En attente',
    ]) {
      expect(text(pending.textContent ?? '')).toContain(value);
    }
    expect(text(card('Loyer du dépôt de matériaux').textContent ?? '')).toContain('Autre (Loyer du dépôt)');
    expect(text(card('Loyer du dépôt de matériaux').textContent ?? '')).toContain('Motif du rejet : Facture manquante');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    expect(screen.getByText('45 dépenses')).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur 5 – 45 dépenses')).toBeInTheDocument();
    const first = listCalls(calls)[0];
    expect(first?.get('page')).toBe('1');
    expect(first?.get('limit')).toBe('10'); // the 'Éléments par page' preference's default
    expect(first?.get('sortBy')).toBe('date_depense');
    expect(first?.get('sortOrder')).toBe('desc');
    expect(first?.has('statut')).toBe(false);
  });

  it('shows the table on Vue liste, and goes to another page', async () => {
    const calls = serveDepenses({ depenses: DEPENSES, total: 45 });
    const { user } = renderWithProviders(<DepensesPage />, { route: '/depenses' });
    await screen.findByRole('article', { name: 'Taxi pour la visite du chantier 1' });
    await user.click(screen.getByRole('button', { name: 'Vue liste' }));
    const table = screen.getByRole('table', { name: 'Liste des dépenses' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Date', 'Description', 'Déclarée par', 'Banque', 'Montant', 'Statut', 'Actions']);
    const approved = row('Hôtel à Yamoussoukro');
    for (const value of ['Hébergement', text(formatFCFA(2_000_000)), 'Approuvée', 'Jean-Marc Koffi']) {
      expect(text(approved.textContent ?? '')).toContain(value);
    }
    expect(text(row('Loyer du dépôt de matériaux').textContent ?? '')).toContain('Motif : Facture manquante');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('page')).toBe('2'));
  });

  it('searches once typing pauses, filters by status and by the categories present, all in the address', async () => {
    const calls = serveDepenses({ depenses: DEPENSES, total: 45 });
    const { user, container } = renderWithProviders(
      <>
        <DepensesPage />
        <Probe />
      </>,
      { route: '/depenses' },
    );
    await screen.findByRole('article', { name: 'Taxi pour la visite du chantier 1' });

    await choose(user, container, 'Statut', 'Rejetée');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('statut')).toBe('rejetee'));

    // The categories present only.
    await user.click(screen.getByRole('combobox', { name: 'Catégorie' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Toutes les catégories', 'Transport', 'Hébergement', 'Autre']);
    await user.click(screen.getByRole('option', { name: 'Hébergement' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('categorie')).toBe('Hébergement'));

    await user.type(screen.getByRole('textbox', { name: 'Rechercher' }), 'Koffi');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('search')).toBe('Koffi'));
    expect(listCalls(calls).filter((q) => q.has('search'))).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('q=Koffi'));
    const address = screen.getByTestId('location').textContent ?? '';
    expect(address).toContain('statut=rejetee');
    expect(address).toContain('categorie=H%C3%A9bergement');
    expect(await screen.findByText('45 dépenses trouvées')).toBeInTheDocument();

    await choose(user, container, 'Statut', 'Tous les statuts');
    await waitFor(() => expect(listCalls(calls).at(-1)?.has('statut')).toBe(false));
  });

  it('reads the filters from the address', async () => {
    const calls = serveDepenses({ depenses: DEPENSES });
    renderWithProviders(<DepensesPage />, { route: '/depenses?statut=approuvee&categorie=Formation&q=taxi' });
    await screen.findByRole('article', { name: 'Taxi pour la visite du chantier 1' });
    const first = listCalls(calls)[0];
    expect(first?.get('statut')).toBe('approuvee');
    expect(first?.get('categorie')).toBe('Formation');
    expect(first?.get('search')).toBe('taxi');
    expect(screen.getByRole('combobox', { name: 'Statut' })).toHaveValue('Approuvée');
    // A category asked for but absent from the figures stays a choice.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Catégorie' })).toHaveValue('Formation'));
  });

  it('shows the empty state, with a reset when a filter narrows the list', async () => {
    const calls = serveDepenses({ depenses: [] });
    const { user, unmount } = renderWithProviders(<DepensesPage />, { route: '/depenses?statut=rejetee' });
    expect(await screen.findByText('Aucune dépense trouvée')).toBeInTheDocument();
    expect(screen.getByText('Aucune dépense ne correspond à vos critères de recherche.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.has('statut')).toBe(false));
    unmount();

    signIn('membre', MEMBRE_ID);
    renderWithProviders(<DepensesPage />, { route: '/depenses' });
    expect(await screen.findByText('Aucune dépense trouvée')).toBeInTheDocument();
    expect(screen.getByText(/Déclarez votre première dépense/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réinitialiser les filtres' })).not.toBeInTheDocument();
  });

  it('shows the load error with Réessayer', async () => {
    let fail = true;
    serveDepenses({
      answers: {
        'GET /api/depenses': () => (fail ? failure(400, 'Paramètre invalide', 'VALIDATION') : list(DEPENSES)),
      },
    });
    const { user } = renderWithProviders(<DepensesPage />, { route: '/depenses' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(DEPENSE_MESSAGES.loadError)).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('article', { name: 'Taxi pour la visite du chantier 1' })).toBeInTheDocument();
  });

  it('refreshes the list and the figures with Actualiser', async () => {
    const calls = serveDepenses({ depenses: DEPENSES });
    const { user } = renderWithProviders(<DepensesPage />, { route: '/depenses' });
    await screen.findByRole('article', { name: 'Taxi pour la visite du chantier 1' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actualiser' })).toBeEnabled());
    const before = calls.length;
    await user.click(screen.getByRole('button', { name: 'Actualiser' }));
    await waitFor(() => expect(calls.length).toBe(before + 2));
    expect(calls.slice(before).map((c) => c.path)).toEqual(['/api/depenses', '/api/depenses/stats']);
  });

  it('gives a comptable Approuver and Rejeter on pending expenses, Supprimer but on approved ones, and no filing', async () => {
    serveDepenses({ depenses: DEPENSES });
    renderWithProviders(<DepensesPage />, { route: '/depenses' });
    const pending = await screen.findByRole('article', { name: 'Taxi pour la visite du chantier 1' });
    expect(within(pending).getByRole('button', { name: /^Approuver la dépense «\sTaxi/ })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: /^Rejeter la dépense/ })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: /^Supprimer la dépense/ })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: /^Télécharger le justificatif/ })).toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: /^Modifier/ })).not.toBeInTheDocument();

    const approved = card('Hôtel à Yamoussoukro');
    for (const name of [/^Approuver/, /^Rejeter/, /^Supprimer/, /^Modifier/, /^Télécharger/]) {
      expect(within(approved).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(within(approved).getByRole('button', { name: /^Détails/ })).toBeInTheDocument();
    const rejected = card('Loyer du dépôt de matériaux');
    expect(within(rejected).getByRole('button', { name: /^Supprimer la dépense/ })).toBeInTheDocument();
    expect(within(rejected).queryByRole('button', { name: /^Approuver/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouvelle Dépense' })).not.toBeInTheDocument();
  });

  it('lets a member file, edit and delete his pending expenses only, and read the others', async () => {
    signIn('membre', MEMBRE_ID);
    serveDepenses({ depenses: [PENDING, APPROVED] });
    renderWithProviders(<DepensesPage />, { route: '/depenses' });
    expect(screen.getByRole('heading', { name: 'Mes Dépenses', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouvelle Dépense' })).toBeInTheDocument();
    const pending = await screen.findByRole('article', { name: 'Taxi pour la visite du chantier 1' });
    expect(within(pending).getByRole('button', { name: /^Modifier la dépense/ })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: /^Supprimer la dépense/ })).toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: /^Approuver/ })).not.toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: /^Rejeter/ })).not.toBeInTheDocument();
    // His own: no 'Déclarée par'.
    expect(pending.textContent).not.toContain('Déclarée par');
    const approved = card('Hôtel à Yamoussoukro');
    expect(within(approved).queryByRole('button', { name: /^(Modifier|Supprimer)/ })).not.toBeInTheDocument();
  });

  it('shows the details: every field, who filed and who decided, and the decision’s comment', async () => {
    serveDepenses({ depenses: DEPENSES });
    const { user } = renderWithProviders(<DepensesPage />, { route: '/depenses' });
    await screen.findByRole('article', { name: 'Taxi pour la visite du chantier 1' });
    await user.click(within(card('Hôtel à Yamoussoukro')).getByRole('button', { name: /^Détails/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Détails de la dépense' });
    const shown = text(dialog.textContent ?? '');
    for (const value of [
      `Montant${text(formatFCFA(2_000_000))}`,
      'CatégorieHébergement',
      'Date de la dépense05/10/2026',
      'Numéro de reçuFAC-2026-0002',
      'BanqueSociété Générale Côte d’Ivoire',
      'JustificatifAucun',
      'DescriptionHôtel à Yamoussoukro',
      'Déclarée parJean-Marc Koffi',
      'Approuvée parAwa Diabaté',
      'Approuvée le08/10/2026',
      'Commentaire de l’approbationConforme à la note de frais',
    ]) {
      expect(shown).toContain(value);
    }
    expect(within(dialog).queryByRole('button', { name: 'Approuver' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(card('Loyer du dépôt de matériaux')).getByRole('button', { name: /^Détails/ }));
    const rejected = await screen.findByRole('dialog', { name: 'Détails de la dépense' });
    const rejectedText = text(rejected.textContent ?? '');
    for (const value of [
      'Motif du rejetFacture manquante',
      'CatégorieAutre (Loyer du dépôt)',
      'Numéro de reçuNon renseigné',
      'Déclarée parAya Yao',
      'Rejetée parAwa Diabaté',
      'Rejetée le09/10/2026',
    ]) {
      expect(rejectedText).toContain(value);
    }
    expect(within(rejected).getByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
  });

  it('approves after an info confirmation with an optional comment, then refreshes the expenses and the banks', async () => {
    const calls = serveDepenses({
      depenses: DEPENSES,
      answers: {
        'PATCH /api/depenses/1/approve': ok(
          { ...PENDING, statut: 'approuvee', date_approbation: '2026-10-07T10:00:00.000Z' },
          { message: DEPENSE_MESSAGES.approved },
        ),
      },
    });
    const { user, queryClient } = renderWithProviders(<DepensesPage />, { route: '/depenses' });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const pending = await screen.findByRole('article', { name: 'Taxi pour la visite du chantier 1' });
    await user.click(within(pending).getByRole('button', { name: /^Approuver la dépense/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approuver la dépense' });
    expect(text(dialog.textContent ?? '')).toContain('Le compte Société Générale Côte d’Ivoire sera débité');
    await user.type(within(dialog).getByRole('textbox', { name: 'Commentaire (facultatif)' }), 'Vu le reçu');
    await user.click(within(dialog).getByRole('button', { name: 'Approuver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ commentaire: 'Vu le reçu' });
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain(DEPENSE_MESSAGES.approved);
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey?.[0]);
    expect(keys).toEqual(expect.arrayContaining(['depenses', 'banques']));
  });

  it('keeps a refused approval (Solde insuffisant) in the dialog, under the spec’s title', async () => {
    const calls = serveDepenses({
      depenses: DEPENSES,
      answers: { 'PATCH /api/depenses/1/approve': failure(409, 'Solde insuffisant') },
    });
    const { user } = renderWithProviders(<DepensesPage />, { route: '/depenses' });
    const pending = await screen.findByRole('article', { name: 'Taxi pour la visite du chantier 1' });
    await user.click(within(pending).getByRole('button', { name: /^Approuver la dépense/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approuver la dépense' });
    await user.click(within(dialog).getByRole('button', { name: 'Approuver' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent(DEPENSE_MESSAGES.approveError);
    expect(refusal).toHaveTextContent('Solde insuffisant');
    // No comment: no body field.
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({});
  });

  it('rejects only with a reason: Rejeter stays off while it is empty', async () => {
    const calls = serveDepenses({
      depenses: DEPENSES,
      answers: {
        'PATCH /api/depenses/1/reject': (call) =>
          ok(
            { ...PENDING, statut: 'rejetee', commentaire: (call.body as { commentaire: string }).commentaire },
            { message: DEPENSE_MESSAGES.rejected },
          ),
      },
    });
    const { user } = renderWithProviders(<DepensesPage />, { route: '/depenses' });
    const pending = await screen.findByRole('article', { name: 'Taxi pour la visite du chantier 1' });
    await user.click(within(pending).getByRole('button', { name: /^Rejeter la dépense/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Rejeter la dépense' });
    const reason = within(dialog).getByRole('textbox', { name: /^Motif du rejet/ });
    expect(reason).toBeRequired();
    const submit = within(dialog).getByRole('button', { name: 'Rejeter' });
    expect(submit).toBeDisabled();
    await user.type(reason, '   ');
    expect(submit).toBeDisabled();
    await user.type(reason, 'Pas de justificatif');
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ commentaire: 'Pas de justificatif' });
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain(DEPENSE_MESSAGES.rejected);
  });

  it('lets a member delete his pending expense after a danger confirmation', async () => {
    signIn('membre', MEMBRE_ID);
    const calls = serveDepenses({
      depenses: [PENDING],
      answers: { 'DELETE /api/depenses/1': ok(null, { message: DEPENSE_MESSAGES.deleted }) },
    });
    const { user } = renderWithProviders(<DepensesPage />, { route: '/depenses' });
    const pending = await screen.findByRole('article', { name: 'Taxi pour la visite du chantier 1' });
    await user.click(within(pending).getByRole('button', { name: /^Supprimer la dépense/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer la dépense' });
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    expect(text(dialog.textContent ?? '')).toContain('irréversible');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/depenses/1')).toBe(true);
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain(DEPENSE_MESSAGES.deleted);
  });

  it('shows a refused deletion with the spec’s title', async () => {
    serveDepenses({
      depenses: DEPENSES,
      answers: { 'DELETE /api/depenses/3': failure(409, DEPENSE_MESSAGES.approvedFinal) },
    });
    const { user } = renderWithProviders(<DepensesPage />, { route: '/depenses' });
    await screen.findByRole('article', { name: 'Taxi pour la visite du chantier 1' });
    await user.click(within(card('Loyer du dépôt de matériaux')).getByRole('button', { name: /^Supprimer/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer la dépense' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent(DEPENSE_MESSAGES.deleteError);
    expect(refusal).toHaveTextContent('Une dépense approuvée est définitive');
  });

  it('opens the justificatif in a new tab, fetched with the session token', async () => {
    const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    const calls = serveDepenses({ depenses: DEPENSES, answers: { 'GET /api/depenses/1/justificatif': pdf } });
    const createObjectURL = vi.fn(() => 'blob:justificatif');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { user } = renderWithProviders(<DepensesPage />, { route: '/depenses' });
    const pending = await screen.findByRole('article', { name: 'Taxi pour la visite du chantier 1' });
    await user.click(within(pending).getByRole('button', { name: /^Télécharger le justificatif/ }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:justificatif', '_blank'));
    const fetched = calls.find((c) => c.path === '/api/depenses/1/justificatif');
    expect(fetched?.headers.Authorization).toBe('Bearer access');
    expect(toastStore.getSnapshot()).toEqual([]);
    open.mockRestore();
  });
});
