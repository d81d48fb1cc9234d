import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Danger style (red confirm button and icon): deletes and other irreversible actions. */
  danger?: boolean;
  loading?: boolean;
  /** The failure of the confirmed action, shown in the dialog (a 409's message, for example). */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** A question before an action that cannot be undone; the focus starts on 'Annuler'. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Annuler',
  danger = false,
  loading = false,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={loading ? () => {} : onClose}
      title={
        <Group gap="xs" wrap="nowrap">
          {danger && <IconAlertTriangle size={20} color="var(--mantine-color-red-7)" aria-hidden />}
          <span>{title}</span>
        </Group>
      }
      centered
      size="md"
    >
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
