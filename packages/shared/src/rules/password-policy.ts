import type { SecuritySettings } from '../settings.ts';

export type PasswordPolicy = Pick<SecuritySettings, 'passwordMinLength' | 'requireSpecialChars'>;

const SPECIAL_CHAR = /[^A-Za-z0-9]/;

/** The first rule the password breaks, as a French message, or null when it is acceptable. */
export function passwordProblem(password: string, policy: PasswordPolicy): string | null {
  if (password.length < policy.passwordMinLength) {
    return `Le mot de passe doit contenir au moins ${policy.passwordMinLength} caractères`;
  }
  if (password.length > 128) return 'Le mot de passe ne doit pas dépasser 128 caractères';
  if (policy.requireSpecialChars && !SPECIAL_CHAR.test(password)) {
    return 'Le mot de passe doit contenir au moins un caractère spécial (par exemple @, #, !)';
  }
  return null;
}

/** A human description of the policy, for form hints. */
export function passwordPolicyHint(policy: PasswordPolicy): string {
  const special = policy.requireSpecialChars ? ', dont au moins un caractère spécial' : '';
  return `Au moins ${policy.passwordMinLength} caractères${special}.`;
}
