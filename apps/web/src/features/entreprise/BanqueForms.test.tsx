import { BANQUE_MESSAGES, localIsoDate } from '@app/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { circuitBreaker, sessionStore } from '../../api/index.ts';
import { ADMIN_PROFILE, type RecordedCall } from '../../test/fetch-mock.ts';
import { keepSpaces } from '../../test/keep-spaces.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import EntreprisePage from './EntreprisePage.tsx';
import { serveBanques } from './test-data.ts';

beforeEach(() => {
  circuitBreaker.reset();
  sessionStore.start({
    token: 'access',
    refreshToken: 'refresh',
    sessionExpiresAt: '2026-11-22T20:00:00.000Z',
    profile: ADMIN_PROFILE,
  });
});

afterEach(() => act(() => toastStore.clear()));

const toasts = () => toastStore.getSnapshot().map((t) => `${t.type}: ${t.message}`);

/** Replaces a field's text in one go (typing letter by letter is slow in jsdom). */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

const sent = (calls: RecordedCall[], method: string) => calls.filter((c) => c.method === method);

describe('the add and edit bank forms', () => {
  it("checks the add form with the spec's messages, sends it, then shows the 3-second popup", async () => {
    const calls = serveBanques();
    const { user } = renderWithProviders(<EntreprisePage />, { route: '/entreprise?onglet=banques' });
    await user.click(await screen.findByRole('button', { name: 'Ajouter une banque' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une banque' });
    await waitFor(() => expect(within(dialog).getByLabelText(/^Nom de la banque/)).toHaveFocus());
    expect(within(dialog).getByRole('combobox', { name: 'Devise' })).toHaveValue('XOF');
    expect(within(dialog).getByRole('combobox', { name: 'Type de compte' })).toHaveValue('Courant');
    expect(within(dialog).queryByRole('combobox', { name: 'Statut' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Ajouter la banque' }));
    for (const message of [
      'Le nom de la banque est requis',
      'Le code banque est requis',
      'Le numéro de compte est requis',
      'L’adresse est requise',
      'Le téléphone est requis',
      'L’e-mail est requis',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    await fill(user, within(dialog).getByLabelText(/^E-mail/), 'pas-un-email');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter la banque' }));
    expect(within(dialog).getByText('Format d’e-mail invalide')).toBeInTheDocument();
    expect(sent(calls, 'POST')).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText(/^Nom de la banque/), 'Bridge Bank Group');
    await fill(user, within(dialog).getByLabelText(/^Code banque/), 'CI131');
    await fill(user, within(dialog).getByLabelText(/^Numéro de compte/), '01301 000123456789 11');
    await fill(user, within(dialog).getByLabelText(/^Adresse/), 'Boulevard de la République, Plateau');
    await fill(user, within(dialog).getByLabelText(/^Téléphone/), '+225 27 20 25 85 85');
    await fill(user, within(dialog).getByLabelText(/^E-mail/), 'Entreprises@BridgeBank.test');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type de compte' }));
    await user.click(screen.getByRole('option', { name: 'Épargne' }));
    await user.type(within(dialog).getByLabelText(/^Solde initial/), '2500000');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter la banque' }));

    const popup = await screen.findByRole('dialog', { name: 'Succès\u202f!' });
    expect(within(popup).getByText('La banque a été créée avec succès.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Ajouter une banque' })).not.toBeInTheDocument();
    expect(sent(calls, 'POST').map((c) => c.body)).toEqual([
      {
        nom: 'Bridge Bank Group',
        code_banque: 'CI131',
        numero_compte: '01301 000123456789 11',
        adresse: 'Boulevard de la République, Plateau',
        telephone: '+225 27 20 25 85 85',
        email: 'entreprises@bridgebank.test',
        site_web: null,
        contact_principal: null,
        iban: null,
        swift: null,
        devise: 'XOF',
        type_compte: 'epargne',
        est_principale: false,
        solde_initial: 2_500_000,
      },
    ]);
    expect(toasts()).toEqual([`success: ${BANQUE_MESSAGES.created}`]);
    // It closes by itself after 3 s.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Succès\u202f!' })).not.toBeInTheDocument());
  });

  it("shows the server's refusal of a duplicate account on its field", async () => {
    serveBanques((call) =>
      call.method === 'POST'
        ? {
            status: 409,
            body: {
              success: false,
              code: 'CONFLICT',
              message: BANQUE_MESSAGES.compteTaken,
              errors: { numero_compte: BANQUE_MESSAGES.compteTaken },
            },
          }
        : undefined,
    );
    const { user } = renderWithProviders(<EntreprisePage />, { route: '/entreprise?onglet=banques' });
    await user.click(await screen.findByRole('button', { name: 'Ajouter une banque' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une banque' });
    await fill(user, within(dialog).getByLabelText(/^Nom de la banque/), 'Doublon');
    await fill(user, within(dialog).getByLabelText(/^Code banque/), 'CI008');
    await fill(user, within(dialog).getByLabelText(/^Numéro de compte/), '01120 012345678901 42');
    await fill(user, within(dialog).getByLabelText(/^Adresse/), 'Plateau');
    await fill(user, within(dialog).getByLabelText(/^Téléphone/), '+225 27 20 20 10 10');
    await fill(user, within(dialog).getByLabelText(/^E-mail/), 'doublon@banque.test');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter la banque' }));
    expect(await within(dialog).findByRole('alert', { name: 'Erreur lors de la création' })).toBeInTheDocument();
    expect(within(dialog).getAllByText(BANQUE_MESSAGES.compteTaken)).toHaveLength(1);
    expect(within(dialog).getByLabelText(/^Numéro de compte/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog', { name: 'Succès\u202f!' })).not.toBeInTheDocument();
    expect(toasts()).toEqual([]);
  });

  it('edits a bank: only the name is required, and only the changed fields are sent', async () => {
    const calls = serveBanques();
    const { user } = renderWithProviders(<EntreprisePage />, { route: '/entreprise?onglet=banques' });
    await user.click(await screen.findByRole('button', { name: 'Modifier Ecobank Côte d’Ivoire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la banque' });
    expect(within(dialog).queryByLabelText(/^Solde initial/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Statut' })).toHaveValue('Active');
    expect(within(dialog).getByRole('combobox', { name: 'Devise' })).toHaveValue('EUR');

    await user.clear(within(dialog).getByLabelText(/^Nom de la banque/));
    await user.clear(within(dialog).getByLabelText(/^Adresse/));
    await fill(user, within(dialog).getByLabelText(/^E-mail/), 'faux@');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(within(dialog).getByText('Le nom de la banque est requis')).toBeInTheDocument();
    expect(within(dialog).getByText('Format d’e-mail invalide')).toBeInTheDocument();
    expect(within(dialog).queryByText('L’adresse est requise')).not.toBeInTheDocument();
    expect(sent(calls, 'PUT')).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText(/^Nom de la banque/), 'Ecobank CI');
    await user.clear(within(dialog).getByLabelText(/^E-mail/));
    await user.click(within(dialog).getByRole('combobox', { name: 'Devise' }));
    await user.click(screen.getByRole('option', { name: 'XAF' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Statut' }));
    await user.click(screen.getByRole('option', { name: 'Suspendue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(calls, 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/api/banques/2', { nom: 'Ecobank CI', adresse: null, email: null, devise: 'XAF', statut: 'suspendue' }],
    ]);
    expect(toasts()).toEqual([`success: ${BANQUE_MESSAGES.updated}`]);
  });

  it('keeps the principal bank principal and active', async () => {
    const calls = serveBanques();
    const { user } = renderWithProviders(<EntreprisePage />, { route: '/entreprise?onglet=banques' });
    await user.click(await screen.findByRole('button', { name: 'Modifier Société Générale Côte d’Ivoire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la banque' });
    const principale = within(dialog).getByRole('switch', { name: /^Banque principale/ });
    expect(principale).toBeChecked();
    expect(principale).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Statut' }));
    await user.click(screen.getByRole('option', { name: 'Inactive' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(within(dialog).getByText(BANQUE_MESSAGES.principaleActive)).toBeInTheDocument();
    expect(sent(calls, 'PUT')).toHaveLength(0);
  });
});

describe('the balance operation', () => {
  it('asks for a valid amount and a comment, then deposits and says so', async () => {
    const calls = serveBanques();
    const { user } = renderWithProviders(<EntreprisePage />, { route: '/entreprise?onglet=banques' });
    const card = await screen.findByRole('article', { name: 'Ecobank Côte d’Ivoire' });
    const toggle = within(card).getByRole('button', { name: 'Dépôt ou retrait sur Ecobank Côte d’Ivoire' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = within(card).getByRole('form', { name: 'Opération sur le solde de Ecobank Côte d’Ivoire' });
    expect(within(form).getByRole('radio', { name: 'Dépôt' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'Dépôt' })).toHaveFocus();

    await user.click(within(form).getByRole('button', { name: 'Valider l’opération' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(BANQUE_MESSAGES.operationInvalid);
    expect(within(form).getByLabelText(/^Montant/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText(/^Commentaire/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent(calls, 'PATCH')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Montant/), '750000');
    expect(within(form).getByLabelText(/^Montant/)).toHaveValue('750\u202f000\u00a0FCFA');
    await fill(user, within(form).getByLabelText(/^Commentaire/), 'Remise de chèques');
    // Today by default; the day the bank booked it when it was earlier.
    expect(within(form).getByLabelText(/^Date de valeur/)).toHaveValue(localIsoDate());
    await fill(user, within(form).getByLabelText(/^Date de valeur/), '2026-10-30');
    // Its counterpart in the journal: a number of the OHADA chart, said under the field.
    const compte = within(form).getByLabelText(/^Compte de contrepartie/);
    await fill(user, compte, 'chèques');
    await user.click(within(form).getByRole('button', { name: 'Valider l’opération' }));
    expect(compte).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(sent(calls, 'PATCH')).toHaveLength(0);
    await fill(user, compte, '5112');
    await user.click(within(form).getByRole('button', { name: 'Valider l’opération' }));
    await waitFor(() => expect(within(card).queryByRole('form')).not.toBeInTheDocument());
    expect(sent(calls, 'PATCH').map((c) => [c.url, c.body])).toEqual([
      [
        '/api/banques/2/solde',
        {
          type: 'depot',
          montant: 750_000,
          commentaire: 'Remise de chèques',
          date_valeur: '2026-10-30',
          compte: '5112',
        },
      ],
    ]);
    expect(toasts()).toEqual([`success: ${BANQUE_MESSAGES.soldeUpdated}`]);
    expect(toggle).toHaveFocus();
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/banques?')).length).toBeGreaterThan(1));
  });

  it('keeps a typed 0 and says under the amount, when it is left and on submit, what is wrong, sending nothing', async () => {
    const calls = serveBanques();
    const { user } = renderWithProviders(<EntreprisePage />, { route: '/entreprise?onglet=banques' });
    const card = await screen.findByRole('article', { name: 'Ecobank Côte d’Ivoire' });
    await user.click(within(card).getByRole('button', { name: 'Dépôt ou retrait sur Ecobank Côte d’Ivoire' }));
    const form = within(card).getByRole('form', { name: 'Opération sur le solde de Ecobank Côte d’Ivoire' });
    await user.click(within(form).getByRole('radio', { name: 'Retrait' }));
    const montant = within(form).getByLabelText(/^Montant/);
    await user.type(montant, '0');
    await user.tab();
    expect(montant).toHaveValue('0\u00a0FCFA');
    expect(montant).toHaveAttribute('aria-invalid', 'true');
    expect(montant).toHaveAccessibleDescription(BANQUE_MESSAGES.montantInvalid);

    await fill(user, within(form).getByLabelText(/^Commentaire/), 'Retrait au guichet');
    await user.click(within(form).getByRole('button', { name: 'Valider l’opération' }));
    expect(montant).toHaveValue('0\u00a0FCFA');
    expect(montant).toHaveAccessibleDescription(BANQUE_MESSAGES.montantInvalid);
    expect(within(form).getByRole('alert')).toHaveTextContent(BANQUE_MESSAGES.operationInvalid);
    expect(sent(calls, 'PATCH')).toHaveLength(0);
  });

  it('offers no deposit or withdrawal on a bank that is not active', async () => {
    serveBanques(() => undefined);
    renderWithProviders(<EntreprisePage />, { route: '/entreprise?onglet=banques' });
    const card = await screen.findByRole('article', { name: 'NSIA Banque' });
    expect(within(card).queryByRole('button', { name: 'Dépôt ou retrait sur NSIA Banque' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Historique de NSIA Banque' })).toBeInTheDocument();
  });

  it("keeps a refused withdrawal in the form with the server's reason under the amount", async () => {
    const calls = serveBanques((call) =>
      call.method === 'PATCH'
        ? {
            status: 409,
            body: {
              success: false,
              code: 'CONFLICT',
              message: BANQUE_MESSAGES.soldeInsuffisant,
              errors: { montant: BANQUE_MESSAGES.soldeInsuffisant },
            },
          }
        : undefined,
    );
    const { user } = renderWithProviders(<EntreprisePage />, { route: '/entreprise?onglet=banques' });
    const card = await screen.findByRole('article', { name: 'Ecobank Côte d’Ivoire' });
    await user.click(within(card).getByRole('button', { name: 'Dépôt ou retrait sur Ecobank Côte d’Ivoire' }));
    const form = within(card).getByRole('form', { name: 'Opération sur le solde de Ecobank Côte d’Ivoire' });
    await user.click(within(form).getByRole('radio', { name: 'Retrait' }));
    await user.type(within(form).getByLabelText(/^Montant/), '9000000');
    await fill(user, within(form).getByLabelText(/^Commentaire/), 'Achat de ciment');
    await user.click(within(form).getByRole('button', { name: 'Valider l’opération' }));
    expect(
      await within(form).findByRole('alert', { name: 'Erreur lors de la mise à jour du solde' }),
    ).toBeInTheDocument();
    expect(within(form).getAllByText(BANQUE_MESSAGES.soldeInsuffisant)).toHaveLength(1);
    expect(within(form).getByLabelText(/^Montant/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent(calls, 'PATCH').map((c) => c.body)).toEqual([
      { type: 'retrait', montant: 9_000_000, commentaire: 'Achat de ciment', date_valeur: localIsoDate() },
    ]);
    expect(within(card).getByText('15\u202f500\u202f000\u00a0FCFA', keepSpaces)).toBeInTheDocument();
    expect(toasts()).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Annuler' }));
    expect(within(card).queryByRole('form')).not.toBeInTheDocument();
  });
});
