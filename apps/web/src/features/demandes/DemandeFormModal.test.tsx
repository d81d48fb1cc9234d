import { ENGAGEMENT_MINIMUM_HINT, formatFCFA } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import type { RecordedCall } from '../../test/fetch-mock.ts';
import { keepSpaces } from '../../test/keep-spaces.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import { DemandeFormModal } from './DemandeFormModal.tsx';
import {
  choose,
  failure,
  makeDemande,
  makeProduit,
  makeSite,
  params,
  serveDemandes,
  signIn,
  text,
} from './test-data.ts';

beforeEach(() => {
  circuitBreaker.reset();
  toastStore.clear();
  signIn('commercial');
});

const COCODY = makeSite(3, 'Les Jardins de Cocody');
const BASSAM = makeSite(4, 'Résidence Bassam', 'Grand-Bassam');
const PRODUITS = [
  makeProduit(7, COCODY, 'Villa Premium'),
  makeProduit(8, COCODY, 'Duplex Familial', { prix_vente: 35_000_000 }),
  makeProduit(9, COCODY, 'Villa réservée', { disponibilite: 'reserve' }),
  makeProduit(10, BASSAM, 'Studio Moderne', { prix_vente: 8_000_000 }),
  makeProduit(11, BASSAM, 'Appartement T2', { prix_vente: 12_000_000 }),
];

function serve(answers = {}) {
  return serveDemandes({ sites: [COCODY, BASSAM], produits: PRODUITS, answers });
}

const productInput = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByLabelText(/^Produit souhaité/)
    .find((element) => element.tagName === 'INPUT') as HTMLInputElement;

const produitCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/produits?')).map(params);

async function fillPerson(user: ReturnType<typeof renderWithProviders>['user'], dialog: HTMLElement) {
  const fields: [RegExp, string][] = [
    [/^Nom complet/, 'Bamba Fatou'],
    [/^Numéro CNI/, 'CI00987654321'],
    [/^Profession/, 'Comptable'],
    [/^E-mail/, 'Fatou.Bamba@exemple.ci'],
    [/^Téléphone/, '+225 05 44 33 22 11'],
    [/^Adresse/, 'Yopougon Maroc'],
  ];
  for (const [label, value] of fields) {
    await user.click(within(dialog).getByLabelText(label));
    await user.paste(value);
  }
  fireEvent.change(within(dialog).getByLabelText(/^Date de naissance/), { target: { value: '1990-06-15' } });
  await choose(user, dialog, /^Situation matrimoniale/, 'Célibataire');
  await choose(user, dialog, /^Ville/, 'Abidjan');
}

