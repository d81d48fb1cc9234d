import { formatDateTime } from '@app/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { DraftControl } from './use-draft.ts';

/** Offers back a draft left unsent: take it up again, or start afresh (it is then forgotten). */
export function DraftNotice({ draft, note }: { draft: DraftControl; note?: string }) {
  if (!draft.found) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconDeviceFloppy size={18} aria-hidden />} title="Brouillon retrouvé">
      <Stack gap="xs">
        <Text size="sm">
          Vous aviez commencé ce formulaire le {formatDateTime(draft.found.savedAt)} sans l’envoyer.
          {note ? ` ${note}` : ''}
        </Text>
        <Group gap="xs">
          <Button size="xs" onClick={draft.restore}>
            Reprendre le brouillon
          </Button>
          <Button size="xs" variant="subtle" onClick={draft.discard}>
            Recommencer
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
