import { type MembreStats, pageSummary, pluralTotal } from '@app/shared';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCrown, IconDiamond, IconUserCheck, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { membreStatsQuery, mesClientsQuery } from '../../data/membres.ts';
import { ExportMenu } from '../../ui/ExportMenu.tsx';
import { ListBody } from '../../ui/ListBody.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { type StatTileSpec, StatTiles } from '../../ui/StatTiles.tsx';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import type { ViewMode } from '../../ui/ViewToggle.tsx';
import { MembreCard } from './MembreCard.tsx';
import { MembreDetailModal } from './MembreDetailModal.tsx';
import { MembreFilterBar } from './MembreFilterBar.tsx';
import { MEMBRES_PAGE_SIZE } from './MembresPage.tsx';
import { MembreTable } from './MembreTable.tsx';
import { useMembreFilters } from './use-membre-filters.ts';

const TILES: StatTileSpec<MembreStats>[] = [
  { label: 'Total', icon: <IconUsers size={20} />, color: 'blue', value: (s) => s.total },
  { label: 'Actifs', icon: <IconUserCheck size={20} />, color: 'green', value: (s) => s.actifs },
  { label: 'Premium', icon: <IconCrown size={20} />, color: 'indigo', value: (s) => s.premium },
  { label: 'VIP', icon: <IconDiamond size={20} />, color: 'grape', value: (s) => s.vip },
];

/**
 * A gestionnaire's 'Mes Clients' (spec 3 §2.8): his assigned members, read-only, with the admin's
 * filters and sort (kept in the address). A table on a wide screen, cards on a phone, where a
 * table would hide half its columns.
 */
export function MesClientsPage() {
  const { filters, update, setPage, searchInput, setSearchInput, clearAll } = useMembreFilters(MEMBRES_PAGE_SIZE);
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const [chosenView, setView] = useState<ViewMode>('list');
  const view = phone ? 'grid' : chosenView;
  const [selected, setSelected] = useState<number | null>(null);
  const query = useQuery(mesClientsQuery(filters));
  const stats = useQuery(membreStatsQuery());

  const data = query.data;
  const totalPages = data ? Math.max(1, data.pagination.totalPages) : undefined;
  useLastPageClamp(filters.page, totalPages, setPage);
  const page = Math.min(filters.page, totalPages ?? filters.page);
  const filtered = !!(filters.search || filters.statut || filters.type_membre);
  const open = (membre: { id: number }) => setSelected(membre.id);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Mes Clients
          </Title>
          <Text c="dimmed" size="sm">
            Liste de vos clients assignés.
          </Text>
        </div>
        <ExportMenu list="membres" path="/membres/mes-clients/export" filters={filters} />
      </Group>

      <StatTiles
        tiles={TILES}
        stats={stats.data}
        error={stats.error}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
        label="Chiffres de vos clients"
      />

      <MembreFilterBar
        filters={filters}
        searchInput={searchInput}
        onSearchChange={setSearchInput}
        onChange={update}
        view={view}
        onViewChange={phone ? undefined : setView}
      />

      <ListBody
        query={query}
        view={view}
        loadFailure="Erreur lors du chargement des clients"
        loadingLabel="Chargement des clients"
        onRetry={() => void query.refetch()}
        empty={{
          icon: <IconUsers size={28} />,
          title: filtered ? 'Aucun client trouvé' : 'Aucun client assigné',
          description: filtered
            ? 'Aucun de vos clients ne correspond à vos critères de recherche.'
            : 'Les membres qu’un administrateur vous assigne apparaîtront ici.',
          onClear: filtered ? clearAll : undefined,
        }}
        card={(membre) => <MembreCard key={membre.id} membre={membre} onOpen={open} />}
        table={(membres) => <MembreTable membres={membres} onOpen={open} label="Liste de vos clients" />}
      />

      {data && data.items.length > 0 && totalPages && (
        <Pager
          page={page}
          totalPages={totalPages}
          onChange={setPage}
          summary={pageSummary(page, totalPages, `${pluralTotal(data.pagination, 'client')} au total`)}
        />
      )}

      <MembreDetailModal membreId={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}
