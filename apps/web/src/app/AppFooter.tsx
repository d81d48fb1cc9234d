import { Group, Text } from '@mantine/core';
import { Logo } from '../ui/Logo.tsx';

/** Footer of the shell (spec 1 §2.1). */
export function AppFooter() {
  return (
    <Group
      component="footer"
      justify="space-between"
      gap="xs"
      pt="md"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="xs" wrap="nowrap">
        <Logo size={24} />
        <Text size="sm" c="dimmed">
          © {new Date().getFullYear()} Tous droits réservés
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        Société d’Autopromotion Immobilière
      </Text>
    </Group>
  );
}
