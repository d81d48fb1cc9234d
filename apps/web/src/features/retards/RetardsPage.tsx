import { can, formatDate, fullName, pageSummary, plural, pluralTotal, type Role } from '@app/shared';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCurrentProfile } from '../../api/index.ts';
import { gestionnairesActifsQuery } from '../../data/personnel.ts';
import { retardsListQuery } from '../../data/retards.ts';
import { activeSitesQuery } from '../../data/sites.ts';
import { CardsSkeleton } from '../../ui/CardsSkeleton.tsx';
import { EmptyPanel } from '../../ui/EmptyPanel.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { ExportMenu } from '../../ui/ExportMenu.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { ResultsView, retryableError } from '../../ui/ResultsView.tsx';
import { TableSkeleton } from '../../ui/TableSkeleton.tsx';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import { usePageSize } from '../../ui/use-page-size.ts';
import { RetardCard } from './RetardCard.tsx';
import { RetardFilterBar } from './RetardFilterBar.tsx';
import { RetardTable } from './RetardTable.tsx';
import { RetardTiles } from './RetardTiles.tsx';
import { useRetardFilters } from './use-retard-filters.ts';

/** Where the arrears stand: the day and the grace the server counted them with. */
function situation(date: string, grace: number): string {
  const day = `Situation au ${formatDate(date)}`;
  return grace > 0 ? `${day}, après un délai de grâce de ${plural(grace, 'jour')}.` : `${day}.`;
}

/**
 * 'Retards de paiement' (issue 15): the members in arrears on a day, totals per bucket as tiles
 * that filter the list, filters kept in the address, the list as a table (cards on a phone), pages
 * and the CSV export. A gestionnaire sees his own clients, without the gestionnaire's column.
 */
export default function RetardsPage() {
  const role: Role | null = useCurrentProfile()?.role ?? null;
  const ownClients = role === 'gestionnaire';
  // Whoever may list the gestionnaires chooses one; a gestionnaire's list is his alone.
  const byGestionnaire = !ownClients && !!role && can(role, 'gestionnaires.list_active');
  const { filters, update, setPage, filtered, clearAll } = useRetardFilters(usePageSize());
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });

  const query = useQuery(retardsListQuery(filters));
  const sites = useQuery(activeSitesQuery());
  const gestionnaires = useQuery({ ...gestionnairesActifsQuery(), enabled: byGestionnaire });

  const data = query.data;
  const totalPages = data ? Math.max(1, data.pagination.totalPages) : undefined;
  useLastPageClamp(filters.page, totalPages, setPage);
  const page = Math.min(filters.page, totalPages ?? filters.page);
  // Another day is not a narrower list: everyone up to date then is up to date.
  const narrowed = !!(filters.tranche || filters.site_id || filters.gestionnaire_id);
  const rowProps = {
    withGestionnaire: !ownClients,
    // The server counts no penalty while its rate is 0: the column shows once one is charged.
    withPenalite: !!data?.data.some((r) => r.penalite > 0),
    linked: !!role && can(role, 'membres.read'),
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Retards de paiement
          </Title>
          <Text c="dimmed" size="sm">
            {ownClients ? 'Vos clients en retard sur leurs échéances. ' : 'Les membres en retard sur leurs échéances. '}
            {data ? situation(data.date, data.delai_grace) : ''}
          </Text>
        </div>
        <Group gap="xs">
          <RefreshButton onClick={() => void query.refetch()} loading={query.isFetching} />
          <ExportMenu list="retards" path="/retards/export" filters={filters} day={data?.date} />
        </Group>
      </Group>

      <RetardTiles totaux={data?.totaux} active={filters.tranche} onSelect={(tranche) => update({ tranche })} />

      <RetardFilterBar
        filters={filters}
        date={data?.date ?? ''}
        onChange={update}
        sites={{
          data: (sites.data ?? []).map((s) => ({ value: String(s.id), label: s.nom_site })),
          loading: sites.isPending,
          error: sites.error,
        }}
        gestionnaires={
          byGestionnaire
            ? {
                data: (gestionnaires.data ?? []).map((g) => ({ value: String(g.id), label: fullName(g) })),
                loading: gestionnaires.isPending,
                error: gestionnaires.error,
              }
            : undefined
        }
        filtered={filtered}
        onClear={clearAll}
      />

      {query.isError && !data ? (
        <ErrorPanel
          title="Erreur lors du chargement des retards"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !data ? (
        phone ? (
          <CardsSkeleton label="Chargement des retards" count={3} />
        ) : (
          <TableSkeleton label="Chargement des retards" />
        )
      ) : data.data.length === 0 ? (
        // 'Effacer les filtres' is just above, in the filter bar.
        <EmptyPanel
          icon={<IconCircleCheck size={28} />}
          color="green"
          title={`Aucun membre en retard au ${formatDate(data.date)}`}
          description={
            narrowed
              ? 'Aucun membre en retard ne correspond à ces filtres.'
              : ownClients
                ? 'Tous vos clients sont à jour de leurs échéances.'
                : 'Tous les membres sont à jour de leurs échéances.'
          }
        />
      ) : (
        <ResultsView
          view={phone ? 'grid' : 'list'}
          items={data.data}
          card={(row) => <RetardCard key={row.membre_id} row={row} {...rowProps} />}
          table={(rows) => <RetardTable rows={rows} {...rowProps} />}
          stale={query.isPlaceholderData}
          busy={query.isFetching}
          error={retryableError(query)}
        />
      )}

      {data && data.data.length > 0 && totalPages && (
        <Pager
          page={page}
          totalPages={totalPages}
          onChange={setPage}
          summary={pageSummary(page, totalPages, pluralTotal(data.pagination, 'membre en retard', 'membres en retard'))}
        />
      )}
    </Stack>
  );
}
