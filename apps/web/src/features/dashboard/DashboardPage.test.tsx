import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../api/index.ts';
import { ADMIN_PROFILE } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import DashboardPage from './DashboardPage.tsx';

function signIn(role: 'admin' | 'gestionnaire' | 'comptable' | 'commercial') {
  sessionStore.start({
    token: 'access',
    refreshToken: 'refresh',
    sessionExpiresAt: '2026-11-22T20:00:00.000Z',
    profile: { ...ADMIN_PROFILE, role },
  });
}

function renderDashboard() {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<DashboardPage />} />
      <Route path="/demandes" element={<p>Page des demandes</p>} />
    </Routes>,
  );
}

describe('DashboardPage', () => {
  it("gives an admin 'Nouvelle demande', which goes to the demandes", async () => {
    signIn('admin');
    const { user } = renderDashboard();
    expect(screen.getByRole('heading', { name: 'Tableau de bord — Administrateur' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nouvelle demande' }));
    expect(await screen.findByText('Page des demandes')).toBeInTheDocument();
  });

  it("shows no 'Nouvelle demande' to the other roles", () => {
    for (const role of ['gestionnaire', 'comptable', 'commercial'] as const) {
      signIn(role);
      const { unmount } = renderDashboard();
      expect(screen.queryByRole('button', { name: 'Nouvelle demande' })).not.toBeInTheDocument();
      unmount();
    }
  });
});
