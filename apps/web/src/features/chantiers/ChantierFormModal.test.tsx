import { CHANTIER_MESSAGES, type Chantier, transitionRefusedMessage } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import { ChantierFormModal } from './ChantierFormModal.tsx';
import { choose, failure, makeChantier, serveChantiers, signIn, text, writes } from './test-data.ts';

beforeEach(() => {
  circuitBreaker.reset();
  toastStore.clear();
  signIn('gestionnaire');
});

/** The form as the page opens it. */
function Harness({ chantier = null, onClose = () => {} }: { chantier?: Chantier | null; onClose?: () => void }) {
  const [opened, setOpened] = useState(true);
  return (
    <ChantierFormModal
      opened={opened}
      onClose={() => {
        setOpened(false);
        onClose();
      }}
      chantier={chantier}
    />
  );
}

const CREATE_TITLE = 'Créer un nouveau chantier de construction';

describe('ChantierFormModal', () => {
  it('has the five sections, the creation statuses and the countries', async () => {
    serveChantiers();
    const { user, container } = renderWithProviders(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: CREATE_TITLE });
    for (const legend of ['Informations générales', 'Localisation', 'Planning', 'Budget', 'Associations (optionnel)']) {
      expect(within(dialog).getByRole('group', { name: legend })).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('combobox', { name: 'Pays' })).toHaveValue('Côte d’Ivoire');
    expect(within(dialog).getByRole('combobox', { name: 'Statut' })).toHaveValue('Planifié');
    await user.click(within(dialog).getByRole('combobox', { name: 'Statut' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Planifié', 'En cours']);
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('combobox', { name: 'Pays' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Côte d’Ivoire',
      'Cameroun',
      'Gabon',
      'Congo',
      'Tchad',
    ]);
    await user.keyboard('{Escape}');
    // The product waits for its site, then offers that site's products only.
    expect(within(dialog).getByRole('combobox', { name: 'Produit' })).toBeDisabled();
    await choose(user, container, 'Site', 'Domaine Océan — Grand-Bassam');
    await user.click(within(dialog).getByRole('combobox', { name: 'Produit' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Duplex Familial']);
  });

  it('checks in the spec’s order, one message at a time, cleared by any change', async () => {
    const calls = serveChantiers();
    const { user } = renderWithProviders(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: CREATE_TITLE });
    const submit = within(dialog).getByRole('button', { name: 'Créer le chantier' });
    const field = (name: string) => within(dialog).getByLabelText(name, { exact: false, selector: 'input, textarea' });
    const shown = () => within(dialog).queryAllByText(/requis|requise|postérieure|supérieur/);

    const steps: [string, string, string][] = [
      ['Nom du chantier', CHANTIER_MESSAGES.nomRequired, 'Résidence Les Cocotiers'],
      ['Description', CHANTIER_MESSAGES.descriptionRequired, 'Gros œuvre'],
      ['Adresse', CHANTIER_MESSAGES.adresseRequired, 'Route de la plage'],
      ['Ville', CHANTIER_MESSAGES.villeRequired, 'Assinie'],
      ['Date de début', CHANTIER_MESSAGES.dateDebutRequired, '2026-06-10'],
      ['Date de fin prévue', CHANTIER_MESSAGES.dateFinRequired, '2026-06-01'],
    ];
    for (const [label, message, value] of steps) {
      await user.click(submit);
      expect(shown().map((e) => e.textContent)).toEqual([message]);
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      await user.type(field(label), value);
      expect(shown()).toHaveLength(0);
    }
    await user.click(submit);
    expect(shown().map((e) => e.textContent)).toEqual([CHANTIER_MESSAGES.datesOrder]);
    await user.clear(field('Date de fin prévue'));
    await user.type(field('Date de fin prévue'), '2026-12-20');
    await user.click(submit);
    expect(shown().map((e) => e.textContent)).toEqual([CHANTIER_MESSAGES.budgetInvalid]);
    expect(writes(calls)).toHaveLength(0);
  });

  it('creates the chantier, says so and closes the message after 1.5 s', async () => {
    const calls = serveChantiers();
    const onClose = vi.fn();
    const { user, container } = renderWithProviders(<Harness onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: CREATE_TITLE });
    const field = (name: string) => within(dialog).getByLabelText(name, { exact: false, selector: 'input, textarea' });
    await user.type(field('Nom du chantier'), '  Résidence Les Cocotiers  ');
    await user.type(field('Description'), 'Gros œuvre');
    await user.type(field('Adresse'), 'Route de la plage');
    await user.type(field('Ville'), 'Assinie');
    await choose(user, container, 'Pays', 'Gabon');
    await user.type(field('Date de début'), '2026-06-10');
    await user.type(field('Date de fin prévue'), '2026-12-20');
    await user.type(field('Budget prévu'), '12500000');
    await user.clear(field('Avancement initial'));
    await user.type(field('Avancement initial'), '5');
    await choose(user, container, 'Responsable', 'Moussa Traoré');
    await choose(user, container, 'Site', 'Cité Lagune Verte — Abidjan');
    await choose(user, container, 'Produit', 'Appartement T3');
    expect(text((field('Budget prévu') as HTMLInputElement).value)).toBe('12 500 000 FCFA');
    // The video's link is checked like the other fields.
    await user.type(field('Vidéo du chantier (lien)'), 'youtu.be/abc');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le chantier' }));
    expect(await within(dialog).findByText(CHANTIER_MESSAGES.videoInvalid)).toBeInTheDocument();
    await user.clear(field('Vidéo du chantier (lien)'));
    await user.type(field('Vidéo du chantier (lien)'), 'https://youtu.be/abc');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le chantier' }));

    const success = await screen.findByRole('dialog', { name: /^Chantier créé\s!$/ });
    expect(within(success).getByRole('status')).toHaveTextContent(
      'Le chantier Résidence Les Cocotiers a été créé avec succès.',
    );
    expect(onClose).not.toHaveBeenCalled();
    const [post] = writes(calls);
    expect(post?.path).toBe('/api/chantiers');
    expect(post?.body).toEqual({
      nom_chantier: 'Résidence Les Cocotiers',
      description: 'Gros œuvre',
      adresse: 'Route de la plage',
      ville: 'Assinie',
      pays: 'Gabon',
      date_debut: '2026-06-10',
      date_fin_prevue: '2026-12-20',
      statut: 'planifie',
      budget_prevu: 12_500_000,
      budget_utilise: 0,
      pourcentage_avancement: 5,
      responsable_id: 3,
      site_id: 1,
      produit_id: 8,
      video_url: 'https://youtu.be/abc',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Chantier créé\s!$/ })).not.toBeInTheDocument());
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows the server’s field messages', async () => {
    serveChantiers({
      answers: {
        'POST /api/chantiers': failure(400, CHANTIER_MESSAGES.responsableNotFound, 'VALIDATION', {
          responsable_id: CHANTIER_MESSAGES.responsableNotFound,
        }),
      },
    });
    const { user } = renderWithProviders(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: CREATE_TITLE });
    const field = (name: string) => within(dialog).getByLabelText(name, { exact: false, selector: 'input, textarea' });
    await user.type(field('Nom du chantier'), 'Résidence');
    await user.type(field('Description'), 'Gros œuvre');
    await user.type(field('Adresse'), 'Route de la plage');
    await user.type(field('Ville'), 'Assinie');
    await user.type(field('Date de début'), '2026-06-10');
    await user.type(field('Date de fin prévue'), '2026-12-20');
    await user.type(field('Budget prévu'), '1000000');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le chantier' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CHANTIER_MESSAGES.createError);
    await waitFor(() => expect(field('Responsable')).toHaveAttribute('aria-invalid', 'true'));
    expect(text(dialog.textContent ?? '')).toContain(text(CHANTIER_MESSAGES.responsableNotFound));
    // Any change clears what was said.
    await user.type(field('Ville'), 'e');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(field('Responsable')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a chantier: prefilled, the current status and the allowed ones, the server’s 409 shown', async () => {
    const chantier = makeChantier({ id: 4, statut: 'en_cours', pourcentage_avancement: null });
    const calls = serveChantiers({
      chantiers: [chantier],
      answers: {
        'PUT /api/chantiers/4': (call) =>
          (call.body as { statut: string }).statut === 'termine'
            ? failure(409, transitionRefusedMessage('en_cours', 'termine'), 'CONFLICT')
            : { status: 200, body: { success: true, data: chantier, message: 'Chantier mis à jour avec succès' } },
      },
    });
    const onClose = vi.fn();
    const { user } = renderWithProviders(<Harness chantier={chantier} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le chantier' });
    expect(within(dialog).getByRole('textbox', { name: 'Nom du chantier' })).toHaveValue(chantier.nom_chantier);
    expect(within(dialog).getByRole('combobox', { name: 'Statut' })).toHaveValue('En cours');
    expect(within(dialog).getByRole('combobox', { name: 'Produit' })).toHaveValue('Villa Premium');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Responsable' })).toHaveValue('Awa Koné'));
    await user.click(within(dialog).getByRole('combobox', { name: 'Statut' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'En cours',
      'Suspendu',
      'Terminé',
      'Annulé',
    ]);
    await user.click(screen.getByRole('option', { name: 'Terminé' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer les modifications' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(CHANTIER_MESSAGES.updateError);
    expect(text(alert.textContent ?? '')).toContain(text(transitionRefusedMessage('en_cours', 'termine')));
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('combobox', { name: 'Statut' }));
    await user.click(screen.getByRole('option', { name: 'Suspendu' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain('Chantier mis à jour avec succès');
    const put = writes(calls).at(-1);
    expect(put?.body).toMatchObject({ statut: 'suspendu', pourcentage_avancement: null, produit_id: 7 });
  });
});
