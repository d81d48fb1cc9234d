import { localIsoDate, RECU_MESSAGES } from '@app/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker } from '../api/index.ts';
import { signIn } from '../features/versements/test-data.ts';
import { mockFetch, type Responder } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { StatementDownload } from './StatementDownload.tsx';

/** The downloads the page started: the file names of the links it clicked. */
function captureDownloads() {
  const names: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:releve'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

const pdf: Responder = () => ({ status: 200, body: '%PDF-1.7' });

beforeEach(() => {
  circuitBreaker.reset();
  vi.restoreAllMocks();
});

describe('StatementDownload', () => {
  it('downloads the signed-in member’s own statement for the year so far, with his token', async () => {
    signIn('membre', 140);
    const calls = mockFetch(pdf);
    const names = captureDownloads();
    const { user } = renderWithProviders(<StatementDownload />);
    const today = localIsoDate();
    expect(screen.getByLabelText(/^Du/)).toHaveValue(`${today.slice(0, 4)}-01-01`);
    expect(screen.getByLabelText(/^Au/)).toHaveValue(today);
    await user.click(screen.getByRole('button', { name: 'Télécharger le relevé' }));
    await waitFor(() => expect(names).toEqual([`releve-${today.slice(0, 4)}-01-01-${today}.pdf`]));
    const call = calls[0];
    expect(call?.url).toContain(`/api/membres/moi/releve?du=${today.slice(0, 4)}-01-01&au=${today}`);
    expect(call?.headers.Authorization).toBe('Bearer access');
  });

  it('downloads a member’s statement for the period chosen by staff', async () => {
    signIn('gestionnaire', 9);
    const calls = mockFetch(pdf);
    const names = captureDownloads();
    const { user } = renderWithProviders(<StatementDownload membreId={12} />);
    await user.clear(screen.getByLabelText(/^Du/));
    await user.type(screen.getByLabelText(/^Du/), '2024-02-01');
    await user.clear(screen.getByLabelText(/^Au/));
    await user.type(screen.getByLabelText(/^Au/), '2024-03-31');
    await user.click(screen.getByRole('button', { name: 'Télécharger le relevé' }));
    await waitFor(() => expect(names).toEqual(['releve-2024-02-01-2024-03-31.pdf']));
    expect(calls[0]?.url).toContain('/api/membres/12/releve?du=2024-02-01&au=2024-03-31');
  });

  it('says in French what is wrong with the period, before asking and from the server', async () => {
    signIn('admin');
    const calls = mockFetch(() => ({
      status: 404,
      body: { success: false, code: 'NOT_FOUND', message: RECU_MESSAGES.membreNotFound },
    }));
    captureDownloads();
    const { user } = renderWithProviders(<StatementDownload membreId={12} />);
    await user.clear(screen.getByLabelText(/^Du/));
    await user.type(screen.getByLabelText(/^Du/), '2024-03-01');
    await user.clear(screen.getByLabelText(/^Au/));
    await user.type(screen.getByLabelText(/^Au/), '2024-02-01');
    await user.click(screen.getByRole('button', { name: 'Télécharger le relevé' }));
    expect(await screen.findByText(RECU_MESSAGES.periodOrder)).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.clear(screen.getByLabelText(/^Au/));
    await user.type(screen.getByLabelText(/^Au/), '2024-03-31');
    await user.click(screen.getByRole('button', { name: 'Télécharger le relevé' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Erreur lors du téléchargement du relevé\s:\sMembre non trouvé$/,
    );
  });

  it('puts the server’s field message under its field', async () => {
    signIn('membre', 140);
    mockFetch(() => ({
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION_ERROR',
        message: RECU_MESSAGES.periodFuture,
        errors: { au: RECU_MESSAGES.periodFuture },
      },
    }));
    captureDownloads();
    const { user } = renderWithProviders(<StatementDownload />);
    await user.click(screen.getByRole('button', { name: 'Télécharger le relevé' }));
    expect(await screen.findByText(RECU_MESSAGES.periodFuture)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Au/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
