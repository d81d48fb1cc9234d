import {
  isStaffRole,
  PEOPLE_MESSAGES,
  passwordPolicyHint,
  ROLE_LABELS,
  type StaffRole,
  type Utilisateur,
} from '@app/shared';
import { Alert, Anchor, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { viewPath } from '../../app/views.tsx';
import { publicSettingsQuery } from '../../data/settings.ts';
import { useSaveUtilisateur } from '../../data/utilisateurs.ts';
import { PASSWORD_FLOOR, roleOptions } from '../../ui/account-options.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import {
  emptyUtilisateurValues,
  type UtilisateurFormValues,
  utilisateurChanges,
  utilisateurCreateBody,
  utilisateurFormErrors,
  utilisateurValues,
} from './utilisateur-form.ts';

/** A staff account's role choices: a staff file goes with a staff role (decisions §3). */
const STAFF_ROLE_CHOICES = roleOptions<StaffRole>(['commercial', 'comptable', 'gestionnaire', 'admin']);

/**
 * The add-user modal (spec 3 §2.10, §5), which creates demandeur accounts only; also used to edit
 * an account's identity, and a staff account's role. Other roles show read-only.
 */
export function UtilisateurFormModal({
  opened,
  onClose,
  utilisateur,
}: {
  opened: boolean;
  onClose: () => void;
  utilisateur: Utilisateur | null;
}) {
  const policy = useQuery(publicSettingsQuery()).data?.security;
  const mode = utilisateur ? 'edit' : 'create';
  const staff = !!utilisateur && isStaffRole(utilisateur.role);
  const save = useSaveUtilisateur();
  const form = useForm<UtilisateurFormValues>({ mode: 'controlled', initialValues: emptyUtilisateurValues() });

  const reset = () => {
    form.setValues(utilisateur ? utilisateurValues(utilisateur) : emptyUtilisateurValues());
    form.clearErrors();
  };

  const submit = () => {
    const values = form.getValues();
    const errors = utilisateurFormErrors(values, mode, policy);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return undefined;
    if (!utilisateur) {
      return save.mutateAsync({ create: utilisateurCreateBody(values) }).then(() => 'Utilisateur créé avec succès');
    }
    const changes = utilisateurChanges(values, utilisateur);
    const saving =
      Object.keys(changes).length > 0 ? save.mutateAsync({ id: utilisateur.id, changes }) : Promise.resolve();
    return saving.then(() => 'Utilisateur mis à jour avec succès');
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      onOpen={reset}
      title={utilisateur ? 'Modifier l’utilisateur' : 'Nouvel utilisateur'}
      save={save}
      failure={
        utilisateur ? 'Erreur lors de la mise à jour de l’utilisateur' : 'Erreur lors de la création de l’utilisateur'
      }
      onSubmit={submit}
      onFieldErrors={form.setErrors}
      submitLabel={utilisateur ? 'Enregistrer les modifications' : 'Créer l’utilisateur'}
    >
      {!utilisateur && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          Un compte du personnel se crée avec sa fiche depuis{' '}
          <Anchor component={Link} to={viewPath('personnels')} onClick={onClose} inherit>
            Gestion des Personnels
          </Anchor>
          {'\u202f'}; un compte membre naît d’une demande validée.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Nom" withAsterisk maxLength={100} {...form.getInputProps('nom')} />
        <TextInput label="Prénom" withAsterisk maxLength={100} {...form.getInputProps('prenom')} />
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
        {staff ? (
          <Select
            label="Rôle"
            withAsterisk
            allowDeselect={false}
            data={STAFF_ROLE_CHOICES}
            {...form.getInputProps('role')}
          />
        ) : (
          <TextInput
            label="Rôle"
            readOnly
            value={ROLE_LABELS[form.values.role]}
            description={form.values.role === 'membre' ? PEOPLE_MESSAGES.membreRoleFixed : undefined}
          />
        )}
        {!utilisateur && (
          <PasswordField
            label="Mot de passe"
            autoComplete="new-password"
            withAsterisk
            description={passwordPolicyHint(policy ?? PASSWORD_FLOOR)}
            {...form.getInputProps('mot_de_passe')}
          />
        )}
      </SimpleGrid>
    </FormModal>
  );
}
