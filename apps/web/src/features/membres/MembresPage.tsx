import { type Membre, type MembreStats, pageSummary, plural, pluralTotal } from '@app/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCrown, IconUserCheck, IconUserPlus, IconUserShare, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { membreStatsQuery, membresListQuery } from '../../data/membres.ts';
import { ExportMenu } from '../../ui/ExportMenu.tsx';
import { ListBody } from '../../ui/ListBody.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { type StatTileSpec, StatTiles } from '../../ui/StatTiles.tsx';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import type { ViewMode } from '../../ui/ViewToggle.tsx';
import { MembreCard } from './MembreCard.tsx';
import { MembreDetailModal } from './MembreDetailModal.tsx';
import { MembreFilterBar } from './MembreFilterBar.tsx';
import { MembreTable } from './MembreTable.tsx';
import { ReassignMembresModal } from './ReassignMembresModal.tsx';
import { useMembreFilters } from './use-membre-filters.ts';

/** The members page shows 12 members a page (spec 3 §9). */
export const MEMBRES_PAGE_SIZE = 12;

const TILES: StatTileSpec<MembreStats>[] = [
  { label: 'Total Membres', icon: <IconUsers size={20} />, color: 'blue', value: (s) => s.total },
  { label: 'Membres Actifs', icon: <IconUserCheck size={20} />, color: 'green', value: (s) => s.actifs },
  { label: 'Membres Premium', icon: <IconCrown size={20} />, color: 'indigo', value: (s) => s.premium },
  { label: 'Nouveaux ce mois', icon: <IconUserPlus size={20} />, color: 'grape', value: (s) => s.nouveaux_mois },
];

/**
 * The admin's members page (spec 3 §2.7): figures, filters, grid or table, pages, and the detail
 * modal; members checked on any page are reassigned to a gestionnaire together (issue 26).
 */
export function MembresPage() {
  const { filters, update, setPage, searchInput, setSearchInput, clearAll } = useMembreFilters(MEMBRES_PAGE_SIZE);
  const [view, setView] = useState<ViewMode>('grid');
  const [selected, setSelected] = useState<number | null>(null);
  const [checked, setChecked] = useState<ReadonlyMap<number, Membre>>(new Map());
  const [reassigning, setReassigning] = useState(false);
  const selection = { selected: checked, onChange: setChecked };
  const query = useQuery(membresListQuery(filters));
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
            Gestion des Membres
          </Title>
          <Text c="dimmed" size="sm">
            Les membres, leur produit, leurs paiements et leur gestionnaire.
          </Text>
        </div>
        <ExportMenu list="membres" path="/membres/export" filters={filters} />
      </Group>

      <StatTiles
        tiles={TILES}
        stats={stats.data}
        error={stats.error}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
        label="Chiffres des membres"
      />

      <MembreFilterBar
        filters={filters}
        searchInput={searchInput}
        onSearchChange={setSearchInput}
        onChange={update}
        view={view}
        onViewChange={setView}
      />

      {checked.size > 0 && (
        // It stays in view under the header while the list scrolls: the boxes are checked further down.
        <Paper
          withBorder
          radius="md"
          p="sm"
          shadow="xs"
          component="section"
          aria-label="Membres sélectionnés"
          style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0rem) + 0.5rem)', zIndex: 2 }}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm" fw={500} aria-live="polite">
              {plural(checked.size, 'membre sélectionné', 'membres sélectionnés')}
            </Text>
            <Group gap="xs">
              <Button variant="subtle" onClick={() => setChecked(new Map())}>
                Tout désélectionner
              </Button>
              <Button leftSection={<IconUserShare size={16} aria-hidden />} onClick={() => setReassigning(true)}>
                Réassigner à un gestionnaire
              </Button>
            </Group>
          </Group>
        </Paper>
      )}

      <ListBody
        query={query}
        view={view}
        loadFailure="Erreur lors du chargement des membres"
        loadingLabel="Chargement des membres"
        onRetry={() => void query.refetch()}
        empty={{
          icon: <IconUsers size={28} />,
          title: 'Aucun membre trouvé',
          description: filtered
            ? 'Aucun membre ne correspond à vos critères de recherche.'
            : 'Aucun membre n’est encore inscrit.',
          onClear: filtered ? clearAll : undefined,
        }}
        card={(membre) => <MembreCard key={membre.id} membre={membre} onOpen={open} selection={selection} />}
        table={(membres) => (
          <MembreTable
            membres={membres}
            onOpen={open}
            label="Liste des membres"
            withGestionnaire
            selection={selection}
          />
        )}
      />

      {data && data.items.length > 0 && totalPages && (
        <Pager
          page={page}
          totalPages={totalPages}
          onChange={setPage}
          summary={pageSummary(page, totalPages, `${pluralTotal(data.pagination, 'membre')} au total`)}
        />
      )}

      <MembreDetailModal membreId={selected} onClose={() => setSelected(null)} />
      <ReassignMembresModal
        opened={reassigning}
        membres={[...checked.values()]}
        onClose={() => setReassigning(false)}
        onDone={() => setChecked(new Map())}
      />
    </Stack>
  );
}
