import { formatDate, formatFCFA, fullName, type MembreEnRetard, plural } from '@app/shared';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { LabelledLine } from '../../ui/LabelledLine.tsx';
import type { RetardRowsProps } from './RetardTable.tsx';
import { MembreName, Phone } from './retard-parts.tsx';
import { TrancheBadge } from './TrancheBadge.tsx';

/** A late member on a phone, where the table would hide half its columns: the amount first. */
export function RetardCard({
  row: r,
  withGestionnaire,
  withPenalite,
  linked,
}: Omit<RetardRowsProps, 'rows'> & { row: MembreEnRetard }) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h5">
            <MembreName row={r} linked={linked} id={titleId} />
          </Title>
          <Text size="xs" c="dimmed">
            {r.code_esv}
          </Text>
        </div>
        <TrancheBadge tranche={r.tranche} size="sm" />
      </Group>
      <Text fw={700} size="lg" mt="xs">
        {formatFCFA(r.montant_retard)}
      </Text>
      <Stack gap={2} mt={4}>
        <LabelledLine label="Retard">
          {plural(r.jours, 'jour')}, impayé depuis le {formatDate(r.echeance_impayee)}
        </LabelledLine>
        {withPenalite && <LabelledLine label="Pénalité">{formatFCFA(r.penalite)}</LabelledLine>}
        <LabelledLine label="Téléphone">
          <Phone telephone={r.telephone} />
        </LabelledLine>
        <LabelledLine label="Produit">
          {r.produit ?? '—'}
          {r.site && ` (${r.site.nom})`}
        </LabelledLine>
        {withGestionnaire && (
          <LabelledLine label="Gestionnaire">{r.gestionnaire ? fullName(r.gestionnaire) : 'Non assigné'}</LabelledLine>
        )}
        <LabelledLine label="Dernier versement">
          {r.dernier_versement ? formatDate(r.dernier_versement) : 'Aucun'}
        </LabelledLine>
      </Stack>
    </Card>
  );
}
