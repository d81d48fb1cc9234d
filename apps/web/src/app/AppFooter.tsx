import { Anchor, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { publicSettingsQuery } from '../data/settings.ts';
import { Logo } from '../ui/Logo.tsx';

/** Footer of the shell (spec 1 §2.1): the company's name, slogan and contact from its settings. */
export function AppFooter() {
  const general = useQuery(publicSettingsQuery()).data?.general;
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
      {general && (
        <Group gap="xs" c="dimmed" fz="sm">
          <Text size="sm" c="dimmed">
            {general.slogan || general.companyName}
          </Text>
          {general.phone && (
            <Anchor href={`tel:${general.phone.replace(/[^\d+]/g, '')}`} size="sm" c="dimmed">
              {general.phone}
            </Anchor>
          )}
          {general.email && (
            <Anchor href={`mailto:${general.email}`} size="sm" c="dimmed">
              {general.email}
            </Anchor>
          )}
        </Group>
      )}
    </Group>
  );
}
