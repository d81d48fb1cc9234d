import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import { failure, listCalls, makeVersement, serveVersements, signIn } from '../versements/test-data.ts';
import { MemberReceipts } from './MemberReceipts.tsx';

const VALIDATED = [
  makeVersement({ id: 2, statut: 'valide', montant: 250_000, date_versement: '2026-10-06' }),
  makeVersement({
    id: 5,
    statut: 'valide',
    type_versement: 'apport',
    montant: 2_000_000,
    date_versement: '2026-09-01',
  }),
];

/** The file names the page handed to the browser. */
function captureDownloads() {
  const names: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:recu'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

beforeEach(() => {
  circuitBreaker.reset();
  toastStore.clear();
  vi.restoreAllMocks();
  signIn('membre', 140);
});

describe('MemberReceipts', () => {
  it('lists the member’s validated payments, the latest first, and downloads a receipt with his token', async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const calls = serveVersements({ versements: VALIDATED, answers: { 'GET /api/versements/2/recu': pdf } });
    const names = captureDownloads();
    const { user } = renderWithProviders(<MemberReceipts />);
    const table = await screen.findByRole('table', { name: 'Mes versements validés et leurs reçus' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent?.replace(/\s+/g, ' '))).toEqual([
      '06/10/2026MensualitéRV-2026-00002250 000 FCFATélécharger le reçu',
      '01/09/2026ApportRV-2026-000052 000 000 FCFATélécharger le reçu',
    ]);
    const query = listCalls(calls)[0];
    expect(query?.get('statut')).toBe('valide');
    expect(query?.get('sortBy')).toBe('date_versement');
    expect(query?.get('sortOrder')).toBe('desc');
    expect(screen.getByText('Page 1 sur 1 – 2 reçus')).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: /^Télécharger le reçu du versement de 250\s000\sFCFA du 06\/10\/2026$/ }),
    );
    await waitFor(() => expect(names).toEqual(['recu-versement-2.pdf']));
    expect(calls.find((c) => c.path === '/api/versements/2/recu')?.headers.Authorization).toBe('Bearer access');
    expect(toastStore.getSnapshot()).toEqual([]);
  });

  it('says so when there is no validated payment yet', async () => {
    serveVersements({ versements: [] });
    renderWithProviders(<MemberReceipts />);
    expect(await screen.findByText(/Aucun versement validé pour l’instant/)).toBeInTheDocument();
  });

  it('tells in a toast why a receipt could not be downloaded', async () => {
    serveVersements({
      versements: VALIDATED,
      answers: { 'GET /api/versements/5/recu': failure(404, 'Versement non trouvé', 'NOT_FOUND') },
    });
    captureDownloads();
    const { user } = renderWithProviders(<MemberReceipts />);
    await user.click(await screen.findByRole('button', { name: /^Télécharger le reçu du versement de 2\s000\s000/ }));
    await waitFor(() =>
      expect(toastStore.getSnapshot().map((t) => t.message)).toEqual([
        'Erreur lors du téléchargement du reçu\u00a0: Versement non trouvé',
      ]),
    );
  });

  it('shows a failed load with Réessayer', async () => {
    serveVersements({
      answers: { 'GET /api/versements': failure(403, 'Accès refusé – Rôle insuffisant.', 'FORBIDDEN') },
    });
    renderWithProviders(<MemberReceipts />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors du chargement des reçus');
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
