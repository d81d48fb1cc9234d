import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker, sessionStore } from '../../api/index.ts';
import type { AuditListFilters } from '../../data/audit.ts';
import { ADMIN_PROFILE, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { AuditFilterPanel } from './AuditFilterPanel.tsx';

beforeEach(() => {
  circuitBreaker.reset();
  sessionStore.start({
    token: 'access',
    refreshToken: 'refresh',
    sessionExpiresAt: '2026-11-22T20:00:00.000Z',
    profile: ADMIN_PROFILE,
  });
});

const FILTERS: AuditListFilters = {
  page: 1,
  limit: 20,
  user_id: null,
  table_name: null,
  action: null,
  date_from: null,
  date_to: null,
};

describe('AuditFilterPanel', () => {
  it('finds any account on the server as one types, and filters on the one chosen', async () => {
    const calls = mockFetch((call) =>
      call.url.includes('/audit/users')
        ? {
            status: 200,
            body: {
              success: true,
              data: [{ id: 42, nom: 'Traoré', prenom: 'Awa', email: 'awa@demo.test', role: 'membre' }],
            },
          }
        : { status: 404, body: { success: false, message: 'Ressource non trouvée' } },
    );
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <AuditFilterPanel
        id="filtres"
        opened
        filters={FILTERS}
        onChange={onChange}
        onReset={() => {}}
        users={[{ value: '1', label: 'Serge Konan' }]}
      />,
    );
    await user.type(screen.getByRole('combobox', { name: 'Utilisateur' }), 'tra');
    const option = await screen.findByRole('option', { name: 'Awa Traoré (Membre)' });
    expect(calls.some((call) => call.url.endsWith('/audit/users?search=tra'))).toBe(true);
    await user.click(option);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ user_id: 42 }));
  });
});
