import { formatFCFA } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import { renderWithProviders, testQueryClient } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import { MembreDetailModal } from './MembreDetailModal.tsx';
import { choose, fieldValue, makeEcheancier, makeMembre, ok, serveMembres, signIn, text } from './test-data.ts';

beforeEach(() => {
  circuitBreaker.reset();
  toastStore.clear();
  signIn('admin');
});

const MEMBRE = makeMembre({ id: 1 });

async function openDetail(onClose = vi.fn(), queryClient = testQueryClient()) {
  const rendered = renderWithProviders(<MembreDetailModal membreId={1} onClose={onClose} />, { queryClient });
  const dialog = await screen.findByRole('dialog', { name: 'Détails du membre' });
  await within(dialog).findByText('Informations personnelles');
  return { ...rendered, dialog, onClose };
}

const puts = (calls: ReturnType<typeof serveMembres>) => calls.filter((c) => c.method === 'PUT');

describe('MembreDetailModal', () => {
  it('shows identity, address, the product with its site, the gestionnaire and the money', async () => {
    serveMembres({ membres: [MEMBRE] });
    const { dialog, user, onClose } = await openDetail();
    expect(within(dialog).getByRole('heading', { name: 'Jean-Marc Koffi' })).toBeInTheDocument();
    for (const [label, value] of [
      ['Code ESV', 'ESV-2026-00001'],
      ['Nom', 'Koffi'],
      ['Prénom', 'Jean-Marc'],
      ['E-mail', 'membre1@demo.test'],
      ['Téléphone', '+225 05 66 77 88 99'],
      ['Date de naissance', '12/04/1988'],
      ['Profession', 'Enseignant'],
      ['Numéro CNI', 'CI00123456789'],
      ['Adresse', 'Rue des Jardins, Riviera 3'],
      ['Ville', 'Abidjan'],
      ['Pays', 'Côte d’Ivoire'],
      ['Produit', 'Villa Premium'],
      ['Prix', formatFCFA(25_000_000)],
      ['Site', 'Les Jardins de Cocody'],
      ['Adresse du site', 'Boulevard Latrille, Abidjan'],
      ['Gestionnaire assigné', 'Awa Koné'],
      ['Engagement mensuel', formatFCFA(250_000)],
      ['Durée', '100 mois'],
      ['Montant total', formatFCFA(25_000_000)],
      ['Déjà payé', formatFCFA(5_000_000)],
      ['Reste dû', formatFCFA(20_000_000)],
    ] as const) {
      expect(text(fieldValue(dialog, label)), label).toBe(text(value));
    }
    expect(within(dialog).getByText('Actif')).toBeInTheDocument();
    expect(within(dialog).getByText('Premium')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Part du montant total déjà payée' })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
    // Members are never deleted (decisions §6).
    expect(within(dialog).queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('sends only the changed fields, then shows the toast and reloads the detail and the accounts', async () => {
    let saved = MEMBRE;
    const calls = serveMembres({
      membres: [MEMBRE],
      answers: {
        'PUT /api/membres/1': () => {
          saved = { ...MEMBRE, statut: 'suspendu', type_membre: 'vip', ville: 'Bouaké' };
          return ok(saved, { message: 'Membre mis à jour avec succès' });
        },
        'GET /api/membres/1': () => ok(saved),
      },
    });
    // The accounts page's cached list: the member's status is his account's.
    const queryClient = testQueryClient();
    queryClient.setQueryData(['utilisateurs', 'list'], []);
    const { dialog, user } = await openDetail(vi.fn(), queryClient);
    await user.click(within(dialog).getByRole('button', { name: 'Modifier' }));
    const form = await screen.findByRole('form', { name: 'Modifier Jean-Marc Koffi' });
    expect(screen.getByRole('dialog', { name: 'Modifier le membre' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Sauvegarder' })).toBeDisabled();

    await choose(user, form, 'Statut', 'Suspendu');
    await choose(user, form, 'Type', 'VIP');
    const ville = within(form).getByRole('textbox', { name: /^Ville/ });
    await user.clear(ville);
    await user.type(ville, 'Bouaké');
    await user.click(within(form).getByRole('button', { name: 'Sauvegarder' }));

    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.url).toBe('/api/membres/1');
    expect(puts(calls)[0]?.body).toEqual({ statut: 'suspendu', type_membre: 'vip', ville: 'Bouaké' });
    expect(await screen.findByRole('dialog', { name: 'Détails du membre' })).toBeInTheDocument();
    expect(toastStore.getSnapshot().map((t) => [t.type, t.message])).toEqual([
      ['success', 'Membre mis à jour avec succès'],
    ]);
    await waitFor(() => expect(queryClient.getQueryState(['utilisateurs', 'list'])?.isInvalidated).toBe(true));
    await waitFor(() => expect(fieldValue(dialog, 'Ville')).toBe('Bouaké'));
    expect(within(dialog).getByText('Suspendu')).toBeInTheDocument();
    expect(within(dialog).getByText('VIP')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'GET' && c.url === '/api/membres/1')).toHaveLength(2);
  });

  it('assigns another gestionnaire through its own call', async () => {
    const calls = serveMembres({
      membres: [MEMBRE],
      answers: { 'PUT /api/membres/1/gestionnaire': ok(makeMembre({ gestionnaire_id: 3 })) },
    });
    const { dialog, user } = await openDetail();
    await user.click(within(dialog).getByRole('button', { name: 'Modifier' }));
    const form = await screen.findByRole('form');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/gestionnaires/actifs')).toBe(true));
    await choose(user, form, 'Gestionnaire assigné', 'Moussa Traoré');
    await user.click(within(form).getByRole('button', { name: 'Sauvegarder' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({ url: '/api/membres/1/gestionnaire', body: { gestionnaire_id: 3 } });
  });

  it("checks the fields before sending and shows the server's field messages", async () => {
    const calls = serveMembres({
      membres: [MEMBRE],
      answers: {
        'PUT /api/membres/1': {
          status: 409,
          body: {
            success: false,
            code: 'CONFLICT',
            message: 'Cet e-mail est déjà utilisé par un autre compte',
            errors: { email: 'Cet e-mail est déjà utilisé' },
          },
        },
      },
    });
    const { dialog, user } = await openDetail();
    await user.click(within(dialog).getByRole('button', { name: 'Modifier' }));
    const form = await screen.findByRole('form');
    const cni = within(form).getByRole('textbox', { name: /^Numéro CNI/ });
    await user.clear(cni);
    await user.type(cni, 'CI123');
    await user.click(within(form).getByRole('button', { name: 'Sauvegarder' }));
    expect(await within(form).findByText('Le numéro CNI doit contenir exactement 13 caractères')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);

    await user.clear(cni);
    await user.type(cni, 'CI00123456789');
    const email = within(form).getByRole('textbox', { name: /^E-mail/ });
    await user.clear(email);
    await user.type(email, 'Awa.Kone@Demo.test');
    await user.click(within(form).getByRole('button', { name: 'Sauvegarder' }));
    const alert = await within(form).findByRole('alert');
    expect(within(alert).getByText('Erreur lors de la sauvegarde')).toBeInTheDocument();
    expect(within(alert).getByText('Cet e-mail est déjà utilisé par un autre compte')).toBeInTheDocument();
    expect(puts(calls)[0]?.body).toEqual({ email: 'awa.kone@demo.test' });
    expect(within(form).getByText('Cet e-mail est déjà utilisé')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('leaves the edit mode without sending anything on Annuler', async () => {
    const calls = serveMembres({ membres: [MEMBRE] });
    const { dialog, user } = await openDetail();
    await user.click(within(dialog).getByRole('button', { name: 'Modifier' }));
    const form = await screen.findByRole('form');
    await choose(user, form, 'Statut', 'Inactif');
    await user.click(within(form).getByRole('button', { name: 'Annuler' }));
    expect(await screen.findByRole('dialog', { name: 'Détails du membre' })).toBeInTheDocument();
    expect(within(dialog).getByText('Actif')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
  });

  it('shows the schedule: arrears with their bucket, next instalment, the instalments and the history', async () => {
    serveMembres({ membres: [MEMBRE] });
    const { dialog } = await openDetail();
    const section = await within(dialog).findByRole('region', { name: 'Échéancier' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      /150\s000\sFCFA restent dus depuis le 15\/10\/2026 \(41 jours de retard, tranche 31 à 60 jours\)/,
    );
    expect(within(section).getByText(/Prochaine échéance/)).toHaveTextContent(
      /n\s?o\s3, 250\s000\sFCFA le 15\/11\/2026/,
    );
    const rows = within(within(section).getByRole('table', { name: 'Échéances du membre' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Échéance'),
      expect.stringMatching(/^115\/09\/2026.*Payée/),
      expect.stringMatching(/^215\/10\/2026.*En retard.*100\s000\sFCFA du 10\/09\/2026/),
      expect.stringMatching(/^315\/11\/2026.*À venir/),
      expect.stringMatching(/^415\/12\/2026.*À venir/),
    ]);
    expect(within(section).getByText(/Version 2 \(en cours\).*Admin Système — Perte d’emploi/)).toBeInTheDocument();
    // Payments were validated: the start no longer moves.
    expect(within(section).queryByRole('button', { name: 'Modifier la date de début' })).not.toBeInTheDocument();
    // The reminder e-mails sent to him follow the schedule.
    const rappels = within(dialog).getByRole('region', { name: 'Rappels envoyés' });
    expect(await within(rappels).findByRole('status')).toHaveTextContent('Aucun rappel envoyé');
  });

  it('reschedules what remains for an admin, previewing the new instalments, then toasts', async () => {
    const calls = serveMembres({
      membres: [MEMBRE],
      answers: {
        'POST /api/membres/1/echeancier/reechelonnement': ok(makeEcheancier(1, { version: 3 }), {
          message: 'Échéancier réaménagé',
        }),
      },
    });
    const { dialog, user } = await openDetail();
    const section = await within(dialog).findByRole('region', { name: 'Échéancier' });
    await user.click(await within(section).findByRole('button', { name: 'Réaménager' }));
    const modal = await screen.findByRole('dialog', { name: 'Réaménager l’échéancier' });
    await user.click(within(modal).getByRole('button', { name: 'Réaménager' }));
    expect(await within(modal).findByText('La date de la première échéance est requise')).toBeInTheDocument();
    expect(within(modal).getByText('Le motif est requis')).toBeInTheDocument();

    await user.type(within(modal).getByLabelText(/Première nouvelle échéance/), '2027-01-10');
    await user.type(within(modal).getByRole('textbox', { name: /Durée/ }), '3');
    await user.type(within(modal).getByRole('textbox', { name: /Motif/ }), 'Difficultés passagères');
    // What remains of the schedule from the 2nd instalment (750 000) over 3 months.
    expect(
      within(modal).getByText(/3 échéances de 250\s000\sFCFA, du 10\/01\/2027 au 10\/03\/2027/),
    ).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Réaménager' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      premiere_echeance: '2027-01-10',
      duree: 3,
      motif: 'Difficultés passagères',
    });
    await waitFor(() => expect(toastStore.getSnapshot().map((t) => t.message)).toEqual(['Échéancier réaménagé']));
  });

  it('refuses a monthly amount that would spread what remains over more than 600 months, before any call', async () => {
    const calls = serveMembres({ membres: [MEMBRE] });
    const { dialog, user } = await openDetail();
    const section = await within(dialog).findByRole('region', { name: 'Échéancier' });
    await user.click(await within(section).findByRole('button', { name: 'Réaménager' }));
    const modal = await screen.findByRole('dialog', { name: 'Réaménager l’échéancier' });
    await user.type(within(modal).getByLabelText(/Première nouvelle échéance/), '2027-01-10');
    await user.click(within(modal).getByRole('radio', { name: 'Nouveau montant' }));
    await user.type(within(modal).getByRole('textbox', { name: /Montant mensuel/ }), '1');
    await user.type(within(modal).getByRole('textbox', { name: /Motif/ }), 'Difficultés passagères');
    await user.click(within(modal).getByRole('button', { name: 'Réaménager' }));
    expect(await within(modal).findByText(/étalerait le reste sur plus de 600 mois/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('offers no edit to a gestionnaire', async () => {
    signIn('gestionnaire');
    const calls = serveMembres({ membres: [MEMBRE] });
    const { dialog } = await openDetail();
    expect(within(dialog).queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/gestionnaires'))).toBe(false);
    // He reads his client's schedule, and changes none.
    const section = await within(dialog).findByRole('region', { name: 'Échéancier' });
    expect(await within(section).findByRole('table', { name: 'Échéances du membre' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Réaménager' })).not.toBeInTheDocument();
  });

  it('says when the member does not exist, and retries after another failure', async () => {
    serveMembres({ membres: [] });
    const { unmount } = renderWithProviders(<MembreDetailModal membreId={1} onClose={() => {}} />);
    expect(await screen.findByText('Membre non trouvé')).toBeInTheDocument();
    unmount();

    let fail = true;
    serveMembres({
      membres: [MEMBRE],
      answers: {
        'GET /api/membres/1': () =>
          fail
            ? { status: 403, body: { success: false, code: 'FORBIDDEN', message: 'Accès refusé – Rôle insuffisant.' } }
            : ok(MEMBRE),
      },
    });
    const { user } = renderWithProviders(<MembreDetailModal membreId={1} onClose={() => {}} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erreur lors du chargement')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Jean-Marc Koffi' })).toBeInTheDocument();
  });
});
