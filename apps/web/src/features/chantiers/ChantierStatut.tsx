import type { Chantier } from '@app/shared';
import { Badge, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { StatusBadge } from '../../ui/StatusBadge.tsx';

/** A status reads whole, never cut. */
const fullBadge = { minWidth: 'max-content' } as const;

/** A chantier's status, and 'En retard' when it runs past its planned end. */
export function ChantierStatut({ chantier }: { chantier: Pick<Chantier, 'statut' | 'en_retard'> }) {
  return (
    <Group gap={6} wrap="wrap">
      <StatusBadge statut={chantier.statut} size="sm" style={fullBadge} />
      {chantier.en_retard && (
        <Badge
          color="red"
          variant="filled"
          size="sm"
          style={fullBadge}
          leftSection={<IconAlertTriangle size={12} aria-hidden />}
        >
          En retard
        </Badge>
      )}
    </Group>
  );
}
