import { Anchor, Group, Loader, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { publicSettingsQuery } from '../../api/index.ts';

/**
 * Registration request (spec 1 §2.4): the online form comes with a later version; meanwhile the
 * company's real contact details (settings) are given. Nothing is simulated.
 */
export function RegistrationInfoModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const settings = useQuery({ ...publicSettingsQuery(), enabled: opened });
  const general = settings.data?.general;
  const hasContact = !!(general?.phone || general?.email || general?.address);

  return (
    <Modal opened={opened} onClose={onClose} title="Nouvelle Demande d'Inscription" centered size="md">
      <Stack gap="md">
        <Text>
          Le formulaire de demande d'inscription en ligne sera bientôt disponible. En attendant, contactez-nous pour
          déposer votre demande d'achat par mensualités.
        </Text>
        {settings.isPending && (
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden />
            <Text c="dimmed">Chargement des coordonnées...</Text>
          </Group>
        )}
        {settings.isError && <Text c="red">Les coordonnées de la société n'ont pas pu être chargées.</Text>}
        {general && !hasContact && (
          <Text c="dimmed">Les coordonnées de la société ne sont pas encore renseignées.</Text>
        )}
        {general && hasContact && (
          <Stack gap="sm">
            <Text fw={600}>{general.companyName}</Text>
            {general.phone && (
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" aria-hidden>
                  <IconPhone size={16} />
                </ThemeIcon>
                <Anchor href={`tel:${general.phone.replace(/\s+/g, '')}`}>{general.phone}</Anchor>
              </Group>
            )}
            {general.email && (
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" aria-hidden>
                  <IconMail size={16} />
                </ThemeIcon>
                <Anchor href={`mailto:${general.email}`}>{general.email}</Anchor>
              </Group>
            )}
            {general.address && (
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" aria-hidden>
                  <IconMapPin size={16} />
                </ThemeIcon>
                <Text>{general.address}</Text>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
