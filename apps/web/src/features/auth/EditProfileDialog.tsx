import { type Profile, profileUpdateBodySchema, roleLabel } from '@app/shared';
import { SimpleGrid, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useUpdateProfile } from '../../data/auth.ts';
import { FormModal } from '../../ui/FormModal.tsx';

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
  const save = useUpdateProfile();
  const form = useForm<FormValues>({
    mode: 'uncontrolled',
    initialValues: toValues(profile),
    validate: schemaResolver(profileUpdateBodySchema, { sync: true }),
  });

  // Each opening starts from the current profile.
  const reset = () => {
    form.setValues(toValues(profile));
    form.resetDirty(toValues(profile));
    form.clearErrors();
  };

  const submit = () => {
    if (form.validate().hasErrors) return undefined;
    const values = form.getValues();
    return save
      .mutateAsync({
        prenom: values.prenom.trim(),
        nom: values.nom.trim(),
        email: values.email.trim().toLowerCase(),
        telephone: values.telephone.trim() || null,
      })
      .then(({ message }) => message);
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      onOpen={reset}
      title="Modifier le profil"
      save={save}
      failure="Erreur lors de la mise à jour du profil"
      onSubmit={submit}
      onFieldErrors={form.setErrors}
      submitLabel="Enregistrer"
    >
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
        label="Adresse e-mail"
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
    </FormModal>
  );
}
