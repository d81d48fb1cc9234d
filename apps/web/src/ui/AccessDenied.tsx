import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

const DEFAULT_MESSAGE =
  'Votre rôle ne vous permet pas d’ouvrir cette page. Contactez un administrateur si vous pensez en avoir besoin.';

/** Shown instead of a view the role may not open; some views have the spec's own wording. */
export function AccessDenied({
  onHome,
  message = DEFAULT_MESSAGE,
}: {
  onHome: () => void;
  message?: string | undefined;
}) {
  return (
    <Paper withBorder radius="md" p="xl" role="alert">
      <Stack align="center" gap="sm" py="lg">
        <ThemeIcon size={48} radius="xl" color="red" variant="light" aria-hidden>
          <IconLock size={26} />
        </ThemeIcon>
        <Title order={1} size="h3">
          Accès refusé
        </Title>
        <Text c="dimmed" ta="center" maw={480}>
          {message}
        </Text>
        <Button variant="light" onClick={onHome}>
          Retour au tableau de bord
        </Button>
      </Stack>
    </Paper>
  );
}
