import { MOTIFS_REJET } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { type DecisionAction, DemandeDecisionModal } from './DemandeDecisionModal.tsx';
import { type Answer, failure, makeDemande, ok, serveDemandes, signIn } from './test-data.ts';

beforeEach(() => {
  circuitBreaker.reset();
  signIn('admin');
});

const DEMANDE = makeDemande({ id: 5 });

function open(action: DecisionAction) {
  const onClose = vi.fn();
  const view = renderWithProviders(<DemandeDecisionModal decision={{ demande: DEMANDE, action }} onClose={onClose} />);
  return { ...view, onClose };
}

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

    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(within(dialog).getByText('Veuillez sélectionner un gestionnaire')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Moussa Traoré' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(within(dialog).getByRole('heading', { name: 'Confirmation' })).toHaveFocus();
    expect(within(dialog).getByText(/Gestionnaire responsable/)).toHaveTextContent('Moussa Traoré');

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
