import { MESSAGES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/index.ts';
import {
  accountKindError,
  emailError,
  forgotErrorMessage,
  loginErrorMessage,
  previousStage,
  resetErrors,
  resetFailure,
} from './auth-messages.ts';

describe('login error message', () => {
  it('advises checking the connection on a network failure', () => {
    expect(loginErrorMessage(new ApiError('network', 'x'))).toBe(
      'Impossible de se connecter au serveur. Vérifiez votre connexion internet.',
    );
  });

  it("shows the server's message on a 401, else the catalogue's", () => {
    expect(
      loginErrorMessage(
        new ApiError('http', 'Identifiants incorrects. Vérifiez votre e-mail et mot de passe.', { status: 401 }),
      ),
    ).toBe(MESSAGES.badCredentials);
    expect(loginErrorMessage(new ApiError('http', '', { status: 401 }))).toBe(MESSAGES.badCredentials);
    expect(loginErrorMessage(new Error('boom'))).toBe('Erreur de connexion');
  });
});

describe('reset dialog rules', () => {
  it("goes back one stage with 'Retour'", () => {
    expect(previousStage('email')).toBe('type');
    expect(previousStage('reset')).toBe('email');
    expect(previousStage('type')).toBe('type');
  });

  it('requires the account type and a valid email', () => {
    expect(accountKindError(null)).toBe('Type d’utilisateur non sélectionné');
    expect(accountKindError('membre')).toBeNull();
    expect(emailError('')).toBe('Veuillez saisir votre adresse e-mail');
    expect(emailError('pas-un-email')).toBe('Veuillez saisir une adresse e-mail valide');
    expect(emailError('awa@exemple.ci')).toBeNull();
  });

  it('validates the code, the new password (6 characters) and its confirmation', () => {
    expect(resetErrors({ code: '', password: '', confirm: '' })).toEqual({
      code: 'Veuillez saisir le code de réinitialisation',
      password: 'Veuillez saisir un nouveau mot de passe',
    });
    expect(resetErrors({ code: '123456', password: 'abc', confirm: 'abc' })).toEqual({
      password: 'Le mot de passe doit contenir au moins 6 caractères',
    });
    expect(resetErrors({ code: '123456', password: 'abcdef', confirm: 'abcdeg' })).toEqual({
      confirm: 'Les mots de passe ne correspondent pas',
    });
    expect(resetErrors({ code: '123456', password: 'abcdef', confirm: 'abcdef' })).toEqual({});
  });

  it("applies the server's password policy once it is known", () => {
    const policy = { passwordMinLength: 8, requireSpecialChars: true };
    expect(resetErrors({ code: '1', password: 'abcdef', confirm: 'abcdef' }, policy).password).toBe(
      'Le mot de passe doit contenir au moins 8 caractères',
    );
    expect(resetErrors({ code: '1', password: 'abcdefgh', confirm: 'abcdefgh' }, policy).password).toMatch(
      /caractère spécial/,
    );
    expect(resetErrors({ code: '1', password: 'Abcdef@1', confirm: 'Abcdef@1' }, policy)).toEqual({});
  });

  it('maps server failures to messages and fields', () => {
    const invalid = new ApiError('http', MESSAGES.resetCodeInvalid, { status: 400, code: 'INVALID_RESET_CODE' });
    expect(resetFailure(invalid)).toEqual({
      message: MESSAGES.resetCodeInvalid,
      fields: { code: MESSAGES.resetCodeInvalid },
    });
    const policy = new ApiError('http', 'Données invalides', {
      status: 400,
      code: 'VALIDATION_ERROR',
      errors: { new_password: 'Le mot de passe doit contenir au moins 8 caractères' },
    });
    expect(resetFailure(policy)).toEqual({
      message: 'Le mot de passe doit contenir au moins 8 caractères',
      fields: { password: 'Le mot de passe doit contenir au moins 8 caractères' },
    });
    expect(forgotErrorMessage(new ApiError('network', 'x'))).toBe(MESSAGES.forgotNetwork);
    expect(forgotErrorMessage(new ApiError('http', 'x', { status: 500 }))).toBe(MESSAGES.forgotServer);
  });
});
