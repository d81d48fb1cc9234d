import type { Dashboard, Role } from '@app/shared';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError, sessionStore } from '../../api/index.ts';
import { ADMIN_PROFILE, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { dashboardErrorTitle } from './DashboardError.tsx';
import DashboardPage from './DashboardPage.tsx';

function signIn(role: Role) {
  sessionStore.start({
    token: 'access',
    refreshToken: 'refresh',
    sessionExpiresAt: '2026-11-22T20:00:00.000Z',
    profile: { ...ADMIN_PROFILE, role },
  });
}

const months = Array.from({ length: 12 }, (_, i) => ({
  mois: `2026-${String(i + 1).padStart(2, '0')}`,
  versements: i === 11 ? 3_250_000 : 1_000_000,
  depenses: 250_000,
}));

const ADMIN: Dashboard = {
  role: 'admin',
  attente: [
    { key: 'demandes', label: 'Demandes en attente', value: 7, unit: 'nombre', to: '/demandes?statut=en_attente' },
  ],
  cartes: [
    { key: 'membres', label: 'Membres actifs', value: 42, unit: 'nombre', to: '/membres' },
    { key: 'encaisse', label: 'Encaissé ce mois', value: 3_250_000, unit: 'fcfa', to: '/versements?statut=valide' },
  ],
  activite: [
    {
      key: 'versement-1',
      source: 'versement',
      title: 'Versement de 150 000 FCFA',
      detail: 'Awa Koné · Rejeté',
      at: new Date(Date.now() - 5 * 60_000).toISOString(),
      priority: 'urgent',
      to: '/versements?statut=rejete',
    },
  ],
  performance: {
    chantiersTraites: 1,
    chantiersTotal: 10,
    chantiersTermines: 4,
    gestionnairesActifs: 3,
    gestionnairesTotal: 4,
    tauxCompletion: 40,
    tendance: 'attention',
  },
  finance: {
    encaisseMois: 3_250_000,
    objectifMensuel: null,
    tauxObjectif: null,
    depensesMois: 250_000,
    remboursementsMois: 0,
  },
  alertes: [
    {
      key: 'chantiers_retard',
      title: 'Chantiers en retard',
      message: '2 chantiers en cours ont dépassé la date de fin prévue.',
      to: '/chantiers?statut=en_cours',
    },
  ],
  graphique: months,
  compte: null,
  demandes: null,
};

function renderDashboard() {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<DashboardPage />} />
      <Route path="/demandes" element={<p>Page des demandes</p>} />
    </Routes>,
  );
}

