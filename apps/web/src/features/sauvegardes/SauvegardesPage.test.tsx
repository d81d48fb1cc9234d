import { DEFAULT_PREFERENCES, SAUVEGARDE_EN_COURS } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import SauvegardesPage from './SauvegardesPage.tsx';
import { type Call, captureDownloads, ETAT, makeSauvegarde, serveSauvegardes, signInAdmin } from './test-data.ts';

const VERIFIEE = makeSauvegarde();
const ECHEC = makeSauvegarde({
  id: 2,
  debut: '2026-11-21T14:30:00.000Z',
  fin: '2026-11-21T14:30:42.000Z',
  declenchement: 'manuelle',
  statut: 'echec',
  motif: 'La restauration d’essai a échoué : table « membres » illisible.',
  taille: null,
  chiffree: false,
  fichier: null,
});
const UNENCRYPTED =
  'Les sauvegardes ne sont pas chiffrées. Elles contiennent les données des membres et le secret du serveur\u00a0: quiconque obtient un fichier peut tout lire. Définissez BACKUP_KEY (32 caractères ou plus) sur le serveur pour les chiffrer.';

const lists = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/sauvegardes');
const toasts = () => toastStore.getSnapshot().map((t) => t.message);

beforeEach(() => {
  circuitBreaker.reset();
  toastStore.clear();
  vi.restoreAllMocks();
  signInAdmin();
});

