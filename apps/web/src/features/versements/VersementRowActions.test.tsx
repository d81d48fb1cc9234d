import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import { failure, makeVersement, serveVersements, signIn } from './test-data.ts';
import { VersementRowActions } from './VersementRowActions.tsx';
import { versementRights } from './versement-format.ts';

const VALIDATED = makeVersement({ id: 2, statut: 'valide', date_validation: '2026-10-07T09:00:00.000Z' });
const RECU = /^Reçu de paiement \(PDF\) du versement RV-2026-00002 de Jean-Marc Koffi$/;

function renderActions(versement = VALIDATED) {
  return renderWithProviders(
    <VersementRowActions
      versement={versement}
      rights={versementRights('comptable', 9)}
      onOpen={vi.fn()}
      onAction={vi.fn()}
      onScan={vi.fn()}
      scanLoading={false}
    />,
  );
}

beforeEach(() => {
  circuitBreaker.reset();
  toastStore.clear();
  vi.restoreAllMocks();
  signIn('comptable', 9);
});

describe('VersementRowActions: the receipt', () => {
  it('offers the PDF receipt of a validated payment only', () => {
    serveVersements();
    const { unmount } = renderActions();
    expect(screen.getByRole('button', { name: RECU })).toBeInTheDocument();
    unmount();
    renderActions(makeVersement({ id: 3 }));
    expect(screen.queryByRole('button', { name: /^Reçu de paiement/ })).not.toBeInTheDocument();
  });

  it('downloads it through the authenticated client', async () => {
    const calls = serveVersements({
      answers: { 'GET /api/versements/2/recu': new Blob(['%PDF-1.7'], { type: 'application/pdf' }) },
    });
    const names: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:recu'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: RECU }));
    await waitFor(() => expect(names).toEqual(['recu-versement-2.pdf']));
    expect(calls.find((c) => c.path === '/api/versements/2/recu')?.headers.Authorization).toBe('Bearer access');
  });

  it('says why in a toast when the receipt cannot be had', async () => {
    serveVersements({
      answers: { 'GET /api/versements/2/recu': failure(404, 'Versement non trouvé', 'NOT_FOUND') },
    });
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: RECU }));
    await waitFor(() =>
      expect(toastStore.getSnapshot().map((t) => t.message)).toEqual([
        'Erreur lors du téléchargement du reçu\u00a0: Versement non trouvé',
      ]),
    );
  });
});
