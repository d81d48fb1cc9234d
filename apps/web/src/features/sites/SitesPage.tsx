import { can, formatPricePerM2, isStaffRole, pageSummary, plural, type Site } from '@app/shared';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentProfile } from '../../api/index.ts';
import { siteStatsQuery, sitesKeys, sitesListQuery, useDeleteSite, useToggleSiteActive } from '../../data/sites.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ExportMenu } from '../../ui/ExportMenu.tsx';
import { ListBody } from '../../ui/ListBody.tsx';
import { toastActionError } from '../../ui/mutation-error.ts';
import { Pager } from '../../ui/Pager.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { StatTile } from '../../ui/StatTile.tsx';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import { useListFilters } from '../../ui/use-list-filters.ts';
import { type ViewMode, ViewToggle } from '../../ui/ViewToggle.tsx';
import { SiteCard, SiteTable } from './SiteCard.tsx';
import { SiteFormModal } from './SiteFormModal.tsx';

export const SITES_PAGE_SIZE = 12;

/** A price per m², or '—' before there is any site. */
const perM2 = (value: number | null) => (value === null ? '—' : formatPricePerM2(Math.round(value)));

/**
 * 'Gestion des Sites' (spec 2 §2): search, refresh, grid or list, pages; add, edit, delete for
 * managers. Members and applicants read it as a buyer would: 'Nos sites', from which price.
 */
export default function SitesPage() {
  const profile = useCurrentProfile();
  const canManage = can(profile?.role, 'sites.manage');
  const staff = !!profile && isStaffRole(profile.role);
  const queryClient = useQueryClient();
  const [view, setView] = useState<ViewMode>('grid');
  const { page, search, setPage, searchInput, setSearchInput, clearAll } = useListFilters({});
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Site | null>(null);
  const [toDelete, setToDelete] = useState<Site | null>(null);

  const query = useQuery(sitesListQuery({ page, limit: SITES_PAGE_SIZE, search }));
  const stats = useQuery(siteStatsQuery());

  const refresh = () => void queryClient.invalidateQueries({ queryKey: sitesKeys.all });

  const removal = useDeleteSite();
  const activation = useToggleSiteActive({
    onSuccess: (message, site) =>
      showToast('success', message ?? (site.est_actif ? 'Site désactivé avec succès' : 'Site activé avec succès')),
    onError: toastActionError,
  });

  const data = query.data;
  const totalPages = Math.max(1, data?.pagination.totalPages ?? 1);
  useLastPageClamp(page, data ? totalPages : undefined, setPage);

  const actions = {
    canManage,
    onEdit: (site: Site) => {
      setEditing(site);
      setFormOpen(true);
    },
    onDelete: (site: Site) => {
      removal.reset();
      setToDelete(site);
    },
    onToggleActive: (site: Site) => activation.mutate(site),
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            {staff ? 'Gestion des Sites' : 'Nos sites'}
          </Title>
          <Text c="dimmed" size="sm">
            {staff
              ? 'Les programmes immobiliers et leur prix au m²'
              : 'Nos programmes immobiliers, où ils sont et leur prix au m²'}
          </Text>
        </div>
        {canManage && (
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            Ajouter un site
          </Button>
        )}
      </Group>

      {stats.data && (
        <SimpleGrid cols={{ base: 2, md: staff ? 4 : 3 }} spacing="sm" role="group" aria-label="Chiffres des sites">
          <StatTile label="Sites" value={String(stats.data.total)} />
          {staff && <StatTile label="Sites actifs" value={String(stats.data.actifs)} />}
          <StatTile label="Villes" value={String(stats.data.villes)} />
          {staff ? (
            <StatTile label="Prix moyen du m²" value={perM2(stats.data.prix_moyen_m2)} />
          ) : (
            <StatTile label="Prix du m² à partir de" value={perM2(stats.data.prix_min_m2)} />
          )}
        </SimpleGrid>
      )}

      <Card withBorder radius="md" padding="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <SearchField value={searchInput} onChange={setSearchInput} placeholder="Rechercher un site..." />
          <RefreshButton onClick={refresh} loading={query.isFetching && !query.isPending} />
          <ExportMenu list="sites" path="/sites/export" filters={{ search, sortBy: 'nom_site', sortOrder: 'asc' }} />
          <ViewToggle value={view} onChange={setView} />
        </Group>
      </Card>

      <ListBody
        query={query}
        view={view}
        loadFailure="Erreur lors du chargement des sites"
        loadingLabel="Chargement des sites"
        onRetry={() => void query.refetch()}
        empty={{
          icon: <IconMapPin size={28} />,
          title: 'Aucun site trouvé',
          description: search ? 'Aucun site ne correspond à votre recherche.' : 'Aucun site n’a encore été créé.',
          onClear: search ? clearAll : undefined,
          clearLabel: 'Effacer la recherche',
        }}
        card={(site) => <SiteCard key={site.id} site={site} {...actions} />}
        table={(sites) => <SiteTable sites={sites} {...actions} />}
      />

      {data && data.items.length > 0 && (
        <Pager
          page={Math.min(page, totalPages)}
          totalPages={totalPages}
          onChange={setPage}
          summary={pageSummary(
            Math.min(page, totalPages),
            totalPages,
            `${plural(data.pagination.total, 'site')} au total`,
          )}
        />
      )}

      {canManage && (
        <>
          <SiteFormModal opened={formOpen} onClose={() => setFormOpen(false)} site={editing} />
          <ConfirmDialog
            opened={!!toDelete}
            danger
            title="Supprimer le site"
            message={`Êtes-vous sûr de vouloir supprimer le site « ${toDelete?.nom_site ?? ''} » ? Cette action est irréversible.`}
            confirmLabel="Supprimer"
            loading={removal.isPending}
            error={removal.error?.message}
            onConfirm={() =>
              toDelete &&
              removal.mutate(toDelete, {
                onSuccess: (message) => {
                  setToDelete(null);
                  showToast('success', message ?? 'Site supprimé avec succès');
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
