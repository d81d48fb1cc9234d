import {
  formatDate,
  formatFCFA,
  heldByFourEyes,
  REMBOURSEMENT_MESSAGES,
  REMBOURSEMENT_WORKFLOW,
  type Remboursement,
} from '@app/shared';
import { Alert, Group, Paper, Radio, SimpleGrid, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTraiterRemboursement } from '../../data/remboursements.ts';
import { DetailField } from '../../ui/DetailField.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { type TraiterFormValues, traiterBody, traiterErrors } from './remboursement-form.ts';
import { filedBySelf, membreName, type RemboursementRights } from './remboursement-format.ts';

const SUBMIT_LABELS = { approuve: 'Approuver', rejete: 'Rejeter', none: 'Enregistrer la décision' } as const;

export interface RemboursementTraiterModalProps {
  /** The pending request to decide; null: closed. */
  remboursement: Remboursement | null;
  rights: RemboursementRights;
  onClose: () => void;
}

/**
 * 'Traiter la demande' (spec 3 §2.3, §5): approve or reject; a comment is optional for an
 * approval and required for a rejection (the submit stays off without it). An approval debits the
 * principal bank; a refusal (insufficient balance, already decided, own filing) stays in the
 * dialog with the server's message.
 */
export function RemboursementTraiterModal({ remboursement, rights, onClose }: RemboursementTraiterModalProps) {
  const save = useTraiterRemboursement();
  const form = useForm<TraiterFormValues>({ mode: 'controlled', initialValues: { statut: null, commentaire: '' } });
  // The request outlives the closing, so the dialog keeps its text while it fades out.
  const [shown, setShown] = useState(remboursement);
  if (remboursement && remboursement !== shown) setShown(remboursement);
  // Four eyes (REMBOURSEMENT_WORKFLOW): its filer may reject it, not approve it.
  const own = shown
    ? heldByFourEyes(
        REMBOURSEMENT_WORKFLOW.approve,
        { role: rights.role, filer: filedBySelf(shown, rights) },
        shown.statut,
      )
    : false;
  const { statut, commentaire } = form.values;
  const rejectionWithoutReason = statut === 'rejete' && commentaire.trim() === '';

  const submit = () => {
    if (!shown) return undefined;
    const values = form.getValues();
    const errors = traiterErrors(values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return undefined;
    return save.mutateAsync({ id: shown.id, body: traiterBody(values) }).then(({ message }) => message);
  };

  return (
    <FormModal
      opened={remboursement !== null}
      onClose={onClose}
      onOpen={() => {
        form.setValues({ statut: null, commentaire: '' });
        form.clearErrors();
      }}
      title="Traiter la demande de remboursement"
      size="lg"
      save={save}
      failure={REMBOURSEMENT_MESSAGES.processError}
      onSubmit={submit}
      onFieldErrors={form.setErrors}
      submitLabel={SUBMIT_LABELS[statut ?? 'none']}
      submitDisabled={rejectionWithoutReason}
    >
      {shown && (
        <Paper withBorder radius="md" p="sm" component="section" aria-label="Demande à traiter">
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
            <DetailField label="Membre">
              {membreName(shown)} ({shown.membre.code_esv})
            </DetailField>
            <DetailField label="Montant">{formatFCFA(shown.montant)}</DetailField>
            <DetailField label="Raison">{shown.raison}</DetailField>
            <DetailField label="Demandé le">{formatDate(shown.date_creation)}</DetailField>
            {shown.commentaire && <DetailField label="Commentaire du demandeur">{shown.commentaire}</DetailField>}
          </SimpleGrid>
        </Paper>
      )}
      {own && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="note">
          {REMBOURSEMENT_MESSAGES.ownFiling}
        </Alert>
      )}
      <Radio.Group
        label="Décision"
        withAsterisk
        value={statut}
        onChange={(value) => {
          form.setFieldValue('statut', value as TraiterFormValues['statut']);
          form.clearFieldError('statut');
        }}
        error={form.errors.statut}
      >
        <Group gap="lg" mt={6}>
          <Radio value="approuve" label="Approuver" disabled={own} />
          <Radio value="rejete" label="Rejeter" />
        </Group>
      </Radio.Group>
      {statut === 'approuve' && shown && (
        <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="note">
          La banque principale sera débitée de {formatFCFA(shown.montant)} et le total payé par {membreName(shown)}{' '}
          diminué d’autant.
        </Alert>
      )}
      <Textarea
        label={statut === 'rejete' ? 'Commentaire (obligatoire pour un rejet)' : 'Commentaire (facultatif)'}
        withAsterisk={statut === 'rejete'}
        description={
          statut === 'rejete'
            ? 'Le membre lira ce motif avec sa demande rejetée.'
            : 'Facultatif pour une approbation, obligatoire pour un rejet.'
        }
        rows={3}
        resize="vertical"
        maxLength={1000}
        {...form.getInputProps('commentaire')}
      />
    </FormModal>
  );
}
