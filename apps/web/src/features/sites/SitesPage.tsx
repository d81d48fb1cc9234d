import { can, formatPricePerM2, type Site } from '@app/shared';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCurrentProfile } from '../../api/index.ts';
import { CardsSkeleton } from '../../ui/CardsSkeleton.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyPanel } from '../../ui/EmptyPanel.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { toastActionError } from '../../ui/mutation-error.ts';
import { Pager } from '../../ui/Pager.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { ResultsView, retryableError } from '../../ui/ResultsView.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { StatTile } from '../../ui/StatTile.tsx';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { useDebouncedSearch } from '../../ui/use-debounced-search.ts';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import { type ViewMode, ViewToggle } from '../../ui/ViewToggle.tsx';
import { SiteCard, SiteTable } from './SiteCard.tsx';
import { SiteFormModal } from './SiteFormModal.tsx';
import { deleteSite, setSiteActive } from './sites.api.ts';
import { siteStatsQuery, sitesKeys, sitesListQuery } from './sites.queries.ts';

export const SITES_PAGE_SIZE = 12;

/** 'Gestion des Sites' (spec 2 §2): search, refresh, grid or list, pages; add, edit, delete for managers. */
export default function SitesPage() {
  const profile = useCurrentProfile();
  const canManage = can(profile?.role, 'sites.manage');
  const queryClient = useQueryClient();
  const [view, setView] = useState<ViewMode>('grid');
  const [page, setPage] = useState(1);
  const { searchInput, setSearchInput, search } = useDebouncedSearch();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Site | null>(null);
  const [toDelete, setToDelete] = useState<Site | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at page 1
  useEffect(() => setPage(1), [search]);

  const query = useQuery(sitesListQuery({ page, limit: SITES_PAGE_SIZE, search }));
  const stats = useQuery(siteStatsQuery());

  const refresh = () => void queryClient.invalidateQueries({ queryKey: sitesKeys.all });

  const removal = useMutation({
    mutationFn: (site: Site) => deleteSite(site.id),
    onSuccess: async (message) => {
      setToDelete(null);
      showToast('success', message ?? 'Site supprimé avec succès');
      await queryClient.invalidateQueries({ queryKey: sitesKeys.all });
    },
  });

  const activation = useMutation({
    mutationFn: (site: Site) => setSiteActive(site.id, !site.est_actif),
    onSuccess: async (message, site) => {
      showToast('success', message ?? (site.est_actif ? 'Site désactivé avec succès' : 'Site activé avec succès'));
      await queryClient.invalidateQueries({ queryKey: sitesKeys.all });
    },
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
            Gestion des Sites
          </Title>
          <Text c="dimmed" size="sm">
            Les programmes immobiliers et leur prix au m²
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
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" aria-label="Chiffres des sites">
          <StatTile label="Sites" value={String(stats.data.total)} />
          <StatTile label="Sites actifs" value={String(stats.data.actifs)} />
          <StatTile label="Villes" value={String(stats.data.villes)} />
          <StatTile
            label="Prix moyen du m²"
            value={stats.data.prix_moyen_m2 === null ? '—' : formatPricePerM2(Math.round(stats.data.prix_moyen_m2))}
          />
        </SimpleGrid>
      )}

      <Card withBorder radius="md" padding="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <SearchField value={searchInput} onChange={setSearchInput} placeholder="Rechercher un site..." />
          <RefreshButton onClick={refresh} loading={query.isFetching && !query.isPending} />
          <ViewToggle value={view} onChange={setView} />
        </Group>
      </Card>

      {query.isError && !data ? (
        <ErrorPanel
          title="Erreur lors du chargement des sites"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !data ? (
        <CardsSkeleton label="Chargement des sites" />
      ) : data.items.length === 0 ? (
        <EmptyPanel
          icon={<IconMapPin size={28} />}
          title="Aucun site trouvé"
          description={search ? 'Aucun site ne correspond à votre recherche.' : "Aucun site n'a encore été créé."}
        >
          {search && (
            <Button variant="light" onClick={() => setSearchInput('')}>
              Effacer la recherche
            </Button>
          )}
        </EmptyPanel>
      ) : (
        <ResultsView
          view={view}
          items={data.items}
          card={(site) => <SiteCard key={site.id} site={site} {...actions} />}
          table={(sites) => <SiteTable sites={sites} {...actions} />}
          stale={query.isPlaceholderData}
          busy={query.isFetching}
          error={retryableError(query)}
        />
      )}

      {data && data.items.length > 0 && (
        <Pager
          page={Math.min(page, totalPages)}
          totalPages={totalPages}
          onChange={setPage}
          summary={`Page ${Math.min(page, totalPages)} sur ${totalPages} - ${data.pagination.total} site${data.pagination.total > 1 ? 's' : ''} au total`}
        />
      )}

      {canManage && (
        <>
          <SiteFormModal opened={formOpen} onClose={() => setFormOpen(false)} site={editing} />
          <ConfirmDialog
            opened={!!toDelete}
            danger
            title="Supprimer le site"
            message={`Êtes-vous sûr de vouloir supprimer le site « ${toDelete?.nom_site ?? ''} » ? Cette action est irréversible.`}
            confirmLabel="Supprimer"
            loading={removal.isPending}
            error={removal.error?.message}
            onConfirm={() => toDelete && removal.mutate(toDelete)}
            onClose={() => setToDelete(null)}
          />
        </>
      )}
    </Stack>
  );
}
