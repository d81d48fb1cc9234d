import { AMOUNT_MESSAGES, formatFCFA, MONTANT_MAX, VERSEMENT_MESSAGES } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import { keepSpaces } from '../../test/keep-spaces.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import { choose, makeProduit, makeSite } from '../demandes/test-data.ts';
import { makeMembre } from '../membres/test-data.ts';
import { type Call, failure, makeVersement, serveVersements, signIn } from './test-data.ts';
import { VersementFormModal } from './VersementFormModal.tsx';

beforeEach(() => {
  circuitBreaker.reset();
  toastStore.clear();
});

const COCODY = makeSite(3, 'Les Jardins de Cocody');
const BASSAM = makeSite(4, 'Résidence Bassam', 'Grand-Bassam');
const PRODUITS = [
  // A member's product is reserved: it is offered all the same.
  makeProduit(7, COCODY, 'Villa Premium', { disponibilite: 'reserve' }),
  makeProduit(8, COCODY, 'Duplex Familial', { prix_vente: 35_000_000 }),
  makeProduit(10, BASSAM, 'Studio Moderne', { prix_vente: 8_000_000 }),
];
const KOFFI = makeMembre({ id: 40 });
const YAO = makeMembre({
  id: 41,
  nom: 'Yao',
  prenom: 'Aya',
  code_esv: 'ESV-2026-00041',
  produit_id: 10,
  produit: {
    id: 10,
    nom: 'Studio Moderne',
    prix: 8_000_000,
    type: 'logement',
    site: { id: 4, nom: 'Résidence Bassam', adresse: 'Quartier France', ville: 'Grand-Bassam' },
  },
});

const created = (call: Call) => ({
  status: 201,
  body: {
    success: true,
    data: makeVersement({ id: 99, numero_recu: String((call.body as { numero_recu?: string })?.numero_recu ?? 'X') }),
    message: 'Versement créé avec succès',
  },
});

function serve(answers = {}) {
  return serveVersements({
    versements: [makeVersement()],
    membres: [KOFFI],
    clients: [KOFFI, YAO, makeMembre({ id: 42, nom: 'Bamba', prenom: 'Fatou', produit_id: null, produit: null })],
    sites: [COCODY, BASSAM],
    produits: PRODUITS,
    answers: { 'POST /api/versements': created, ...answers },
  });
}

const input = (dialog: HTMLElement, label: RegExp) =>
  within(dialog)
    .getAllByLabelText(label)
    .find((element) => element.tagName === 'INPUT') as HTMLInputElement;

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/api/versements');

type User = ReturnType<typeof renderWithProviders>['user'];

async function fillPayment(user: User, dialog: HTMLElement, receipt = 'RV-2026-00777') {
  await user.type(within(dialog).getByRole('textbox', { name: /^Montant/ }), '250000');
  await choose(user, dialog, /^Banque/, 'Ecobank Côte d’Ivoire');
  await user.type(within(dialog).getByRole('textbox', { name: /^Numéro de reçu/ }), receipt);
  fireEvent.change(within(dialog).getByLabelText(/^Date du reçu/), { target: { value: '2026-10-05' } });
}

const scanInput = (dialog: HTMLElement) => within(dialog).getByLabelText('Fichier du scan du reçu');
const pick = (dialog: HTMLElement, file: File) => fireEvent.change(scanInput(dialog), { target: { files: [file] } });

