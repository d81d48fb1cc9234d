import {
  isStaffRole,
  PEOPLE_MESSAGES,
  passwordPolicyHint,
  ROLE_LABELS,
  type StaffRole,
  type Utilisateur,
  viewPath,
} from '@app/shared';
import { Alert, Anchor, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ApiError, publicSettingsQuery } from '../../api/index.ts';
import { PASSWORD_FLOOR, roleOptions } from '../../ui/account-options.ts';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { failureText, toastFailure } from '../../ui/use-confirm-action.ts';
import {
  emptyUtilisateurValues,
  type UtilisateurFormValues,
  utilisateurChanges,
  utilisateurCreateBody,
  utilisateurFormErrors,
  utilisateurValues,
} from './utilisateur-form.ts';
import { createUtilisateur, updateUtilisateur } from './utilisateurs.api.ts';
import { UTILISATEUR_CHANGES } from './utilisateurs.queries.ts';

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
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)');
  const policy = useQuery(publicSettingsQuery()).data?.security;
  const mode = utilisateur ? 'edit' : 'create';
  const failure = utilisateur
    ? "Erreur lors de la mise à jour de l'utilisateur"
    : "Erreur lors de la création de l'utilisateur";
  const staff = !!utilisateur && isStaffRole(utilisateur.role);

  const form = useForm<UtilisateurFormValues>({ mode: 'controlled', initialValues: emptyUtilisateurValues() });

  const mutation = useMutation({
    mutationFn: async (values: UtilisateurFormValues) => {
      if (!utilisateur) return createUtilisateur(utilisateurCreateBody(values));
      const changes = utilisateurChanges(values, utilisateur);
      return Object.keys(changes).length > 0 ? updateUtilisateur(utilisateur.id, changes) : utilisateur;
    },
    onSuccess: async () => {
      showToast('success', utilisateur ? 'Utilisateur mis à jour avec succès' : 'Utilisateur créé avec succès');
      onClose();
      await Promise.all(UTILISATEUR_CHANGES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errors) form.setErrors(error.errors);
      toastFailure(failure, error);
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: form and mutation are stable for this purpose
  useEffect(() => {
    if (!opened) return;
    form.setValues(utilisateur ? utilisateurValues(utilisateur) : emptyUtilisateurValues());
    form.clearErrors();
    mutation.reset();
  }, [opened, utilisateur]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const values = form.getValues();
    const errors = utilisateurFormErrors(values, mode, policy);
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
      title={utilisateur ? "Modifier l'utilisateur" : 'Nouvel utilisateur'}
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
          {!utilisateur && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
              Un compte du personnel se crée avec sa fiche depuis{' '}
              <Anchor component={Link} to={viewPath('personnels')} onClick={onClose} inherit>
                Gestion des Personnels
              </Anchor>
              ; un compte membre naît d'une demande validée.
            </Alert>
          )}
          <fieldset disabled={mutation.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Nom" withAsterisk maxLength={100} {...form.getInputProps('nom')} />
              <TextInput label="Prénom" withAsterisk maxLength={100} {...form.getInputProps('prenom')} />
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
          </fieldset>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              Annuler
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {utilisateur ? 'Enregistrer les modifications' : "Créer l'utilisateur"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
