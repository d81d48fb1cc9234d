import { DEPENSE_MESSAGES, localIsoDate, VERSEMENT_MESSAGES } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import { keepSpaces } from '../../test/keep-spaces.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import { choose } from '../demandes/test-data.ts';
import { DepenseFormModal } from './DepenseFormModal.tsx';
import { type Call, failure, MEMBRE_ID, makeDepense, serveDepenses, signIn } from './test-data.ts';

beforeEach(() => {
  circuitBreaker.reset();
  toastStore.clear();
  signIn('membre', MEMBRE_ID);
});

const saved = (call: Call) => ({
  status: call.method === 'POST' ? 201 : 200,
  body: {
    success: true,
    data: makeDepense({ id: 99 }),
    message: call.method === 'POST' ? DEPENSE_MESSAGES.created : DEPENSE_MESSAGES.updated,
  },
});

const input = (dialog: HTMLElement, label: RegExp) =>
  within(dialog)
    .getAllByLabelText(label)
    .find((element) => element.tagName === 'INPUT') as HTMLInputElement;

const writes = (calls: Call[]) => calls.filter((c) => c.method === 'POST' || c.method === 'PUT');

const fileInput = (dialog: HTMLElement) => within(dialog).getByLabelText('Fichier du justificatif');
const pick = (dialog: HTMLElement, file: File) => fireEvent.change(fileInput(dialog), { target: { files: [file] } });