describe('SauvegardesPage', () => {
  it('lists the backups newest first: date, trigger, size, duration, encrypted, status with the failure’s reason', async () => {
    const calls = serveSauvegardes({ sauvegardes: [VERIFIEE, ECHEC] });
    renderWithProviders(<SauvegardesPage />, { route: '/sauvegardes' });
    expect(screen.getByRole('heading', { level: 1, name: 'Sauvegardes' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Liste des sauvegardes' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Déclenchement', 'Taille', 'Durée', 'Chiffrée', 'Statut', 'Fichier']);
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      '22/11/2026 02:00Planifiée12,4\u00a0Mo1\u00a0min 05\u00a0sOuiVérifiéeTélécharger',
      `21/11/2026 14:30Manuelle–42\u00a0sNonÉchec${ECHEC.motif}`,
    ]);
    expect(screen.getByText(/Page 1 sur 1 – 2 sauvegardes au total/)).toBeInTheDocument();
    expect(lists(calls)[0]?.params.get('page')).toBe('1');
    // The account's 'Éléments par page'.
    expect(lists(calls)[0]?.params.get('limit')).toBe(String(DEFAULT_PREFERENCES.itemsPerPage));

    // Encrypted, and the next run on the schedule, with the way to change it.
    expect(screen.getByText(/Les sauvegardes sont chiffrées \(AES-256-GCM\)/)).toBeInTheDocument();
    expect(screen.getByText(/nécessaire pour les restaurer/)).toBeInTheDocument();
    expect(screen.queryByText(/ne sont pas chiffrées/)).not.toBeInTheDocument();
    expect(screen.getByText(/Prochaine sauvegarde/).textContent).toBe('Prochaine sauvegarde\u00a0: 23/11/2026 02:00');
    expect(screen.getByRole('link', { name: 'Modifier la planification' })).toHaveAttribute(
      'href',
      '/settings?onglet=systeme',
    );
    expect(screen.getByRole('button', { name: 'Sauvegarder maintenant' })).toBeEnabled();
  });

  it('says plainly that backups are not encrypted, and that automatic ones are off, with the link to turn them on', async () => {
    serveSauvegardes({ etat: { chiffrement: false, prochaine: null } });
    renderWithProviders(<SauvegardesPage />, { route: '/sauvegardes' });
    const banner = await screen.findByText(/Les sauvegardes ne sont pas chiffrées/);
    expect(banner.textContent).toBe(UNENCRYPTED);
    expect(screen.queryByText(/AES-256-GCM/)).not.toBeInTheDocument();
    expect(screen.getByText('Sauvegardes automatiques désactivées')).toBeInTheDocument();
    expect(screen.queryByText(/Prochaine sauvegarde/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Les activer dans les paramètres' })).toHaveAttribute(
      'href',
      '/settings?onglet=systeme',
    );
  });

  it('starts a backup, shows its step and progress every second, then « Sauvegarde vérifiée » and the list afresh', async () => {
    const started = makeSauvegarde({
      id: 99,
      debut: '2026-11-22T10:00:00.000Z',
      fin: null,
      declenchement: 'manuelle',
      statut: 'en_cours',
      taille: null,
      fichier: null,
    });
    const done = {
      ...started,
      fin: '2026-11-22T10:00:03.000Z',
      statut: 'verifiee' as const,
      taille: 4096,
      fichier: 'sauvegarde-99.tar.chiffre',
    };
    let after = false;
    const calls = serveSauvegardes({
      sauvegardes: () => (after ? [done, VERIFIEE] : [VERIFIEE]),
      details: {
        99: [
          { ...started, etape: 'base', progression: 10 },
          { ...started, etape: 'verification', progression: 80 },
          done,
        ],
      },
      answers: {
        'POST /api/sauvegardes': () => {
          after = true;
          return { status: 202, body: { success: true, data: { id: 99 }, message: 'Sauvegarde lancée.' } };
        },
      },
    });
    const { user } = renderWithProviders(<SauvegardesPage />, { route: '/sauvegardes' });
    await screen.findByRole('table', { name: 'Liste des sauvegardes' });
    const button = screen.getByRole('button', { name: 'Sauvegarder maintenant' });
    await user.click(button);

    const bar = await screen.findByRole('progressbar', { name: 'Progression de la sauvegarde' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '10'));
    expect(screen.getByText('Lecture de la base de données')).toBeInTheDocument();
    expect(button).toBeDisabled();
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '80'));
    expect(screen.getByText('Vérification par restauration')).toBeInTheDocument();
    expect(button).toBeDisabled();

    await waitFor(() => expect(toasts()).toEqual(['Sauvegarde vérifiée']));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(button).toBeEnabled();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Télécharger la sauvegarde du 22/11/2026 10:00' })).toBeInTheDocument(),
    );
    const polls = calls.filter((c) => c.path === '/api/sauvegardes/99');
    expect(polls).toHaveLength(3);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('says why a backup failed when it ends in failure', async () => {
    const running = makeSauvegarde({
      id: 7,
      fin: null,
      statut: 'en_cours',
      etape: 'medias',
      progression: 40,
      taille: null,
      fichier: null,
    });
    const failed = { ...running, statut: 'echec' as const, motif: 'Disque plein.', etape: null, progression: null };
    serveSauvegardes({ sauvegardes: [running], details: { 7: [running, failed] } });
    renderWithProviders(<SauvegardesPage />, { route: '/sauvegardes' });

    // Found running in the list (a scheduled one): followed the same way.
    const bar = await screen.findByRole('progressbar', { name: 'Progression de la sauvegarde' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByText('Copie des fichiers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sauvegarder maintenant' })).toBeDisabled();
    await waitFor(() => expect(toasts()).toEqual(['La sauvegarde a échoué\u00a0: Disque plein.']));
  });

  it('shows the 409’s message when a backup already runs', async () => {
    serveSauvegardes({
      answers: {
        'POST /api/sauvegardes': {
          status: 409,
          body: { success: false, code: 'CONFLICT', message: SAUVEGARDE_EN_COURS },
        },
      },
    });
    const { user } = renderWithProviders(<SauvegardesPage />, { route: '/sauvegardes' });
    await screen.findByRole('table', { name: 'Liste des sauvegardes' });
    await user.click(screen.getByRole('button', { name: 'Sauvegarder maintenant' }));
    await waitFor(() => expect(toasts()).toEqual([`La sauvegarde n’a pas été lancée\u00a0: ${SAUVEGARDE_EN_COURS}`]));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sauvegarder maintenant' })).toBeEnabled();
  });

  it('downloads a kept backup through the authenticated client under its own name; none without a file', async () => {
    const file = new Blob(['ustar'], { type: 'application/x-tar' });
    const calls = serveSauvegardes({
      sauvegardes: [VERIFIEE, ECHEC],
      answers: { 'GET /api/sauvegardes/1/fichier': file },
    });
    const names = captureDownloads();
    const { user } = renderWithProviders(<SauvegardesPage />, { route: '/sauvegardes' });
    const table = await screen.findByRole('table', { name: 'Liste des sauvegardes' });
    expect(within(table).getAllByRole('button', { name: /^Télécharger/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Télécharger la sauvegarde du 22/11/2026 02:00' }));
    await waitFor(() => expect(names).toEqual(['sauvegarde-2026-11-22T02-00-00Z.tar.chiffre']));
    expect(calls.find((c) => c.path === '/api/sauvegardes/1/fichier')?.headers.Authorization).toBe('Bearer access');
    expect(toasts()).toEqual([]);
  });

  it('says when there is no backup yet, and shows a failed load with « Réessayer »', async () => {
    serveSauvegardes({ sauvegardes: [] });
    const { unmount } = renderWithProviders(<SauvegardesPage />, { route: '/sauvegardes' });
    expect(await screen.findByText('Aucune sauvegarde pour l’instant.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();

    serveSauvegardes({
      etat: ETAT,
      answers: {
        'GET /api/sauvegardes': { status: 403, body: { success: false, code: 'FORBIDDEN', message: 'Accès refusé' } },
      },
    });
    renderWithProviders(<SauvegardesPage />, { route: '/sauvegardes' });
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('Erreur lors du chargement des sauvegardes')).toBeInTheDocument();
    expect(within(panel).getByText('Accès refusé')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
