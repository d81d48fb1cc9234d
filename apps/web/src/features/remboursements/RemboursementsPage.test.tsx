import { formatFCFA, montantExceedsMessage, REMBOURSEMENT_MESSAGES } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import { keepSpaces } from '../../test/keep-spaces.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import { choose } from '../demandes/test-data.ts';
import RemboursementsPage from './RemboursementsPage.tsx';
import {
  failure,
  list,
  listCalls,
  makeRemboursement,
  membreSearches,
  ok,
  serveRemboursements,
  signIn,
  text,
  YAO,
} from './test-data.ts';

beforeEach(() => {
  circuitBreaker.reset();
  toastStore.clear();
  signIn('comptable', 9);
});

const PENDING = makeRemboursement({
  id: 1,
  commentaire: 'Je quitte Abidjan pour Bouaké.',
  fichier_justificatif: 'attestation.pdf',
  justificatif_type: 'application/pdf',
});
const APPROVED = makeRemboursement({
  id: 2,
  montant: 750_000,
  raison: 'Trop-perçu sur l’apport',
  statut: 'approuve',
  commentaire_traitement: 'Vérifié avec le relevé',
  date_traitement: '2026-10-08T10:00:00.000Z',
  traite_par: 9,
  traitant: { id: 9, nom: 'Diabaté', prenom: 'Awa' },
  banque: { id: 1, nom: 'Société Générale Côte d’Ivoire' },
});
const REJECTED = makeRemboursement({
  id: 3,
  membre_id: 41,
  montant: 300_000,
  raison: 'Erreur de virement',
  statut: 'rejete',
  commentaire_traitement: 'Aucun virement en double trouvé',
  date_traitement: '2026-10-09T10:00:00.000Z',
  traitant: { id: 9, nom: 'Diabaté', prenom: 'Awa' },
  membre: { id: 41, nom: 'Yao', prenom: 'Aya', email: 'aya.yao@exemple.ci', code_esv: 'ESV-2026-00041' },
});
const REMBOURSEMENTS = [PENDING, APPROVED, REJECTED];

/** The address's query, where the filters are kept. */
function Probe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

const row = (reason: RegExp | string) => screen.getByRole('row', { name: new RegExp(reason) });

