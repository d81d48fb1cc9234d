import { type PasswordPolicy, passwordProblem } from '@app/shared';

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change-password validation: required fields, the settings' policy (when known), matching confirmation. */
export function changePasswordErrors(
  values: ChangePasswordValues,
  policy: PasswordPolicy | undefined,
): Partial<Record<keyof ChangePasswordValues, string>> {
  const errors: Partial<Record<keyof ChangePasswordValues, string>> = {};
  if (!values.currentPassword) errors.currentPassword = 'Veuillez saisir votre mot de passe actuel';
  if (!values.newPassword) errors.newPassword = 'Veuillez saisir un nouveau mot de passe';
  else if (policy) {
    const problem = passwordProblem(values.newPassword, policy);
    if (problem) errors.newPassword = problem;
  }
  if (values.newPassword && values.confirmPassword !== values.newPassword) {
    errors.confirmPassword = 'Les mots de passe ne correspondent pas';
  }
  return errors;
}
