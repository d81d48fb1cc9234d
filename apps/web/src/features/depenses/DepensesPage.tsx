import {
  DEPENSE_CATEGORIES,
  DEPENSE_MESSAGES,
  DEPENSE_STATUTS,
  type Depense,
  type DepenseStats,
  type Pagination,
  pageSummary,
  pluralTotal,
  type Role,
} from '@app/shared';
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentProfile } from '../../api/index.ts';
import { depenseStatsQuery, depensesListQuery, openJustificatif } from '../../data/depenses.ts';
import { ALL, filterValue } from '../../ui/account-options.ts';
import { ExportMenu } from '../../ui/ExportMenu.tsx';
import { ListBody } from '../../ui/ListBody.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { useFileDownload } from '../../ui/use-file-download.ts';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import { usePageSize } from '../../ui/use-page-size.ts';
import { type ViewMode, ViewToggle } from '../../ui/ViewToggle.tsx';
import { DepenseActionDialog } from './DepenseActionDialog.tsx';
import { DepenseCard } from './DepenseCard.tsx';
import { DepenseDetailModal } from './DepenseDetailModal.tsx';
import { DepenseFormModal } from './DepenseFormModal.tsx';
import type { DepenseRowAction } from './DepenseRowActions.tsx';
import { DepenseStatsCards } from './DepenseStatsCards.tsx';
import { DepenseTable } from './DepenseTable.tsx';
import { depenseRights, STATUT_OPTIONS } from './depense-format.ts';
import { useDepenseFilters } from './use-depense-filters.ts';

const STATUT_FILTER = [{ value: ALL, label: 'Tous les statuts' }, ...STATUT_OPTIONS];

/** A member's page is his own ('Mes Dépenses', as his sidebar names it). */
function heading(role: Role | null | undefined): { title: string; subtitle: string } {
  if (role === 'membre') {
    return { title: 'Mes Dépenses', subtitle: 'Vos dépenses, leur suivi et leurs justificatifs.' };
  }
  return {
    title: 'Gestion des Dépenses',
    subtitle: 'Les dépenses déclarées par les membres, à approuver ou à rejeter.',
  };
}

/** '42 dépenses', or '3 dépenses trouvées' under a search or a filter. */
function countLine(pagination: Pagination, narrowed: boolean): string {
  const count = pluralTotal(pagination, 'dépense');
  if (!narrowed) return count;
  return `${count} ${pagination.total > 1 ? 'trouvées' : 'trouvée'}`;
}

/** The category filter: the categories present (spec 3 §2.2), most used first, and the one asked for. */
function categorieFilter(stats: DepenseStats | undefined, current: string | null) {
  const present = (stats?.categories ?? []).map((c) => c.categorie as string);
  if (current && !present.includes(current)) present.push(current);
  return [{ value: ALL, label: 'Toutes les catégories' }, ...present.map((value) => ({ value, label: value }))];
}

/**
 * 'Gestion des Dépenses' (spec 3 §2.2): the figures, the search, the status and category filters
 * and the count, the expenses as cards (or a table) with their actions, pages; the details, the
 * confirmations (approve, reject with its reason, delete) and a member's form to file or edit one.
 */
