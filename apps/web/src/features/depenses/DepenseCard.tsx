import { formatDate, formatFCFA } from '@app/shared';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { LabelledLine } from '../../ui/LabelledLine.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { DepenseRowActions, type DepenseRowActionsProps } from './DepenseRowActions.tsx';
import { categorieLabel, createurName } from './depense-format.ts';

/** A status reads whole, never cut. */
const fullBadge = { minWidth: 'max-content' } as const;

export interface DepenseCardProps extends DepenseRowActionsProps {
  /** Who filed it, for those who see everyone's (not a member, who sees his own). */
  withCreateur: boolean;
}

/**
 * An expense as a card (the default view, and a phone's): its description and category, the
 * amount, date, bank and receipt, its filer, its status (and a rejection's reason), its actions.
 */
export function DepenseCard({ depense: d, withCreateur, ...actions }: DepenseCardProps) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ overflowWrap: 'anywhere' }}>
          {categorieLabel(d)}
        </Text>
        <StatusBadge statut={d.statut} size="sm" style={fullBadge} />
      </Group>
      <Title order={3} size="h5" id={titleId} mt={4} lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
        {d.description}
      </Title>
      <Text fw={700} size="lg" mt="xs">
        {formatFCFA(d.montant)}
      </Text>
      <Stack gap={2} mt={4} style={{ flex: 1 }}>
        <LabelledLine label="Date">{formatDate(d.date_depense)}</LabelledLine>
        {withCreateur && <LabelledLine label="Déclarée par">{createurName(d)}</LabelledLine>}
        <LabelledLine label="Banque">{d.banque.nom}</LabelledLine>
        {d.numero_recu && <LabelledLine label="Reçu n°">{d.numero_recu}</LabelledLine>}
        {d.statut === 'rejetee' && d.commentaire && (
          <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
            Motif du rejet{'\u00a0'}: {d.commentaire}
          </Text>
        )}
      </Stack>
      <Group mt="sm">
        <DepenseRowActions depense={d} {...actions} />
      </Group>
    </Card>
  );
}
