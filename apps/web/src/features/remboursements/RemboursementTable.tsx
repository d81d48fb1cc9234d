import { formatDate, formatFCFA, type Remboursement } from '@app/shared';
import { Table, Text } from '@mantine/core';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { RemboursementRowActions, type RemboursementRowActionsProps } from './RemboursementRowActions.tsx';
import { membreName } from './remboursement-format.ts';

/** A status reads whole, never cut. */
const fullBadge = { minWidth: 'max-content' } as const;

const nowrap = { whiteSpace: 'nowrap' } as const;

export interface RemboursementTableProps
  extends Omit<RemboursementRowActionsProps, 'remboursement' | 'justificatifLoading'> {
  remboursements: Remboursement[];
  /** The request whose supporting file is being fetched. */
  justificatifLoadingId: number | null;
}

/**
 * The requests as a table (spec 3 §2.3): member with his e-mail, amount, reason, status (and a
 * rejection's comment), creation date, actions. It scrolls sideways on a narrow screen.
 */
export function RemboursementTable({ remboursements, justificatifLoadingId, ...actions }: RemboursementTableProps) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover striped="odd" aria-label="Liste des remboursements">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Membre</Table.Th>
            <Table.Th>Montant</Table.Th>
            <Table.Th>Raison</Table.Th>
            <Table.Th>Statut</Table.Th>
            <Table.Th style={nowrap}>Date de création</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {remboursements.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {membreName(r)}
                </Text>
                <Text size="xs" c="dimmed" style={nowrap}>
                  {r.membre.email}
                </Text>
              </Table.Td>
              <Table.Td style={nowrap}>
                <Text size="sm" fw={600}>
                  {formatFCFA(r.montant)}
                </Text>
              </Table.Td>
              <Table.Td miw={160} maw={320}>
                <Text size="sm" lineClamp={2} title={r.raison}>
                  {r.raison}
                </Text>
              </Table.Td>
              <Table.Td maw={240}>
                <StatusBadge statut={r.statut} size="sm" style={fullBadge} />
                {r.statut === 'rejete' && r.commentaire_traitement && (
                  <Text size="xs" c="red.8" mt={4} style={{ overflowWrap: 'anywhere' }}>
                    Motif{'\u00a0'}: {r.commentaire_traitement}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={nowrap}>
                <Text size="sm">{formatDate(r.date_creation)}</Text>
              </Table.Td>
              <Table.Td>
                <RemboursementRowActions
                  remboursement={r}
                  justificatifLoading={justificatifLoadingId === r.id}
                  {...actions}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
