import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSuccessClose } from '../../ui/use-success-close.ts';

/** The creation's message closes itself after 1.5 s (spec 2 §2, §9). */
export const CHANTIER_CREATED_CLOSE_MS = 1500;

/**
 * 'Chantier créé !' and 'Le chantier {name} a été créé avec succès.' after a creation, closing
 * after 1.5 s; the list has already refreshed behind it.
 */
export function ChantierCreatedDialog({ name, onClose }: { name: string | null; onClose: () => void }) {
  const { success, showSuccess, reset } = useSuccessClose(onClose, CHANTIER_CREATED_CLOSE_MS);
  // The name outlives the closing, so the dialog keeps its text while it fades out.
  const [shown, setShown] = useState(name);
  if (name && name !== shown) setShown(name);
  useEffect(() => {
    if (name) showSuccess(name);
    else reset();
  }, [name, showSuccess, reset]);

  return (
    <Modal
      opened={name !== null && success !== null}
      onClose={onClose}
      title={'Chantier créé\u202f!'}
      size="sm"
      centered
    >
      <Stack gap="md" align="center">
        <ThemeIcon size={48} radius="xl" color="teal" variant="light" aria-hidden>
          <IconCircleCheck size={28} />
        </ThemeIcon>
        <Text ta="center" role="status" style={{ overflowWrap: 'anywhere' }}>
          Le chantier {shown} a été créé avec succès.
        </Text>
        <Group justify="center">
          <Button variant="light" onClick={onClose} data-autofocus>
            Fermer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
