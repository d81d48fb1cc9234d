import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

/** Profile's password dialog: idle → submitting → success or error; closing resets it (spec 3 §2.11). */
export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [success, setSuccess] = useState<string | null>(null);
  const close = () => {
    setSuccess(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Changer mot de passe" centered>
      {success ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
            {success}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>Fermer</Button>
          </Group>
        </Stack>
      ) : (
        <ChangePasswordForm onSuccess={setSuccess} onCancel={close} />
      )}
    </Modal>
  );
}
