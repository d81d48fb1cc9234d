import { MESSAGES } from '@app/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import { mockFetch, PUBLIC_SETTINGS } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import { LoginPage } from './LoginPage.tsx';

// The dialog's chunk, as a phone's network may deliver it: not at all, late, or at once.
const chunk = vi.hoisted(() => ({ fails: false, arrival: Promise.resolve() }));
vi.mock('./ForgotPasswordDialog.tsx', async (importOriginal) => {
  await chunk.arrival;
  if (chunk.fails) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

beforeEach(() => {
  circuitBreaker.reset();
  mockFetch(() => ({ status: 200, body: { success: true, data: PUBLIC_SETTINGS } }));
});
afterEach(() => toastStore.clear());

describe('LoginPage, dialogs downloaded at their first opening', () => {
  it('keeps the page and says so when the download fails, then opens the dialog at the next click', async () => {
    let arrive = () => {};
    chunk.arrival = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    chunk.fails = true;
    const { user } = renderWithProviders(<LoginPage />);
    const link = screen.getByRole('button', { name: /Mot de passe oublié/ });

    await user.click(link);
    expect(link).toHaveAttribute('aria-busy', 'true');
    arrive();
    // The toast and the link's state come from two updates: both awaited.
    await waitFor(() => {
      expect(toastStore.getSnapshot().map((t) => t.message)).toEqual([MESSAGES.networkToast]);
      expect(link).toHaveAttribute('aria-busy', 'false');
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeInTheDocument();

    chunk.fails = false;
    await user.click(link);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
