import { formatFCFA, montantExceedsMessage, REMBOURSEMENT_MESSAGES, VERSEMENT_MESSAGES } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import { RemboursementFormModal } from './RemboursementFormModal.tsx';
import {
  type Call,
  failure,
  KOFFI,
  makeRemboursement,
  membreSearches,
  serveRemboursements,
  signIn,
  text,
} from './test-data.ts';

beforeEach(() => {
  circuitBreaker.reset();
  toastStore.clear();
});

const created = (call: Call) => ({
  status: 201,
  body: {
    success: true,
    data: makeRemboursement({ id: 99, raison: String((call.body as { raison?: string })?.raison ?? 'X') }),
    message: REMBOURSEMENT_MESSAGES.created,
  },
});

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/api/remboursements');
const fileInput = (dialog: HTMLElement) => within(dialog).getByLabelText('Fichier du justificatif');
const pick = (dialog: HTMLElement, file: File) => fireEvent.change(fileInput(dialog), { target: { files: [file] } });

describe('RemboursementFormModal', () => {
  it('lets a member file for himself: his refundable total, the spec’s messages, a JSON body', async () => {
    signIn('membre', 140);
    const calls = serveRemboursements({ membres: [KOFFI], answers: { 'POST /api/remboursements': created } });
    const onClose = vi.fn();
    const { user } = renderWithProviders(<RemboursementFormModal opened demandeur="membre" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle demande de remboursement' });
    expect(within(dialog).queryByRole('combobox', { name: /^Membre/ })).not.toBeInTheDocument();
    const figures = await within(dialog).findByRole('note', { name: 'Montant remboursable' });
    expect(text(figures.textContent ?? '')).toContain(`Montant remboursable${text(formatFCFA(2_750_000))}`);
    expect(text(figures.textContent ?? '')).toContain(`Déjà payé${text(formatFCFA(3_250_000))}`);

    await user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(REMBOURSEMENT_MESSAGES.requiredFields);
    expect(within(dialog).getByText(REMBOURSEMENT_MESSAGES.montantInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(REMBOURSEMENT_MESSAGES.raisonRequired)).toBeInTheDocument();
    expect(within(dialog).queryByText(REMBOURSEMENT_MESSAGES.membreRequired)).not.toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Montant demandé/ }), '250000');
    await user.type(within(dialog).getByRole('textbox', { name: /^Raison/ }), 'Départ à l’étranger');
    await user.type(within(dialog).getByRole('textbox', { name: /^Commentaire/ }), 'Mutation à Dakar');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts(calls)[0]?.body).toEqual({
      montant: 250_000,
      raison: 'Départ à l’étranger',
      commentaire: 'Mutation à Dakar',
    });
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain(REMBOURSEMENT_MESSAGES.created);
  });

  it('keeps a typed 0 and says under the amount, when it is left and on submit, what is wrong, sending nothing', async () => {
    signIn('membre', 140);
    const calls = serveRemboursements({ membres: [KOFFI], answers: { 'POST /api/remboursements': created } });
    const { user } = renderWithProviders(<RemboursementFormModal opened demandeur="membre" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle demande de remboursement' });
    const montant = within(dialog).getByRole('textbox', { name: /^Montant demandé/ });
    await user.type(montant, '0');
    await user.tab();
    expect(montant).toHaveValue('0\u00a0FCFA');
    expect(montant).toHaveAttribute('aria-invalid', 'true');
    expect(montant).toHaveAccessibleDescription(REMBOURSEMENT_MESSAGES.montantInvalid);

    await user.type(within(dialog).getByRole('textbox', { name: /^Raison/ }), 'Désistement');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    expect(montant).toHaveValue('0\u00a0FCFA');
    expect(montant).toHaveAccessibleDescription(REMBOURSEMENT_MESSAGES.montantInvalid);
    expect(posts(calls)).toHaveLength(0);
  });

  it('shows the server’s refusal of an amount above the refundable total under the field', async () => {
    signIn('membre', 140);
    const exceeds = montantExceedsMessage(2_750_000);
    serveRemboursements({
      membres: [KOFFI],
      answers: {
        'POST /api/remboursements': failure(400, exceeds, 'VALIDATION_ERROR', { montant: exceeds }),
      },
    });
    const onClose = vi.fn();
    const { user } = renderWithProviders(<RemboursementFormModal opened demandeur="membre" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle demande de remboursement' });
    const montant = within(dialog).getByRole('textbox', { name: /^Montant demandé/ });
    await user.type(montant, '9000000');
    await user.type(within(dialog).getByRole('textbox', { name: /^Raison/ }), 'Désistement');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    const banner = await within(dialog).findByRole('alert');
    expect(banner).toHaveTextContent(REMBOURSEMENT_MESSAGES.createError);
    // The reason is the field's: it shows under the field, not twice.
    expect(within(dialog).getAllByText(text(exceeds))).toHaveLength(1);
    expect(montant).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lets a processor pick the member through a server search, see what he may get back, and file', async () => {
    signIn('comptable', 9);
    const calls = serveRemboursements({ answers: { 'POST /api/remboursements': created } });
    const onTotal = vi.fn();
    const { user } = renderWithProviders(
      <RemboursementFormModal opened demandeur="responsable" onClose={() => {}} onTotal={onTotal} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle demande de remboursement' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Montant demandé/ }), '100000');
    await user.type(within(dialog).getByRole('textbox', { name: /^Raison/ }), 'Trop-perçu');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(REMBOURSEMENT_MESSAGES.requiredFields);
    expect(within(dialog).getByText(REMBOURSEMENT_MESSAGES.membreRequired)).toBeInTheDocument();

    const membre = within(dialog).getByRole('combobox', { name: /^Membre/ });
    await user.click(membre);
    await user.type(membre, 'koffi');
    await waitFor(() => expect(membreSearches(calls)).toContain('koffi'));
    await user.click(await within(dialog).findByRole('option', { name: 'Jean-Marc Koffi (ESV-2026-00040)' }));
    const figures = await within(dialog).findByRole('note', { name: 'Montant remboursable' });
    expect(text(figures.textContent ?? '')).toContain(`Montant remboursable${text(formatFCFA(2_750_000))}`);
    expect(within(dialog).queryByText(REMBOURSEMENT_MESSAGES.membreRequired)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Remboursement total' }));
    expect(onTotal).toHaveBeenCalledWith(KOFFI);

    await user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({ membre_id: 40, montant: 100_000, raison: 'Trop-perçu', commentaire: null });
  });

  it('checks the supporting file’s size and type, and sends it as multipart', async () => {
    signIn('membre', 140);
    const createObjectURL = vi.fn(() => 'blob:apercu');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const calls = serveRemboursements({ membres: [KOFFI], answers: { 'POST /api/remboursements': created } });
    const onClose = vi.fn();
    const { user } = renderWithProviders(<RemboursementFormModal opened demandeur="membre" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle demande de remboursement' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Montant demandé/ }), '50000');
    await user.type(within(dialog).getByRole('textbox', { name: /^Raison/ }), 'Frais de dossier perçus deux fois');

    pick(dialog, new File([new Uint8Array(6 * 1024 * 1024)], 'gros.png', { type: 'image/png' }));
    expect(await within(dialog).findByText(VERSEMENT_MESSAGES.scanTooLarge)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    expect(posts(calls)).toHaveLength(0);

    pick(dialog, new File(['texte'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText(VERSEMENT_MESSAGES.scanType)).toBeInTheDocument();

    pick(dialog, new File([new Uint8Array(2048)], 'recu.png', { type: 'image/png' }));
    expect(await within(dialog).findByRole('img', { name: 'Aperçu du justificatif recu.png' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const form = posts(calls)[0]?.form;
    expect((form?.get('fichier_justificatif') as File | undefined)?.name).toBe('recu.png');
    expect(form?.get('montant')).toBe('50000');
    expect(form?.get('raison')).toBe('Frais de dossier perçus deux fois');
    expect(form?.has('commentaire')).toBe(false);
    expect(form?.has('membre_id')).toBe(false);
  });
});
