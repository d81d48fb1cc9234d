import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

export interface ComingSoonPageProps {
  title: string;
}

/** A module that arrives in a later version: its title and a plain sentence, no invented content. */
export default function ComingSoonPage({ title }: ComingSoonPageProps) {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" py="lg">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconTools size={26} />
          </ThemeIcon>
          <Text fw={600}>Module en préparation</Text>
          <Text c="dimmed" ta="center" maw={480}>
            Ce module arrive dans une prochaine version de l’application.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
