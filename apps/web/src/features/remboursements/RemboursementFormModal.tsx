import { formatFCFA, fullName, REMBOURSEMENT_MESSAGES, type RemboursementMembre } from '@app/shared';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconInfoCircle, IconReceiptRefund } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { remboursementMembresQuery, useCreateRemboursement } from '../../data/remboursements.ts';
import { AttachmentField, attachmentError } from '../../ui/AttachmentField.tsx';
import { checkOnBlur } from '../../ui/check-on-blur.ts';
import { DetailField } from '../../ui/DetailField.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { MoneyInput } from '../../ui/MoneyInput.tsx';
import { MembrePicker } from './MembrePicker.tsx';
import {
  type Demandeur,
  emptyRemboursementValues,
  REMBOURSEMENT_FIELD_LABELS as LABELS,
  missesRequired,
  type RemboursementFormValues,
  remboursementBody,
  remboursementErrors,
} from './remboursement-form.ts';

/** What may still be refunded to the member: his paid total, less the requests still pending. */
function Remboursable({ membre, own }: { membre: RemboursementMembre; own: boolean }) {
  return (
    <Paper withBorder radius="md" p="sm" role="note" aria-label="Montant remboursable">
      <SimpleGrid component="dl" cols={2} spacing="sm" m={0}>
        <DetailField label="Montant remboursable">{formatFCFA(membre.montant_remboursable)}</DetailField>
        <DetailField label={own ? 'Déjà payé' : 'Déjà payé par le membre'}>
          {formatFCFA(membre.montant_deja_paye)}
        </DetailField>
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs">
        {own ? 'Vous pouvez' : 'Il peut'} demander au plus le montant remboursable{'\u00a0'}: ce qui a été payé, moins
        les demandes encore en attente.
      </Text>
    </Paper>
  );
}

export interface RemboursementFormModalProps {
  opened: boolean;
  onClose: () => void;
  demandeur: Demandeur;
  /** A processor's 'Remboursement total' for the member picked (the page asks for confirmation). */
  onTotal?: (membre: RemboursementMembre) => void;
}

/**
 * 'Nouvelle demande de remboursement' (spec 3 §2.3, §5): a member for himself, a processor for
 * the member he picks (searched on the server); what may still be refunded, the amount in whole
 * FCFA, the reason, a comment and an optional supporting file; for a processor, the member's
 * whole refund.
 */
export function RemboursementFormModal({ opened, onClose, demandeur, onTotal }: RemboursementFormModalProps) {
  const save = useCreateRemboursement();
  const form = useForm<RemboursementFormValues>({
    mode: 'controlled',
    initialValues: emptyRemboursementValues(),
    validate: (values) => remboursementErrors(values, demandeur),
    enhanceGetInputProps: checkOnBlur(['montant']),
  });
  const [membre, setMembre] = useState<RemboursementMembre | null>(null);
  const [justificatif, setJustificatif] = useState<File | null>(null);
  const [fileServerError, setFileServerError] = useState<string | null>(null);
  const [incomplete, setIncomplete] = useState(false);
  const responsable = demandeur === 'responsable';

  // A member's own figures: the one member the list gives him.
  const own = useQuery({ ...remboursementMembresQuery(''), enabled: opened && !responsable });
  const ownMembre = own.data?.[0] ?? null;
  const shown = responsable ? membre : ownMembre;

  const reset = () => {
    form.setValues(emptyRemboursementValues());
    form.clearErrors();
    setMembre(null);
    setJustificatif(null);
    setFileServerError(null);
    setIncomplete(false);
  };

  const showFieldErrors = (errors: Record<string, string>) => {
    const { fichier_justificatif, ...fields } = errors;
    form.setErrors(fields);
    if (fichier_justificatif) setFileServerError(fichier_justificatif);
  };

  const submit = () => {
    const { hasErrors, errors } = form.validate();
    setIncomplete(missesRequired(errors));
    if (hasErrors || attachmentError(justificatif)) return undefined;
    setFileServerError(null);
    return save
      .mutateAsync({ body: remboursementBody(form.getValues(), demandeur), justificatif })
      .then(({ message }) => message);
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      onOpen={reset}
      title="Nouvelle demande de remboursement"
      size="lg"
      save={save}
      failure={REMBOURSEMENT_MESSAGES.createError}
      onSubmit={submit}
      onFieldErrors={showFieldErrors}
      submitLabel="Envoyer la demande"
    >
      {incomplete && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {REMBOURSEMENT_MESSAGES.requiredFields}
        </Alert>
      )}

      {responsable ? (
        <Stack gap="sm">
          <MembrePicker
            label={LABELS.membre_id}
            withAsterisk
            openOnFocus={false}
            value={form.values.membre_id}
            onChange={(picked) => {
              setMembre(picked);
              form.setFieldValue('membre_id', picked?.id ?? null);
              form.clearFieldError('membre_id');
            }}
            error={form.errors.membre_id as string | undefined}
          />
          {membre && <Remboursable membre={membre} own={false} />}
          {membre && onTotal && (
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="xs" c="dimmed" style={{ flex: '1 1 16rem' }}>
                {membre.montant_remboursable > 0
                  ? `${fullName(membre)} quitte le programme\u202f? Demandez-lui le remboursement de tout ce qu’il a payé.`
                  : REMBOURSEMENT_MESSAGES.nothingToRefund}
              </Text>
              <Button
                // Neutral: the light orange reads below 4.5:1 under the pointer.
                variant="default"
                size="xs"
                leftSection={<IconReceiptRefund size={16} color="var(--mantine-color-orange-8)" aria-hidden />}
                disabled={membre.montant_remboursable <= 0}
                onClick={() => onTotal(membre)}
              >
                Remboursement total
              </Button>
            </Group>
          )}
        </Stack>
      ) : shown ? (
        <Remboursable membre={shown} own />
      ) : (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="note">
          {own.isError
            ? `Montant remboursable indisponible\u00a0: ${own.error.message}`
            : 'Chargement de votre montant remboursable...'}
        </Alert>
      )}

      <MoneyInput label={LABELS.montant} withAsterisk {...form.getInputProps('montant')} />
      <TextInput
        label={LABELS.raison}
        withAsterisk
        maxLength={500}
        placeholder="Trop-perçu, désistement…"
        {...form.getInputProps('raison')}
      />
      <Textarea
        label={LABELS.commentaire}
        rows={3}
        resize="vertical"
        maxLength={1000}
        {...form.getInputProps('commentaire')}
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
      />
    </FormModal>
  );
}
