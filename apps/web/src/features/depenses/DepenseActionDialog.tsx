import { DEPENSE_MESSAGES, type Depense, formatFCFA } from '@app/shared';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCheck, IconInfoCircle, IconTrash, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useDepenseAction } from '../../data/depenses.ts';
import { showToast } from '../../ui/toasts/toast-store.ts';
import type { DepenseRowAction } from './DepenseRowActions.tsx';
import { createurName, shortDescription } from './depense-format.ts';

/** The dialog's tone: danger for a deletion, warning for a rejection, info for an approval. */
type DialogVariant = 'danger' | 'warning' | 'info';

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
  icon: ReactNode;
  message: (d: Depense) => ReactNode;
}

const what = (d: Depense) => (
  <>
    la dépense de <strong>{formatFCFA(d.montant)}</strong> «{'\u00a0'}
    {shortDescription(d)}
    {'\u00a0'}» déclarée par <strong>{createurName(d)}</strong>
  </>
);

const ACTIONS: Record<DepenseRowAction, ActionText> = {
  approve: {
    variant: 'info',
    title: 'Approuver la dépense',
    confirm: 'Approuver',
    failure: DEPENSE_MESSAGES.approveError,
    icon: <IconCheck size={16} aria-hidden />,
    message: (d) => (
      <>
        Approuver {what(d)}
        {'\u202f'}? Le compte {d.banque.nom} sera débité de {formatFCFA(d.montant)}.
      </>
    ),
  },
  reject: {
    variant: 'warning',
    title: 'Rejeter la dépense',
    confirm: 'Rejeter',
    failure: DEPENSE_MESSAGES.rejectError,
    icon: <IconX size={16} aria-hidden />,
    message: (d) => (
      <>
        Rejeter {what(d)}
        {'\u202f'}? Le membre verra le motif indiqué.
      </>
    ),
  },
  delete: {
    variant: 'danger',
    title: 'Supprimer la dépense',
    confirm: 'Supprimer',
    failure: DEPENSE_MESSAGES.deleteError,
    icon: <IconTrash size={16} aria-hidden />,
    message: (d) => (
      <>
        Supprimer {what(d)}
        {'\u202f'}? Elle disparaîtra de la liste{'\u00a0'}: cette action est irréversible.
      </>
    ),
  },
};

export interface DepenseActionDialogProps {
  /** The action asked and its expense; null: closed. */
  target: { action: DepenseRowAction; depense: Depense } | null;
  onClose: () => void;
}

/**
 * The confirmation of an approval (with an optional comment), a rejection (its reason required:
 * 'Rejeter' stays off until one is written) or a deletion. A refusal (already decided,
 * insufficient balance) stays in the dialog with the server's message.
 */
export function DepenseActionDialog({ target, onClose }: DepenseActionDialogProps) {
  const mutation = useDepenseAction();
  // The target outlives the closing, so the dialog keeps its text while it fades out.
  const [shown, setShown] = useState(target);
  const [commentaire, setCommentaire] = useState('');
  if (target && target !== shown) setShown(target);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts afresh, not a new mutation object
  useEffect(() => {
    if (!target) return;
    setCommentaire('');
    mutation.reset();
  }, [target]);
  const spec = shown ? ACTIONS[shown.action] : null;
  const variant = spec ? VARIANTS[spec.variant] : VARIANTS.info;
  const busy = mutation.isPending;
  const reason = commentaire.trim();
  const missingReason = shown?.action === 'reject' && !reason;

  const confirm = () => {
    if (!shown || missingReason) return;
    const { action, depense } = shown;
    const run =
      action === 'delete'
        ? ({ action, depense } as const)
        : action === 'reject'
          ? ({ action, depense, commentaire: reason } as const)
          : ({ action, depense, commentaire: reason || null } as const);
    mutation.mutate(run, {
      onSuccess: ({ message }) => {
        showToast('success', message);
        onClose();
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
          <Text size="sm">{spec.message(shown.depense)}</Text>
          {shown.action === 'approve' && (
            <Textarea
              label="Commentaire (facultatif)"
              rows={2}
              resize="vertical"
              maxLength={500}
              value={commentaire}
              disabled={busy}
              onChange={(event) => setCommentaire(event.currentTarget.value)}
            />
          )}
          {shown.action === 'reject' && (
            <Textarea
              label="Motif du rejet"
              required
              description="Expliquez au membre pourquoi sa dépense est refusée."
              rows={3}
              resize="vertical"
              maxLength={500}
              value={commentaire}
              disabled={busy}
              onChange={(event) => setCommentaire(event.currentTarget.value)}
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
              disabled={missingReason}
              onClick={confirm}
              leftSection={spec.icon}
            >
              {spec.confirm}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
