import { ENGAGEMENT_MINIMUM_HINT, formatFCFA, type PublicProduit } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { circuitBreaker, sessionStore } from '../../api/index.ts';
import { mockFetch, PUBLIC_SETTINGS, type RecordedCall } from '../../test/fetch-mock.ts';
import { keepSpaces } from '../../test/keep-spaces.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { RegistrationRequestModal } from './RegistrationRequestModal.tsx';

beforeEach(() => {
  circuitBreaker.reset();
  sessionStore.clear();
});

const PRODUITS: PublicProduit[] = [
  {
    id: 7,
    titre: 'Villa Premium',
    type: 'logement',
    prix_vente: 25_000_000,
    site_nom: 'Les Jardins de Cocody',
    site_ville: 'Abidjan',
  },
  {
    id: 9,
    titre: 'Studio Moderne',
    type: 'logement',
    prix_vente: 8_000_000,
    site_nom: 'Résidence Bassam',
    site_ville: 'Grand-Bassam',
  },
  {
    id: 11,
    titre: 'Appartement T2',
    type: 'logement',
    prix_vente: 12_000_000,
    site_nom: 'Cité Horizon',
    site_ville: 'Abidjan',
  },
  {
    id: 12,
    titre: 'Terrain 500 m²',
    type: 'terrain',
    prix_vente: 2_400_000,
    site_nom: 'Cité Horizon',
    site_ville: 'Abidjan',
  },
];

type Answer = { status: number; body?: unknown };

function serve(
  submit: (call: RecordedCall) => Answer = () => ({
    status: 201,
    body: { success: true, message: 'Demande soumise avec succès !' },
  }),
) {
  return mockFetch((call) => {
    if (call.url.endsWith('/settings/public')) return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
    if (call.url === '/api/demandes/public/produits') return { status: 200, body: { success: true, data: PRODUITS } };
    if (call.url === '/api/demandes/public' && call.method === 'POST') return submit(call);
    return { status: 404, body: { success: false, message: 'Ressource non trouvée', code: 'NOT_FOUND' } };
  });
}

/** A formatted text as Testing Library reads it (narrow no-break spaces collapse to spaces). */
const text = (value: string) => value.replace(/\s+/g, ' ');

type User = ReturnType<typeof renderWithProviders>['user'];

async function fill(user: User, dialog: HTMLElement, label: RegExp, value: string) {
  await user.click(within(dialog).getByLabelText(label));
  await user.paste(value);
}

async function choose(user: User, dialog: HTMLElement, label: RegExp, option: string) {
  const input = within(dialog)
    .getAllByLabelText(label)
    .find((element) => element.tagName === 'INPUT') as HTMLElement;
  await user.click(input);
  await user.click(await within(dialog).findByRole('option', { name: option }));
}

/** The value under a label of the review (a dt/dd pair). */
const fieldValueIn = (section: HTMLElement, label: string) =>
  within(section).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

const next = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Suivant' });

/** 'Suivant' looks disabled and says why (in French typography: no-break spaces before ':' and ';'), yet stays reachable. */
function expectBlocked(dialog: HTMLElement, reason?: string) {
  expect(next(dialog)).toHaveAttribute('aria-disabled', 'true');
  if (reason) {
    expect(next(dialog)).toHaveAccessibleDescription(reason.replace(' :', '\u00a0:').replace(' ;', '\u202f;'));
  }
}

function expectOpen(dialog: HTMLElement) {
  expect(next(dialog)).not.toHaveAttribute('aria-disabled');
  expect(next(dialog)).not.toHaveAccessibleDescription();
}

async function fillStep1(user: User, dialog: HTMLElement) {
  await fill(user, dialog, /^Nom complet/, 'Kouadio Affoué Marie');
  await fill(user, dialog, /^Numéro CNI/, 'CI00555666777');
  fireEvent.change(within(dialog).getByLabelText(/^Date de naissance/), { target: { value: '1992-08-20' } });
  await choose(user, dialog, /^Situation matrimoniale/, 'Union libre');
  await fill(user, dialog, /^Profession/, 'Infirmière');
}

async function fillStep2(user: User, dialog: HTMLElement) {
  await fill(user, dialog, /^E-mail/, 'affoue.kouadio@exemple.ci');
  await fill(user, dialog, /^Téléphone/, '+225 07 12 34 56 78');
  await choose(user, dialog, /^Ville/, 'Yamoussoukro');
  await fill(user, dialog, /^Adresse/, 'Quartier Habitat, lot 12');
}

