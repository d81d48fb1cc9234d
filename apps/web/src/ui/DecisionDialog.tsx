import { Alert, Button, Group, Modal, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';

/** The dialog's tone (spec 3 §2.1): danger for a deletion, warning for a rejection, info for an approval. */
export type DecisionVariant = 'danger' | 'warning' | 'info';

const VARIANTS: Record<DecisionVariant, { color: string; icon: ReactNode }> = {
  danger: { color: 'red', icon: <IconAlertTriangle size={20} /> },
  warning: { color: 'orange', icon: <IconAlertCircle size={20} /> },
  info: { color: 'teal', icon: <IconInfoCircle size={20} /> },
};

/** What one decision on one row says and asks. */
export interface Decision {
  variant: DecisionVariant;
  title: string;
  confirm: string;
  /** The alert's title when the server refuses. */
  failure: string;
  /** The confirmation button's icon. */
  icon?: ReactNode;
  message: ReactNode;
  /** A text the decision carries (a reason, a comment); a required one keeps the button off until written. */
  note?: { label: string; description?: string; required?: boolean; rows?: number };
}

export interface DecisionDialogProps<T> {
  /** The action asked and its row; null: closed. */
  target: T | null;
  decision: (target: T) => Decision;
  /** The mutation that decides: its progress and its refusal show here. */
  mutation: { isPending: boolean; error: Error | null; reset: () => void };
  /** Confirmed, with the note trimmed ('' when none). */
  onConfirm: (target: T, note: string) => void;
  onClose: () => void;
}

/**
 * The one confirmation of a decision on a money row (a validation, an approval, a rejection, a
 * deletion), drawn from its domain's words: the focus starts on the note, else on 'Annuler'; a
 * refusal (already decided, four eyes, insufficient balance) stays in the dialog with the server's
 * message.
 */
export function DecisionDialog<T>({ target, decision, mutation, onConfirm, onClose }: DecisionDialogProps<T>) {
  // The target outlives the closing, so the dialog keeps its text while it fades out.
  const [shown, setShown] = useState(target);
  const [note, setNote] = useState('');
  if (target && target !== shown) setShown(target);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts afresh, not a new mutation object
  useEffect(() => {
    if (!target) return;
    setNote('');
    mutation.reset();
  }, [target]);
  const spec = shown ? decision(shown) : null;
  const variant = VARIANTS[spec?.variant ?? 'info'];
  const busy = mutation.isPending;
  const missingNote = spec?.note?.required === true && note.trim() === '';

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
          <Text size="sm">{spec.message}</Text>
          {spec.note && (
            <Textarea
              label={spec.note.label}
              description={spec.note.description}
              required={spec.note.required}
              rows={spec.note.rows ?? 3}
              resize="vertical"
              maxLength={500}
              value={note}
              disabled={busy}
              data-autofocus
              onChange={(event) => setNote(event.currentTarget.value)}
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
            <Button variant="default" onClick={onClose} disabled={busy} data-autofocus={spec.note ? undefined : true}>
              Annuler
            </Button>
            <Button
              color={variant.color}
              loading={busy}
              disabled={missingNote}
              onClick={() => onConfirm(shown, note.trim())}
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
