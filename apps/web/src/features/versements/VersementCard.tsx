import { formatDate, formatFCFA, TYPE_VERSEMENT_LABELS } from '@app/shared';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { LabelledLine } from '../../ui/LabelledLine.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { VersementRowActions, type VersementRowActionsProps } from './VersementRowActions.tsx';
import { membreName } from './versement-format.ts';

/** A status reads whole, never cut. */
const fullBadge = { minWidth: 'max-content' } as const;

/**
 * A payment on a phone, where the table would hide half its columns: the same fields and actions
 * as a row, the amount first.
 */
export function VersementCard({ versement: v, ...actions }: VersementRowActionsProps) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {membreName(v)}
          </Title>
          <Text size="xs" c="dimmed">
            {v.membre.code_esv}
          </Text>
        </div>
        <StatusBadge statut={v.statut} size="sm" style={fullBadge} />
      </Group>
      <Text fw={700} size="lg" mt="xs">
        {formatFCFA(v.montant)}
      </Text>
      <Stack gap={2} mt={4}>
        <LabelledLine label="Reçu n°">{v.numero_recu}</LabelledLine>
        <LabelledLine label="Produit">{v.produit.titre}</LabelledLine>
        <LabelledLine label="Type">{TYPE_VERSEMENT_LABELS[v.type_versement]}</LabelledLine>
        <LabelledLine label="Versé le">
          {formatDate(v.date_versement)} (reçu du {formatDate(v.date_recu)})
        </LabelledLine>
        {v.statut === 'rejete' && v.motif && (
          <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
            Motif du rejet{'\u00a0'}: {v.motif}
          </Text>
        )}
      </Stack>
      <Group mt="sm">
        <VersementRowActions versement={v} {...actions} />
      </Group>
    </Card>
  );
}
