import { formatDate, formatFCFA, TYPE_VERSEMENT_LABELS, type Versement } from '@app/shared';
import { Table, Text } from '@mantine/core';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { VersementRowActions, type VersementRowActionsProps } from './VersementRowActions.tsx';
import { membreName } from './versement-format.ts';

/** A status reads whole, never cut. */
const fullBadge = { minWidth: 'max-content' } as const;

const nowrap = { whiteSpace: 'nowrap' } as const;

export interface VersementTableProps extends Omit<VersementRowActionsProps, 'versement' | 'scanLoading'> {
  versements: Versement[];
  /** The payment whose scan is being fetched. */
  scanLoadingId: number | null;
}

/**
 * The payments as a table (spec 3 §2.1): member with his code, product, type, amount with the
 * receipt number, payment date with the receipt's, status (and a rejection's reason), actions.
 * It scrolls sideways on a narrow screen.
 */
export function VersementTable({ versements, scanLoadingId, ...actions }: VersementTableProps) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover striped="odd" aria-label="Liste des versements">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Membre</Table.Th>
            <Table.Th>Produit</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Montant</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Statut</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {versements.map((v) => (
            <Table.Tr key={v.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {membreName(v)}
                </Text>
                <Text size="xs" c="dimmed" style={nowrap}>
                  {v.membre.code_esv}
                </Text>
              </Table.Td>
              <Table.Td miw={140}>
                <Text size="sm">{v.produit.titre}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{TYPE_VERSEMENT_LABELS[v.type_versement]}</Text>
              </Table.Td>
              <Table.Td style={nowrap}>
                <Text size="sm" fw={600}>
                  {formatFCFA(v.montant)}
                </Text>
                <Text size="xs" c="dimmed">
                  Reçu n°{'\u00a0'}
                  {v.numero_recu}
                </Text>
              </Table.Td>
              <Table.Td style={nowrap}>
                <Text size="sm">{formatDate(v.date_versement)}</Text>
                <Text size="xs" c="dimmed">
                  Reçu du {formatDate(v.date_recu)}
                </Text>
              </Table.Td>
              <Table.Td maw={220}>
                <StatusBadge statut={v.statut} size="sm" style={fullBadge} />
                {v.statut === 'rejete' && v.motif && (
                  <Text size="xs" c="red.8" mt={4} style={{ overflowWrap: 'anywhere' }}>
                    Motif{'\u00a0'}: {v.motif}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <VersementRowActions versement={v} scanLoading={scanLoadingId === v.id} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
