import { formatDate, formatFCFA } from '@app/shared';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { LabelledLine } from '../../ui/LabelledLine.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { RemboursementRowActions, type RemboursementRowActionsProps } from './RemboursementRowActions.tsx';
import { membreName } from './remboursement-format.ts';

/** A status reads whole, never cut. */
const fullBadge = { minWidth: 'max-content' } as const;

/** A request on a phone, where the table would hide half its columns: the same fields and actions as a row. */
export function RemboursementCard({ remboursement: r, ...actions }: RemboursementRowActionsProps) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {membreName(r)}
          </Title>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {r.membre.email}
          </Text>
        </div>
        <StatusBadge statut={r.statut} size="sm" style={fullBadge} />
      </Group>
      <Text fw={700} size="lg" mt="xs">
        {formatFCFA(r.montant)}
      </Text>
      <Stack gap={2} mt={4}>
        <LabelledLine label="Raison">{r.raison}</LabelledLine>
        <LabelledLine label="Demandé le">{formatDate(r.date_creation)}</LabelledLine>
        {r.statut === 'rejete' && r.commentaire_traitement && (
          <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
            Motif du rejet{'\u00a0'}: {r.commentaire_traitement}
          </Text>
        )}
      </Stack>
      <Group mt="sm">
        <RemboursementRowActions remboursement={r} {...actions} />
      </Group>
    </Card>
  );
}