export default function DepensesPage() {
  const profile = useCurrentProfile();
  const role = profile?.role;
  const rights = depenseRights(role, profile?.id ?? null);
  const { title, subtitle } = heading(role);
  const { filters, update, setPage, searchInput, setSearchInput, filtered, clearAll } = useDepenseFilters(
    usePageSize(),
  );
  const [view, setView] = useState<ViewMode>('grid');

  const query = useQuery(depensesListQuery(filters));
  const stats = useQuery(depenseStatsQuery());

  const [detail, setDetail] = useState<Depense | null>(null);
  const [asked, setAsked] = useState<{ action: DepenseRowAction; depense: Depense } | null>(null);
  // The expense edited outlives the closing, so the form keeps its title while it fades out.
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Depense | null>(null);
  const justificatif = useFileDownload(openJustificatif, 'Erreur lors du téléchargement du justificatif');

  const data = query.data;
  const totalPages = data ? Math.max(1, data.pagination.totalPages) : undefined;
  useLastPageClamp(filters.page, totalPages, setPage);
  const page = Math.min(filters.page, totalPages ?? filters.page);

  const refresh = () => {
    void query.refetch();
    void stats.refetch();
  };
  const ask = (action: DepenseRowAction, depense: Depense) => {
    setDetail(null);
    setAsked({ action, depense });
  };
  const edit = (depense: Depense) => {
    setDetail(null);
    setEditing(depense);
    setFormOpen(true);
  };
  const withCreateur = role !== 'membre';
  const rowProps = {
    rights,
    onOpen: setDetail,
    onAction: ask,
    onEdit: edit,
    onJustificatif: justificatif.download,
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        </div>
        {rights.create && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            Nouvelle Dépense
          </Button>
        )}
      </Group>

      <DepenseStatsCards
        stats={stats.data}
        error={stats.error}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
      />

      <Card withBorder radius="md" padding="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <SearchField
            value={searchInput}
            onChange={setSearchInput}
            placeholder={withCreateur ? 'Description, catégorie, membre...' : 'Description, catégorie...'}
          />
          <Select
            label="Statut"
            data={STATUT_FILTER}
            value={filters.statut ?? ALL}
            onChange={(v) => update({ statut: filterValue(v ?? ALL, DEPENSE_STATUTS) })}
            allowDeselect={false}
            w={{ base: '100%', xs: 170 }}
          />
          <Select
            label="Catégorie"
            data={categorieFilter(stats.data, filters.categorie)}
            value={filters.categorie ?? ALL}
            onChange={(v) => update({ categorie: filterValue(v ?? ALL, DEPENSE_CATEGORIES) })}
            allowDeselect={false}
            w={{ base: '100%', xs: 220 }}
          />
          <Group gap="sm">
            <RefreshButton onClick={refresh} loading={query.isFetching && !query.isPending} />
            <ExportMenu list="depenses" path="/depenses/export" filters={filters} />
            <ViewToggle value={view} onChange={setView} />
          </Group>
        </Group>
        <Text c="dimmed" size="sm" mt="sm" aria-live="polite">
          {data ? countLine(data.pagination, filtered) : '\u00a0'}
        </Text>
      </Card>

      <ListBody
        query={query}
        view={view}
        loadFailure={DEPENSE_MESSAGES.loadError}
        loadingLabel="Chargement des dépenses"
        onRetry={refresh}
        empty={{
          icon: <IconReceipt size={28} />,
          title: 'Aucune dépense trouvée',
          description: filtered
            ? 'Aucune dépense ne correspond à vos critères de recherche.'
            : rights.create
              ? 'Déclarez votre première dépense avec le bouton «\u00a0Nouvelle Dépense\u00a0».'
              : 'Aucune dépense n’a encore été déclarée.',
          onClear: filtered ? clearAll : undefined,
        }}
        card={(depense) => (
          <DepenseCard
            key={depense.id}
            depense={depense}
            withCreateur={withCreateur}
            justificatifLoading={justificatif.loadingId === depense.id}
            {...rowProps}
          />
        )}
        table={(depenses) => (
          <DepenseTable
            depenses={depenses}
            withCreateur={withCreateur}
            justificatifLoadingId={justificatif.loadingId}
            {...rowProps}
          />
        )}
      />

      {data && data.items.length > 0 && totalPages && (
        <Pager
          page={page}
          totalPages={totalPages}
          onChange={setPage}
          summary={pageSummary(page, totalPages, pluralTotal(data.pagination, 'dépense'))}
        />
      )}

      <DepenseDetailModal
        depense={detail}
        rights={rights}
        onClose={() => setDetail(null)}
        onAction={ask}
        onEdit={edit}
        onJustificatif={justificatif.download}
        justificatifLoading={detail !== null && justificatif.loadingId === detail.id}
      />
      <DepenseActionDialog target={asked} onClose={() => setAsked(null)} />
      {(rights.create || rights.update) && (
        <DepenseFormModal opened={formOpen} onClose={() => setFormOpen(false)} depense={editing} />
      )}
    </Stack>
  );
}
