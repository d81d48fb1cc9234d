import { MESSAGES } from '@app/shared';
import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRefresh, IconTool } from '@tabler/icons-react';
import { useEffect } from 'react';

/**
 * The whole screen while the server is in maintenance (decisions §5): what happens, who may still
 * work, and a retry, which asks the server again.
 */
export function MaintenanceScreen({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    document.title = 'Maintenance en cours — Autopromotion Immobilière';
  }, []);
  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper withBorder shadow="sm" radius="lg" p="xl" maw={520} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color="orange">
            <IconTool size={36} aria-hidden />
          </ThemeIcon>
          <Title order={1} size="h2">
            Maintenance en cours
          </Title>
          <Text role="alert">{MESSAGES.maintenance}</Text>
          <Text size="sm" c="dimmed">
            Vos données sont conservées. Réessayez dans quelques minutes ou contactez votre administrateur.
          </Text>
          <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
            Réessayer
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
