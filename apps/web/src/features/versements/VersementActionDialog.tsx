import { formatFCFA, type Versement } from '@app/shared';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useVersementAction } from '../../data/versements.ts';
import { showToast } from '../../ui/toasts/toast-store.ts';
import type { RowAction } from './VersementRowActions.tsx';
import { membreName } from './versement-format.ts';

/** The dialog's tone (spec 3 §2.1): danger for a deletion, warning for a rejection, info for a validation. */
export type DialogVariant = 'danger' | 'warning' | 'info';

const VARIANTS: Record<DialogVariant, { color: string; icon: ReactNode }> = {
  danger: { color: 'red', icon: <IconAlertTriangle size={20} /> },
  warning: { color: 'orange', icon: <IconAlertCircle size={20} /> },
  info: { color: 'teal', icon: <IconInfoCircle size={20} /> },
};

interface ActionText {
  variant: DialogVariant;
  title: string;
  confirm: string;
  failure: string;
  message: (v: Versement) => ReactNode;
}

const what = (v: Versement) => (
  <>
    le versement de <strong>{formatFCFA(v.montant)}</strong> (reçu n°{'\u00a0'}
    {v.numero_recu}) de <strong>{membreName(v)}</strong>
  </>
);

const ACTIONS: Record<RowAction, ActionText> = {
  validate: {
    variant: 'info',
    title: 'Valider le versement',
    confirm: 'Valider',
    failure: 'Erreur lors de la validation du versement',
    message: (v) => (
      <>
        Valider {what(v)}
        {'\u202f'}? Le compte {v.banque.nom} sera crédité et le montant ajouté au total payé du membre.
      </>
    ),
  },
  reject: {
    variant: 'warning',
    title: 'Rejeter le versement',
    confirm: 'Rejeter',
    failure: 'Erreur lors du rejet du versement',
    message: (v) => (
      <>
        Rejeter {what(v)}
        {'\u202f'}? Le membre verra le motif indiqué.
      </>
    ),
  },
  delete: {
    variant: 'danger',
    title: 'Supprimer le versement',
    confirm: 'Supprimer',
    failure: 'Erreur lors de la suppression du versement',
    message: (v) =>
      v.statut === 'valide' ? (
        <>
          Supprimer {what(v)}
          {'\u202f'}? Ce versement est validé{'\u00a0'}: le compte {v.banque.nom} sera débité du même montant et le
          total payé du membre diminué.
        </>
      ) : (
        <>
          Supprimer {what(v)}
          {'\u202f'}? Il disparaîtra de la liste.
        </>
      ),
  },
};

export interface VersementActionDialogProps {
  /** The action asked and its payment; null: closed. */
  target: { action: RowAction; versement: Versement } | null;
  onClose: () => void;
  /** After a success (the toast is shown here). */
  onDone?: (action: RowAction, versement: Versement) => void;
}

/**
 * The confirmation of a validation, a rejection (with its optional reason) or a deletion; the
 * focus starts on the reason, else on 'Annuler'. A refusal (already processed, own declaration,
 * insufficient balance) stays in the dialog with the server's message.
 */
export function VersementActionDialog({ target, onClose, onDone }: VersementActionDialogProps) {
  const mutation = useVersementAction();
  // The target outlives the closing, so the dialog keeps its text while it fades out.
  const [shown, setShown] = useState(target);
  const [motif, setMotif] = useState('');
  if (target && target !== shown) setShown(target);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts afresh, not a new mutation object
  useEffect(() => {
    if (!target) return;
    setMotif('');
    mutation.reset();
  }, [target]);
  const spec = shown ? ACTIONS[shown.action] : null;
  const variant = spec ? VARIANTS[spec.variant] : VARIANTS.info;
  const busy = mutation.isPending;

  const confirm = () => {
    if (!shown) return;
    const { action, versement } = shown;
    const run = action === 'reject' ? { action, versement, motif: motif.trim() || null } : { action, versement };
    mutation.mutate(run, {
      onSuccess: ({ message }) => {
        showToast('success', message);
        onClose();
        onDone?.(action, versement);
      },
    });
  };

  return (
    <Modal
      opened={target !== null}
      onClose={busy ? () => {} : onClose}
      centered
      size="md"
      title={
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" color={variant.color} radius="xl" aria-hidden>
            {variant.icon}
          </ThemeIcon>
          <span>{spec?.title}</span>
        </Group>
      }
    >
      {shown && spec && (
        <Stack gap="md">
          <Text size="sm">{spec.message(shown.versement)}</Text>
          {shown.action === 'reject' && (
            <Textarea
              label="Motif du rejet (facultatif)"
              description="Expliquez au membre ce qui ne va pas (reçu illisible, montant différent…)."
              rows={3}
              resize="vertical"
              maxLength={500}
              value={motif}
              disabled={busy}
              onChange={(event) => setMotif(event.currentTarget.value)}
            />
          )}
          {mutation.error && (
            <Alert
              color="red"
              variant="light"
              title={spec.failure}
              icon={<IconAlertCircle size={18} aria-hidden />}
              role="alert"
            >
              {mutation.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
              Annuler
            </Button>
            <Button
              color={variant.color}
              loading={busy}
              onClick={confirm}
              leftSection={
                shown.action === 'validate' ? (
                  <IconCheck size={16} aria-hidden />
                ) : shown.action === 'reject' ? (
                  <IconX size={16} aria-hidden />
                ) : undefined
              }
            >
              {spec.confirm}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