describe('DepenseFormModal', () => {
  it('keeps a typed 0 and says under the amount, when it is left and on submit, what is wrong, sending nothing', async () => {
    const calls = serveDepenses({ answers: { 'POST /api/depenses': saved } });
    const { user } = renderWithProviders(<DepenseFormModal opened depense={null} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle Dépense' });
    const montant = within(dialog).getByRole('textbox', { name: /^Montant/ });
    await user.type(montant, '0');
    await user.tab();
    expect(montant).toHaveValue('0\u00a0FCFA');
    expect(montant).toHaveAttribute('aria-invalid', 'true');
    expect(montant).toHaveAccessibleDescription(DEPENSE_MESSAGES.montantInvalid);

    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Ramettes de papier');
    await choose(user, dialog, /^Catégorie/, 'Fournitures de bureau');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la dépense' }));
    expect(montant).toHaveValue('0\u00a0FCFA');
    expect(montant).toHaveAccessibleDescription(DEPENSE_MESSAGES.montantInvalid);
    expect(writes(calls)).toHaveLength(0);
  });

  it('files an expense: today and the principal bank by default, the spec’s messages, a JSON body', async () => {
    const calls = serveDepenses({ answers: { 'POST /api/depenses': saved } });
    const onClose = vi.fn();
    const { user } = renderWithProviders(<DepenseFormModal opened depense={null} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle Dépense' });
    // Today, as the form took it at its opening (a run across midnight keeps that day).
    const today = (within(dialog).getByLabelText(/^Date de la dépense/) as HTMLInputElement).value;
    expect([localIsoDate(), localIsoDate(new Date(Date.now() - 60_000))]).toContain(today);
    await waitFor(() =>
      expect(input(dialog, /^Banque à débiter/).value).toBe('Société Générale Côte d’Ivoire (principale)'),
    );
    expect(within(dialog).queryByRole('textbox', { name: /^Précision de la catégorie/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la dépense' }));
    for (const message of [
      DEPENSE_MESSAGES.montantInvalid,
      DEPENSE_MESSAGES.categorieRequired,
      DEPENSE_MESSAGES.descriptionRequired,
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(writes(calls)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Montant/ }), '45000');
    // 'Autre' asks for its precision.
    await choose(user, dialog, /^Catégorie/, 'Autre');
    const precision = within(dialog).getByRole('textbox', { name: /^Précision de la catégorie/ });
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Description/ }),
      '  Location d’un groupe électrogène ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la dépense' }));
    expect(within(dialog).getByText(DEPENSE_MESSAGES.categorieAutreRequired)).toBeInTheDocument();
    expect(precision).toHaveAttribute('aria-invalid', 'true');
    expect(writes(calls)).toHaveLength(0);

    await user.type(precision, 'Énergie');
    await user.type(within(dialog).getByRole('textbox', { name: /^Numéro de reçu/ }), 'FAC-77');
    await choose(user, dialog, /^Banque à débiter/, 'Ecobank Côte d’Ivoire');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la dépense' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [post] = writes(calls);
    expect(post?.path).toBe('/api/depenses');
    expect(post?.method).toBe('POST');
    expect(post?.body).toEqual({
      montant: 45_000,
      categorie: 'Autre',
      categorie_autre: 'Énergie',
      description: 'Location d’un groupe électrogène',
      date_depense: today,
      numero_recu: 'FAC-77',
      banque_id: 2,
    });
    expect(post?.headers.Authorization).toBe('Bearer access');
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain(DEPENSE_MESSAGES.created);
  });

  it('asks for the precision of an Autre along with the other missing fields', async () => {
    const calls = serveDepenses();
    const { user } = renderWithProviders(<DepenseFormModal opened depense={null} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle Dépense' });
    await choose(user, dialog, /^Catégorie/, 'Autre');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la dépense' }));
    for (const message of [
      DEPENSE_MESSAGES.montantInvalid,
      DEPENSE_MESSAGES.categorieAutreRequired,
      DEPENSE_MESSAGES.descriptionRequired,
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(writes(calls)).toHaveLength(0);
  });

  it('drops the precision of a category other than Autre, and leaves an empty receipt number out', async () => {
    const calls = serveDepenses({ answers: { 'POST /api/depenses': saved } });
    const { user } = renderWithProviders(<DepenseFormModal opened depense={null} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle Dépense' });
    const today = (within(dialog).getByLabelText(/^Date de la dépense/) as HTMLInputElement).value;
    await waitFor(() => expect(input(dialog, /^Banque à débiter/).value).toMatch(/principale/));
    await user.type(within(dialog).getByRole('textbox', { name: /^Montant/ }), '12500');
    await choose(user, dialog, /^Catégorie/, 'Autre');
    await user.type(within(dialog).getByRole('textbox', { name: /^Précision de la catégorie/ }), 'Divers');
    await choose(user, dialog, /^Catégorie/, 'Repas et restauration');
    expect(within(dialog).queryByRole('textbox', { name: /^Précision de la catégorie/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Déjeuner de chantier');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la dépense' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).toEqual({
      montant: 12_500,
      categorie: 'Repas et restauration',
      categorie_autre: null,
      description: 'Déjeuner de chantier',
      date_depense: today,
      numero_recu: null,
      banque_id: 1,
    });
  });

  it('shows the server’s field errors under their fields, under the spec’s banner', async () => {
    serveDepenses({
      answers: {
        'POST /api/depenses': failure(400, DEPENSE_MESSAGES.banqueInactive, 'VALIDATION', {
          banque_id: DEPENSE_MESSAGES.banqueInactive,
        }),
      },
    });
    const onClose = vi.fn();
    const { user } = renderWithProviders(<DepenseFormModal opened depense={null} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle Dépense' });
    await waitFor(() => expect(input(dialog, /^Banque à débiter/).value).toMatch(/principale/));
    await user.type(within(dialog).getByRole('textbox', { name: /^Montant/ }), '8000');
    await choose(user, dialog, /^Catégorie/, 'Transport');
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Taxi');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la dépense' }));
    const banner = await within(dialog).findByRole('alert');
    expect(banner).toHaveTextContent(DEPENSE_MESSAGES.createError);
    expect(within(dialog).getAllByText(DEPENSE_MESSAGES.banqueInactive, keepSpaces)).toHaveLength(1);
    expect(input(dialog, /^Banque à débiter/)).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('checks the justificatif’s size and type like a receipt’s scan, and sends it as multipart', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:apercu'), revokeObjectURL: vi.fn() }));
    const calls = serveDepenses({ answers: { 'POST /api/depenses': saved } });
    const onClose = vi.fn();
    const { user } = renderWithProviders(<DepenseFormModal opened depense={null} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle Dépense' });
    await waitFor(() => expect(input(dialog, /^Banque à débiter/).value).toMatch(/principale/));
    await user.type(within(dialog).getByRole('textbox', { name: /^Montant/ }), '30000');
    await choose(user, dialog, /^Catégorie/, 'Fournitures de bureau');
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Ramettes de papier');

    pick(dialog, new File([new Uint8Array(6 * 1024 * 1024)], 'gros.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText(VERSEMENT_MESSAGES.scanTooLarge)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la dépense' }));
    expect(writes(calls)).toHaveLength(0);
    pick(dialog, new File(['texte'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText(VERSEMENT_MESSAGES.scanType)).toBeInTheDocument();

    pick(dialog, new File([new Uint8Array(2048)], 'facture.png', { type: 'image/png' }));
    expect(await within(dialog).findByRole('img', { name: 'Aperçu du justificatif facture.png' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la dépense' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const form = writes(calls)[0]?.form;
    expect((form?.get('fichier_justificatif') as File | undefined)?.name).toBe('facture.png');
    expect(form?.get('montant')).toBe('30000');
    expect(form?.get('categorie')).toBe('Fournitures de bureau');
    expect(form?.get('banque_id')).toBe('1');
    expect(form?.get('numero_recu')).toBe('');
  });

  it('edits a pending expense: prefilled, sent with PUT, the spec’s toast', async () => {
    const depense = makeDepense({
      id: 5,
      categorie: 'Autre',
      categorie_autre: 'Énergie',
      banque_id: 2,
      banque: { id: 2, nom: 'Ecobank Côte d’Ivoire' },
      fichier_justificatif: 'facture.pdf',
      justificatif_type: 'application/pdf',
    });
    const calls = serveDepenses({ depenses: [depense], answers: { 'PUT /api/depenses/5': saved } });
    const onClose = vi.fn();
    const { user } = renderWithProviders(<DepenseFormModal opened depense={depense} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la dépense' });
    expect(within(dialog).getByRole('textbox', { name: /^Montant/ })).toHaveValue('45\u202f000\u00a0FCFA');
    expect(input(dialog, /^Catégorie/).value).toBe('Autre');
    expect(within(dialog).getByRole('textbox', { name: /^Précision de la catégorie/ })).toHaveValue('Énergie');
    expect(within(dialog).getByRole('textbox', { name: /^Description/ })).toHaveValue(
      'Taxi pour la visite du chantier 5',
    );
    expect(within(dialog).getByLabelText(/^Date de la dépense/)).toHaveValue('2026-10-05');
    await waitFor(() => expect(input(dialog, /^Banque à débiter/).value).toBe('Ecobank Côte d’Ivoire'));
    expect(within(dialog).getByText(/^Justificatif actuel/)).toHaveTextContent('facture.pdf');

    const description = within(dialog).getByRole('textbox', { name: /^Description/ });
    await user.clear(description);
    await user.type(description, 'Taxi aller-retour');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [put] = writes(calls);
    expect(put?.method).toBe('PUT');
    expect(put?.path).toBe('/api/depenses/5');
    expect(put?.body).toMatchObject({ description: 'Taxi aller-retour', categorie_autre: 'Énergie', banque_id: 2 });
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain(DEPENSE_MESSAGES.updated);
  });
});
