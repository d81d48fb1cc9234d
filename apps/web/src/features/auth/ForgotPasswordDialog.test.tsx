import { MESSAGES } from '@app/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker } from '../../api/index.ts';
import { mockFetch, PUBLIC_SETTINGS } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ForgotPasswordDialog } from './ForgotPasswordDialog.tsx';

beforeEach(() => circuitBreaker.reset());

function serve(
  resetAnswer: { status: number; body: unknown } = {
    status: 200,
    body: { success: true, message: MESSAGES.passwordReset },
  },
) {
  return mockFetch(({ url }) => {
    if (url.endsWith('/settings/public')) return { status: 200, body: { success: true, data: PUBLIC_SETTINGS } };
    if (url.endsWith('/forgot-password'))
      return { status: 200, body: { success: true, message: MESSAGES.resetRequested } };
    return resetAnswer as { status: number; body: unknown };
  });
}

describe('ForgotPasswordDialog', () => {
  it('goes through its four stages for a staff account, with the validation messages', async () => {
    const calls = serve();
    const onClose = vi.fn();
    const { user } = renderWithProviders(<ForgotPasswordDialog opened onClose={onClose} />);

    // 1. Account type
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(screen.getByText('Type d’utilisateur non sélectionné')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Je suis du personnel' }));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));

    // 2. Email, with 'Retour' back to the type and forward again
    const email = screen.getByLabelText(/Adresse e-mail/);
    await user.click(screen.getByRole('button', { name: 'Envoyer le code' }));
    expect(screen.getByText('Veuillez saisir votre adresse e-mail')).toBeInTheDocument();
    await user.type(email, 'pas-un-email');
    await user.click(screen.getByRole('button', { name: 'Envoyer le code' }));
    expect(screen.getByText('Veuillez saisir une adresse e-mail valide')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(screen.getByRole('radio', { name: 'Je suis du personnel' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await user.clear(screen.getByLabelText(/Adresse e-mail/));
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'gestionnaire@demo.test');
    await user.click(screen.getByRole('button', { name: 'Envoyer le code' }));

    // 3. Code and new password
    expect(await screen.findByText(new RegExp(MESSAGES.resetRequested))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(screen.getByText('Veuillez saisir le code de réinitialisation')).toBeInTheDocument();
    expect(screen.getByText('Veuillez saisir un nouveau mot de passe')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Code de réinitialisation/), '123456');
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    // The policy comes from the server's settings (8 characters and a special one), not the spec's floor of 6.
    expect(screen.getByText('Le mot de passe doit contenir au moins 8 caractères')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Nouveau mot de passe/));
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'Nouveau@2026');
    await user.type(screen.getByLabelText(/Confirmer le mot de passe/), 'Autre@2026');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Confirmer le mot de passe/));
    await user.type(screen.getByLabelText(/Confirmer le mot de passe/), 'Nouveau@2026');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));

    // 4. Success, closing itself after 2 seconds
    expect(await screen.findByRole('heading', { name: 'Mot de passe réinitialisé !' })).toBeInTheDocument();
    const forgot = calls.find((c) => c.url.endsWith('/forgot-password'));
    expect(forgot?.url).toBe('/api/personnel-auth/forgot-password');
    expect(forgot?.body).toEqual({ email: 'gestionnaire@demo.test' });
    const reset = calls.find((c) => c.url.endsWith('/reset-password'));
    expect(reset?.url).toBe('/api/personnel-auth/reset-password');
    expect(reset?.body).toEqual({ email: 'gestionnaire@demo.test', token: '123456', password: 'Nouveau@2026' });
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("uses the member endpoints and shows the server's refusal of a bad code", async () => {
    const calls = serve({
      status: 400,
      body: { success: false, message: MESSAGES.resetCodeInvalid, code: 'INVALID_RESET_CODE' },
    });
    const { user } = renderWithProviders(<ForgotPasswordDialog opened onClose={() => undefined} />);
    await user.click(screen.getByRole('radio', { name: 'Je suis un membre' }));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'membre@demo.test');
    await user.click(screen.getByRole('button', { name: 'Envoyer le code' }));
    await user.type(await screen.findByLabelText(/Code de réinitialisation/), '000000');
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'Nouveau@2026');
    await user.type(screen.getByLabelText(/Confirmer le mot de passe/), 'Nouveau@2026');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.resetCodeInvalid);
    expect(calls.find((c) => c.url.endsWith('/forgot-password'))?.url).toBe('/api/membre-auth/forgot-password');
    const reset = calls.find((c) => c.url.endsWith('/reset-password-otp'));
    expect(reset?.body).toEqual({ email: 'membre@demo.test', otp_code: '000000', new_password: 'Nouveau@2026' });
    // 'Retour' goes back to the email stage.
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(screen.getByLabelText(/Adresse e-mail/)).toHaveValue('membre@demo.test');
  });
});
