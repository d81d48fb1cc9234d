import { BANQUE_MESSAGES, type Banque } from '@app/shared';
import { Alert, Group, Radio, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useOperationSolde } from '../../data/banques.ts';
import { checkOnBlur } from '../../ui/check-on-blur.ts';
import { SaveForm } from '../../ui/FormModal.tsx';
import { MoneyInput } from '../../ui/MoneyInput.tsx';
import { emptySoldeValues, type SoldeFormValues, soldeOperation } from './banque-form.ts';

/**
 * The inline balance operation of a bank's card (spec 3 §2.6, §5): deposit or withdrawal, a whole
 * amount above 0 and a comment, both required. A withdrawal below zero is refused by the server
 * ('Solde insuffisant', under the amount). It opens on its first field; success is a toast and
 * its closing.
 */
export function SoldeOperationForm({ banque, onDone }: { banque: Banque; onDone: () => void }) {
  const save = useOperationSolde();
  const form = useForm<SoldeFormValues>({
    mode: 'controlled',
    initialValues: emptySoldeValues(),
    validate: (values) => {
      const { errors } = soldeOperation(values);
      // The amount says what is wrong with it; the alert says the comment is missing.
      return {
        montant: errors?.montant,
        commentaire: errors?.commentaire ? true : undefined,
        date_valeur: errors?.date_valeur,
        compte: errors?.compte,
      };
    },
    enhanceGetInputProps: checkOnBlur(['montant']),
  });
  const [invalid, setInvalid] = useState(false);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    container.current?.querySelector<HTMLInputElement>('input:checked, input')?.focus();
  }, []);

  const submit = () => {
    // The alert is the amount's and the comment's (spec 3 §5); a bad account is said under its field.
    const { errors } = form.validate();
    setInvalid(Boolean(errors.montant || errors.commentaire));
    const { body } = soldeOperation(form.getValues());
    if (!body) return undefined;
    return save.mutateAsync({ id: banque.id, body }).then(({ message }) => message);
  };

  return (
    <div ref={container}>
      <SaveForm
        save={save}
        failure="Erreur lors de la mise à jour du solde"
        onSubmit={submit}
        onDone={onDone}
        onCancel={onDone}
        onFieldErrors={form.setErrors}
        submitLabel="Valider l’opération"
        aria-label={`Opération sur le solde de ${banque.nom}`}
      >
        {invalid && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {BANQUE_MESSAGES.operationInvalid}
          </Alert>
        )}
        <Radio.Group label="Opération" withAsterisk {...form.getInputProps('type')}>
          <Group gap="lg" mt={6}>
            <Radio value="depot" label="Dépôt" />
            <Radio value="retrait" label="Retrait" />
          </Group>
        </Radio.Group>
        <MoneyInput label="Montant (FCFA)" withAsterisk {...form.getInputProps('montant')} />
        <TextInput
          type="date"
          label="Date de valeur"
          description="Le jour où la banque l’a passée (ex. des frais du mois dernier)"
          {...form.getInputProps('date_valeur')}
        />
        <Textarea label="Commentaire" withAsterisk minRows={2} maxLength={500} {...form.getInputProps('commentaire')} />
        <TextInput
          label="Compte de contrepartie (OHADA)"
          description={
            'Ex. 631 pour des frais bancaires. Vide\u00a0: le compte d’attente des paramètres (471 par défaut).'
          }
          maxLength={12}
          autoCapitalize="characters"
          {...form.getInputProps('compte')}
        />
      </SaveForm>
    </div>
  );
}
