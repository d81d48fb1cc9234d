import type { MembreStats } from '@app/shared';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCrown, IconDiamond, IconUserCheck, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyPanel } from '../../ui/EmptyPanel.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { pluralTotal } from '../../ui/format-surface.ts';
import { Pager } from '../../ui/Pager.tsx';
import { ResultsView, retryableError } from '../../ui/ResultsView.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { type StatTileSpec, StatTiles } from '../../ui/StatTiles.tsx';
import { TableSkeleton } from '../../ui/TableSkeleton.tsx';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import { MembreDetailModal } from './MembreDetailModal.tsx';
import { MEMBRES_PAGE_SIZE } from './MembresPage.tsx';
import { MembreTable } from './MembreTable.tsx';
import { membreStatsQuery, mesClientsQuery } from './membres.queries.ts';
import { useMembreFilters } from './use-membre-filters.ts';

const TILES: StatTileSpec<MembreStats>[] = [
  { label: 'Total', icon: <IconUsers size={20} />, color: 'blue', value: (s) => s.total },
  { label: 'Actifs', icon: <IconUserCheck size={20} />, color: 'green', value: (s) => s.actifs },
  { label: 'Premium', icon: <IconCrown size={20} />, color: 'indigo', value: (s) => s.premium },
  { label: 'VIP', icon: <IconDiamond size={20} />, color: 'grape', value: (s) => s.vip },
];

/** A gestionnaire's 'Mes Clients' (spec 3 §2.8): his assigned members, read-only. */
export function MesClientsPage() {
  const { filters, setPage, searchInput, setSearchInput } = useMembreFilters(MEMBRES_PAGE_SIZE);
  const [selected, setSelected] = useState<number | null>(null);
  const query = useQuery(mesClientsQuery(filters));
  const stats = useQuery(membreStatsQuery());

  const data = query.data;
  const totalPages = data ? Math.max(1, data.pagination.totalPages) : undefined;
  useLastPageClamp(filters.page, totalPages, setPage);
  const page = Math.min(filters.page, totalPages ?? filters.page);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Mes Clients
        </Title>
        <Text c="dimmed" size="sm">
          Liste de vos clients assignés.
        </Text>
      </div>

      <StatTiles
        tiles={TILES}
        stats={stats.data}
        error={stats.error}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
        label="Chiffres de vos clients"
      />

      <Card withBorder radius="md" padding="md">
        <Group>
          <SearchField value={searchInput} onChange={setSearchInput} placeholder="Nom, email, téléphone, code..." />
        </Group>
      </Card>

      {query.isError && !data ? (
        <ErrorPanel
          title="Erreur lors du chargement des clients"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !data ? (
        <TableSkeleton label="Chargement des clients" />
      ) : data.items.length === 0 ? (
        filters.search ? (
          <EmptyPanel
            icon={<IconUsers size={28} />}
            title="Aucun client trouvé"
            description="Aucun de vos clients ne correspond à votre recherche."
          >
            <Button variant="light" onClick={() => setSearchInput('')}>
              Effacer la recherche
            </Button>
          </EmptyPanel>
        ) : (
          <EmptyPanel
            icon={<IconUsers size={28} />}
            title="Aucun client assigné"
            description="Les membres qu'un administrateur vous assigne apparaîtront ici."
          />
        )
      ) : (
        <ResultsView
          view="list"
          items={data.items}
          table={(membres) => (
            <MembreTable membres={membres} onOpen={(m) => setSelected(m.id)} label="Liste de vos clients" />
          )}
          stale={query.isPlaceholderData}
          busy={query.isFetching}
          error={retryableError(query)}
        />
      )}

      {data && data.items.length > 0 && totalPages && (
        <Pager
          page={page}
          totalPages={totalPages}
          onChange={setPage}
          summary={`Page ${page} sur ${totalPages} - ${pluralTotal(data.pagination, 'client')} au total`}
        />
      )}

      <MembreDetailModal membreId={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}
