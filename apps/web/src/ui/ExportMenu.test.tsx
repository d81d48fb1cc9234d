import { localIsoDate } from '@app/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker } from '../api/index.ts';
import { signIn } from '../features/versements/test-data.ts';
import { mockFetch } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { toastStore } from './toasts/toast-store.ts';

function captureDownloads() {
  const names: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

beforeEach(() => {
  circuitBreaker.reset();
  vi.restoreAllMocks();
  signIn('comptable');
});

const filters = {
  page: 3,
  limit: 20,
  statut: 'valide',
  search: '',
  banque_id: null,
  sortBy: 'montant',
  sortOrder: 'asc',
};

describe('ExportMenu', () => {
  it('exports the list’s filters and sort, without its page, in the format chosen', async () => {
    const calls = mockFetch(() => ({ status: 200, body: 'PK' }));
    const names = captureDownloads();
    const { user } = renderWithProviders(<ExportMenu list="versements" path="/versements/export" filters={filters} />);
    await user.click(screen.getByRole('button', { name: 'Exporter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
    await waitFor(() => expect(names).toEqual([`versements-${localIsoDate()}.xlsx`]));
    expect(calls.map((c) => c.url)).toEqual([
      '/api/versements/export?statut=valide&sortBy=montant&sortOrder=asc&format=xlsx',
    ]);
    expect(calls[0]?.headers.Authorization).toBe('Bearer access');
  });

  it('says in French why an export failed', async () => {
    mockFetch(() => ({ status: 400, body: { success: false, message: 'Le format d’export doit être csv ou xlsx.' } }));
    const { user } = renderWithProviders(<ExportMenu list="versements" path="/versements/export" filters={filters} />);
    await user.click(screen.getByRole('button', { name: 'Exporter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV (point-virgule, UTF-8)' }));
    await waitFor(() =>
      expect(toastStore.getSnapshot().map((t) => t.message)).toContain(
        'Erreur lors de l’export\u00a0: Le format d’export doit être csv ou xlsx.',
      ),
    );
  });
});