describe('DashboardPage', () => {
  it('shows what waits, the figures, the activity, the panels and the chart of one request', async () => {
    signIn('admin');
    const calls = mockFetch(() => ({ status: 200, body: { success: true, data: ADMIN } }));
    renderDashboard();
    expect(screen.getByRole('heading', { name: 'Tableau de bord — Administrateur' })).toBeInTheDocument();
    const waiting = await screen.findByRole('list', { name: 'À traiter' });
    expect(within(waiting).getByRole('link', { name: /Demandes en attente\s: 7, voir la liste/ })).toHaveAttribute(
      'href',
      '/demandes?statut=en_attente',
    );
    expect(screen.getByRole('link', { name: /Encaissé ce mois\s: 3\s250\s000\sFCFA/ })).toBeInTheDocument();
    expect(screen.getByText('Versement de 150 000 FCFA')).toBeInTheDocument();
    expect(screen.getByText('Urgent')).toBeInTheDocument();
    expect(screen.getByText(/^Il y a 5\smin$/)).toBeInTheDocument();
    expect(screen.getByText(/40\s% \(à surveiller\)/)).toBeInTheDocument();
    expect(screen.getByText(/Aucun objectif mensuel défini/)).toBeInTheDocument();
    expect(screen.getByText('Chantiers en retard')).toBeInTheDocument();
    // The chart's figures, for screen readers.
    const table = screen.getByRole('table', { name: /par mois/ });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getByRole('rowheader', { name: 'décembre 2026' })).toBeInTheDocument();
    expect(calls.filter((call) => call.url.includes('/dashboard'))).toHaveLength(1);
  });

  it('says there is no alert, and measures the month against a target', async () => {
    signIn('admin');
    mockFetch(() => ({
      status: 200,
      body: {
        success: true,
        data: { ...ADMIN, alertes: [], finance: { ...ADMIN.finance, objectifMensuel: 5_000_000, tauxObjectif: 65 } },
      },
    }));
    renderDashboard();
    expect(await screen.findByText('Aucune alerte système')).toBeInTheDocument();
    expect(screen.getByText(/65\s% de l’objectif atteint/)).toBeInTheDocument();
  });

  it("gives an admin 'Nouvelle demande' and 'Actualiser'; a commercial neither", async () => {
    signIn('admin');
    mockFetch(() => ({ status: 200, body: { success: true, data: ADMIN } }));
    const { user, unmount } = renderDashboard();
    expect(screen.getByRole('button', { name: 'Actualiser' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nouvelle demande' }));
    expect(await screen.findByText('Page des demandes')).toBeInTheDocument();
    unmount();

    signIn('commercial');
    mockFetch(() => ({ status: 200, body: { success: true, data: { ...ADMIN, role: 'commercial' } } }));
    renderDashboard();
    expect(screen.queryByRole('button', { name: 'Nouvelle demande' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actualiser' })).not.toBeInTheDocument();
  });

  it('shows a member his account, his next instalment and his arrears', async () => {
    signIn('membre');
    const data: Dashboard = {
      ...ADMIN,
      role: 'membre',
      attente: [],
      cartes: [],
      performance: null,
      finance: null,
      alertes: null,
      graphique: null,
      activite: [],
      compte: {
        codeEsv: 'ESV-2026-00001',
        produit: { id: 3, nom: 'Villa Duplex Cocody', prix: 45_000_000 },
        engagementMensuel: 150_000,
        dureePaiement: 60,
        montantTotal: 9_000_000,
        dejaPaye: 2_250_000,
        reste: 6_750_000,
        progression: 25,
        echeancier: {
          membre_id: 4,
          version: 1,
          premiere_echeance: '2025-09-15',
          total: 9_000_000,
          paye: 2_250_000,
          reste: 6_750_000,
          excedent: 0,
          payees: 14,
          debut_modifiable: false,
          prochaine: { numero: 16, date: '2026-12-15', montant: 150_000 },
          retard: { montant: 75_000, depuis: '2026-11-15', jours: 10, tranche: '1-30', penalite: 0 },
          delai_grace: 0,
          taux_penalite: 0,
          echeances: [
            {
              numero: 15,
              date: '2026-11-15',
              montant: 150_000,
              paye: 75_000,
              reste: 75_000,
              statut: 'en_retard',
              reglements: [{ versement_id: 9, montant: 75_000, date_versement: '2026-11-02' }],
            },
            {
              numero: 16,
              date: '2026-12-15',
              montant: 150_000,
              paye: 0,
              reste: 150_000,
              statut: 'a_venir',
              reglements: [],
            },
          ],
          historique: [],
        },
        derniersVersements: [{ id: 9, montant: 150_000, date: '2026-11-02', statut: 'valide', type: 'mensualite' }],
      },
    };
    mockFetch(() => ({ status: 200, body: { success: true, data } }));
    renderDashboard();
    expect(await screen.findByRole('link', { name: 'Villa Duplex Cocody' })).toHaveAttribute('href', '/produits/3');
    expect(screen.getByText(/prix de vente 45\s000\s000\sFCFA/)).toBeInTheDocument();
    expect(screen.getByText('Reste à payer').nextSibling).toHaveTextContent('6 750 000 FCFA');
    expect(screen.getByText(/le 15\/12\/2026/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      /75\s000\sFCFA restent dus depuis le 15\/11\/2026 \(10 jours de retard\)/,
    );
    expect(screen.getByRole('cell', { name: 'Validé' })).toBeInTheDocument();
    // His schedule: the late instalment and the next one, with what settled the first.
    const schedule = screen.getByRole('table', { name: /Mes échéances/ });
    const rows = within(schedule).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/15\/11\/2026.*150\s000\sFCFA.*75\s000\sFCFA.*En retard/);
    expect(rows[2]).toHaveTextContent(/15\/12\/2026.*À venir/);
    expect(within(schedule).getByText(/75\s000\sFCFA du 02\/11\/2026/)).toBeInTheDocument();
  });

  it('names a connection problem, a lost session and a server error in the panel’s title', () => {
    expect(dashboardErrorTitle(new ApiError('network', 'Serveur injoignable'))).toBe('Problème de connexion');
    expect(dashboardErrorTitle(new ApiError('http', 'Session expirée', { status: 401 }))).toBe('Session expirée');
    expect(dashboardErrorTitle(new ApiError('http', 'Erreur', { status: 503 }))).toBe('Erreur du serveur');
    expect(dashboardErrorTitle(new ApiError('http', 'Refusé', { status: 403 }))).toBe(
      'Erreur lors du chargement du tableau de bord',
    );
  });

  it('shows a failed load with its title, technical details and a retry', async () => {
    signIn('admin');
    mockFetch(() => ({
      status: 500,
      body: { success: false, message: 'Erreur interne du serveur', code: 'INTERNAL_ERROR' },
    }));
    const { unmount } = renderDashboard();
    expect(await screen.findByText('Erreur du serveur', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Détails techniques')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
    unmount();
  });
});
