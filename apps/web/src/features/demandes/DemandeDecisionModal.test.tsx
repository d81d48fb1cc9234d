import { addMonths, formatDate, formatFCFA, localIsoDate, MOTIFS_REJET, premiereEcheance } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import { keepSpaces } from '../../test/keep-spaces.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { type DecisionAction, DemandeDecisionModal } from './DemandeDecisionModal.tsx';
import { type Answer, failure, makeDemande, ok, serveDemandes, signIn, text } from './test-data.ts';

beforeEach(() => {
  circuitBreaker.reset();
  signIn('admin');
});

/** Terms that cover the Villa Premium's 25 000 000 FCFA: 700 000 FCFA × 36 months. */
const DEMANDE = makeDemande({ id: 5, engagement_mensuel: 700_000, montant_total: 25_200_000 });

/** The case: a 12 000 000 FCFA apartment at 65 000 FCFA over 36 months (2 340 000 FCFA). */
const SHORT = makeDemande({
  id: 6,
  engagement_mensuel: 65_000,
  duree_paiement: 36,
  montant_total: 2_340_000,
  produit_id: 8,
  produit_nom: 'Appartement T2',
  produit: {
    id: 8,
    titre: 'Appartement T2',
    prix_vente: 12_000_000,
    site_id: 2,
    site_nom: 'Cité Horizon',
    site_ville: 'Abidjan',
  },
});

function open(action: DecisionAction, demande = DEMANDE) {
  const onClose = vi.fn();
  const view = renderWithProviders(<DemandeDecisionModal decision={{ demande, action }} onClose={onClose} />);
  return { ...view, onClose };
}

const soldeGroup = (dialog: HTMLElement) =>
  within(dialog).queryByRole('radiogroup', { name: 'Comment régler le solde\u202f?' });

