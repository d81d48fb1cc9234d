import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

/** The creation popup closes itself after 3 s (spec 3 §2.6, §9). */
export const BANQUE_CREATED_CLOSE_MS = 3000;

/** 'Succès ! La banque a été créée avec succès.' after a bank's creation, closing after 3 s. */
export function BanqueCreatedDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // The delay runs from the opening, whatever the page renders meanwhile.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!opened) return;
    const timer = setTimeout(() => close.current(), BANQUE_CREATED_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onClose} title="Succès !" size="sm" centered>
      <Stack gap="md" align="center">
        <ThemeIcon size={48} radius="xl" color="teal" variant="light" aria-hidden>
          <IconCircleCheck size={28} />
        </ThemeIcon>
        <Text ta="center">La banque a été créée avec succès.</Text>
        <Group justify="center">
          <Button variant="light" onClick={onClose} data-autofocus>
            Fermer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