describe('VersementFormModal', () => {
  it('lets a member declare for himself: his product preselected, the spec’s messages, a JSON body with its key', async () => {
    signIn('membre', 140);
    const calls = serve();
    const onClose = vi.fn();
    const { user } = renderWithProviders(<VersementFormModal opened declarant="membre" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Déclarer un versement' });
    expect(within(dialog).queryByRole('textbox', { name: /^Membre/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Date du versement/)).not.toBeInTheDocument();

    // His own file gives his site and product.
    await waitFor(() => expect(input(dialog, /^Produit/).value).toBe(`Villa Premium — ${formatFCFA(25_000_000)}`));
    expect(input(dialog, /^Site/).value).toBe('Les Jardins de Cocody — Abidjan');
    expect(within(dialog).getByText(/^Votre produit, choisi/)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/membres/moi')).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Déclarer le versement' }));
    for (const message of [
      VERSEMENT_MESSAGES.montantInvalid,
      VERSEMENT_MESSAGES.banqueRequired,
      VERSEMENT_MESSAGES.numeroRecuRequired,
      VERSEMENT_MESSAGES.dateRecuRequired,
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(within(dialog).queryByText(VERSEMENT_MESSAGES.membreRequired)).not.toBeInTheDocument();
    expect(within(dialog).queryByText(VERSEMENT_MESSAGES.dateVersementRequired)).not.toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    await fillPayment(user, dialog);
    await user.click(within(dialog).getByRole('radio', { name: 'Apport' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Commentaire/ }), 'Payé au guichet');
    await user.click(within(dialog).getByRole('button', { name: 'Déclarer le versement' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [post] = posts(calls);
    expect(post?.body).toEqual({
      produit_id: 7,
      montant: 250_000,
      type_versement: 'apport',
      banque_id: 2,
      numero_recu: 'RV-2026-00777',
      date_recu: '2026-10-05',
      commentaire: 'Payé au guichet',
    });
    expect(post?.headers['Idempotency-Key']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(post?.headers.Authorization).toBe('Bearer access');
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain('Versement créé avec succès');
  });

  it('lets a gestionnaire choose a client, whose product and site follow, with the payment date', async () => {
    signIn('gestionnaire', 2);
    const calls = serve();
    const { user } = renderWithProviders(<VersementFormModal opened declarant="gestionnaire" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau versement pour un client' });

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le versement' }));
    for (const message of [
      VERSEMENT_MESSAGES.membreRequired,
      VERSEMENT_MESSAGES.dateVersementRequired,
      'Veuillez sélectionner un site',
      VERSEMENT_MESSAGES.produitRequired,
      VERSEMENT_MESSAGES.montantInvalid,
      VERSEMENT_MESSAGES.banqueRequired,
      VERSEMENT_MESSAGES.numeroRecuRequired,
      VERSEMENT_MESSAGES.dateRecuRequired,
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }

    // A client without a product cannot be chosen.
    await user.click(input(dialog, /^Membre/));
    expect(await within(dialog).findByRole('option', { name: /Fatou Bamba/ })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(dialog).getByRole('option', { name: 'Aya Yao (ESV-2026-00041)' }));
    await waitFor(() => expect(input(dialog, /^Produit/).value).toBe(`Studio Moderne — ${formatFCFA(8_000_000)}`));
    expect(input(dialog, /^Site/).value).toBe('Résidence Bassam — Grand-Bassam');
    expect(within(dialog).getByText(/^Le produit de ce client, choisi/)).toBeInTheDocument();
    expect(within(dialog).queryByText(VERSEMENT_MESSAGES.membreRequired)).not.toBeInTheDocument();

    // The site narrows the products: another site, its own products, chosen again.
    await choose(user, dialog, /^Site/, 'Les Jardins de Cocody — Abidjan');
    await waitFor(() => expect(input(dialog, /^Produit/).value).toBe(''));
    await user.click(input(dialog, /^Produit/));
    expect(await within(dialog).findByRole('option', { name: /Duplex Familial/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('option', { name: /Studio Moderne/ })).not.toBeInTheDocument();
    // Another client: his own site and product.
    await choose(user, dialog, /^Membre/, 'Jean-Marc Koffi (ESV-2026-00040)');
    await waitFor(() => expect(input(dialog, /^Produit/).value).toMatch(/^Villa Premium/));
    expect(input(dialog, /^Site/).value).toBe('Les Jardins de Cocody — Abidjan');

    await fillPayment(user, dialog);
    fireEvent.change(within(dialog).getByLabelText(/^Date du versement/), { target: { value: '2026-10-06' } });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le versement' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({
      membre_id: 40,
      produit_id: 7,
      date_versement: '2026-10-06',
      type_versement: 'mensualite',
    });
  });

  it('keeps a typed 0 and says under the amount, when it is left and on submit, what is wrong, sending nothing', async () => {
    signIn('membre', 140);
    const calls = serve();
    const { user } = renderWithProviders(<VersementFormModal opened declarant="membre" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Déclarer un versement' });
    await waitFor(() => expect(input(dialog, /^Produit/).value).toMatch(/^Villa Premium/));
    await fillPayment(user, dialog);
    const montant = within(dialog).getByRole('textbox', { name: /^Montant/ });

    for (const [typed, shown, message] of [
      ['0', '0\u00a0FCFA', VERSEMENT_MESSAGES.montantInvalid],
      ['-5000', '-5\u202f000\u00a0FCFA', VERSEMENT_MESSAGES.montantInvalid],
      ['12500,5', '12\u202f500,5\u00a0FCFA', AMOUNT_MESSAGES.whole],
      ['150000000000', '150\u202f000\u202f000\u202f000\u00a0FCFA', AMOUNT_MESSAGES.tooLarge(MONTANT_MAX)],
    ] as const) {
      await user.clear(montant);
      await user.type(montant, typed);
      await user.tab();
      expect(montant).toHaveValue(shown);
      expect(montant).toHaveAttribute('aria-invalid', 'true');
      expect(montant).toHaveAccessibleDescription(message);
    }

    await user.clear(montant);
    await user.type(montant, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Déclarer le versement' }));
    expect(montant).toHaveValue('0\u00a0FCFA');
    expect(montant).toHaveAccessibleDescription(VERSEMENT_MESSAGES.montantInvalid);
    expect(posts(calls)).toHaveLength(0);

    // Typing again clears the message; a valid amount leaves the field quiet.
    await user.type(montant, '{Backspace}250000');
    expect(montant).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(montant).not.toHaveAttribute('aria-invalid');
  });

  it('shows a receipt number taken under its field, and sends the same key again only for the same content', async () => {
    signIn('gestionnaire', 2);
    let refuse = true;
    const calls = serve({
      'POST /api/versements': (call: Call) =>
        refuse
          ? failure(409, VERSEMENT_MESSAGES.recuTaken, 'CONFLICT', { numero_recu: VERSEMENT_MESSAGES.recuTaken })
          : created(call),
    });
    const onClose = vi.fn();
    const { user } = renderWithProviders(<VersementFormModal opened declarant="gestionnaire" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau versement pour un client' });
    await choose(user, dialog, /^Membre/, 'Jean-Marc Koffi (ESV-2026-00040)');
    await fillPayment(user, dialog, 'RV-1');
    fireEvent.change(within(dialog).getByLabelText(/^Date du versement/), { target: { value: '2026-10-06' } });
    const submit = within(dialog).getByRole('button', { name: 'Enregistrer le versement' });

    await user.click(submit);
    const banner = await within(dialog).findByRole('alert');
    expect(banner).toHaveTextContent('Erreur lors de la création du versement');
    // The reason is the field's: it shows under the field, not twice.
    expect(within(dialog).getAllByText(VERSEMENT_MESSAGES.recuTaken)).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: /^Numéro de reçu/ })).toHaveAttribute('aria-invalid', 'true');

    await user.click(submit);
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    const [first, second] = posts(calls);
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);

    refuse = false;
    await user.type(within(dialog).getByRole('textbox', { name: /^Numéro de reçu/ }), '2');
    await user.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const third = posts(calls)[2];
    expect(third?.body).toMatchObject({ numero_recu: 'RV-12' });
    expect(third?.headers['Idempotency-Key']).not.toBe(first?.headers['Idempotency-Key']);
  });

  it('checks the scan’s size and type, previews an image, notes a PDF, and sends it as multipart', async () => {
    signIn('membre', 140);
    const createObjectURL = vi.fn(() => 'blob:apercu');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const calls = serve();
    const onClose = vi.fn();
    const { user } = renderWithProviders(<VersementFormModal opened declarant="membre" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Déclarer un versement' });
    await waitFor(() => expect(input(dialog, /^Produit/).value).toMatch(/^Villa Premium/));
    await fillPayment(user, dialog);

    pick(dialog, new File([new Uint8Array(6 * 1024 * 1024)], 'gros.png', { type: 'image/png' }));
    expect(await within(dialog).findByText(VERSEMENT_MESSAGES.scanTooLarge)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Déclarer le versement' }));
    expect(posts(calls)).toHaveLength(0);

    pick(dialog, new File(['texte'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText(VERSEMENT_MESSAGES.scanType)).toBeInTheDocument();

    pick(dialog, new File([new Uint8Array(2048)], 'recu.png', { type: 'image/png' }));
    expect(await within(dialog).findByRole('img', { name: 'Aperçu du reçu recu.png' })).toHaveAttribute(
      'src',
      'blob:apercu',
    );
    expect(within(dialog).queryByText(VERSEMENT_MESSAGES.scanType)).not.toBeInTheDocument();

    const pdf = new File(['%PDF-1.4'], 'recu.pdf', { type: 'application/pdf' });
    pick(dialog, pdf);
    expect(
      await within(dialog).findByText('Document PDF\u00a0: «\u00a0recu.pdf\u00a0»', keepSpaces),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: /Aperçu du reçu/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Déclarer le versement' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const form = posts(calls)[0]?.form;
    expect(form?.get('scan_recu')).toBeInstanceOf(File);
    expect((form?.get('scan_recu') as File | undefined)?.name).toBe('recu.pdf');
    expect(form?.get('produit_id')).toBe('7');
    expect(form?.get('montant')).toBe('250000');
    expect(form?.has('commentaire')).toBe(false);
    expect(posts(calls)[0]?.headers['Idempotency-Key']).toBeTruthy();
  });
});
