import { type Depense, formatDate, formatFCFA } from '@app/shared';
import { Table, Text } from '@mantine/core';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { DepenseRowActions, type DepenseRowActionsProps } from './DepenseRowActions.tsx';
import { categorieLabel, createurName } from './depense-format.ts';

/** A status reads whole, never cut. */
const fullBadge = { minWidth: 'max-content' } as const;

const nowrap = { whiteSpace: 'nowrap' } as const;

export interface DepenseTableProps extends Omit<DepenseRowActionsProps, 'depense' | 'justificatifLoading'> {
  depenses: Depense[];
  /** Who filed each, for those who see everyone's. */
  withCreateur: boolean;
  /** The expense whose justificatif is being fetched. */
  justificatifLoadingId: number | null;
}

/**
 * The expenses as a table (spec 3 §2.2): date, description with its category, filer, bank, amount
 * with the receipt number, status (and a rejection's reason), actions. It scrolls sideways on a
 * narrow screen.
 */
export function DepenseTable({ depenses, withCreateur, justificatifLoadingId, ...actions }: DepenseTableProps) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover striped="odd" aria-label="Liste des dépenses">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Description</Table.Th>
            {withCreateur && <Table.Th>Déclarée par</Table.Th>}
            <Table.Th>Banque</Table.Th>
            <Table.Th>Montant</Table.Th>
            <Table.Th>Statut</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {depenses.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td style={nowrap}>
                <Text size="sm">{formatDate(d.date_depense)}</Text>
              </Table.Td>
              <Table.Td miw={200} maw={360}>
                <Text size="sm" fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {d.description}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {categorieLabel(d)}
                </Text>
              </Table.Td>
              {withCreateur && (
                <Table.Td>
                  <Text size="sm">{createurName(d)}</Text>
                </Table.Td>
              )}
              <Table.Td miw={140}>
                <Text size="sm">{d.banque.nom}</Text>
              </Table.Td>
              <Table.Td style={nowrap}>
                <Text size="sm" fw={600}>
                  {formatFCFA(d.montant)}
                </Text>
                {d.numero_recu && (
                  <Text size="xs" c="dimmed">
                    Reçu n°{'\u00a0'}
                    {d.numero_recu}
                  </Text>
                )}
              </Table.Td>
              <Table.Td maw={220}>
                <StatusBadge statut={d.statut} size="sm" style={fullBadge} />
                {d.statut === 'rejetee' && d.commentaire && (
                  <Text size="xs" c="red.8" mt={4} style={{ overflowWrap: 'anywhere' }}>
                    Motif{'\u00a0'}: {d.commentaire}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <DepenseRowActions depense={d} justificatifLoading={justificatifLoadingId === d.id} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
