import { emailSchema, MESSAGES, type PasswordPolicy, passwordProblem } from '@app/shared';
import { ApiError } from '../../api/index.ts';

/** Login failure (spec 1 §8): network → connection advice; 401 → the server's message; else the server's or 'Erreur de connexion'. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network' || error.kind === 'timeout') return MESSAGES.loginNetwork;
    if (error.status === 401) return error.message || MESSAGES.badCredentials;
    return error.message || MESSAGES.loginOther;
  }
  return MESSAGES.loginOther;
}

/** Reset stages (spec 1 §2.3, §4): userType → email → reset → success. */
export const RESET_STAGES = ['type', 'email', 'reset', 'success'] as const;
export type ResetStage = (typeof RESET_STAGES)[number];

/** 'Retour' goes back one stage. */
export function previousStage(stage: ResetStage): ResetStage {
  const index = RESET_STAGES.indexOf(stage);
  return RESET_STAGES[Math.max(0, index - 1)] ?? 'type';
}

/** The reset dialog's own floor (spec 1 §9) until the server's policy is known. */
export const RESET_FALLBACK_POLICY: PasswordPolicy = { passwordMinLength: 6, requireSpecialChars: false };

export function accountKindError(kind: string | null | undefined): string | null {
  return kind === 'membre' || kind === 'personnel' ? null : 'Type d’utilisateur non sélectionné';
}

export function emailError(email: string): string | null {
  const result = emailSchema.safeParse(email);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Veuillez saisir une adresse e-mail valide');
}

export interface ResetValues {
  code: string;
  password: string;
  confirm: string;
}

/** Reset step validation (spec 1 §5) with the server's password policy, first message per field. */
export function resetErrors(
  values: ResetValues,
  policy: PasswordPolicy = RESET_FALLBACK_POLICY,
): Partial<Record<keyof ResetValues, string>> {
  const errors: Partial<Record<keyof ResetValues, string>> = {};
  if (!values.code.trim()) errors.code = 'Veuillez saisir le code de réinitialisation';
  const problem = values.password
    ? passwordProblem(values.password, policy)
    : 'Veuillez saisir un nouveau mot de passe';
  if (problem) errors.password = problem;
  if (values.password && values.confirm !== values.password) errors.confirm = 'Les mots de passe ne correspondent pas';
  return errors;
}

/** Failure to send the code (spec 1 §8). */
export function forgotErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network' || error.kind === 'timeout') return MESSAGES.forgotNetwork;
    if (error.status >= 500 && error.code !== 'MAINTENANCE') return MESSAGES.forgotServer;
    return error.message || MESSAGES.forgotFallback;
  }
  return MESSAGES.forgotFallback;
}

/** Failure of the reset: the message, and field messages mapped to the dialog's fields. */
export function resetFailure(error: unknown): { message: string; fields: Partial<Record<keyof ResetValues, string>> } {
  if (!(error instanceof ApiError)) return { message: MESSAGES.resetFallback, fields: {} };
  if (error.kind === 'network' || error.kind === 'timeout') return { message: MESSAGES.forgotNetwork, fields: {} };
  if (error.code === 'INVALID_RESET_CODE') {
    return { message: MESSAGES.resetCodeInvalid, fields: { code: MESSAGES.resetCodeInvalid } };
  }
  const fields: Partial<Record<keyof ResetValues, string>> = {};
  const e = error.errors ?? {};
  const code = e.token ?? e.otp_code;
  const password = e.password ?? e.new_password;
  if (code) fields.code = code;
  if (password) fields.password = password;
  if (error.status === 400 && !code && !password && !error.errors) {
    return { message: MESSAGES.resetCodeInvalid, fields };
  }
  return { message: password ?? code ?? (error.message || MESSAGES.resetFallback), fields };
}