describe('DemandeDecisionModal', () => {
  it('validates with the chosen gestionnaire: Sélection, Confirmation (and Retour), Terminé, then closes after 2 s', async () => {
    const validated = makeDemande({
      id: 5,
      statut: 'validee',
      gere_par: 3,
      gestionnaire: { id: 3, nom: 'Traoré', prenom: 'Moussa' },
      membre: { id: 41, code_esv: 'ESV-2026-00041' },
    });
    const calls = serveDemandes({
      demandes: [DEMANDE],
      answers: {
        'PUT /api/demandes/5/validate': ok(validated, { message: 'Demande validée avec succès' }),
      },
    });
    const { user, onClose } = open('validate');
    const dialog = await screen.findByRole('dialog', { name: 'Valider la demande' });
    expect(within(dialog).getByText('Sélection')).toBeInTheDocument();
    expect(within(dialog).getByText('Confirmation')).toBeInTheDocument();
    expect(within(dialog).getByText('Terminé')).toBeInTheDocument();

    // Each gestionnaire with first name, last name, position and department.
    const awa = await within(dialog).findByRole('radio', { name: 'Awa Koné' });
    expect(awa).toHaveAccessibleDescription('Gestionnaire clientèle · Gestion');
    expect(within(dialog).getByRole('radio', { name: 'Moussa Traoré' })).toBeInTheDocument();

    // Terms that cover the price need no choice: the last instalment is smaller.
    expect(within(dialog).getByText(/^Les conditions couvrent le prix/)).toHaveTextContent(
      text(`en 36 échéances : 35 de ${formatFCFA(700_000)}, puis une dernière de ${formatFCFA(500_000)}.`),
    );
    expect(soldeGroup(dialog)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(within(dialog).getByText('Veuillez sélectionner un gestionnaire')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Moussa Traoré' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(within(dialog).getByRole('heading', { name: 'Confirmation' })).toHaveFocus();
    expect(within(dialog).getByText(/Gestionnaire responsable/)).toHaveTextContent('Moussa Traoré');
    expect(within(dialog).getByRole('table', { name: 'Échéances prévues' })).toHaveTextContent(
      text(`Total${formatFCFA(25_000_000)}`),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Retour' }));
    expect(within(dialog).getByRole('radio', { name: 'Moussa Traoré' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer la validation' }));

    expect(await within(dialog).findByRole('heading', { name: 'Demande validée avec succès' })).toBeInTheDocument();
    expect(within(dialog).getByText('ESV-2026-00041')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/demandes/5/validate');
    expect(put?.body).toEqual({ id: 5, gere_par: 3 });

    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('asks how the remainder of terms short of the price is paid, shows the schedule it makes and sends the choice', async () => {
    const calls = serveDemandes({
      demandes: [SHORT],
      answers: {
        'PUT /api/demandes/6/validate': ok(makeDemande({ id: 6, statut: 'validee' }), {
          message: 'Demande validée avec succès',
        }),
      },
    });
    const { user } = open('validate', SHORT);
    const dialog = await screen.findByRole('dialog', { name: 'Valider la demande' });
    expect(
      within(dialog).getByText(
        'Les conditions couvrent 2\u202f340\u202f000\u00a0FCFA sur un prix de 12\u202f000\u202f000\u00a0FCFA\u00a0: il manque 9\u202f660\u202f000\u00a0FCFA.',
        keepSpaces,
      ),
    ).toBeInTheDocument();
    const group = soldeGroup(dialog) as HTMLElement;
    const derniere = within(group).getByRole('radio', { name: 'Une dernière échéance pour le solde' });
    const ajustee = within(group).getByRole('radio', { name: 'Une mensualité ajustée pour couvrir le prix' });
    expect(derniere).not.toBeChecked();
    expect(ajustee).not.toBeChecked();
    expect(derniere).toHaveAccessibleDescription(
      `37 échéances\u00a0: 36 de ${formatFCFA(65_000)}, puis une dernière de ${formatFCFA(9_660_000)}.`,
    );
    expect(ajustee).toHaveAccessibleDescription(
      `36 échéances\u00a0: 35 de ${formatFCFA(333_334)}, puis une dernière de ${formatFCFA(333_310)}.`,
    );

    // No choice: the wizard stays, the message on the group.
    await user.click(await within(dialog).findByRole('radio', { name: 'Awa Koné' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(within(dialog).queryByRole('heading', { name: 'Confirmation' })).not.toBeInTheDocument();
    expect(group).toHaveAccessibleDescription(/Choisissez comment régler le solde/);

    await user.click(derniere);
    expect(within(dialog).queryByText('Choisissez comment régler le solde')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(within(dialog).getByRole('heading', { name: 'Confirmation' })).toHaveFocus();
    const premiere = premiereEcheance(localIsoDate());
    const rows = within(within(dialog).getByRole('table', { name: 'Échéances prévues' }))
      .getAllByRole('row')
      .map((row) => text(row.textContent ?? ''));
    expect(rows).toEqual([
      'N°ÉchéanceMontant',
      text(`1${formatDate(premiere)}${formatFCFA(65_000)}`),
      text(`2${formatDate(addMonths(premiere, 1))}${formatFCFA(65_000)}`),
      text(`3${formatDate(addMonths(premiere, 2))}${formatFCFA(65_000)}`),
      text(`… 33 autres échéances de ${formatFCFA(65_000)}`),
      text(`37${formatDate(addMonths(premiere, 36))}${formatFCFA(9_660_000)}`),
      text(`Total${formatFCFA(12_000_000)}`),
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Confirmer la validation' }));
    expect(await within(dialog).findByRole('heading', { name: 'Demande validée avec succès' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ id: 6, gere_par: 2, solde: 'derniere_echeance' });
  });

  it("puts the server's refusal of short terms on the choice, with the demande's fresh price", async () => {
    const repriced = makeDemande({
      ...DEMANDE,
      produit: { ...DEMANDE.produit, prix_vente: 30_000_000 },
    });
    let answers = 0;
    const calls = serveDemandes({
      demandes: [repriced],
      answers: {
        'PUT /api/demandes/5/validate': () =>
          answers++ === 0
            ? failure(
                400,
                'Les conditions ne couvrent pas le prix. Choisissez comment régler le solde.',
                'VALIDATION_ERROR',
                { solde: 'Choisissez comment régler le solde' },
              )
            : ok(makeDemande({ id: 5, statut: 'validee' }), { message: 'Demande validée avec succès' }),
      },
    });
    const { user } = open('validate');
    const dialog = await screen.findByRole('dialog', { name: 'Valider la demande' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Awa Koné' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer la validation' }));

    const group = (await waitFor(() => soldeGroup(dialog))) as HTMLElement;
    expect(group).toHaveAccessibleDescription(/Choisissez comment régler le solde/);
    expect(await within(dialog).findByText(/il manque/)).toHaveTextContent(text(formatFCFA(4_800_000)));
    await user.click(within(group).getByRole('radio', { name: 'Une mensualité ajustée pour couvrir le prix' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer la validation' }));
    expect(await within(dialog).findByRole('heading', { name: 'Demande validée avec succès' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { id: 5, gere_par: 2 },
      { id: 5, gere_par: 2, solde: 'mensualite_ajustee' },
    ]);
  });

  it('proposes the gestionnaire who validates as the one to follow the member; he may choose another', async () => {
    signIn('gestionnaire', 3);
    const calls = serveDemandes({
      demandes: [DEMANDE],
      answers: { 'PUT /api/demandes/5/validate': ok(makeDemande({ id: 5, statut: 'validee', gere_par: 2 })) },
    });
    const { user } = open('validate');
    const dialog = await screen.findByRole('dialog', { name: 'Valider la demande' });
    expect(await within(dialog).findByRole('radio', { name: 'Moussa Traoré' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Awa Koné' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Awa Koné' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer la validation' }));
    await within(dialog).findByRole('heading', { name: /validée/ });
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ id: 5, gere_par: 2 });
  });

  it('rejects with a reason and comments', async () => {
    const calls = serveDemandes({
      demandes: [DEMANDE],
      answers: {
        'PUT /api/demandes/5/reject': (call) =>
          ok(makeDemande({ id: 5, statut: 'rejetee', ...(call.body as object) }), {
            message: 'Demande rejetée avec succès',
          }),
      },
    });
    const { user } = open('reject');
    const dialog = await screen.findByRole('dialog', { name: 'Rejeter la demande' });
    for (const motif of MOTIFS_REJET) expect(within(dialog).getByRole('radio', { name: motif })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(within(dialog).getByText('Veuillez sélectionner un motif de rejet')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Documents incomplets' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Commentaires/ }), '  Justificatif de revenus absent ');
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(within(dialog).getByText('Documents incomplets')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer le rejet' }));

    expect(await within(dialog).findByRole('heading', { name: 'Demande rejetée avec succès' })).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/demandes/5/reject');
    expect(put?.body).toEqual({ motif_rejet: 'Documents incomplets', commentaires: 'Justificatif de revenus absent' });
  });

  it("asks for a comment with 'Autre'", async () => {
    serveDemandes({ demandes: [DEMANDE] });
    const { user } = open('reject');
    const dialog = await screen.findByRole('dialog', { name: 'Rejeter la demande' });
    await user.click(within(dialog).getByRole('radio', { name: 'Autre (préciser dans les commentaires)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(within(dialog).getByText('Veuillez préciser le motif dans les commentaires')).toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'Confirmation' })).not.toBeInTheDocument();
  });

  it('says when no gestionnaire is active, and cannot go on', async () => {
    serveDemandes({ demandes: [DEMANDE], gestionnaires: [] });
    open('validate');
    const dialog = await screen.findByRole('dialog', { name: 'Valider la demande' });
    expect(await within(dialog).findByText('Aucun gestionnaire actif disponible')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Suivant' })).toBeDisabled();
    // Outside processing, the modal has its close button.
    expect(dialog.querySelector('.mantine-Modal-close')).not.toBeNull();
  });

  it("shows the server's refusal in the wizard and stays on the confirmation", async () => {
    serveDemandes({
      demandes: [DEMANDE],
      answers: {
        'PUT /api/demandes/5/validate': failure(409, 'Ce produit est déjà réservé par un autre membre.'),
      },
    });
    const { user, onClose } = open('validate');
    const dialog = await screen.findByRole('dialog', { name: 'Valider la demande' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Awa Koné' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer la validation' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('La validation a échoué');
    expect(alert).toHaveTextContent('Ce produit est déjà réservé par un autre membre.');
    expect(within(dialog).getByRole('button', { name: 'Retour' })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers the managers afresh after the server refused the one chosen', async () => {
    const calls = serveDemandes({
      demandes: [DEMANDE],
      answers: {
        'PUT /api/demandes/5/validate': failure(400, 'Ce gestionnaire n’existe pas ou n’est pas actif'),
      },
    });
    const managerLoads = () => calls.filter((c) => c.url === '/api/gestionnaires/actifs').length;
    const { user } = open('validate');
    const dialog = await screen.findByRole('dialog', { name: 'Valider la demande' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Awa Koné' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(managerLoads()).toBe(1);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer la validation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('n’est pas actif');
    await waitFor(() => expect(managerLoads()).toBe(2));
  });

  it('cannot be closed while processing', async () => {
    let release: (answer: Answer) => void = () => {};
    serveDemandes({
      demandes: [DEMANDE],
      answers: {
        'PUT /api/demandes/5/validate': () =>
          new Promise<Answer>((resolve) => {
            release = resolve;
          }),
      },
    });
    const { user, onClose } = open('validate');
    const dialog = await screen.findByRole('dialog', { name: 'Valider la demande' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Awa Koné' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer la validation' }));

    expect(await within(dialog).findByText('Validation en cours...')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Retour' })).toBeDisabled();
    expect(dialog.querySelector('.mantine-Modal-close')).toBeNull();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Valider la demande' })).toBeInTheDocument();

    release(ok(makeDemande({ id: 5, statut: 'validee' }), { message: 'Demande validée avec succès' }));
    expect(await within(dialog).findByRole('heading', { name: 'Demande validée avec succès' })).toBeInTheDocument();
  });
});
