import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

/** The creation popup closes itself after 3 s (spec 3 §2.6, §9). */
export const BANQUE_CREATED_CLOSE_MS = 3000;

/** 'Succès ! La banque a été créée avec succès.' after a bank's creation, closing after 3 s. */
export function BanqueCreatedDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Succès !" size="sm" centered>
      <Stack gap="md" align="center">
        <CloseAfter ms={BANQUE_CREATED_CLOSE_MS} onClose={onClose} />
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

/**
 * Closes the dialog `ms` after its content is on the page: mounted with it, so the delay runs from
 * when the message shows, not from the opening (the modal puts its content in a later render),
 * whatever the page renders meanwhile.
 */
function CloseAfter({ ms, onClose }: { ms: number; onClose: () => void }) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const timer = setTimeout(() => close.current(), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return null;
}
