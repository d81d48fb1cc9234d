import {
  BANQUE_MESSAGES,
  BANQUE_STATUT_LABELS,
  BANQUE_STATUTS,
  type Banque,
  DEVISES,
  TYPE_COMPTE_LABELS,
  TYPES_COMPTE,
} from '@app/shared';
import { Divider, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSaveBanque } from '../../data/banques.ts';
import { checkOnBlur } from '../../ui/check-on-blur.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { MoneyInput } from '../../ui/MoneyInput.tsx';
import {
  type BanqueFormValues,
  banqueChanges,
  banqueCreateBody,
  banqueFormErrors,
  banqueValues,
  emptyBanqueValues,
} from './banque-form.ts';

const DEVISE_CHOICES = [...DEVISES];
const TYPE_COMPTE_CHOICES = TYPES_COMPTE.map((value) => ({ value, label: TYPE_COMPTE_LABELS[value] }));
const STATUT_CHOICES = BANQUE_STATUTS.map((value) => ({ value, label: BANQUE_STATUT_LABELS[value] }));

/**
 * 'Ajouter une banque' (spec 3 §2.6, §5 Bank forms): the spec's required fields and messages, the
 * opening balance in whole FCFA. Also the edit form: then only the name is required, the status
 * shows, the balance does not (a movement changes it), and only the changed fields are sent.
 */
export function BanqueFormModal({
  opened,
  onClose,
  banque,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  /** The bank to edit; null to add one. */
  banque: Banque | null;
  /** After a creation (the page's success popup). */
  onCreated?: (banque: Banque) => void;
}) {
  const mode = banque ? 'edit' : 'create';
  const save = useSaveBanque();
  const form = useForm<BanqueFormValues>({
    mode: 'controlled',
    initialValues: emptyBanqueValues(),
    validate: (values) => banqueFormErrors(values, mode),
    enhanceGetInputProps: checkOnBlur(['solde_initial']),
  });
  const required = mode === 'create';

  const reset = () => {
    form.setValues(banque ? banqueValues(banque) : emptyBanqueValues());
    form.clearErrors();
  };

  const submit = () => {
    if (form.validate().hasErrors) return undefined;
    const values = form.getValues();
    if (!banque) {
      return save.mutateAsync({ create: banqueCreateBody(values) }).then(({ banque: created, message }) => {
        onCreated?.(created);
        return message;
      });
    }
    const changes = banqueChanges(values, banque);
    if (Object.keys(changes).length === 0) return Promise.resolve(BANQUE_MESSAGES.updated);
    return save.mutateAsync({ id: banque.id, changes }).then(({ message }) => message);
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      onOpen={reset}
      title={banque ? 'Modifier la banque' : 'Ajouter une banque'}
      save={save}
      failure={banque ? 'Erreur lors de la modification' : 'Erreur lors de la création'}
      onSubmit={submit}
      onFieldErrors={form.setErrors}
      submitLabel={banque ? 'Enregistrer les modifications' : 'Ajouter la banque'}
    >
      <TextInput label="Nom de la banque" withAsterisk maxLength={150} {...form.getInputProps('nom')} />
      <TextInput label="Adresse" withAsterisk={required} maxLength={300} {...form.getInputProps('adresse')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Téléphone"
          type="tel"
          inputMode="tel"
          withAsterisk={required}
          maxLength={30}
          {...form.getInputProps('telephone')}
        />
        <TextInput
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="off"
          withAsterisk={required}
          maxLength={254}
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Site web"
          type="url"
          inputMode="url"
          placeholder="https://…"
          maxLength={300}
          {...form.getInputProps('site_web')}
        />
        <TextInput label="Contact principal" maxLength={150} {...form.getInputProps('contact_principal')} />
      </SimpleGrid>
      <Divider label="Compte" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Code banque" withAsterisk maxLength={30} {...form.getInputProps('code_banque')} />
        <TextInput label="Numéro de compte" withAsterisk maxLength={50} {...form.getInputProps('numero_compte')} />
        <TextInput label="IBAN" maxLength={50} {...form.getInputProps('iban')} />
        <TextInput label="Code SWIFT" maxLength={20} {...form.getInputProps('swift')} />
        <Select
          label="Type de compte"
          allowDeselect={false}
          data={TYPE_COMPTE_CHOICES}
          {...form.getInputProps('type_compte')}
        />
        <Select label="Devise" allowDeselect={false} data={DEVISE_CHOICES} {...form.getInputProps('devise')} />
        {banque ? (
          <Select label="Statut" allowDeselect={false} data={STATUT_CHOICES} {...form.getInputProps('statut')} />
        ) : (
          <MoneyInput
            label="Solde initial (FCFA)"
            description="Laissé vide : 0 FCFA"
            {...form.getInputProps('solde_initial')}
          />
        )}
      </SimpleGrid>
      <Switch
        label="Banque principale"
        description={
          banque?.est_principale
            ? 'Pour changer de banque principale, désignez-en une autre.'
            : 'Elle remplacera la banque principale actuelle.'
        }
        disabled={banque?.est_principale}
        {...form.getInputProps('est_principale', { type: 'checkbox' })}
      />
    </FormModal>
  );
}