async function fillStep3(user: User, dialog: HTMLElement) {
  await choose(
    user,
    dialog,
    /^Produit souhaité/,
    `Villa Premium — Les Jardins de Cocody (Abidjan) — ${formatFCFA(25_000_000)}`,
  );
  await user.type(within(dialog).getByLabelText(/^Engagement mensuel/), '150000');
  await choose(user, dialog, /^Durée de paiement/, '36 mois');
}

/** The three steps filled, then 'Soumettre la demande' on the review. */
async function fillAndSubmit(user: User, dialog: HTMLElement) {
  await fillStep1(user, dialog);
  await user.click(next(dialog));
  await fillStep2(user, dialog);
  await user.click(next(dialog));
  await fillStep3(user, dialog);
  await user.click(next(dialog));
  await user.click(within(dialog).getByRole('button', { name: 'Soumettre la demande' }));
}

async function openModal() {
  const view = renderWithProviders(<RegistrationRequestModal opened onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Nouvelle Demande d’Inscription' });
  return { ...view, dialog };
}

describe('RegistrationRequestModal', () => {
  it('goes forward only once the step is valid, with Étape n sur 4 and the progress', async () => {
    serve();
    const { user, dialog } = await openModal();
    expect(within(dialog).getByText('Étape 1 sur 4')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Informations personnelles' })).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(within(dialog).getByRole('button', { name: 'Précédent' })).toBeDisabled();
    expectBlocked(
      dialog,
      'Pour continuer : renseignez Nom complet, Numéro CNI, Date de naissance, Situation matrimoniale et Profession.',
    );

    await fill(user, dialog, /^Nom complet/, 'Kouadio');
    await user.tab();
    expect(within(dialog).getByText('Veuillez saisir le nom et le prénom')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Nom complet/), ' Affoué Marie');
    await fill(user, dialog, /^Numéro CNI/, 'CI00555666777');
    fireEvent.change(within(dialog).getByLabelText(/^Date de naissance/), { target: { value: '1992-08-20' } });
    await choose(user, dialog, /^Situation matrimoniale/, 'Union libre');
    expectBlocked(dialog, 'Pour continuer : renseignez Profession.');
    await fill(user, dialog, /^Profession/, 'Infirmière');
    expectOpen(dialog);

    await user.click(next(dialog));
    expect(within(dialog).getByText('Étape 2 sur 4')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Contact et adresse' })).toHaveFocus();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    const pays = within(dialog)
      .getAllByLabelText(/^Pays/)
      .find((element) => element.tagName === 'INPUT');
    expect(pays).toHaveValue('Côte d’Ivoire');
    expectBlocked(dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Précédent' }));
    expect(within(dialog).getByText('Étape 1 sur 4')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Profession/)).toHaveValue('Infirmière');
  });

  it('shows the minimum, the live total and the review, then submits for real and says what comes next', async () => {
    const calls = serve();
    const { user, dialog } = await openModal();
    await fillStep1(user, dialog);
    await user.click(next(dialog));
    await fillStep2(user, dialog);
    await user.click(next(dialog));

    expect(within(dialog).getByText('Étape 3 sur 4')).toBeInTheDocument();
    expect(within(dialog).getByText(text(ENGAGEMENT_MINIMUM_HINT))).toBeInTheDocument();
    await choose(
      user,
      dialog,
      /^Produit souhaité/,
      `Villa Premium — Les Jardins de Cocody (Abidjan) — ${formatFCFA(25_000_000)}`,
    );
    await user.type(within(dialog).getByLabelText(/^Engagement mensuel/), '30000');
    await user.tab();
    expect(within(dialog).getAllByText(text(ENGAGEMENT_MINIMUM_HINT))).toHaveLength(2);
    await choose(user, dialog, /^Durée de paiement/, '36 mois');
    expectBlocked(dialog, 'Pour continuer : corrigez Engagement mensuel (FCFA).');
    expect(within(dialog).getByText(text(formatFCFA(1_080_000)))).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^Engagement mensuel/));
    await user.type(within(dialog).getByLabelText(/^Engagement mensuel/), '150000');
    expect(within(dialog).getByText(text(formatFCFA(5_400_000)))).toBeInTheDocument();
    await user.click(next(dialog));

    expect(within(dialog).getByText('Étape 4 sur 4')).toBeInTheDocument();
    const personal = within(dialog).getByRole('region', { name: 'Informations personnelles' });
    expect(fieldValueIn(personal, 'Nom')).toBe('Kouadio');
    expect(fieldValueIn(personal, 'Prénoms')).toBe('Affoué Marie');
    expect(personal).toHaveTextContent('20/08/1992');
    expect(personal).toHaveTextContent('Union libre');
    const contact = within(dialog).getByRole('region', { name: 'Contact et adresse' });
    expect(contact).toHaveTextContent('affoue.kouadio@exemple.ci');
    expect(contact).toHaveTextContent('Yamoussoukro');
    const finance = within(dialog).getByRole('region', { name: 'Informations financières' });
    expect(text(finance.textContent ?? '')).toContain('Villa Premium');
    expect(text(finance.textContent ?? '')).toContain(text(formatFCFA(5_400_000)));
    expect(finance).toHaveTextContent('36 mois');
    // Short terms go as they are, the shortfall said.
    expect(fieldValueIn(finance, 'Reste à couvrir')).toBe(formatFCFA(19_600_000));
    await fill(user, dialog, /^Notes/, 'Disponible le samedi');

    await user.click(within(dialog).getByRole('button', { name: 'Soumettre la demande' }));
    expect(await within(dialog).findByRole('heading', { name: 'Demande soumise avec succès !' })).toBeInTheDocument();
    expect(within(dialog).getByText('affoue.kouadio@exemple.ci')).toBeInTheDocument();
    expect(within(dialog).getByText(/vous contactera par e-mail/)).toBeInTheDocument();

    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/demandes/public');
    expect(post?.headers.Authorization).toBeUndefined();
    expect(post?.body).toEqual({
      nom_complet: 'Kouadio Affoué Marie',
      num_cni: 'CI00555666777',
      date_naissance: '1992-08-20',
      situation_matrimoniale: 'union_libre',
      profession: 'Infirmière',
      email: 'affoue.kouadio@exemple.ci',
      telephone: '+225 07 12 34 56 78',
      pays: 'Côte d’Ivoire',
      ville: 'Yamoussoukro',
      adresse: 'Quartier Habitat, lot 12',
      produit_id: 7,
      engagement_mensuel: 150_000,
      duree_paiement: 36,
      notes: 'Disponible le samedi',
      site_web: '',
    });
  });

  it('shows what the terms cover of the price and proposes the monthly amount that covers it, never under the minimum', async () => {
    serve();
    const { user, dialog } = await openModal();
    await fillStep1(user, dialog);
    await user.click(next(dialog));
    await fillStep2(user, dialog);
    await user.click(next(dialog));

    await choose(
      user,
      dialog,
      /^Produit souhaité/,
      `Appartement T2 — Cité Horizon (Abidjan) — ${formatFCFA(12_000_000)}`,
    );
    const engagement = within(dialog).getByLabelText(/^Engagement mensuel/);
    await user.type(engagement, '65000');
    expect(within(dialog).queryByText(/Les conditions couvrent/)).not.toBeInTheDocument();
    await choose(user, dialog, /^Durée de paiement/, '36 mois');
    expect(
      within(dialog).getByText(
        'Les conditions couvrent 2\u202f340\u202f000\u00a0FCFA sur un prix de 12\u202f000\u202f000\u00a0FCFA\u00a0: il manque 9\u202f660\u202f000\u00a0FCFA.',
        keepSpaces,
      ),
    ).toBeInTheDocument();
    // Short terms may still be sent.
    expectOpen(dialog);
    await user.click(within(dialog).getByRole('button', { name: `Appliquer ${formatFCFA(333_334)} / mois` }));
    expect(engagement).toHaveValue(formatFCFA(333_334));
    expect(within(dialog).getByText(/^Les conditions couvrent le prix/)).toHaveTextContent(
      text(`en 36 échéances : 35 de ${formatFCFA(333_334)}, puis une dernière de ${formatFCFA(333_310)}.`),
    );
    await user.click(next(dialog));
    const finance = within(dialog).getByRole('region', { name: 'Informations financières' });
    expect(fieldValueIn(finance, 'Total des mensualités')).toBe(formatFCFA(12_000_024));
    expect(within(finance).queryByText('Reste à couvrir')).not.toBeInTheDocument();

    // A cheap plot: the amount that covers it is under the minimum, the minimum is proposed.
    await user.click(within(dialog).getByRole('button', { name: 'Précédent' }));
    await choose(
      user,
      dialog,
      /^Produit souhaité/,
      `Terrain 500 m² — Cité Horizon (Abidjan) — ${formatFCFA(2_400_000)}`,
    );
    const again = within(dialog).getByLabelText(/^Engagement mensuel/);
    await user.clear(again);
    await user.type(again, '30000');
    await choose(user, dialog, /^Durée de paiement/, '60 mois');
    await user.click(within(dialog).getByRole('button', { name: `Appliquer ${formatFCFA(50_000)} / mois` }));
    expect(again).toHaveValue(formatFCFA(50_000));
    expect(within(dialog).getByText(/^Les conditions couvrent le prix/)).toHaveTextContent(
      text(`en 48 échéances de ${formatFCFA(50_000)}.`),
    );
    expectOpen(dialog);
  });

  it('checks a field on leaving it only once typed in, so a first tap elsewhere moves nothing', async () => {
    serve();
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByLabelText(/^Nom complet/));
    await user.click(within(dialog).getByLabelText(/^Profession/));
    expect(within(dialog).queryByText('Le nom complet est requis')).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(/^Nom complet/));
    await user.paste('Kouadio');
    await user.tab();
    expect(within(dialog).getByText('Veuillez saisir le nom et le prénom')).toBeInTheDocument();
  });

  it('says what is missing when Suivant is pressed too early, with the focus on the first field to fill', async () => {
    serve();
    const { user, dialog } = await openModal();
    await fill(user, dialog, /^Nom complet/, 'Kouadio Affoué');
    await fill(user, dialog, /^Numéro CNI/, 'CI123');
    expectBlocked(
      dialog,
      'Pour continuer : renseignez Date de naissance, Situation matrimoniale et Profession ; corrigez Numéro CNI.',
    );
    next(dialog).focus();
    await user.keyboard('{Enter}');
    expect(within(dialog).getByText('Étape 1 sur 4')).toBeInTheDocument();
    expect(within(dialog).getByText('Le numéro CNI doit contenir exactement 13 caractères')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Numéro CNI/)).toHaveFocus();
  });

  it('offers the cities of the chosen country, and a typed city where it has no list', async () => {
    const calls = serve();
    const { user, dialog } = await openModal();
    await fillStep1(user, dialog);
    await user.click(next(dialog));
    await fillStep2(user, dialog);
    expectOpen(dialog);

    await choose(user, dialog, /^Pays/, 'Sénégal');
    const ville = within(dialog).getByRole('textbox', { name: /^Ville/ });
    expect(ville).toHaveValue('');
    expectBlocked(dialog, 'Pour continuer : renseignez Ville.');
    await user.type(ville, 'Thiès');
    expectOpen(dialog);

    await choose(user, dialog, /^Pays/, 'Côte d’Ivoire');
    expect(within(dialog).queryByRole('textbox', { name: /^Ville/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /^Ville/ }));
    expect(await within(dialog).findByRole('option', { name: 'Bouaké' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('option', { name: 'Thiès' })).not.toBeInTheDocument();

    await choose(user, dialog, /^Pays/, 'Sénégal');
    await user.type(within(dialog).getByRole('textbox', { name: /^Ville/ }), 'Thiès');
    await user.click(next(dialog));
    await fillStep3(user, dialog);
    await user.click(next(dialog));
    await user.click(within(dialog).getByRole('button', { name: 'Soumettre la demande' }));
    await within(dialog).findByRole('heading', { name: 'Demande soumise avec succès !' });
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ pays: 'Sénégal', ville: 'Thiès' });
  });

  it("puts the server's field errors on their fields and goes back to the first step holding one", async () => {
    serve(() => ({
      status: 400,
      body: {
        success: false,
        message: 'Données invalides. Vérifiez les informations saisies.',
        code: 'VALIDATION_ERROR',
        errors: {
          email: 'Un compte existe déjà avec cette adresse e-mail.',
          produit_id: 'Ce produit n’est plus disponible.',
        },
      },
    }));
    const { user, dialog } = await openModal();
    await fillAndSubmit(user, dialog);

    await waitFor(() => expect(within(dialog).getByText('Étape 2 sur 4')).toBeInTheDocument());
    expect(within(dialog).getByText('Un compte existe déjà avec cette adresse e-mail.')).toBeInTheDocument();
    const email = within(dialog).getByLabelText(/^E-mail/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Données invalides. Vérifiez les informations saisies.',
    );
  });

  it('shows the rate limit and other failures in a red alert, staying on the review', async () => {
    serve(() => ({
      status: 429,
      body: { success: false, message: 'Trop de requêtes, veuillez réessayer plus tard.', code: 'RATE_LIMITED' },
    }));
    const { user, dialog } = await openModal();
    await fillAndSubmit(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Trop de requêtes, veuillez réessayer plus tard.',
    );
    expect(within(dialog).getByText('Étape 4 sur 4')).toBeInTheDocument();
  });

  it('keeps the honeypot out of reach of people and assistive technologies', async () => {
    serve();
    const { dialog } = await openModal();
    const honeypot = dialog.querySelector('input[name="site_web"]') as HTMLInputElement;
    expect(honeypot).not.toBeNull();
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
