import { type Membre, type MembreUpdate, membreUpdateSchema } from '@app/shared';
import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/index.ts';
import { statutOptions } from '../../ui/account-options.ts';
import { changedFields } from '../../ui/changed-fields.ts';
import { fullName } from '../../ui/person-name.ts';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { TYPE_OPTIONS } from './membre-format.ts';
import { assignGestionnaire, updateMembre } from './membres.api.ts';
import { gestionnaireOptionsQuery, MEMBRE_CHANGES, membresKeys } from './membres.queries.ts';

/** The fields of the spec's member edit (spec 3 §5), sent through PUT /membres/:id, and the assignment. */
interface FormValues {
  email: string;
  telephone: string;
  date_naissance: string;
  profession: string;
  adresse: string;
  ville: string;
  pays: string;
  num_cni: string;
  statut: string;
  type_membre: string;
  gestionnaire_id: string | null;
}

const toValues = (m: Membre): FormValues => ({
  email: m.email,
  telephone: m.telephone ?? '',
  date_naissance: m.date_naissance,
  profession: m.profession,
  adresse: m.adresse,
  ville: m.ville,
  pays: m.pays,
  num_cni: m.num_cni,
  statut: m.statut,
  type_membre: m.type_membre,
  gestionnaire_id: m.gestionnaire_id === null ? null : String(m.gestionnaire_id),
});

const validateFields = schemaResolver(membreUpdateSchema, { sync: true });

interface Save {
  changes: MembreUpdate;
  /** The newly chosen gestionnaire's account id, when it changed. */
  gestionnaireId: number | null;
}

/** What differs from the member as the server last sent it. */
function changesOf({ gestionnaire_id, ...fields }: FormValues, membre: Membre): Save {
  const { gestionnaire_id: current, ...initial } = toValues(membre);
  return {
    changes: membreUpdateSchema.parse(changedFields(fields, initial)),
    gestionnaireId: gestionnaire_id !== null && gestionnaire_id !== current ? Number(gestionnaire_id) : null,
  };
}

/**
 * The admin's edit of a member file: contact, identity papers, address, status, type and the
 * assigned gestionnaire. Only the changed fields are sent; the server's field messages show on
 * the fields.
 */
export function MembreEditForm({ membre, onDone }: { membre: Membre; onDone: () => void }) {
  const queryClient = useQueryClient();
  const gestionnaires = useQuery(gestionnaireOptionsQuery());
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: toValues(membre),
    validate: ({ gestionnaire_id: _, ...fields }) => validateFields(fields as never),
  });

  const mutation = useMutation({
    mutationFn: async ({ changes, gestionnaireId }: Save) => {
      let saved = membre;
      let message: string | undefined;
      if (Object.keys(changes).length > 0) ({ membre: saved, message } = await updateMembre(membre.id, changes));
      if (gestionnaireId !== null) saved = await assignGestionnaire(membre.id, gestionnaireId);
      return { saved, message };
    },
    onSuccess: ({ saved, message }) => {
      queryClient.setQueryData(membresKeys.detail(saved.id), saved);
      showToast('success', message ?? 'Membre mis à jour avec succès');
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errors) form.setErrors(error.errors);
    },
    // The detail, the lists, the figures and the accounts reload (also after a half-done save).
    onSettled: () => Promise.all(MEMBRE_CHANGES.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (form.validate().hasErrors) return;
    const save = changesOf(form.getValues(), membre);
    // Nothing differs from the server's copy (a former half-done save sent it already).
    if (Object.keys(save.changes).length === 0 && save.gestionnaireId === null) onDone();
    else mutation.mutate(save);
  };

  const options = (gestionnaires.data ?? []).map((g) => ({ value: String(g.id), label: fullName(g) }));
  // A gestionnaire who left (inactive) stays shown as the current choice.
  if (membre.gestionnaire && !options.some((o) => o.value === String(membre.gestionnaire?.id))) {
    options.unshift({ value: String(membre.gestionnaire.id), label: fullName(membre.gestionnaire) });
  }

  return (
    <form noValidate onSubmit={submit} aria-label={`Modifier ${fullName(membre)}`}>
      <Stack gap="md">
        {mutation.isError && (
          <Alert
            color="red"
            variant="light"
            title="Erreur lors de la sauvegarde"
            icon={<IconAlertCircle size={18} aria-hidden />}
            role="alert"
          >
            {mutation.error.message}
          </Alert>
        )}
        <fieldset disabled={mutation.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput type="email" label="Email" withAsterisk {...form.getInputProps('email')} />
              <TextInput type="tel" label="Téléphone" {...form.getInputProps('telephone')} />
              <TextInput type="date" label="Date de naissance" withAsterisk {...form.getInputProps('date_naissance')} />
              <TextInput label="Numéro CNI" withAsterisk maxLength={13} {...form.getInputProps('num_cni')} />
            </SimpleGrid>
            <TextInput label="Profession" withAsterisk {...form.getInputProps('profession')} />
            <TextInput label="Adresse" withAsterisk {...form.getInputProps('adresse')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Ville" withAsterisk {...form.getInputProps('ville')} />
              <TextInput label="Pays" withAsterisk {...form.getInputProps('pays')} />
              <Select label="Statut" allowDeselect={false} data={statutOptions} {...form.getInputProps('statut')} />
              <Select label="Type" allowDeselect={false} data={TYPE_OPTIONS} {...form.getInputProps('type_membre')} />
            </SimpleGrid>
            <Select
              label="Gestionnaire assigné"
              placeholder={gestionnaires.isPending ? 'Chargement des gestionnaires...' : 'Non assigné'}
              searchable
              allowDeselect={false}
              nothingFoundMessage="Aucun gestionnaire trouvé"
              data={options}
              {...form.getInputProps('gestionnaire_id')}
              error={
                form.errors.gestionnaire_id ??
                (gestionnaires.isError ? `Gestionnaires indisponibles : ${gestionnaires.error.message}` : undefined)
              }
            />
          </Stack>
        </fieldset>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
            Annuler
          </Button>
          <Button type="submit" loading={mutation.isPending} disabled={!form.isDirty()}>
            Sauvegarder
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
