import { formatDate, formatFCFA, fullName, type MembreEnRetard, plural } from '@app/shared';
import { Stack, Table, Text } from '@mantine/core';
import { MembreName, Phone } from './retard-parts.tsx';
import { TrancheBadge } from './TrancheBadge.tsx';

const nowrap = { whiteSpace: 'nowrap' } as const;

export interface RetardRowsProps {
  rows: MembreEnRetard[];
  /** The gestionnaire's column (hidden for a gestionnaire: they are all his). */
  withGestionnaire: boolean;
  /** The penalty's column, while a late-payment penalty is charged. */
  withPenalite: boolean;
  /** The member's name opens his file (admin, gestionnaire). */
  linked: boolean;
}

/**
 * Late members as a table, the longest late first: the days late with the oldest unpaid due date
 * and the bucket in one column, so that it fits a laptop's width; it scrolls sideways below.
 */
export function RetardTable({ rows, withGestionnaire, withPenalite, linked }: RetardRowsProps) {
  const minWidth = 820 + (withGestionnaire ? 120 : 0) + (withPenalite ? 110 : 0);
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" striped="odd" highlightOnHover aria-label="Membres en retard">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Membre</Table.Th>
            <Table.Th scope="col">Téléphone</Table.Th>
            <Table.Th scope="col">Produit / site</Table.Th>
            {withGestionnaire && <Table.Th scope="col">Gestionnaire</Table.Th>}
            <Table.Th scope="col">Retard</Table.Th>
            <Table.Th scope="col" ta="right">
              Montant en retard
            </Table.Th>
            {withPenalite && (
              <Table.Th scope="col" ta="right">
                Pénalité
              </Table.Th>
            )}
            <Table.Th scope="col">Dernier versement</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.membre_id}>
              <Table.Td>
                <MembreName row={r} linked={linked} />
                <Text size="xs" c="dimmed" style={nowrap}>
                  {r.code_esv}
                </Text>
              </Table.Td>
              <Table.Td>
                <Phone telephone={r.telephone} />
              </Table.Td>
              <Table.Td miw={160}>
                <Text size="sm">{r.produit ?? '—'}</Text>
                {r.site && (
                  <Text size="xs" c="dimmed">
                    {r.site.nom}
                  </Text>
                )}
              </Table.Td>
              {withGestionnaire && (
                <Table.Td>
                  <Text size="sm" c={r.gestionnaire ? undefined : 'dimmed'}>
                    {r.gestionnaire ? fullName(r.gestionnaire) : 'Non assigné'}
                  </Text>
                </Table.Td>
              )}
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <Text size="sm" fw={600} style={nowrap}>
                    {plural(r.jours, 'jour')}
                  </Text>
                  <Text size="xs" c="dimmed" style={nowrap}>
                    depuis le {formatDate(r.echeance_impayee)}
                  </Text>
                  <TrancheBadge tranche={r.tranche} size="sm" mt={2} />
                </Stack>
              </Table.Td>
              <Table.Td ta="right" style={nowrap}>
                <Text size="sm" fw={600}>
                  {formatFCFA(r.montant_retard)}
                </Text>
              </Table.Td>
              {withPenalite && (
                <Table.Td ta="right" style={nowrap}>
                  <Text size="sm">{formatFCFA(r.penalite)}</Text>
                </Table.Td>
              )}
              <Table.Td style={nowrap}>
                <Text size="sm" c={r.dernier_versement ? undefined : 'dimmed'}>
                  {r.dernier_versement ? formatDate(r.dernier_versement) : 'Aucun'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
