import { type Profile, profileUpdateBodySchema, roleLabel } from '@app/shared';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, sessionStore } from '../../api/index.ts';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { updateProfile } from './auth.api.ts';
import { authKeys } from './auth.queries.ts';

interface FormValues {
  prenom: string;
  nom: string;
  email: string;
  telephone: string;
}

const toValues = (profile: Profile): FormValues => ({
  prenom: profile.prenom,
  nom: profile.nom,
  email: profile.email,
  telephone: profile.telephone ?? '',
});

/** Edit one's own profile (spec 3 §5): prénom, nom, email required; téléphone optional (null when empty); role read-only. */
export function EditProfileDialog({
  profile,
  opened,
  onClose,
}: {
  profile: Profile;
  opened: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<FormValues>({
    mode: 'uncontrolled',
    initialValues: toValues(profile),
    validate: schemaResolver(profileUpdateBodySchema, { sync: true }),
  });

  const mutation = useMutation({
    mutationFn: (values: FormValues) =>
      updateProfile({
        prenom: values.prenom.trim(),
        nom: values.nom.trim(),
        email: values.email.trim().toLowerCase(),
        telephone: values.telephone.trim() || null,
      }),
    onSuccess: ({ profile: saved, message }) => {
      queryClient.setQueryData(authKeys.profile(), saved);
      sessionStore.setProfile(saved);
      showToast('success', message);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errors) form.setErrors(error.errors);
    },
  });

  // Each opening starts from the current profile.
  // biome-ignore lint/correctness/useExhaustiveDependencies: form and mutation are stable for this purpose
  useEffect(() => {
    if (!opened) return;
    form.setValues(toValues(profile));
    form.resetDirty(toValues(profile));
    form.clearErrors();
    mutation.reset();
  }, [opened, profile]);

  const fieldErrors = mutation.error instanceof ApiError && mutation.error.errors;

  return (
    <Modal opened={opened} onClose={onClose} title="Modifier le profil" centered size="lg">
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
        <Stack gap="md">
          {mutation.isError && !fieldErrors && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {mutation.error.message}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Prénom"
              autoComplete="given-name"
              withAsterisk
              key={form.key('prenom')}
              {...form.getInputProps('prenom')}
            />
            <TextInput
              label="Nom"
              autoComplete="family-name"
              withAsterisk
              key={form.key('nom')}
              {...form.getInputProps('nom')}
            />
          </SimpleGrid>
          <TextInput
            type="email"
            label="Adresse email"
            autoComplete="email"
            withAsterisk
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            type="tel"
            label="Téléphone"
            autoComplete="tel"
            placeholder="+225 07 00 00 00 00"
            key={form.key('telephone')}
            {...form.getInputProps('telephone')}
          />
          <TextInput
            label="Rôle"
            value={roleLabel(profile.role)}
            disabled
            readOnly
            description="Le rôle ne peut pas être modifié. Contactez un administrateur si nécessaire."
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Enregistrer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
