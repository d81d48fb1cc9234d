import { formatFCFA } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import { keepSpaces } from '../../test/keep-spaces.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import { choose } from '../demandes/test-data.ts';
import { failure, list, listCalls, makeVersement, ok, serveVersements, signIn, text } from './test-data.ts';
import VersementsPage from './VersementsPage.tsx';

beforeEach(() => {
  circuitBreaker.reset();
  toastStore.clear();
  signIn('comptable', 9);
});

const PENDING = makeVersement({ id: 1, scan_recu: 'recu-octobre.pdf', scan_type: 'application/pdf' });
const VALIDATED = makeVersement({
  id: 2,
  statut: 'valide',
  type_versement: 'apport',
  montant: 2_000_000,
  date_validation: '2026-09-08T10:00:00.000Z',
  traite_par: { id: 9, nom: 'Diabaté', prenom: 'Awa' },
});
const REJECTED = makeVersement({
  id: 3,
  statut: 'rejete',
  motif: 'Montant du reçu illisible',
  date_rejet: '2026-09-09T10:00:00.000Z',
  membre: { id: 41, nom: 'Yao', prenom: 'Aya', code_esv: 'ESV-2026-00041' },
});
const VERSEMENTS = [PENDING, VALIDATED, REJECTED];

/** The address's query, where the filters are kept. */
function Probe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

const row = (receipt: string) => screen.getByRole('row', { name: new RegExp(receipt) });

