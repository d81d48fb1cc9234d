import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { circuitBreaker, sessionStore } from '../../api/index.ts';
import { App } from '../../app/App.tsx';
import { mockFetch, PUBLIC_SETTINGS } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import VerificationPage from './VerificationPage.tsx';

const TOKEN = 'AQAAAHtT7zQ2x1kq9Xn0cP4bH2Qe';
const GENUINE = {
  authentique: true,
  numero: 'REC-2026-000123',
  date_validation: '2026-11-03T10:15:00.000Z',
  montant: 250_000,
  initiales: 'J. K.',
};

/** The public settings, and the verification's answer for the token. */
function serve(verification: { status: number; body?: unknown }) {
  return mockFetch(({ url }) => {
    if (url.endsWith('/settings/public')) return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
    if (url.includes('/recus/verification/')) return verification;
    return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Ressource non trouvée' } };
  });
}

beforeEach(() => {
  circuitBreaker.reset();
  sessionStore.clear();
});

describe('VerificationPage', () => {
  it('says a genuine receipt is genuine, with only its number, amount, date and the member’s initials', async () => {
    const calls = serve({ status: 200, body: { success: true, data: GENUINE } });
    const { container } = renderWithProviders(<VerificationPage token={TOKEN} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Vérification d’un reçu' })).toBeInTheDocument();
    expect(await screen.findByText('Reçu authentique')).toBeInTheDocument();
    const details = container.querySelector('dl');
    expect(details).toHaveTextContent(/Numéro du reçuREC-2026-000123/);
    expect(details).toHaveTextContent(/Montant250\s000\sFCFA/);
    // In the company's time zone (Africa/Abidjan: UTC).
    expect(details).toHaveTextContent(/Validé le3 novembre 2026 à 10:15/);
    expect(details).toHaveTextContent(/Membre \(initiales\)J\. K\./);
    expect(screen.getByText(/émis par Autopromotion Immobilière pour un versement validé/)).toBeInTheDocument();
    const verification = calls.find((c) => c.url.includes('/recus/verification/'));
    expect(verification?.url).toMatch(new RegExp(`/api/recus/verification/${TOKEN}$`));
    expect(verification?.headers.Authorization).toBeUndefined();
    expect(document.title).toBe('Vérification d’un reçu – Autopromotion Immobilière');
  });

  it('says a refused token is not genuine, and how to reach the company', async () => {
    serve({
      status: 404,
      body: {
        success: false,
        code: 'NOT_FOUND',
        message: 'Reçu non authentique\u00a0: ce code ne correspond à aucun reçu valide.',
      },
    });
    renderWithProviders(<VerificationPage token="falsifie" />);
    expect(await screen.findByText('Reçu non authentique')).toBeInTheDocument();
    expect(screen.getByText(/aucun reçu valide émis par Autopromotion Immobilière/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+225 27 22 41 50 50' })).toHaveAttribute('href', 'tel:+2252722415050');
    expect(screen.getByRole('link', { name: 'contact@autopromotion.test' })).toHaveAttribute(
      'href',
      'mailto:contact@autopromotion.test',
    );
    expect(screen.queryByText('Reçu authentique')).not.toBeInTheDocument();
  });

  it('offers to try again when the server cannot answer', async () => {
    let answer = { status: 503, body: { success: false, code: 'INTERNAL_ERROR', message: 'Service indisponible' } };
    serve(answer);
    const { user } = renderWithProviders(<VerificationPage token={TOKEN} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/La vérification n’a pas pu aboutir\s:/);
    answer = { status: 200, body: { success: true, data: GENUINE } } as never;
    serve(answer);
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Reçu authentique')).toBeInTheDocument();
  });

  it('is reached at /verification/<token> without signing in', async () => {
    serve({ status: 200, body: { success: true, data: GENUINE } });
    renderWithProviders(<App />, { route: `/verification/${TOKEN}` });
    expect(await screen.findByText('Reçu authentique')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Connexion' })).not.toBeInTheDocument();
  });
});
