import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { publicSettingsQuery } from '../../data/settings.ts';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';

/** Contact for a product (decisions §6): the company's phone and e-mail from its settings. */
export function ContactDialog({
  opened,
  onClose,
  produit,
}: {
  opened: boolean;
  onClose: () => void;
  produit: { id: number; titre: string };
}) {
  const settings = useQuery({ ...publicSettingsQuery(), enabled: opened });
  const general = settings.data?.general;
  const subject = `Produit Référence #${produit.id} – ${produit.titre}`;
  const phoneHref = general?.phone ? `tel:${general.phone.replace(/[^\d+]/g, '')}` : null;
  const mailHref = general?.email ? `mailto:${general.email}?subject=${encodeURIComponent(subject)}` : null;

  return (
    <Modal opened={opened} onClose={onClose} title="Contacter la société" centered>
      {settings.isPending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label="Chargement des coordonnées" />
        </Group>
      ) : settings.isError ? (
        <ErrorPanel message={settings.error.message} onRetry={() => void settings.refetch()} />
      ) : (
        <Stack gap="md">
          <Text size="sm">
            Pour le produit « {produit.titre} » (Référence #{produit.id}), contactez {general?.companyName} :
          </Text>
          {phoneHref && (
            <Button
              component="a"
              href={phoneHref}
              variant="light"
              leftSection={<IconPhone size={18} aria-hidden />}
              justify="flex-start"
            >
              Appeler le {general?.phone}
            </Button>
          )}
          {mailHref && (
            <Button
              component="a"
              href={mailHref}
              variant="light"
              leftSection={<IconMail size={18} aria-hidden />}
              justify="flex-start"
            >
              Écrire à {general?.email}
            </Button>
          )}
          {general?.address && (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconMapPin size={18} color="var(--mantine-color-dimmed)" aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" c="dimmed">
                {general.address}
              </Text>
            </Group>
          )}
          {!phoneHref && !mailHref && (
            <Text size="sm" c="dimmed">
              Les coordonnées de la société ne sont pas encore renseignées. Adressez-vous à votre gestionnaire.
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
