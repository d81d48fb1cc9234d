import { formatFCFA, fullName, type Membre } from '@app/shared';
import { Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconHome, IconMail, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { MembreCheckbox, type MembreSelection } from './MembreTable.tsx';
import { paidPercent } from './membre-format.ts';
import { TypeMembreBadge } from './TypeMembreBadge.tsx';

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

const iconProps = { size: 16, color: 'var(--mantine-color-dimmed)', style: { flexShrink: 0 }, 'aria-hidden': true };

/**
 * A member in the grid: identity, status and type, contact, product and how much is paid; with a
 * checkbox where the list selects (the admin's reassignment).
 */
export function MembreCard({
  membre,
  onOpen,
  selection,
}: {
  membre: Membre;
  onOpen: (membre: Membre) => void;
  selection?: MembreSelection;
}) {
  const titleId = useId();
  const name = fullName(membre);
  const percent = paidPercent(membre);
  return (
    // The whole card opens the file for a pointer; its button does for the keyboard (the click bubbles here).
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-labelledby={titleId}
      h="100%"
      onClick={() => onOpen(membre)}
      style={{ cursor: 'pointer' }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <UserAvatar prenom={membre.prenom} nom={membre.nom} photo={membre.photo_profil} size="lg" />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Title order={3} size="h5" id={titleId} lineClamp={2}>
            {name}
          </Title>
          <Text size="xs" c="dimmed">
            {membre.code_esv}
          </Text>
          <Group gap={6} mt={6}>
            <StatusBadge statut={membre.statut} size="sm" />
            <TypeMembreBadge type={membre.type_membre} size="sm" />
          </Group>
        </div>
        {selection && <MembreCheckbox membre={membre} selection={selection} />}
      </Group>
      <Stack gap={4} mt="md">
        <Line icon={<IconMail {...iconProps} />}>{membre.email}</Line>
        {membre.telephone && <Line icon={<IconPhone {...iconProps} />}>{membre.telephone}</Line>}
        <Line icon={<IconHome {...iconProps} />}>{membre.produit?.nom ?? 'Aucun produit'}</Line>
      </Stack>
      <Stack gap={4} mt="auto" pt="md">
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            Payé : {percent} %
          </Text>
          <Text size="xs" fw={600}>
            Reste dû : {formatFCFA(membre.montant_du)}
          </Text>
        </Group>
        <Progress value={percent} size="sm" color="teal" aria-label={`Part payée de ${name}`} />
        <Button variant="light" size="xs" mt="xs" aria-label={`Voir la fiche de ${name}`}>
          Voir la fiche
        </Button>
      </Stack>
    </Card>
  );
}
