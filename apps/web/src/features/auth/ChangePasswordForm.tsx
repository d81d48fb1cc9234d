import { passwordPolicyHint } from '@app/shared';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, publicSettingsQuery } from '../../api/index.ts';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { changePassword } from './auth.api.ts';
import { type ChangePasswordValues, changePasswordErrors } from './password-rules.ts';

interface ChangePasswordFormProps {
  onSuccess: (message: string) => void;
  onCancel?: () => void;
  submitLabel?: string;
}

/** Current + new + confirmation; the policy hint comes from the settings, server field errors land under the fields. */
export function ChangePasswordForm({
  onSuccess,
  onCancel,
  submitLabel = 'Changer le mot de passe',
}: ChangePasswordFormProps) {
  const settings = useQuery(publicSettingsQuery());
  const policy = settings.data?.security;
  const form = useForm<ChangePasswordValues>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: (values) => changePasswordErrors(values, policy),
  });

  const mutation = useMutation({
    mutationFn: (values: ChangePasswordValues) => changePassword(values.currentPassword, values.newPassword),
    onSuccess: (message) => {
      form.reset();
      onSuccess(message);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errors) {
        const { currentPassword, newPassword } = error.errors;
        form.setErrors({
          ...(currentPassword ? { currentPassword } : {}),
          ...(newPassword ? { newPassword } : {}),
        });
      }
    },
  });

  const fieldError =
    mutation.error instanceof ApiError &&
    (mutation.error.errors?.currentPassword || mutation.error.errors?.newPassword);

  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
      <Stack gap="md">
        {mutation.isError && !fieldError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {mutation.error.message}
          </Alert>
        )}
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
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Annuler
            </Button>
          )}
          <Button type="submit" loading={mutation.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