describe('VersementsPage', () => {
  it('shows the figures, the repartition, and each payment with its fields', async () => {
    const calls = serveVersements({ versements: VERSEMENTS, total: 45 });
    renderWithProviders(<VersementsPage />, { route: '/versements' });
    expect(screen.getByRole('heading', { name: 'Gestion des Versements' })).toBeInTheDocument();

    const tiles = await screen.findByRole('group', { name: 'Chiffres des versements' });
    await waitFor(() => expect(tiles).toHaveAttribute('aria-busy', 'false'));
    for (const value of ['Total7', 'En attente1', 'Validés5', 'Rejetés1']) {
      expect(text(tiles.textContent ?? '')).toContain(value);
    }
    expect(within(tiles).getByText(formatFCFA(3_250_000), keepSpaces)).toBeInTheDocument();
    // 5, 1 and 1 of 7: 71, 14 and 14 %.
    expect(
      screen.getByRole('img', {
        name: 'Répartition des versements\u00a0: Validés 71\u00a0%, En attente 14\u00a0%, Rejetés 14\u00a0%',
      }),
    ).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Liste des versements' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Membre', 'Produit', 'Type', 'Montant', 'Date', 'Statut', 'Actions']);
    const pending = row('RV-2026-00001');
    for (const value of [
      'Jean-Marc Koffi',
      'ESV-2026-00040',
      'Villa Premium',
      'Mensualité',
      text(formatFCFA(250_000)),
      'Reçu n° RV-2026-00001',
      '06/10/2026',
      'Reçu du 05/10/2026',
      'En attente',
    ]) {
      expect(text(pending.textContent ?? '')).toContain(value);
    }
    expect(text(row('RV-2026-00002').textContent ?? '')).toContain('Apport');
    expect(text(row('RV-2026-00002').textContent ?? '')).toContain('Validé');
    // A rejection shows its reason in the row.
    expect(text(row('RV-2026-00003').textContent ?? '')).toContain('Motif : Montant du reçu illisible');

    expect(screen.getByText('45 versements')).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur 5 – 45 versements')).toBeInTheDocument();
    const first = listCalls(calls)[0];
    expect(first?.get('page')).toBe('1');
    expect(first?.get('limit')).toBe('10'); // the 'Éléments par page' preference's default
    expect(first?.get('sortBy')).toBe('created_at');
    expect(first?.get('sortOrder')).toBe('desc');
    expect(first?.has('statut')).toBe(false);
  });

  it('filters by status, type, bank and dates from the panel, and searches, all in the address', async () => {
    const calls = serveVersements({ versements: VERSEMENTS, total: 45 });
    const { user, container } = renderWithProviders(
      <>
        <VersementsPage />
        <Probe />
      </>,
      { route: '/versements' },
    );
    await screen.findByRole('table', { name: 'Liste des versements' });

    const toggle = screen.getByRole('button', { name: 'Filtres' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('page')).toBe('2'));

    await choose(user, container, 'Statut', 'Rejeté');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('statut')).toBe('rejete'));
    expect(listCalls(calls).at(-1)?.get('page')).toBe('1');
    await choose(user, container, 'Type de versement', 'Apport');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('type_versement')).toBe('apport'));
    await choose(user, container, 'Banque', 'Ecobank Côte d’Ivoire');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('banque_id')).toBe('2'));

    const from = screen.getByLabelText('Versé à partir du');
    await user.type(from, '2026-09-01');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('date_debut')).toBe('2026-09-01'));
    await user.type(screen.getByLabelText('Versé jusqu’au'), '2026-08-01');
    expect(await screen.findByText('La date de fin précède la date de début')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Rechercher' }), 'ESV-2026');
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('search')).toBe('ESV-2026'));
    expect(listCalls(calls).filter((q) => q.has('search'))).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('q=ESV-2026'));
    const address = screen.getByTestId('location').textContent ?? '';
    for (const part of ['statut=rejete', 'type=apport', 'banque=2', 'du=2026-09-01', 'au=2026-08-01']) {
      expect(address).toContain(part);
    }
    expect(await screen.findByText('45 versements trouvés')).toBeInTheDocument();
    // The toggle counts the panel's filters.
    expect(screen.getByRole('button', { name: /^Filtres/ })).toHaveAccessibleName('Filtres, 5 actifs');

    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.has('statut')).toBe(false));
    expect(listCalls(calls).at(-1)?.has('search')).toBe(false);
    expect(screen.getByTestId('location')).toHaveTextContent(/^$/);
  });

  it('reads the filters from the address and opens the panel on them', async () => {
    const calls = serveVersements({ versements: VERSEMENTS });
    renderWithProviders(<VersementsPage />, {
      route: '/versements?statut=valide&produit=7&tri=montant&ordre=asc&q=koffi',
    });
    await screen.findByRole('table', { name: 'Liste des versements' });
    const first = listCalls(calls)[0];
    expect(first?.get('statut')).toBe('valide');
    expect(first?.get('produit_id')).toBe('7');
    expect(first?.get('sortBy')).toBe('montant');
    expect(first?.get('sortOrder')).toBe('asc');
    expect(first?.get('search')).toBe('koffi');
    expect(screen.getByRole('button', { name: /^Filtres/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox', { name: 'Statut' })).toHaveValue('Validé');
    expect(screen.getByRole('combobox', { name: 'Trier par' })).toHaveValue('Montant (croissant)');
  });

  it('shows the empty state, with a reset when a filter narrows the list', async () => {
    const calls = serveVersements({ versements: [] });
    const { user, unmount } = renderWithProviders(<VersementsPage />, { route: '/versements?statut=rejete' });
    expect(await screen.findByText('Aucun versement trouvé')).toBeInTheDocument();
    expect(screen.getByText('Aucun versement ne correspond à vos critères de recherche.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.has('statut')).toBe(false));
    unmount();

    signIn('membre', 140);
    renderWithProviders(<VersementsPage />, { route: '/versements' });
    expect(await screen.findByText('Aucun versement trouvé')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réinitialiser les filtres' })).not.toBeInTheDocument();
  });

  it('shows the load error with Réessayer', async () => {
    let fail = true;
    serveVersements({
      answers: {
        'GET /api/versements': () =>
          fail ? failure(403, 'Accès refusé – Rôle insuffisant.', 'FORBIDDEN') : list(VERSEMENTS),
      },
    });
    const { user } = renderWithProviders(<VersementsPage />, { route: '/versements' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erreur lors du chargement des versements')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('table', { name: 'Liste des versements' })).toBeInTheDocument();
  });

  it('refreshes the list and the figures with Actualiser', async () => {
    const calls = serveVersements({ versements: VERSEMENTS });
    const { user } = renderWithProviders(<VersementsPage />, { route: '/versements' });
    await screen.findByRole('table', { name: 'Liste des versements' });
    const before = calls.length;
    await user.click(screen.getByRole('button', { name: 'Actualiser' }));
    await waitFor(() => expect(calls.length).toBe(before + 2));
    expect(calls.slice(before).map((c) => c.path)).toEqual(['/api/versements', '/api/versements/stats']);
  });

  it('gives a comptable Valider and Rejeter on pending payments only, Supprimer on all, and no declaration', async () => {
    serveVersements({ versements: VERSEMENTS });
    renderWithProviders(<VersementsPage />, { route: '/versements' });
    await screen.findByRole('table', { name: 'Liste des versements' });
    const pending = row('RV-2026-00001');
    expect(within(pending).getByRole('button', { name: /^Valider le versement RV-2026-00001/ })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: /^Rejeter le versement/ })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: /^Télécharger le reçu/ })).toBeInTheDocument();
    for (const receipt of ['RV-2026-00002', 'RV-2026-00003']) {
      const other = row(receipt);
      expect(within(other).getByRole('button', { name: /^Détails/ })).toBeInTheDocument();
      expect(within(other).getByRole('button', { name: /^Supprimer le versement/ })).toBeInTheDocument();
      expect(within(other).queryByRole('button', { name: /^Valider/ })).not.toBeInTheDocument();
      expect(within(other).queryByRole('button', { name: /^Rejeter/ })).not.toBeInTheDocument();
      // No scan, no download.
      expect(within(other).queryByRole('button', { name: /^Télécharger/ })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Nouveau versement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Déclarer un versement' })).not.toBeInTheDocument();
  });

  it('lets a member declare and read, and an admin only read', async () => {
    signIn('membre', 140);
    serveVersements({ versements: VERSEMENTS });
    const first = renderWithProviders(<VersementsPage />, { route: '/versements' });
    await screen.findByRole('table', { name: 'Liste des versements' });
    expect(screen.getByRole('button', { name: 'Déclarer un versement' })).toBeInTheDocument();
    expect(screen.getByText('Vos versements, leur suivi et leurs reçus.')).toBeInTheDocument();
    for (const name of [/^Valider/, /^Rejeter/, /^Supprimer/]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.getAllByRole('button', { name: /^Détails/ })).toHaveLength(3);
    // A member has one product: no product filter.
    await first.user.click(screen.getByRole('button', { name: 'Filtres' }));
    expect(screen.queryByRole('combobox', { name: 'Produit' })).not.toBeInTheDocument();
    first.unmount();

    signIn('admin');
    renderWithProviders(<VersementsPage />, { route: '/versements' });
    await screen.findByRole('table', { name: 'Liste des versements' });
    for (const name of [/^Valider/, /^Rejeter/, /^Supprimer/, /Nouveau versement/, /Déclarer/]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('hides Valider from whoever declared the payment, and says why in the details (four eyes)', async () => {
    signIn('gestionnaire', 2);
    const own = makeVersement({ id: 5, declare_par: { id: 2, nom: 'Koné', prenom: 'Awa' } });
    serveVersements({ versements: [own, PENDING] });
    const { user } = renderWithProviders(<VersementsPage />, { route: '/versements' });
    await screen.findByRole('table', { name: 'Liste des versements' });
    expect(screen.getByRole('button', { name: 'Nouveau versement' })).toBeInTheDocument();

    const mine = row('RV-2026-00005');
    expect(within(mine).queryByRole('button', { name: /^Valider/ })).not.toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: /^Rejeter le versement/ })).toBeInTheDocument();
    expect(within(row('RV-2026-00001')).getByRole('button', { name: /^Valider le versement/ })).toBeInTheDocument();

    await user.click(within(mine).getByRole('button', { name: /^Détails/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Détails du versement' });
    expect(
      within(dialog).getByText(
        'Vous avez déclaré ce versement\u00a0: un autre valideur (comptable ou gestionnaire) doit le valider.',
        keepSpaces,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Valider' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Rejeter' })).toBeInTheDocument();
  });

  it('shows the details: receipt, amount, status, reason, who declared and decided', async () => {
    serveVersements({ versements: VERSEMENTS });
    const { user } = renderWithProviders(<VersementsPage />, { route: '/versements' });
    await screen.findByRole('table', { name: 'Liste des versements' });
    await user.click(within(row('RV-2026-00003')).getByRole('button', { name: /^Détails/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Détails du versement' });
    const shown = text(dialog.textContent ?? '');
    for (const value of [
      'Numéro de reçuRV-2026-00003',
      `Montant${text(formatFCFA(250_000))}`,
      'Motif du rejetMontant du reçu illisible',
      'Déclaré parJean-Marc Koffi',
      'Rejeté le09/09/2026',
      'Date du reçu05/10/2026',
      'BanqueSociété Générale Côte d’Ivoire',
    ]) {
      expect(shown).toContain(value);
    }
    expect(within(dialog).getAllByText('Rejeté').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('validates after an info confirmation, then refreshes the list, the figures, the banks and the members', async () => {
    const calls = serveVersements({
      versements: VERSEMENTS,
      answers: {
        'PATCH /api/versements/1/validate': ok(
          { ...PENDING, statut: 'valide', date_validation: '2026-10-07T10:00:00.000Z' },
          { message: 'Versement validé avec succès' },
        ),
      },
    });
    const { user, queryClient } = renderWithProviders(<VersementsPage />, { route: '/versements' });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await screen.findByRole('table', { name: 'Liste des versements' });
    await user.click(within(row('RV-2026-00001')).getByRole('button', { name: /^Valider le versement/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Valider le versement' });
    expect(text(dialog.textContent ?? '')).toContain('Le compte Société Générale Côte d’Ivoire sera crédité');
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    const before = listCalls(calls).length;
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'PATCH' && c.path === '/api/versements/1/validate')).toBe(true);
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain('Versement validé avec succès');
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey?.[0]);
    expect(keys).toEqual(expect.arrayContaining(['versements', 'banques', 'membres']));
  });

  it('rejects with the optional reason (warning) and keeps a refusal in the dialog', async () => {
    const calls = serveVersements({
      versements: VERSEMENTS,
      answers: {
        'PATCH /api/versements/1/reject': (call) =>
          (call.body as { motif?: string }).motif === 'Doublon'
            ? ok({ ...PENDING, statut: 'rejete', motif: 'Doublon' }, { message: 'Versement rejeté' })
            : failure(409, 'Ce versement a déjà été traité\u00a0: il n’est plus en attente.'),
      },
    });
    const { user } = renderWithProviders(<VersementsPage />, { route: '/versements' });
    await screen.findByRole('table', { name: 'Liste des versements' });
    await user.click(within(row('RV-2026-00001')).getByRole('button', { name: /^Rejeter le versement/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Rejeter le versement' });
    const reason = within(dialog).getByRole('textbox', { name: 'Motif du rejet (facultatif)' });
    // The reason takes the focus: the one field of the dialog.
    await waitFor(() => expect(reason).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Rejeter' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('Erreur lors du rejet du versement');
    expect(refusal).toHaveTextContent('Ce versement a déjà été traité');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({});

    await user.type(reason, 'Doublon');
    await user.click(within(dialog).getByRole('button', { name: 'Rejeter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ motif: 'Doublon' });
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain('Versement rejeté');
  });

  it('deletes after a danger confirmation that warns of the reversal; a refused debit stays in the dialog', async () => {
    serveVersements({
      versements: VERSEMENTS,
      answers: { 'DELETE /api/versements/2': failure(409, 'Solde insuffisant') },
    });
    const { user } = renderWithProviders(<VersementsPage />, { route: '/versements' });
    await screen.findByRole('table', { name: 'Liste des versements' });
    await user.click(within(row('RV-2026-00002')).getByRole('button', { name: /^Supprimer le versement/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer le versement' });
    expect(text(dialog.textContent ?? '')).toContain('sera débité du même montant');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('Erreur lors de la suppression du versement');
    expect(refusal).toHaveTextContent('Solde insuffisant');
  });

  it('opens the scan in a new tab, fetched with the session token', async () => {
    const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    const calls = serveVersements({ versements: VERSEMENTS, answers: { 'GET /api/versements/1/scan': pdf } });
    const createObjectURL = vi.fn(() => 'blob:recu');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { user } = renderWithProviders(<VersementsPage />, { route: '/versements' });
    await screen.findByRole('table', { name: 'Liste des versements' });
    await user.click(within(row('RV-2026-00001')).getByRole('button', { name: /^Télécharger le reçu/ }));
    await waitFor(() => expect(toastStore.getSnapshot()).toEqual([]));
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:recu', '_blank'));
    const scan = calls.find((c) => c.path === '/api/versements/1/scan');
    expect(scan?.headers.Authorization).toBe('Bearer access');
    open.mockRestore();
  });
});
