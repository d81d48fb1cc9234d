import { formatDate, formatFCFA, pageSummary, plural, RECU_MESSAGES, TYPE_VERSEMENT_LABELS } from '@app/shared';
import { Box, Button, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadRecu } from '../../data/recus.ts';
import { type VersementListFilters, versementsListQuery } from '../../data/versements.ts';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { useFileDownload } from '../../ui/use-file-download.ts';

const PAGE_SIZE = 10;

/** The member's validated payments, the latest first: those that have a receipt. */
const filtersOf = (page: number): VersementListFilters => ({
  page,
  limit: PAGE_SIZE,
  search: '',
  statut: 'valide',
  type_versement: null,
  produit_id: null,
  banque_id: null,
  date_debut: null,
  date_fin: null,
  sortBy: 'date_versement',
  sortOrder: 'desc',
});

/** A member's receipts (issue 15): each validated payment of his, with its PDF receipt to download. */
export function MemberReceipts() {
  const [page, setPage] = useState(1);
  const list = useQuery(versementsListQuery(filtersOf(page)));
  const recu = useFileDownload(downloadRecu, RECU_MESSAGES.recuError);
  const rows = list.data?.items ?? [];

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="recus-titre">
      <Title order={2} size="h4" id="recus-titre" mb="xs">
        Mes reçus
      </Title>
      {list.isError ? (
        <ErrorPanel
          title="Erreur lors du chargement des reçus"
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.isPending ? (
        <Text c="dimmed" aria-busy>
          Chargement des reçus…
        </Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed">Aucun versement validé pour l’instant{'\u00a0'}: un reçu est émis à chaque validation.</Text>
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={320}>
            <Table aria-label="Mes versements validés et leurs reçus">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Versé le</Table.Th>
                  <Table.Th visibleFrom="sm">Type</Table.Th>
                  <Table.Th visibleFrom="sm">Bordereau</Table.Th>
                  <Table.Th ta="right">Montant</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Reçu</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((v) => (
                  <Table.Tr key={v.id}>
                    <Table.Td>{formatDate(v.date_versement)}</Table.Td>
                    <Table.Td visibleFrom="sm">{TYPE_VERSEMENT_LABELS[v.type_versement]}</Table.Td>
                    <Table.Td visibleFrom="sm">{v.numero_recu}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatFCFA(v.montant)}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconDownload size={14} aria-hidden />}
                        loading={recu.loadingId === v.id}
                        aria-label={`Télécharger le reçu du versement de ${formatFCFA(v.montant)} du ${formatDate(v.date_versement)}`}
                        onClick={() => recu.download(v)}
                      >
                        {/* The icon alone on a phone; the accessible name says it all. */}
                        <Box component="span" visibleFrom="sm">
                          Télécharger le reçu
                        </Box>
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.data && (
            <Pager
              page={page}
              totalPages={list.data.pagination.totalPages}
              onChange={setPage}
              summary={pageSummary(page, list.data.pagination.totalPages, plural(list.data.pagination.total, 'reçu'))}
              disabled={list.isFetching}
            />
          )}
        </Stack>
      )}
    </Paper>
  );
}
