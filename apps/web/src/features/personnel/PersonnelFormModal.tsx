import { DEPARTEMENTS, type Personnel, passwordPolicyHint } from '@app/shared';
import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconWand } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, publicSettingsQuery } from '../../api/index.ts';
import { PASSWORD_FLOOR, roleOptions, statutOptions } from '../../ui/account-options.ts';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { failureText, toastFailure } from '../../ui/use-confirm-action.ts';
import { createPersonnel, updatePersonnel } from './personnel.api.ts';
import { PERSONNEL_CHANGES } from './personnel.queries.ts';
import {
  emptyPersonnelValues,
  type PersonnelFormValues,
  personnelChanges,
  personnelCreateBody,
  personnelFormErrors,
  personnelValues,
} from './personnel-form.ts';
import { generateEmployeeCode } from './personnel-format.ts';

/** The add-staff form's role choices, in the spec's order (spec 3 §5). */
const ROLE_CHOICES = roleOptions(['commercial', 'comptable', 'gestionnaire', 'admin']);
const DEPARTEMENT_CHOICES = [...DEPARTEMENTS];

/**
 * The add-staff dialog (spec 3 §2.9, §5), also used by an admin to edit a staff file: then
 * without code, password and status (the cards' actions change it, after a confirmation), and
 * only the changed fields are sent.
 */
export function PersonnelFormModal({
  opened,
  onClose,
  personnel,
}: {
  opened: boolean;
  onClose: () => void;
  personnel: Personnel | null;
}) {
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)');
  const policy = useQuery(publicSettingsQuery()).data?.security;
  const mode = personnel ? 'edit' : 'create';
  const failure = personnel ? 'Erreur lors de la modification' : "Erreur lors de l'ajout";

  const form = useForm<PersonnelFormValues>({ mode: 'controlled', initialValues: emptyPersonnelValues() });

  const mutation = useMutation({
    mutationFn: async (values: PersonnelFormValues) => {
      if (!personnel) return createPersonnel(personnelCreateBody(values));
      const changes = personnelChanges(values, personnel);
      return Object.keys(changes).length > 0 ? updatePersonnel(personnel.id, changes) : personnel;
    },
    onSuccess: async () => {
      showToast('success', personnel ? 'Personnel modifié' : 'Personnel ajouté');
      onClose();
      await Promise.all(PERSONNEL_CHANGES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errors) form.setErrors(error.errors);
      toastFailure(failure, error);
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: form and mutation are stable for this purpose
  useEffect(() => {
    if (!opened) return;
    form.setValues(personnel ? personnelValues(personnel) : emptyPersonnelValues());
    form.clearErrors();
    mutation.reset();
  }, [opened, personnel]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const values = form.getValues();
    const errors = personnelFormErrors(values, mode, policy);
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) mutation.mutate(values);
  };

  const generalError =
    mutation.isError && !(mutation.error instanceof ApiError && mutation.error.errors)
      ? failureText(failure, mutation.error)
      : null;

  return (
    <Modal
      opened={opened}
      onClose={mutation.isPending ? () => {} : onClose}
      title={personnel ? 'Modifier le personnel' : 'Nouveau personnel'}
      size="lg"
      fullScreen={phone}
      centered
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {generalError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {generalError}
            </Alert>
          )}
          <fieldset disabled={mutation.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="md">
              {!personnel && (
                <TextInput
                  label="Code employé"
                  description="Laissé vide, un code est attribué à l'enregistrement."
                  placeholder="CHES-COM-123456"
                  maxLength={16}
                  rightSectionWidth={104}
                  rightSectionPointerEvents="all"
                  rightSection={
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconWand size={14} aria-hidden />}
                      onClick={() => form.setFieldValue('code_employe', generateEmployeeCode(form.getValues().role))}
                    >
                      Générer
                    </Button>
                  }
                  {...form.getInputProps('code_employe')}
                />
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Nom" withAsterisk maxLength={100} {...form.getInputProps('nom')} />
                <TextInput label="Prénom" withAsterisk maxLength={100} {...form.getInputProps('prenom')} />
                <TextInput
                  label="Numéro CNI"
                  description="13 caractères"
                  withAsterisk
                  maxLength={13}
                  {...form.getInputProps('num_cni')}
                />
                <TextInput
                  label="Email"
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  withAsterisk
                  maxLength={254}
                  {...form.getInputProps('email')}
                />
                <TextInput
                  label="Téléphone"
                  type="tel"
                  inputMode="tel"
                  maxLength={30}
                  {...form.getInputProps('telephone')}
                />
                {!personnel && (
                  <PasswordField
                    label="Mot de passe"
                    autoComplete="new-password"
                    withAsterisk
                    description={passwordPolicyHint(policy ?? PASSWORD_FLOOR)}
                    {...form.getInputProps('password')}
                  />
                )}
                <Select
                  label="Rôle"
                  withAsterisk
                  allowDeselect={false}
                  data={ROLE_CHOICES}
                  {...form.getInputProps('role')}
                />
                <Select
                  label="Département"
                  withAsterisk
                  placeholder="Choisir un département"
                  allowDeselect={false}
                  data={DEPARTEMENT_CHOICES}
                  {...form.getInputProps('departement')}
                />
                <TextInput label="Poste" withAsterisk maxLength={150} {...form.getInputProps('poste')} />
                <TextInput label="Date d'embauche" type="date" withAsterisk {...form.getInputProps('date_embauche')} />
                <NumberInput
                  label="Salaire (FCFA)"
                  thousandSeparator=" "
                  allowDecimal={false}
                  allowNegative={false}
                  hideControls
                  {...form.getInputProps('salaire')}
                />
                {!personnel && (
                  <Select
                    label="Statut"
                    withAsterisk
                    allowDeselect={false}
                    data={statutOptions}
                    {...form.getInputProps('statut')}
                  />
                )}
              </SimpleGrid>
            </Stack>
          </fieldset>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              Annuler
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {personnel ? 'Enregistrer les modifications' : 'Ajouter le personnel'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
