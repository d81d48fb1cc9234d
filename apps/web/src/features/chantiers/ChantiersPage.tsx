import {
  CHANTIER_MESSAGES,
  CHANTIER_PAGE_SIZE,
  CHANTIER_STATUTS,
  type Chantier,
  type ChantierStats,
  type Pagination,
  pageSummary,
  plural,
  pluralTotal,
} from '@app/shared';
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconBuildingSkyscraper, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentProfile } from '../../api/index.ts';
import { chantierStatsQuery, chantiersListQuery, useDeleteChantier } from '../../data/chantiers.ts';
import { ALL, filterValue } from '../../ui/account-options.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ExportMenu } from '../../ui/ExportMenu.tsx';
import { ListBody } from '../../ui/ListBody.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import { type ViewMode, ViewToggle } from '../../ui/ViewToggle.tsx';
import { ChantierCard } from './ChantierCard.tsx';
import { ChantierFormModal } from './ChantierFormModal.tsx';
import { ChantierPhotosModal } from './ChantierPhotosModal.tsx';
import { ChantierTable } from './ChantierTable.tsx';
import { chantierRights, STATUT_OPTIONS } from './chantier-format.ts';
import { useChantierFilters } from './use-chantier-filters.ts';

const STATUT_FILTER = [{ value: ALL, label: 'Tous les statuts' }, ...STATUT_OPTIONS];

/** '12 chantiers', or '3 chantiers trouvés' under a search or a filter (spec 2 §2: the count found). */
function countLine(pagination: Pagination, narrowed: boolean): string {
  const count = pluralTotal(pagination, 'chantier');
  if (!narrowed) return count;
  return `${count} ${pagination.total > 1 ? 'trouvés' : 'trouvé'}`;
}

/** The city filter's choices: the cities of the chantiers (GET /chantiers/stats), and the one asked for. */
function villeChoices(stats: ChantierStats | undefined, current: string | null) {
  const villes = (stats?.par_ville ?? []).map((v) => ({ value: v.ville, label: `${v.ville} (${v.nombre})` }));
  if (current && !villes.some((v) => v.value === current)) villes.push({ value: current, label: current });
  return villes;
}

/**
 * 'Gestion des Chantiers' (spec 2 §2): refresh, the search, the status and city filters and the
 * count, the chantiers as cards (or a table) with their progress, pages; managers create, edit and
 * delete; a member reads 'Mes Chantiers', those of his product and of its site.
 */
export default function ChantiersPage() {
  const profile = useCurrentProfile();
  const rights = chantierRights(profile?.role);
  const { filters, update, setPage, searchInput, setSearchInput, filtered, clearAll } =
    useChantierFilters(CHANTIER_PAGE_SIZE);
  const [view, setView] = useState<ViewMode>('grid');

  const query = useQuery(chantiersListQuery(filters));
  const stats = useQuery(chantierStatsQuery());

  // The chantier edited outlives the closing, so the form keeps its title while it fades out.
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Chantier | null>(null);
  const [toDelete, setToDelete] = useState<Chantier | null>(null);
  const [photosOf, setPhotosOf] = useState<Chantier | null>(null);
  const removal = useDeleteChantier();

  const data = query.data;
  const totalPages = data ? Math.max(1, data.pagination.totalPages) : undefined;
  useLastPageClamp(filters.page, totalPages, setPage);
  const page = Math.min(filters.page, totalPages ?? filters.page);

  const refresh = () => {
    void query.refetch();
    void stats.refetch();
  };
  const actions = {
    canManage: rights.manage,
    onEdit: (chantier: Chantier) => {
      setEditing(chantier);
      setFormOpen(true);
    },
    onDelete: (chantier: Chantier) => {
      removal.reset();
      setToDelete(chantier);
    },
    onPhotos: setPhotosOf,
  };
  const villes = villeChoices(stats.data, filters.ville);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            {rights.manage ? 'Gestion des Chantiers' : 'Mes Chantiers'}
          </Title>
          <Text c="dimmed" size="sm">
            {rights.manage
              ? 'Les chantiers de construction, leur planning, leur budget et leur avancement.'
              : 'L’avancement des chantiers de votre logement et de son site.'}
          </Text>
        </div>
        {rights.manage && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            Nouveau chantier
          </Button>
        )}
      </Group>

      <Card withBorder radius="md" padding="md" component="section" aria-label="Filtres des chantiers">
        <Group gap="md" align="flex-end" wrap="wrap">
          <SearchField value={searchInput} onChange={setSearchInput} placeholder="Rechercher un chantier..." />
          <Select
            label="Statut"
            data={STATUT_FILTER}
            value={filters.statut ?? ALL}
            onChange={(v) => update({ statut: filterValue(v ?? ALL, CHANTIER_STATUTS) })}
            allowDeselect={false}
            w={{ base: '100%', xs: 170 }}
          />
          {villes.length > 0 && (
            <Select
              label="Ville"
              data={[{ value: ALL, label: 'Toutes les villes' }, ...villes]}
              value={filters.ville ?? ALL}
              onChange={(v) => update({ ville: !v || v === ALL ? null : v })}
              allowDeselect={false}
              w={{ base: '100%', xs: 220 }}
            />
          )}
          <Group gap="sm">
            <RefreshButton onClick={refresh} loading={query.isFetching && !query.isPending} />
            <ExportMenu list="chantiers" path="/chantiers/export" filters={filters} />
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
        loadFailure={CHANTIER_MESSAGES.loadError}
        loadingLabel="Chargement des chantiers..."
        onRetry={refresh}
        empty={{
          icon: <IconBuildingSkyscraper size={28} />,
          title: 'Aucun chantier trouvé',
          description: filtered
            ? 'Aucun chantier ne correspond à vos critères de recherche.'
            : rights.manage
              ? 'Créez le premier chantier avec le bouton «\u00a0Nouveau chantier\u00a0».'
              : 'Aucun chantier n’est encore ouvert pour votre logement.',
          onClear: filtered ? clearAll : undefined,
        }}
        card={(chantier) => <ChantierCard key={chantier.id} chantier={chantier} {...actions} />}
        table={(chantiers) => <ChantierTable chantiers={chantiers} {...actions} />}
      />

      {data && totalPages && totalPages > 1 && (
        <Pager
          page={page}
          totalPages={totalPages}
          onChange={setPage}
          summary={`${pageSummary(page, totalPages)} (${plural(data.pagination.total, 'chantier')} au total)`}
        />
      )}

      {photosOf && (
        <ChantierPhotosModal chantier={photosOf} canManage={rights.manage} onClose={() => setPhotosOf(null)} />
      )}
      {rights.manage && (
        <>
          <ChantierFormModal opened={formOpen} onClose={() => setFormOpen(false)} chantier={editing} />
          <ConfirmDialog
            opened={toDelete !== null}
            danger
            title="Supprimer le chantier"
            message={CHANTIER_MESSAGES.deleteConfirm}
            confirmLabel="Supprimer"
            loading={removal.isPending}
            error={removal.error ? `${CHANTIER_MESSAGES.deleteError}\u00a0: ${removal.error.message}` : null}
            onConfirm={() =>
              toDelete &&
              removal.mutate(toDelete, {
                onSuccess: (message) => {
                  setToDelete(null);
                  showToast('success', message);
                },
              })
            }
            onClose={() => setToDelete(null)}
          />
        </>
      )}
    </Stack>
  );
}
