import { AUDIT_MESSAGES, type AuditEntry, type AuditStats, pageSummary, plural, pluralTotal } from '@app/shared';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconCalendarEvent,
  IconCalendarMonth,
  IconCalendarWeek,
  IconChevronDown,
  IconChevronUp,
  IconListDetails,
  IconShieldSearch,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { auditListQuery, auditStatsQuery } from '../../data/audit.ts';
import { CardsSkeleton } from '../../ui/CardsSkeleton.tsx';
import { EmptyPanel } from '../../ui/EmptyPanel.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { ExportMenu } from '../../ui/ExportMenu.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { ResultsView, retryableError } from '../../ui/ResultsView.tsx';
import { type StatTileSpec, StatTiles } from '../../ui/StatTiles.tsx';
import { TableSkeleton } from '../../ui/TableSkeleton.tsx';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import { AuditDetailModal } from './AuditDetailModal.tsx';
import { AuditFilterPanel } from './AuditFilterPanel.tsx';
import { AuditCard, AuditTable } from './AuditTable.tsx';
import { AuditTops } from './AuditTops.tsx';
import { activeFilterCount, useAuditFilters, userOptions } from './audit-format.ts';

/** The four counts of the journal (spec 3 §2.5). */
const TILES: StatTileSpec<AuditStats>[] = [
  { label: 'Total des entrées', icon: <IconListDetails size={20} />, color: 'blue', value: (s) => s.total_audits },
  { label: 'Aujourd’hui', icon: <IconCalendarEvent size={20} />, color: 'teal', value: (s) => s.audits_today },
  { label: 'Cette semaine', icon: <IconCalendarWeek size={20} />, color: 'grape', value: (s) => s.audits_this_week },
  { label: 'Ce mois', icon: <IconCalendarMonth size={20} />, color: 'orange', value: (s) => s.audits_this_month },
];

/**
 * The Audit tab of 'Entreprise' (spec 3 §2.5), its default one: the four counts, the most active
 * users and most audited tables, the collapsible filters, the journal newest first, twenty a page,
 * as a table (cards on a phone), and an entry's details. On failure, the error and 'Réessayer',
 * never sample data (decisions §6).
 */
export function AuditTab() {
  const { filters, update, setPage, filtered, clearAll } = useAuditFilters();
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const panelId = useId();
  const activeFilters = activeFilterCount(filters);
  const [panelOpen, setPanelOpen] = useState(activeFilters > 0);
  const [detail, setDetail] = useState<AuditEntry | null>(null);

  const query = useQuery(auditListQuery(filters));
  const stats = useQuery(auditStatsQuery());

  const data = query.data;
  const totalPages = data ? Math.max(1, data.pagination.totalPages) : undefined;
  useLastPageClamp(filters.page, totalPages, setPage);
  const page = Math.min(filters.page, totalPages ?? filters.page);

  const refresh = () => {
    void query.refetch();
    void stats.refetch();
  };
  const count = data && `${pluralTotal(data.pagination, 'entrée')}${filtered ? '' : ' au total'}`;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2} size="h3">
            Journal d’audit
          </Title>
          <Text c="dimmed" size="sm">
            Qui a fait quoi, quand et d’où, sur les données de la société
          </Text>
        </div>
        <Group gap="xs">
          <RefreshButton onClick={refresh} loading={query.isFetching || stats.isFetching} />
          <ExportMenu list="audit" path="/audit/export" filters={filters} />
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
            rightSection={
              <Group gap={6} wrap="nowrap">
                {activeFilters > 0 && (
                  <Badge size="sm" circle aria-hidden>
                    {activeFilters}
                  </Badge>
                )}
                {panelOpen ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
              </Group>
            }
            aria-label={activeFilters > 0 ? `Filtres, ${plural(activeFilters, 'actif')}` : undefined}
            aria-expanded={panelOpen}
            aria-controls={panelId}
            onClick={() => setPanelOpen((open) => !open)}
          >
            Filtres
          </Button>
        </Group>
      </Group>

      <StatTiles
        tiles={TILES}
        stats={stats.data}
        error={stats.error}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
        label="Chiffres du journal d’audit"
      />
      {!(stats.isError && !stats.data) && <AuditTops stats={stats.data} />}

      <AuditFilterPanel
        id={panelId}
        opened={panelOpen}
        filters={filters}
        onChange={update}
        onReset={clearAll}
        users={userOptions(stats.data, data?.items, filters.user_id)}
      />

      {query.isError && !data ? (
        <ErrorPanel
          title={AUDIT_MESSAGES.loadError}
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !data ? (
        phone ? (
          <CardsSkeleton label="Chargement du journal d’audit" count={3} />
        ) : (
          <TableSkeleton label="Chargement du journal d’audit" />
        )
      ) : data.items.length === 0 ? (
        <EmptyPanel
          icon={<IconShieldSearch size={28} />}
          title="Aucune entrée"
          description={
            filtered ? 'Aucune entrée du journal ne correspond à vos filtres.' : 'Le journal d’audit est encore vide.'
          }
        >
          {filtered && (
            <Button variant="light" onClick={clearAll}>
              Réinitialiser les filtres
            </Button>
          )}
        </EmptyPanel>
      ) : (
        <ResultsView
          view={phone ? 'grid' : 'list'}
          items={data.items}
          card={(entry) => <AuditCard key={entry.id} entry={entry} onOpen={setDetail} />}
          table={(entries) => <AuditTable entries={entries} onOpen={setDetail} />}
          stale={query.isPlaceholderData}
          busy={query.isFetching}
          error={retryableError(query)}
        />
      )}

      {data && data.items.length > 0 && totalPages && (
        <Pager page={page} totalPages={totalPages} onChange={setPage} summary={pageSummary(page, totalPages, count)} />
      )}

      <AuditDetailModal entry={detail} onClose={() => setDetail(null)} />
    </Stack>
  );
}