describe('RemboursementsPage', () => {
  it('shows the four tiles, the columns, each request and the range line', async () => {
    const calls = serveRemboursements({ remboursements: REMBOURSEMENTS, total: 23 });
    renderWithProviders(<RemboursementsPage />, { route: '/remboursements' });
    expect(screen.getByRole('heading', { name: 'Remboursements', level: 1 })).toBeInTheDocument();

    const tiles = await screen.findByRole('group', { name: 'Chiffres des remboursements' });
    await waitFor(() => expect(tiles).toHaveAttribute('aria-busy', 'false'));
    for (const value of ['En attente2', 'Approuvés3', 'Rejetés1', `Montant approuvé${text(formatFCFA(1_750_000))}`]) {
      expect(text(tiles.textContent ?? '')).toContain(value);
    }
    expect(within(tiles).getByText(formatFCFA(1_750_000), keepSpaces)).toBeInTheDocument();
    expect(tiles.textContent).not.toContain('€');

    const table = await screen.findByRole('table', { name: 'Liste des remboursements' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Membre', 'Montant', 'Raison', 'Statut', 'Date de création', 'Actions']);
    const pending = row('Désistement du programme');
    for (const value of [
      'Jean-Marc Koffi',
      'membre@demo.test',
      text(formatFCFA(500_000)),
      'Désistement du programme',
      'En attente',
      '06/10/2026',
    ]) {
      expect(text(pending.textContent ?? '')).toContain(value);
    }
    expect(text(row('Trop-perçu').textContent ?? '')).toContain('Approuvé');
    // A rejection shows the processor's comment in the row.
    expect(text(row('Erreur de virement').textContent ?? '')).toContain('Motif : Aucun virement en double trouvé');

    expect(screen.getByText('Affichage de 1 à 10 sur 23 résultats')).toBeInTheDocument();
    const first = listCalls(calls)[0];
    expect(first?.get('page')).toBe('1');
    expect(first?.get('limit')).toBe('10');
    expect(first?.has('statut')).toBe(false);
    expect(first?.has('membre_id')).toBe(false);
  });

  it('pages with previous, next and five page numbers', async () => {
    const calls = serveRemboursements({ remboursements: REMBOURSEMENTS, total: 73 });
    const { user } = renderWithProviders(<RemboursementsPage />, { route: '/remboursements?page=4' });
    await screen.findByRole('table', { name: 'Liste des remboursements' });
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page \d$/ })
        .map((b) => b.textContent),
    ).toEqual(['2', '3', '4', '5', '6']);
    expect(screen.getByText('Affichage de 31 à 40 sur 73 résultats')).toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('page')).toBe('5'));
    await user.click(within(pager).getByRole('button', { name: 'Page précédente' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('page')).toBe('4'));
  });

  it('filters by a member searched on the server and by status, in the address, and resets', async () => {
    const calls = serveRemboursements({ remboursements: REMBOURSEMENTS, total: 23 });
    const { user, container } = renderWithProviders(
      <>
        <RemboursementsPage />
        <Probe />
      </>,
      { route: '/remboursements' },
    );
    await screen.findByRole('table', { name: 'Liste des remboursements' });
    const filters = screen.getByRole('region', { name: 'Filtres des remboursements' });

    const membre = within(filters).getByRole('combobox', { name: 'Membre' });
    await user.type(membre, 'yao');
    await waitFor(() => expect(membreSearches(calls)).toContain('yao'));
    // One search once typing pauses, not one a key.
    expect(membreSearches(calls).filter((s) => s !== null && s !== 'yao')).toEqual([]);
    await user.click(await within(filters).findByRole('option', { name: 'Aya Yao (ESV-2026-00041)' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('membre_id')).toBe('41'));
    expect(membre).toHaveValue('Aya Yao (ESV-2026-00041)');

    await choose(user, container, 'Statut', 'Rejeté');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('statut')).toBe('rejete'));
    expect(listCalls(calls).at(-1)?.get('membre_id')).toBe('41');
    const address = screen.getByTestId('location').textContent ?? '';
    expect(address).toContain('membre=41');
    expect(address).toContain('statut=rejete');

    await user.click(within(filters).getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.has('statut')).toBe(false));
    expect(listCalls(calls).at(-1)?.has('membre_id')).toBe(false);
    expect(screen.getByTestId('location')).toHaveTextContent(/^$/);
  });

  it('reads the filters from the address, naming the member from his requests', async () => {
    const calls = serveRemboursements({ remboursements: [REJECTED] });
    renderWithProviders(<RemboursementsPage />, { route: '/remboursements?membre=41&statut=rejete' });
    await screen.findByRole('table', { name: 'Liste des remboursements' });
    const first = listCalls(calls)[0];
    expect(first?.get('membre_id')).toBe('41');
    expect(first?.get('statut')).toBe('rejete');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Membre' })).toHaveValue('Aya Yao (ESV-2026-00041)'),
    );
    expect(screen.getByRole('combobox', { name: 'Statut' })).toHaveValue('Rejeté');
    // The picker asks the server only once it opens.
    expect(membreSearches(calls)).toEqual([]);
  });

  it('shows the empty state, with a reset when a filter narrows the list', async () => {
    const calls = serveRemboursements({ remboursements: [] });
    const { user, unmount } = renderWithProviders(<RemboursementsPage />, {
      route: '/remboursements?statut=approuve',
    });
    expect(await screen.findByText('Aucun remboursement trouvé')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.has('statut')).toBe(false));
    unmount();

    signIn('membre', 140);
    renderWithProviders(<RemboursementsPage />, { route: '/remboursements' });
    expect(await screen.findByText('Aucun remboursement trouvé')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réinitialiser les filtres' })).not.toBeInTheDocument();
  });

  it('shows the load error with Réessayer', async () => {
    let fail = true;
    serveRemboursements({
      answers: {
        'GET /api/remboursements': () =>
          fail ? failure(403, 'Accès refusé – Rôle insuffisant.', 'FORBIDDEN') : list(REMBOURSEMENTS, 1, 10),
      },
    });
    const { user } = renderWithProviders(<RemboursementsPage />, { route: '/remboursements' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(REMBOURSEMENT_MESSAGES.loadError)).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('table', { name: 'Liste des remboursements' })).toBeInTheDocument();
  });

  it('refreshes the list and the tiles with Actualiser', async () => {
    const calls = serveRemboursements({ remboursements: REMBOURSEMENTS });
    const { user } = renderWithProviders(<RemboursementsPage />, { route: '/remboursements' });
    await screen.findByRole('table', { name: 'Liste des remboursements' });
    const before = calls.length;
    await user.click(screen.getByRole('button', { name: 'Actualiser' }));
    await waitFor(() => expect(calls.length).toBe(before + 2));
    expect(calls.slice(before).map((c) => c.path)).toEqual(['/api/remboursements', '/api/remboursements/stats']);
  });

  it('gives a processor Traiter and Annuler on pending requests only, and a new request', async () => {
    serveRemboursements({ remboursements: REMBOURSEMENTS });
    renderWithProviders(<RemboursementsPage />, { route: '/remboursements' });
    await screen.findByRole('table', { name: 'Liste des remboursements' });
    const pending = row('Désistement du programme');
    expect(within(pending).getByRole('button', { name: /^Traiter la demande de 500/ })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: /^Annuler la demande/ })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: /^Télécharger le justificatif/ })).toBeInTheDocument();
    for (const reason of ['Trop-perçu', 'Erreur de virement']) {
      const other = row(reason);
      expect(within(other).getByRole('button', { name: /^Détails/ })).toBeInTheDocument();
      expect(within(other).queryByRole('button', { name: /^Traiter/ })).not.toBeInTheDocument();
      expect(within(other).queryByRole('button', { name: /^Annuler/ })).not.toBeInTheDocument();
      expect(within(other).queryByRole('button', { name: /^Télécharger/ })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Nouvelle demande' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Membre' })).toBeInTheDocument();
  });

  it('lets a member file and cancel his own, without processing or member filter, and read a rejection', async () => {
    signIn('membre', 140);
    serveRemboursements({ remboursements: REMBOURSEMENTS });
    const { user } = renderWithProviders(<RemboursementsPage />, { route: '/remboursements?membre=41' });
    await screen.findByRole('table', { name: 'Liste des remboursements' });
    expect(screen.getByText('Vos demandes de remboursement et leur suivi.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouvelle demande' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Membre' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Traiter/ })).not.toBeInTheDocument();
    expect(within(row('Désistement')).getByRole('button', { name: /^Annuler la demande/ })).toBeInTheDocument();

    await user.click(within(row('Erreur de virement')).getByRole('button', { name: /^Détails/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Détails du remboursement' });
    expect(text(dialog.textContent ?? '')).toContain('Motif du rejetAucun virement en double trouvé');
  });

  it('shows the details: amounts, comments, who processed, the bank debited, the dates', async () => {
    serveRemboursements({ remboursements: REMBOURSEMENTS });
    const { user } = renderWithProviders(<RemboursementsPage />, { route: '/remboursements' });
    await screen.findByRole('table', { name: 'Liste des remboursements' });
    await user.click(within(row('Trop-perçu')).getByRole('button', { name: /^Détails/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Détails du remboursement' });
    const shown = text(dialog.textContent ?? '');
    for (const value of [
      `Montant${text(formatFCFA(750_000))}`,
      'RaisonTrop-perçu sur l’apport',
      'Commentaire du demandeurAucun commentaire',
      'Traitée parAwa Diabaté',
      'Date de traitement08/10/2026',
      'Banque débitéeSociété Générale Côte d’Ivoire',
      'Commentaire du responsableVérifié avec le relevé',
      'Date de la demande06/10/2026',
      'E-mailmembre@demo.test',
    ]) {
      expect(shown).toContain(value);
    }
    expect(within(dialog).queryByRole('button', { name: 'Traiter' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(row('Désistement')).getByRole('button', { name: /^Détails/ }));
    const pending = await screen.findByRole('dialog', { name: 'Détails du remboursement' });
    expect(text(pending.textContent ?? '')).toContain('Commentaire du demandeurJe quitte Abidjan pour Bouaké.');
    expect(text(pending.textContent ?? '')).toContain('Justificatifattestation.pdf');
    // From the details to the processing.
    await user.click(within(pending).getByRole('button', { name: 'Traiter' }));
    expect(await screen.findByRole('dialog', { name: 'Traiter la demande de remboursement' })).toBeInTheDocument();
  });

  it('rejects only with a comment, then refreshes the list, the tiles, the banks and the members', async () => {
    const calls = serveRemboursements({
      remboursements: REMBOURSEMENTS,
      answers: {
        'PUT /api/remboursements/1/traiter': (call) =>
          ok(
            {
              ...PENDING,
              statut: 'rejete',
              commentaire_traitement: (call.body as { commentaire: string }).commentaire,
            },
            { message: REMBOURSEMENT_MESSAGES.rejected },
          ),
      },
    });
    const { user, queryClient } = renderWithProviders(<RemboursementsPage />, { route: '/remboursements' });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await screen.findByRole('table', { name: 'Liste des remboursements' });
    await user.click(within(row('Désistement')).getByRole('button', { name: /^Traiter la demande/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Traiter la demande de remboursement' });
    expect(text(dialog.textContent ?? '')).toContain('Commentaire du demandeurJe quitte Abidjan pour Bouaké.');

    await user.click(within(dialog).getByRole('radio', { name: 'Rejeter' }));
    const submit = within(dialog).getByRole('button', { name: 'Rejeter' });
    expect(submit).toBeDisabled();
    const comment = within(dialog).getByRole('textbox', { name: /^Commentaire/ });
    await user.type(comment, '   ');
    expect(submit).toBeDisabled();
    await user.clear(comment);
    await user.type(comment, 'Pièce justificative illisible');
    expect(submit).toBeEnabled();
    const before = listCalls(calls).length;
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      statut: 'rejete',
      commentaire: 'Pièce justificative illisible',
    });
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain(REMBOURSEMENT_MESSAGES.rejected);
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey?.[0]);
    expect(keys).toEqual(expect.arrayContaining(['remboursements', 'banques', 'membres']));
  });

  it('asks for a decision, and keeps the server’s refusals in the dialog', async () => {
    const refusals = [
      failure(409, 'Solde insuffisant'),
      failure(403, REMBOURSEMENT_MESSAGES.ownFiling, 'FORBIDDEN'),
      failure(409, REMBOURSEMENT_MESSAGES.alreadyDecided),
    ];
    const calls = serveRemboursements({
      remboursements: REMBOURSEMENTS,
      answers: { 'PUT /api/remboursements/1/traiter': () => refusals.shift() ?? failure(500, 'Erreur') },
    });
    const { user } = renderWithProviders(<RemboursementsPage />, { route: '/remboursements' });
    await screen.findByRole('table', { name: 'Liste des remboursements' });
    await user.click(within(row('Désistement')).getByRole('button', { name: /^Traiter la demande/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Traiter la demande de remboursement' });

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la décision' }));
    expect(within(dialog).getByText(REMBOURSEMENT_MESSAGES.decisionRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Approuver' }));
    expect(text(dialog.textContent ?? '')).toContain('La banque principale sera débitée');
    const approve = within(dialog).getByRole('button', { name: 'Approuver' });
    // A comment is optional for an approval.
    expect(approve).toBeEnabled();
    for (const message of [
      'Solde insuffisant',
      REMBOURSEMENT_MESSAGES.ownFiling,
      REMBOURSEMENT_MESSAGES.alreadyDecided,
    ]) {
      await user.click(approve);
      await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(text(message)));
      expect(within(dialog).getByRole('alert')).toHaveTextContent(REMBOURSEMENT_MESSAGES.processError);
    }
    expect(calls.filter((c) => c.method === 'PUT')[0]?.body).toEqual({ statut: 'approuve' });
  });

  it('shows a missing rejection comment the server reports under the field', async () => {
    serveRemboursements({
      remboursements: REMBOURSEMENTS,
      answers: {
        'PUT /api/remboursements/1/traiter': failure(400, 'Données invalides', 'VALIDATION_ERROR', {
          commentaire: REMBOURSEMENT_MESSAGES.commentaireRequired,
        }),
      },
    });
    const { user } = renderWithProviders(<RemboursementsPage />, { route: '/remboursements' });
    await screen.findByRole('table', { name: 'Liste des remboursements' });
    await user.click(within(row('Désistement')).getByRole('button', { name: /^Traiter la demande/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Traiter la demande de remboursement' });
    await user.click(within(dialog).getByRole('radio', { name: 'Rejeter' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Commentaire/ }), 'Non');
    await user.click(within(dialog).getByRole('button', { name: 'Rejeter' }));
    expect(await within(dialog).findByText(REMBOURSEMENT_MESSAGES.commentaireRequired)).toBeInTheDocument();
  });

  it('disables the approval of a request one filed oneself (four eyes)', async () => {
    signIn('gestionnaire', 2);
    const own = makeRemboursement({
      id: 5,
      raison: 'Déposée par le gestionnaire',
      depose_par: { id: 2, nom: 'Koné', prenom: 'Awa' },
    });
    serveRemboursements({ remboursements: [own] });
    const { user } = renderWithProviders(<RemboursementsPage />, { route: '/remboursements' });
    await screen.findByRole('table', { name: 'Liste des remboursements' });
    await user.click(within(row('Déposée par le gestionnaire')).getByRole('button', { name: /^Traiter la demande/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Traiter la demande de remboursement' });
    expect(within(dialog).getByText(REMBOURSEMENT_MESSAGES.ownFiling, keepSpaces)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Approuver' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Rejeter' })).toBeEnabled();
  });

  it('cancels a pending request after the spec’s question; a refusal stays in the dialog', async () => {
    let refuse = true;
    const calls = serveRemboursements({
      remboursements: REMBOURSEMENTS,
      answers: {
        'DELETE /api/remboursements/1': () =>
          refuse
            ? failure(409, REMBOURSEMENT_MESSAGES.onlyPendingCancel)
            : ok(null, { message: REMBOURSEMENT_MESSAGES.cancelled }),
      },
    });
    const { user } = renderWithProviders(<RemboursementsPage />, { route: '/remboursements' });
    await screen.findByRole('table', { name: 'Liste des remboursements' });
    await user.click(within(row('Désistement')).getByRole('button', { name: /^Annuler la demande/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler la demande' });
    expect(within(dialog).getByText(REMBOURSEMENT_MESSAGES.cancelConfirm, keepSpaces)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Retour' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Annuler la demande' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      `${REMBOURSEMENT_MESSAGES.cancelError} : ${REMBOURSEMENT_MESSAGES.onlyPendingCancel}`,
    );

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la demande' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain(REMBOURSEMENT_MESSAGES.cancelled);
  });

  it('files a member’s whole refund from the new request, after a confirmation', async () => {
    let refuse = true;
    const calls = serveRemboursements({
      remboursements: REMBOURSEMENTS,
      answers: {
        'POST /api/remboursements/total/41': () =>
          refuse
            ? failure(409, REMBOURSEMENT_MESSAGES.nothingToRefund)
            : {
                status: 201,
                body: {
                  success: true,
                  data: makeRemboursement({ id: 9, membre_id: 41, montant: YAO.montant_remboursable }),
                  message: REMBOURSEMENT_MESSAGES.totalCreated,
                },
              },
      },
    });
    const { user } = renderWithProviders(<RemboursementsPage />, { route: '/remboursements' });
    await screen.findByRole('table', { name: 'Liste des remboursements' });
    await user.click(screen.getByRole('button', { name: 'Nouvelle demande' }));
    const form = await screen.findByRole('dialog', { name: 'Nouvelle demande de remboursement' });
    expect(within(form).queryByRole('button', { name: 'Remboursement total' })).not.toBeInTheDocument();
    await choose(user, form, /^Membre/, 'Aya Yao (ESV-2026-00041)');
    await user.click(await within(form).findByRole('button', { name: 'Remboursement total' }));

    const confirm = await screen.findByRole('dialog', { name: 'Remboursement total' });
    const message = text(confirm.textContent ?? '');
    expect(message).toContain(`tout ce que Aya Yao a payé, soit ${text(formatFCFA(1_200_000))}`);
    expect(message).toContain('quitte le programme');
    await user.click(within(confirm).getByRole('button', { name: 'Confirmer' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      `${REMBOURSEMENT_MESSAGES.totalError} : ${REMBOURSEMENT_MESSAGES.nothingToRefund}`,
    );
    refuse = false;
    await user.click(within(confirm).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.filter((c) => c.method === 'POST').at(-1);
    expect(post?.path).toBe('/api/remboursements/total/41');
    expect(post?.body).toBeUndefined();
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain(REMBOURSEMENT_MESSAGES.totalCreated);
    expect(montantExceedsMessage(1)).toContain('FCFA');
  });

  it('opens the supporting file in a new tab, fetched with the session token', async () => {
    const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    const calls = serveRemboursements({
      remboursements: REMBOURSEMENTS,
      answers: { 'GET /api/remboursements/1/justificatif': pdf },
    });
    const createObjectURL = vi.fn(() => 'blob:justificatif');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { user } = renderWithProviders(<RemboursementsPage />, { route: '/remboursements' });
    await screen.findByRole('table', { name: 'Liste des remboursements' });
    await user.click(within(row('Désistement')).getByRole('button', { name: /^Télécharger le justificatif/ }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:justificatif', '_blank'));
    const file = calls.find((c) => c.path === '/api/remboursements/1/justificatif');
    expect(file?.headers.Authorization).toBe('Bearer access');
    open.mockRestore();
  });
});