describe('DemandeFormModal', () => {
  it("offers the chosen site's available products, and a new site resets the product", async () => {
    const calls = serve();
    const { user } = renderWithProviders(<DemandeFormModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle demande' });
    for (const legend of ['Informations personnelles', 'Contact et adresse', 'Informations financières']) {
      expect(within(dialog).getByRole('group', { name: legend })).toBeInTheDocument();
    }
    expect(productInput(dialog)).toBeDisabled();

    await choose(user, dialog, /^Site/, 'Les Jardins de Cocody — Abidjan');
    await waitFor(() => expect(productInput(dialog)).toBeEnabled());
    await user.click(productInput(dialog));
    expect(
      await within(dialog).findByRole('option', { name: `Villa Premium — ${formatFCFA(25_000_000)}` }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('option', { name: /Duplex Familial/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('option', { name: /Villa réservée/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('option', { name: /Studio Moderne/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('option', { name: /Duplex Familial/ }));
    expect(productInput(dialog).value).toMatch(/^Duplex Familial/);

    const first = produitCalls(calls)[0];
    expect(first?.get('site_id')).toBe('3');
    expect(first?.get('disponibilite')).toBe('disponible');
    expect(first?.get('limit')).toBe('1000');

    await choose(user, dialog, /^Site/, 'Résidence Bassam — Grand-Bassam');
    await waitFor(() => expect(productInput(dialog).value).toBe(''));
    await user.click(productInput(dialog));
    expect(await within(dialog).findByRole('option', { name: /Studio Moderne/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('option', { name: /Duplex Familial/ })).not.toBeInTheDocument();
    expect(produitCalls(calls).at(-1)?.get('site_id')).toBe('4');
  });

  it('shows the messages and sends nothing while the form is incomplete', async () => {
    const calls = serve();
    const { user } = renderWithProviders(<DemandeFormModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle demande' });
    await user.click(within(dialog).getByRole('button', { name: 'Créer la demande' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Veuillez remplir tous les champs obligatoires');
    for (const message of [
      'Le nom complet est requis',
      'La profession est requise',
      'L’e-mail est requis',
      'Le téléphone est requis',
      'Veuillez choisir une situation matrimoniale',
      'La ville est requise',
      'Veuillez sélectionner un site',
      'Veuillez sélectionner un produit',
      'Veuillez choisir une durée de paiement',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    // The public form's minimum, its hint then its refusal.
    expect(within(dialog).getAllByText(text(ENGAGEMENT_MINIMUM_HINT))).toHaveLength(2);
    expect(within(dialog).getByLabelText(/^Nom complet/)).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("offers the public form's choices: the cities of the country, a typed city elsewhere, the same durations", async () => {
    serve();
    const { user } = renderWithProviders(<DemandeFormModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle demande' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Ville/ }));
    expect(await within(dialog).findByRole('option', { name: 'Yamoussoukro' })).toBeInTheDocument();
    await choose(user, dialog, /^Pays/, 'Burkina Faso');
    expect(within(dialog).getByRole('textbox', { name: /^Ville/ })).toHaveValue('');
    await user.click(within(dialog).getByRole('combobox', { name: /^Durée de paiement/ }));
    const durations = (await within(dialog).findAllByRole('option')).map((o) => o.textContent);
    expect(durations).toEqual(['12 mois', '24 mois', '36 mois', '48 mois', '60 mois']);
  });

  it('creates the demande, terms short of the price included (the validator decides), says so and closes after 2 s', async () => {
    const calls = serve({
      'POST /api/demandes': {
        status: 201,
        body: { success: true, data: makeDemande({ id: 12 }), message: 'Demande créée avec succès !' },
      },
    });
    const onClose = vi.fn();
    const { user } = renderWithProviders(<DemandeFormModal opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle demande' });
    await fillPerson(user, dialog);
    await choose(user, dialog, /^Site/, 'Les Jardins de Cocody — Abidjan');
    await waitFor(() => expect(productInput(dialog)).toBeEnabled());
    await choose(user, dialog, /^Produit souhaité/, `Villa Premium — ${formatFCFA(25_000_000)}`);
    await user.type(within(dialog).getByLabelText(/^Engagement mensuel/), '200000');
    await choose(user, dialog, /^Durée de paiement/, '48 mois');
    expect(within(dialog).getByText(text(formatFCFA(9_600_000)))).toBeInTheDocument();
    expect(within(dialog).getByText(/il manque/)).toHaveTextContent(text(formatFCFA(15_400_000)));
    await user.type(within(dialog).getByLabelText(/^Notes/), 'Client recommandé');

    await user.click(within(dialog).getByRole('button', { name: 'Créer la demande' }));
    // The spec's success screen, in the dialog, instead of a toast; it closes itself.
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Demande créée avec succès !');
    expect(within(dialog).queryByRole('button', { name: 'Créer la demande' })).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(toastStore.getSnapshot()).toEqual([]);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/demandes');
    expect(post?.body).toEqual({
      nom_complet: 'Bamba Fatou',
      num_cni: 'CI00987654321',
      date_naissance: '1990-06-15',
      situation_matrimoniale: 'celibataire',
      profession: 'Comptable',
      email: 'fatou.bamba@exemple.ci',
      telephone: '+225 05 44 33 22 11',
      adresse: 'Yopougon Maroc',
      ville: 'Abidjan',
      pays: 'Côte d’Ivoire',
      produit_id: 7,
      engagement_mensuel: 200_000,
      duree_paiement: 48,
      notes: 'Client recommandé',
    });
  });

  it('shows what the terms cover of the price, and applies the monthly amount that covers it', async () => {
    serve();
    const { user } = renderWithProviders(<DemandeFormModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle demande' });
    const engagement = within(dialog).getByLabelText(/^Engagement mensuel/);
    await user.type(engagement, '65000');
    await choose(user, dialog, /^Durée de paiement/, '36 mois');
    // Nothing to compare before the product is chosen.
    expect(within(dialog).queryByText(/Les conditions couvrent/)).not.toBeInTheDocument();

    await choose(user, dialog, /^Site/, 'Résidence Bassam — Grand-Bassam');
    await waitFor(() => expect(productInput(dialog)).toBeEnabled());
    await choose(user, dialog, /^Produit souhaité/, `Appartement T2 — ${formatFCFA(12_000_000)}`);
    expect(
      within(dialog).getByText(
        'Les conditions couvrent 2\u202f340\u202f000\u00a0FCFA sur un prix de 12\u202f000\u202f000\u00a0FCFA\u00a0: il manque 9\u202f660\u202f000\u00a0FCFA.',
        keepSpaces,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Reste à couvrir').closest('div')?.parentElement).toHaveTextContent(
      text(formatFCFA(9_660_000)),
    );

    await user.click(within(dialog).getByRole('button', { name: `Appliquer ${formatFCFA(333_334)} / mois` }));
    expect(engagement).toHaveValue(formatFCFA(333_334));
    expect(engagement).toHaveFocus();
    expect(within(dialog).getByText(/^Les conditions couvrent le prix/)).toHaveTextContent(
      text(`en 36 échéances : 35 de ${formatFCFA(333_334)}, puis une dernière de ${formatFCFA(333_310)}.`),
    );
    expect(within(dialog).queryByText('Reste à couvrir')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Appliquer/ })).not.toBeInTheDocument();

    // A new product is compared afresh.
    await choose(user, dialog, /^Produit souhaité/, `Studio Moderne — ${formatFCFA(8_000_000)}`);
    expect(within(dialog).getByText(/^Les conditions couvrent le prix/)).toHaveTextContent(
      text(`en 24 échéances : 23 de ${formatFCFA(333_334)}, puis une dernière de ${formatFCFA(333_318)}.`),
    );
  });

  it("shows a refusal in the red banner and the server's field messages on the fields", async () => {
    serve({
      'POST /api/demandes': failure(400, 'Données invalides. Vérifiez les informations saisies.', 'VALIDATION_ERROR', {
        num_cni: 'Ce numéro CNI a déjà une demande en attente',
      }),
    });
    const onClose = vi.fn();
    const { user } = renderWithProviders(<DemandeFormModal opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle demande' });
    await fillPerson(user, dialog);
    await choose(user, dialog, /^Site/, 'Résidence Bassam — Grand-Bassam');
    await waitFor(() => expect(productInput(dialog)).toBeEnabled());
    await choose(user, dialog, /^Produit souhaité/, `Studio Moderne — ${formatFCFA(8_000_000)}`);
    await user.type(within(dialog).getByLabelText(/^Engagement mensuel/), '100000');
    await choose(user, dialog, /^Durée de paiement/, '60 mois');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la demande' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Données invalides. Vérifiez les informations saisies.');
    expect(within(dialog).getByText('Ce numéro CNI a déjà une demande en attente')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Numéro CNI/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/^Numéro CNI/)).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('corrects a pending demande: its values, its product’s site, the correction sent, then a toast', async () => {
    const demande = makeDemande({ id: 5, produit_id: 8, produit_nom: 'Duplex Familial' });
    demande.produit = { ...demande.produit, id: 8, titre: 'Duplex Familial', prix_vente: 35_000_000, site_id: 3 };
    const calls = serve({
      'PUT /api/demandes/5': (call: RecordedCall) => ({
        status: 200,
        body: {
          success: true,
          data: { ...demande, ...(call.body as object) },
          message: 'Demande mise à jour avec succès',
        },
      }),
    });
    const onClose = vi.fn();
    const { user } = renderWithProviders(<DemandeFormModal opened onClose={onClose} demande={demande} />);
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la demande' });
    expect(within(dialog).getByLabelText(/^Nom complet/)).toHaveValue(demande.nom_complet);
    expect(within(dialog).getByRole('combobox', { name: /^Site/ })).toHaveValue('Les Jardins de Cocody — Abidjan');
    await waitFor(() => expect(productInput(dialog)).toHaveValue(`Duplex Familial — ${formatFCFA(35_000_000)}`));
    const submit = within(dialog).getByRole('button', { name: 'Enregistrer les modifications' });
    expect(submit).toBeDisabled();

    const phone = within(dialog).getByLabelText(/^Téléphone/);
    await user.clear(phone);
    await user.type(phone, '+225 01 02 03 04 05');
    await user.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(toastStore.getSnapshot()).toMatchObject([{ type: 'success', message: 'Demande mise à jour avec succès' }]);
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/demandes/5');
    expect(put?.body).toMatchObject({
      telephone: '+225 01 02 03 04 05',
      produit_id: 8,
      nom_complet: demande.nom_complet,
    });
  });

  it("keeps offering the demande's own product once a validation has taken it", async () => {
    const demande = makeDemande({ id: 6, produit_id: 40, produit_nom: 'Villa prise' });
    demande.produit = { ...demande.produit, id: 40, titre: 'Villa prise', prix_vente: 30_000_000, site_id: 3 };
    serve();
    renderWithProviders(<DemandeFormModal opened onClose={() => {}} demande={demande} />);
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la demande' });
    await waitFor(() => expect(productInput(dialog)).toHaveValue(`Villa prise — ${formatFCFA(30_000_000)}`));
  });
});
