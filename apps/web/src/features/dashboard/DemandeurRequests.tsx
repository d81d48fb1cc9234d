import type { Dashboard } from '@app/shared';
import { formatDate } from '@app/shared';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { StatusBadge } from '../../ui/StatusBadge.tsx';

/** A demandeur's own registration requests and where they stand. */
export function DemandeurRequests({ demandes }: { demandes: NonNullable<Dashboard['demandes']> }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="demandes-titre">
      <Title order={2} size="h4" id="demandes-titre" mb="sm">
        Mes demandes d’inscription
      </Title>
      {demandes.length === 0 ? (
        <Stack gap={4}>
          <Text>Aucune demande enregistrée à votre adresse e-mail.</Text>
          <Text size="sm" c="dimmed">
            Parcourez le catalogue pour choisir un produit.
          </Text>
        </Stack>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Produit</Table.Th>
              <Table.Th>Statut</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {demandes.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{formatDate(d.date)}</Table.Td>
                <Table.Td>{d.produit ?? '—'}</Table.Td>
                <Table.Td>
                  <StatusBadge statut={d.statut} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
