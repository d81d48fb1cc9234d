import { DEFAULT_PREFERENCES, type Notification } from '@app/shared';
import { renderHook, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../api/index.ts';
import { ADMIN_PROFILE, mockFetch } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { useNotificationAlerts } from './notification-alerts.ts';

const notification = (id: number, overrides: Partial<Notification> = {}): Notification => ({
  id,
  type: 'demande',
  titre: 'Nouvelle demande d’inscription',
  message: `Demande n° ${id}, en attente de décision.`,
  lien: '/demandes',
  lue: false,
  created_at: new Date().toISOString(),
  ...overrides,
});

/** The bell's API: its page, marking read; the list answers what is left unread. */
function serveNotifications(items: Notification[]) {
  let current = items;
  const answer = () => ({
    success: true,
    data: current,
    pagination: { page: 1, limit: 10, total: current.length, totalPages: 1, totalExact: true },
    non_lues: current.filter((n) => !n.lue).length,
  });
  return mockFetch(async ({ method, url }) => {
    if (url.includes('/api/notifications?')) return { status: 200, body: answer() };
    if (method === 'PATCH' && url.endsWith('/api/notifications/lues')) {
      current = current.map((n) => ({ ...n, lue: true }));
      return { status: 200, body: { success: true, message: 'Toutes les notifications sont marquées comme lues' } };
    }
    const one = /\/api\/notifications\/(\d+)\/lue$/.exec(url);
    if (method === 'PATCH' && one) {
      current = current.map((n) => (n.id === Number(one[1]) ? { ...n, lue: true } : n));
      return { status: 200, body: { success: true, message: 'Notification marquée comme lue' } };
    }
    if (url.endsWith('/api/preferences')) return { status: 200, body: { success: true, data: DEFAULT_PREFERENCES } };
    return { status: 404, body: { success: false, message: 'Ressource non trouvée', code: 'NOT_FOUND' } };
  });
}

beforeEach(() => {
  sessionStore.start({
    token: 'access',
    refreshToken: 'refresh',
    sessionExpiresAt: '2030-11-22T20:00:00.000Z',
    profile: ADMIN_PROFILE,
  });
});

function renderBell() {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<NotificationBell accountId={ADMIN_PROFILE.id} />} />
      <Route path="/demandes" element={<p>Écran des demandes</p>} />
    </Routes>,
  );
}

describe('the notification bell', () => {
  it('shows the unread count, lists the newest, opens one on its screen and marks it read', async () => {
    const calls = serveNotifications([
      notification(2),
      notification(1, { lue: true, titre: 'Mode maintenance activé', lien: null }),
    ]);
    const { user } = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 non lue' });
    await user.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(dialog).toHaveTextContent('Demande n° 2, en attente de décision.');
    expect(dialog).toHaveTextContent('Mode maintenance activé');
    await user.click(screen.getByRole('button', { name: /^Non lue.*Nouvelle demande d’inscription/ }));
    expect(await screen.findByText('Écran des demandes')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH' && c.url.endsWith('/api/notifications/2/lue'))).toBe(true);
  });

  it('marks all read at once, and says when there is nothing', async () => {
    const calls = serveNotifications([notification(3), notification(4)]);
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 non lues' }));
    await user.click(await screen.findByRole('button', { name: 'Tout marquer comme lu' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH' && c.url.endsWith('/api/notifications/lues'))).toBe(true);
    expect(screen.getByRole('button', { name: 'Tout marquer comme lu' })).toBeDisabled();
  });

  it('says there is nothing yet', async () => {
    serveNotifications([]);
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Aucune notification pour le moment.')).toBeInTheDocument();
  });
});

describe('the alerts of what arrives', () => {
  const shown: { title: string; body?: string | undefined }[] = [];
  beforeEach(() => {
    shown.length = 0;
    vi.stubGlobal(
      'Notification',
      Object.assign(
        function BrowserNotification(title: string, options?: NotificationOptions) {
          shown.push({ title, body: options?.body });
        },
        { permission: 'granted' },
      ),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a browser notification for each newer unread one, never for what was there at the first read', () => {
    const choices = { soundEnabled: false, pushEnabled: true };
    const { rerender } = renderHook(({ items }) => useNotificationAlerts(items, choices), {
      initialProps: { items: [notification(5)] as Notification[] | undefined },
    });
    expect(shown).toEqual([]);
    rerender({ items: [notification(7), notification(6, { lue: true }), notification(5)] });
    expect(shown.map((n) => n.body)).toEqual(['Demande n° 7, en attente de décision.']);
    rerender({ items: [notification(7), notification(6, { lue: true }), notification(5)] });
    expect(shown).toHaveLength(1);
  });

  it('shows nothing while the account has not asked for them', async () => {
    const { rerender } = renderHook(
      ({ items }) => useNotificationAlerts(items, { soundEnabled: false, pushEnabled: false }),
      { initialProps: { items: [notification(8)] } },
    );
    rerender({ items: [notification(9), notification(8)] });
    await waitFor(() => expect(shown).toEqual([]));
  });
});
