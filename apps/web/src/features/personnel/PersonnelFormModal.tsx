import { DEPARTEMENTS, type Personnel, passwordPolicyHint } from '@app/shared';
import { Button, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconWand } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSavePersonnel } from '../../data/personnel.ts';
import { publicSettingsQuery } from '../../data/settings.ts';
import { PASSWORD_FLOOR, roleOptions, statutOptions } from '../../ui/account-options.ts';
import { checkOnBlur } from '../../ui/check-on-blur.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { MoneyInput } from '../../ui/MoneyInput.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
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
  const policy = useQuery(publicSettingsQuery()).data?.security;
  const mode = personnel ? 'edit' : 'create';
  const save = useSavePersonnel();
  const form = useForm<PersonnelFormValues>({
    mode: 'controlled',
    initialValues: emptyPersonnelValues(),
    validate: (values) => personnelFormErrors(values, mode, policy),
    enhanceGetInputProps: checkOnBlur(['salaire']),
  });

  const reset = () => {
    form.setValues(personnel ? personnelValues(personnel) : emptyPersonnelValues());
    form.clearErrors();
  };

  const submit = () => {
    if (form.validate().hasErrors) return undefined;
    const values = form.getValues();
    if (!personnel) return save.mutateAsync({ create: personnelCreateBody(values) }).then(() => 'Personnel ajouté');
    const changes = personnelChanges(values, personnel);
    const saving =
      Object.keys(changes).length > 0 ? save.mutateAsync({ id: personnel.id, changes }) : Promise.resolve();
    return saving.then(() => 'Personnel modifié');
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      onOpen={reset}
      title={personnel ? 'Modifier le personnel' : 'Nouveau personnel'}
      save={save}
      failure={personnel ? 'Erreur lors de la modification' : 'Erreur lors de l’ajout'}
      onSubmit={submit}
      onFieldErrors={form.setErrors}
      submitLabel={personnel ? 'Enregistrer les modifications' : 'Ajouter le personnel'}
    >
      {!personnel && (
        <TextInput
          label="Code employé"
          description="Laissé vide, un code est attribué à l’enregistrement."
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
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="off"
          withAsterisk
          maxLength={254}
          {...form.getInputProps('email')}
        />
        <TextInput label="Téléphone" type="tel" inputMode="tel" maxLength={30} {...form.getInputProps('telephone')} />
        {!personnel && (
          <PasswordField
            label="Mot de passe"
            autoComplete="new-password"
            withAsterisk
            description={passwordPolicyHint(policy ?? PASSWORD_FLOOR)}
            {...form.getInputProps('password')}
          />
        )}
        <Select label="Rôle" withAsterisk allowDeselect={false} data={ROLE_CHOICES} {...form.getInputProps('role')} />
        <Select
          label="Département"
          withAsterisk
          placeholder="Choisir un département"
          allowDeselect={false}
          data={DEPARTEMENT_CHOICES}
          {...form.getInputProps('departement')}
        />
        <TextInput label="Poste" withAsterisk maxLength={150} {...form.getInputProps('poste')} />
        <TextInput label="Date d’embauche" type="date" withAsterisk {...form.getInputProps('date_embauche')} />
        <MoneyInput label="Salaire (FCFA)" {...form.getInputProps('salaire')} />
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
    </FormModal>
  );
}
