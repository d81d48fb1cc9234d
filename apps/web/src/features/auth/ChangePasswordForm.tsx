import { passwordPolicyHint } from '@app/shared';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useChangePassword } from '../../data/auth.ts';
import { publicSettingsQuery } from '../../data/settings.ts';
import { SaveForm } from '../../ui/FormModal.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { type ChangePasswordValues, changePasswordErrors } from './password-rules.ts';

/** What failed, the banner's title. */
export const PASSWORD_CHANGE_FAILURE = 'Erreur lors du changement de mot de passe';

/**
 * Current + new + confirmation, for a form skeleton (the profile's dialog, the forced change):
 * the policy hint comes from the settings, the server's field errors land under the fields.
 */
export function usePasswordChange() {
  const policy = useQuery(publicSettingsQuery()).data?.security;
  const form = useForm<ChangePasswordValues>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: (values) => changePasswordErrors(values, policy),
  });
  const save = useChangePassword();

  const submit = () => {
    if (form.validate().hasErrors) return undefined;
    const { currentPassword, newPassword } = form.getValues();
    return save.mutateAsync({ currentPassword, newPassword }).then((message) => {
      form.reset();
      return message;
    });
  };

  const onFieldErrors = ({ currentPassword, newPassword }: Record<string, string>) =>
    form.setErrors({ ...(currentPassword ? { currentPassword } : {}), ...(newPassword ? { newPassword } : {}) });

  const fields = (
    <>
      <PasswordField
        label="Mot de passe actuel"
        autoComplete="current-password"
        withAsterisk
        key={form.key('currentPassword')}
        {...form.getInputProps('currentPassword')}
      />
      <PasswordField
        label="Nouveau mot de passe"
        autoComplete="new-password"
        withAsterisk
        description={policy ? passwordPolicyHint(policy) : undefined}
        key={form.key('newPassword')}
        {...form.getInputProps('newPassword')}
      />
      <PasswordField
        label="Confirmer le nouveau mot de passe"
        autoComplete="new-password"
        withAsterisk
        key={form.key('confirmPassword')}
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );

  return { form, save, submit, onFieldErrors, fields };
}

/** The password change as a page's form (a temporary password must be replaced first). */
export function ChangePasswordForm({ onDone, submitLabel }: { onDone: () => void; submitLabel: string }) {
  const { save, submit, onFieldErrors, fields } = usePasswordChange();
  return (
    <SaveForm
      save={save}
      failure={PASSWORD_CHANGE_FAILURE}
      onSubmit={submit}
      onDone={onDone}
      onFieldErrors={onFieldErrors}
      submitLabel={submitLabel}
    >
      {fields}
    </SaveForm>
  );
}
