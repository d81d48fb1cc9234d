import { fullName, type Membre, membreUpdateSchema } from '@app/shared';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { type MembreSave, useSaveMembre } from '../../data/membres.ts';
import { gestionnairesActifsQuery } from '../../data/personnel.ts';
import { statutOptions } from '../../ui/account-options.ts';
import { changedFields } from '../../ui/changed-fields.ts';
import { SaveForm } from '../../ui/FormModal.tsx';
import { TYPE_OPTIONS } from './membre-format.ts';

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

/** What differs from the member as the server last sent it. */
function changesOf({ gestionnaire_id, ...fields }: FormValues, membre: Membre): MembreSave {
  const { gestionnaire_id: current, ...initial } = toValues(membre);
  return {
    membre,
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
  const gestionnaires = useQuery(gestionnairesActifsQuery());
  const save = useSaveMembre();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: toValues(membre),
    validate: ({ gestionnaire_id: _, ...fields }) => validateFields(fields as never),
  });

  const submit = () => {
    if (form.validate().hasErrors) return undefined;
    const changes = changesOf(form.getValues(), membre);
    // Nothing differs from the server's copy (a former half-done save sent it already).
    if (Object.keys(changes.changes).length === 0 && changes.gestionnaireId === null) {
      onDone();
      return undefined;
    }
    return save.mutateAsync(changes).then(({ message }) => message ?? 'Membre mis à jour avec succès');
  };

  const options = (gestionnaires.data ?? []).map((g) => ({ value: String(g.id), label: fullName(g) }));
  // A gestionnaire who left (inactive) stays shown as the current choice.
  if (membre.gestionnaire && !options.some((o) => o.value === String(membre.gestionnaire?.id))) {
    options.unshift({ value: String(membre.gestionnaire.id), label: fullName(membre.gestionnaire) });
  }

  return (
    <SaveForm
      save={save}
      failure="Erreur lors de la sauvegarde"
      onSubmit={submit}
      onDone={onDone}
      onCancel={onDone}
      onFieldErrors={form.setErrors}
      submitLabel="Sauvegarder"
      submitDisabled={!form.isDirty()}
      aria-label={`Modifier ${fullName(membre)}`}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput type="email" label="E-mail" withAsterisk {...form.getInputProps('email')} />
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
          (gestionnaires.isError ? `Gestionnaires indisponibles : ${gestionnaires.error.message}` : undefined)
        }
      />
    </SaveForm>
  );
}
