import { type Chantier, formatChantierDate, formatFCFA } from '@app/shared';
import { Table, Text } from '@mantine/core';
import { ScrollRegion } from '../../ui/ScrollRegion.tsx';
import { ChantierProgress } from './ChantierProgress.tsx';
import { ChantierRowActions } from './ChantierRowActions.tsx';
import { ChantierStatut } from './ChantierStatut.tsx';
import { placeLabel, produitLabel } from './chantier-format.ts';

const nowrap = { whiteSpace: 'nowrap' } as const;
const wrap = { overflowWrap: 'anywhere' } as const;

export interface ChantierTableProps {
  chantiers: Chantier[];
  canManage: boolean;
  onEdit: (chantier: Chantier) => void;
  onDelete: (chantier: Chantier) => void;
}

/**
 * The chantiers as a table (spec 2 §2): Chantier, Localisation, Statut, Dates, Budget, Avancement
 * and, for managers, Actions. It scrolls sideways on a narrow screen.
 */
export function ChantierTable({ chantiers, canManage, onEdit, onDelete }: ChantierTableProps) {
  return (
    <ScrollRegion label="Tableau des chantiers" minWidth={canManage ? 920 : 840}>
      <Table verticalSpacing="sm" highlightOnHover striped="odd" aria-label="Liste des chantiers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Chantier</Table.Th>
            <Table.Th>Localisation</Table.Th>
            <Table.Th>Statut</Table.Th>
            <Table.Th>Dates</Table.Th>
            <Table.Th>Budget</Table.Th>
            <Table.Th>Avancement</Table.Th>
            {canManage && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {chantiers.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td miw={160} maw={280}>
                <Text size="sm" fw={600} lineClamp={2} style={wrap}>
                  {c.nom_chantier}
                </Text>
                <Text size="xs" c="dimmed" style={wrap}>
                  {produitLabel(c)}
                </Text>
              </Table.Td>
              <Table.Td miw={130} maw={220}>
                <Text size="sm" style={wrap}>
                  {placeLabel(c)}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2} style={wrap}>
                  {c.adresse}
                </Text>
              </Table.Td>
              <Table.Td>
                <ChantierStatut chantier={c} />
              </Table.Td>
              <Table.Td style={nowrap}>
                <Text size="sm">
                  Début{'\u00a0'}: {formatChantierDate(c.date_debut)}
                </Text>
                <Text size="sm" c="dimmed">
                  Fin{'\u00a0'}: {formatChantierDate(c.date_fin_prevue)}
                </Text>
              </Table.Td>
              <Table.Td style={nowrap}>
                <Text size="sm" fw={600}>
                  {formatFCFA(c.budget_prevu)}
                </Text>
                <Text size="xs" c={c.budget_utilise > c.budget_prevu ? 'red.8' : 'dimmed'}>
                  Utilisé{'\u00a0'}: {formatFCFA(c.budget_utilise)}
                </Text>
              </Table.Td>
              <Table.Td miw={120}>
                <ChantierProgress chantier={c} compact />
              </Table.Td>
              {canManage && (
                <Table.Td>
                  <ChantierRowActions chantier={c} onEdit={onEdit} onDelete={onDelete} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
