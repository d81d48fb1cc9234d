import { DEPENSE_CATEGORIES, DEPENSE_MESSAGES, type Depense } from '@app/shared';
import { Alert, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { banquesChoixQuery } from '../../data/banques.ts';
import { useSaveDepense } from '../../data/depenses.ts';
import { AttachmentField, attachmentError } from '../../ui/AttachmentField.tsx';
import { checkOnBlur } from '../../ui/check-on-blur.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { MoneyInput } from '../../ui/MoneyInput.tsx';
import {
  type DepenseFormValues,
  depenseBody,
  depenseErrors,
  depenseValues,
  emptyDepenseValues,
  DEPENSE_FIELD_LABELS as LABELS,
  principalBanque,
} from './depense-form.ts';

const CATEGORIE_OPTIONS = DEPENSE_CATEGORIES.map((value) => ({ value, label: value }));

export interface DepenseFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The member's pending expense to edit; null: a new one. */
  depense: Depense | null;
}

/**
 * 'Nouvelle Dépense' or 'Modifier la dépense' (spec 3 §2.2, §5), a member's: amount in whole
 * FCFA, category ('Autre' asks for its precision), description, date (today by default), receipt
 * number, the bank to debit (the principal one by default) and an optional justificatif.
 */
export function DepenseFormModal({ opened, onClose, depense }: DepenseFormModalProps) {
  const save = useSaveDepense();
  const form = useForm<DepenseFormValues>({
    mode: 'controlled',
    initialValues: emptyDepenseValues(),
    validate: depenseErrors,
    enhanceGetInputProps: checkOnBlur(['montant']),
  });
  const [justificatif, setJustificatif] = useState<File | null>(null);
  const [fileServerError, setFileServerError] = useState<string | null>(null);
  const banques = useQuery({ ...banquesChoixQuery(), enabled: opened });
  const editing = depense !== null;

  // The principal bank, once the banks are known, if none is chosen yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the banks' arrival preselects
  useEffect(() => {
    const principale = principalBanque(banques.data ?? []);
    if (opened && principale && form.getValues().banque_id === null) {
      form.setFieldValue('banque_id', String(principale.id));
    }
  }, [banques.data, opened]);

  const reset = () => {
    form.setValues(depense ? depenseValues(depense) : emptyDepenseValues(banques.data ?? []));
    form.clearErrors();
    setJustificatif(null);
    setFileServerError(null);
  };

  const showFieldErrors = (errors: Record<string, string>) => {
    const { fichier_justificatif, ...fields } = errors;
    form.setErrors(fields);
    if (fichier_justificatif) setFileServerError(fichier_justificatif);
  };

  const submit = () => {
    if (form.validate().hasErrors || attachmentError(justificatif)) return undefined;
    setFileServerError(null);
    return save
      .mutateAsync({ id: depense?.id, body: depenseBody(form.getValues()), justificatif })
      .then(({ message }) => message);
  };

  // The expense's bank may no longer be offered (made inactive): it stays a choice.
  const banqueChoices = (banques.data ?? []).map((b) => ({
    value: String(b.id),
    label: b.est_principale ? `${b.nom} (principale)` : b.nom,
  }));
  if (depense && !banqueChoices.some((c) => c.value === String(depense.banque_id))) {
    banqueChoices.push({ value: String(depense.banque_id), label: depense.banque.nom });
  }

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      onOpen={reset}
      title={editing ? 'Modifier la dépense' : 'Nouvelle Dépense'}
      size="lg"
      save={save}
      failure={editing ? DEPENSE_MESSAGES.updateError : DEPENSE_MESSAGES.createError}
      onSubmit={submit}
      onFieldErrors={showFieldErrors}
      submitLabel={editing ? 'Enregistrer les modifications' : 'Enregistrer la dépense'}
    >
      {!editing && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="note">
          Votre dépense sera examinée par un comptable ou un administrateur, qui l’approuvera ou la rejettera. Joignez
          le justificatif pour accélérer l’approbation.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MoneyInput label={LABELS.montant} withAsterisk {...form.getInputProps('montant')} />
        <TextInput label={LABELS.date_depense} type="date" withAsterisk {...form.getInputProps('date_depense')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={LABELS.categorie}
          withAsterisk
          // The dialog may open on this field: its list opens on a click or a key, not on the focus.
          openOnFocus={false}
          placeholder="Choisir une catégorie"
          data={CATEGORIE_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('categorie')}
          onChange={(value) => {
            form.setFieldValue('categorie', value as DepenseFormValues['categorie']);
            form.clearFieldError('categorie');
            if (value !== 'Autre') form.clearFieldError('categorie_autre');
          }}
        />
        <TextInput
          label={LABELS.numero_recu}
          maxLength={50}
          autoComplete="off"
          placeholder="FAC-2026-0042"
          {...form.getInputProps('numero_recu')}
        />
      </SimpleGrid>
      {form.values.categorie === 'Autre' && (
        <TextInput
          label={LABELS.categorie_autre}
          withAsterisk
          maxLength={100}
          placeholder="Loyer du dépôt, frais bancaires…"
          {...form.getInputProps('categorie_autre')}
        />
      )}
      <Textarea
        label={LABELS.description}
        withAsterisk
        rows={3}
        resize="vertical"
        maxLength={1000}
        placeholder="Ce qui a été acheté ou payé, et pour quoi"
        {...form.getInputProps('description')}
      />
      {/* The longest choice (the principal bank, named so) reads whole on its own row. */}
      <Select
        label={LABELS.banque_id}
        description="Elle sera débitée à l’approbation."
        openOnFocus={false}
        allowDeselect={false}
        placeholder={banques.isPending ? 'Chargement des banques...' : 'Choisir une banque'}
        data={banqueChoices}
        {...form.getInputProps('banque_id')}
        error={
          form.errors.banque_id ??
          (banques.isError ? `Banques indisponibles\u00a0: ${banques.error.message}` : undefined)
        }
      />
      <AttachmentField
        label={LABELS.fichier_justificatif}
        inputLabel="Fichier du justificatif"
        what="justificatif"
        file={justificatif}
        onChange={(file) => {
          setJustificatif(file);
          setFileServerError(null);
        }}
        error={attachmentError(justificatif) ?? fileServerError}
        note={
          depense?.fichier_justificatif
            ? `Justificatif actuel\u00a0: ${depense.fichier_justificatif}\u202f; un nouveau fichier le remplacera.`
            : null
        }
      />
    </FormModal>
  );
}
