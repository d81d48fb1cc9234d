import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { type RefObject, useEffect, useRef } from 'react';

/** The creation popup closes itself after 3 s (spec 3 §2.6, §9). */
export const BANQUE_CREATED_CLOSE_MS = 3000;

/** 'Succès ! La banque a été créée avec succès.' after a bank's creation, closing after 3 s. */
export function BanqueCreatedDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const message = useRef<HTMLParagraphElement>(null);
  return (
    <Modal opened={opened} onClose={onClose} title="Succès !" size="sm" centered>
      <Stack gap="md" align="center">
        <CloseAfter ms={BANQUE_CREATED_CLOSE_MS} shown={message} onClose={onClose} />
        <ThemeIcon size={48} radius="xl" color="teal" variant="light" aria-hidden>
          <IconCircleCheck size={28} />
        </ThemeIcon>
        <Text ref={message} ta="center">
          La banque a été créée avec succès.
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

/**
 * Closes the dialog `ms` after its message is on the page, counted from a task after it got there:
 * the modal may render its content before it attaches it to the page (later still on a loaded
 * machine), and the message must be in sight for the whole delay.
 */
function CloseAfter({ ms, shown, onClose }: { ms: number; shown: RefObject<HTMLElement | null>; onClose: () => void }) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const startOnceShown = () => {
      timer = shown.current?.isConnected ? setTimeout(() => close.current(), ms) : setTimeout(startOnceShown, 10);
    };
    timer = setTimeout(startOnceShown, 0);
    return () => clearTimeout(timer);
  }, [ms, shown]);
  return null;
}
