import {
  formatDate,
  formatDateTime,
  formatFCFA,
  pageSummary,
  plural,
  RAPPEL_MESSAGES,
  type Rappel,
  STATUT_RAPPEL_LABELS,
  type StatutRappel,
  TYPE_RAPPEL_LABELS,
} from '@app/shared';
import { Badge, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { rappelsQuery } from '../../data/rappels.ts';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { ScrollRegion } from '../../ui/ScrollRegion.tsx';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';

/** Reminders per page (the server's default). */
export const RAPPELS_PAGE_SIZE = 10;

const STATUT_COLORS: Record<StatutRappel, string> = { envoye: 'green', echec: 'red', en_cours: 'gray' };

function RappelsTable({ rappels }: { rappels: Rappel[] }) {
  return (
    <ScrollRegion label="Tableau des rappels envoyés" minWidth={520}>
      <Table striped verticalSpacing={6} horizontalSpacing={6} fz="sm" aria-label="Rappels envoyés au membre">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date d’envoi</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col">Échéance du</Table.Th>
            <Table.Th scope="col" ta="right">
              Montant
            </Table.Th>
            <Table.Th scope="col">Statut</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rappels.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.sent_at)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{TYPE_RAPPEL_LABELS[r.type_rappel]}</Table.Td>
              <Table.Td>{formatDate(r.date_echeance)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatFCFA(r.montant)}
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Badge color={STATUT_COLORS[r.statut]} variant="light" miw="max-content">
                    {STATUT_RAPPEL_LABELS[r.statut]}
                  </Badge>
                  {r.tentatives > 1 && (
                    <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {plural(r.tentatives, 'essai')}
                    </Text>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/**
 * The reminder e-mails sent to a member (issue 15: J-7, J-1, J+3), newest first, on his file:
 * when, which, for which due date, the amount then left on it, and whether it went.
 */
export function MembreRappels({ membreId }: { membreId: number }) {
  const [page, setPage] = useState(1);
  const query = useQuery(rappelsQuery(membreId, { page, limit: RAPPELS_PAGE_SIZE }));
  const data = query.data;
  const totalPages = Math.max(1, data?.pagination.totalPages ?? 1);
  useLastPageClamp(page, data ? totalPages : undefined, setPage);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="membre-rappels-titre">
      <Title order={3} size="h5" id="membre-rappels-titre" mb="xs">
        {RAPPEL_MESSAGES.title}
      </Title>
      {query.isError && !data ? (
        <ErrorPanel
          title={RAPPEL_MESSAGES.loadError}
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !data ? (
        <Group justify="center" py="md" aria-busy="true">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Chargement des rappels...
          </Text>
        </Group>
      ) : data.items.length === 0 ? (
        <Text size="sm" c="dimmed" role="status">
          {RAPPEL_MESSAGES.empty}
        </Text>
      ) : (
        <Stack gap="xs">
          <div style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
            <RappelsTable rappels={data.items} />
          </div>
          {totalPages > 1 && (
            <Pager
              page={Math.min(page, totalPages)}
              totalPages={totalPages}
              onChange={setPage}
              summary={pageSummary(Math.min(page, totalPages), totalPages, plural(data.pagination.total, 'rappel'))}
            />
          )}
        </Stack>
      )}
    </Paper>
  );
}
