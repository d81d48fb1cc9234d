import { can, DISPONIBILITES, PRODUIT_TYPES, type Produit, pageSummary, pluralTotal } from '@app/shared';
import { Badge, Button, Card, CloseButton, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconBuildingEstate, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentProfile } from '../../api/index.ts';
import {
  type ProduitFilters,
  produitsListQuery,
  useDeleteProduit,
  useToggleProduitActive,
} from '../../data/produits.ts';
import { ALL, filterValue } from '../../ui/account-options.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ExportMenu } from '../../ui/ExportMenu.tsx';
import { ListBody } from '../../ui/ListBody.tsx';
import { toastActionError } from '../../ui/mutation-error.ts';
import { Pager } from '../../ui/Pager.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { SEGMENTED_HIT_AREA } from '../../ui/segmented-styles.ts';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import { idParam, oneOf, useListFilters } from '../../ui/use-list-filters.ts';
import { type ViewMode, ViewToggle } from '../../ui/ViewToggle.tsx';
import { ProduitCard } from './ProduitCard.tsx';
import { ProduitFormModal } from './ProduitFormModal.tsx';
import { ProduitTable } from './ProduitTable.tsx';

/** The catalogue shows 20 products a page (spec 2 §9). */
export const CATALOGUE_PAGE_SIZE = 20;

/** The catalogue's filters in the address; `site` comes from a site's 'Voir les produits'. */
const PRODUIT_PARAMS = {
  type: oneOf('type', PRODUIT_TYPES),
  disponibilite: oneOf('disponibilite', DISPONIBILITES),
  site_id: idParam('site'),
};

/** 'Catalogue de Produits' (spec 2 §2): filters, grid or list, pages of 20, management for admin and gestionnaire. */
export default function CataloguePage() {
  const profile = useCurrentProfile();
  const canManage = can(profile?.role, 'produits.manage');
  const [view, setView] = useState<ViewMode>('grid');
  const list = useListFilters(PRODUIT_PARAMS);
  const { searchInput, setSearchInput } = list;
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Produit | null>(null);
  const [toDelete, setToDelete] = useState<Produit | null>(null);

  const filters: ProduitFilters = { page: list.page, limit: CATALOGUE_PAGE_SIZE, search: list.search, ...list.values };

  const query = useQuery(produitsListQuery(filters));

  const removal = useDeleteProduit();
  const activation = useToggleProduitActive({
    onSuccess: (message, p) => showToast('success', message ?? (p.est_actif ? 'Produit désactivé' : 'Produit activé')),
    onError: toastActionError,
  });

  const data = query.data;
  const pagination = data?.pagination;
  const totalPages = Math.max(1, pagination?.totalPages ?? 1);
  const siteName = data?.items.find((p) => p.site_id === filters.site_id)?.site.nom_site ?? `Site #${filters.site_id}`;
  const actions = {
    canManage,
    onEdit: (p: Produit) => {
      setEditing(p);
      setFormOpen(true);
    },
    onDelete: (p: Produit) => {
      removal.reset();
      setToDelete(p);
    },
    onToggleActive: (p: Produit) => activation.mutate(p),
  };

  useLastPageClamp(filters.page, pagination ? totalPages : undefined, list.setPage);

  return (
    <Stack gap="lg" id="produits">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Catalogue de Produits
          </Title>
          <Text c="dimmed" size="sm">
            Logements et terrains proposés par la société
          </Text>
        </div>
        <Group gap="xs">
          <ExportMenu
            list="produits"
            path="/produits/export"
            filters={{ ...filters, sortBy: 'date_creation', sortOrder: 'desc' }}
          />
          {canManage && (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              Ajouter un produit
            </Button>
          )}
        </Group>
      </Group>

      <Card withBorder radius="md" padding="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <SearchField value={searchInput} onChange={setSearchInput} placeholder="Rechercher un produit..." />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="filtre-type">
              Type
            </Text>
            <SegmentedControl
              styles={SEGMENTED_HIT_AREA}
              aria-labelledby="filtre-type"
              value={filters.type ?? ALL}
              onChange={(value) => list.set({ type: filterValue(value, PRODUIT_TYPES) })}
              data={[
                { value: ALL, label: 'Tous' },
                { value: 'logement', label: 'Logement' },
                { value: 'terrain', label: 'Terrain' },
              ]}
            />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="filtre-disponibilite">
              Disponibilité
            </Text>
            <SegmentedControl
              styles={SEGMENTED_HIT_AREA}
              aria-labelledby="filtre-disponibilite"
              value={filters.disponibilite ?? ALL}
              onChange={(value) => list.set({ disponibilite: filterValue(value, DISPONIBILITES) })}
              data={[
                { value: ALL, label: 'Tous' },
                { value: 'disponible', label: 'Disponible' },
                { value: 'reserve', label: 'Réservé' },
              ]}
            />
          </Stack>
          <ViewToggle value={view} onChange={setView} />
        </Group>
        {filters.site_id && (
          <Group gap={6} mt="sm">
            <Text size="sm" c="dimmed">
              Filtré sur le site :
            </Text>
            <Badge
              variant="light"
              size="lg"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label="Retirer le filtre du site"
                  onClick={() => list.set({ site_id: null })}
                />
              }
            >
              {siteName}
            </Badge>
          </Group>
        )}
      </Card>

      <ListBody
        query={query}
        view={view}
        loadFailure="Erreur lors du chargement des produits"
        loadingLabel="Chargement des produits"
        onRetry={() => void query.refetch()}
        empty={{
          icon: <IconBuildingEstate size={28} />,
          title: 'Aucun produit trouvé',
          description: list.filtered
            ? 'Aucun produit ne correspond à vos critères de recherche.'
            : 'Le catalogue ne contient encore aucun produit.',
          onClear: list.filtered ? list.clearAll : undefined,
        }}
        card={(produit) => <ProduitCard key={produit.id} produit={produit} {...actions} />}
        table={(produits) => <ProduitTable produits={produits} {...actions} />}
      />

      {data && data.items.length > 0 && (
        <Pager
          page={Math.min(filters.page, totalPages)}
          totalPages={totalPages}
          onChange={list.setPage}
          summary={pageSummary(
            Math.min(filters.page, totalPages),
            totalPages,
            `${pluralTotal(pagination ?? { total: 0 }, 'produit')} au total`,
          )}
        />
      )}

      {canManage && (
        <>
          <ProduitFormModal opened={formOpen} onClose={() => setFormOpen(false)} produit={editing} />
          <ConfirmDialog
            opened={!!toDelete}
            danger
            title="Supprimer le produit"
            message={`Êtes-vous sûr de vouloir supprimer « ${toDelete?.titre ?? ''} » ? Cette action est irréversible.`}
            confirmLabel="Supprimer"
            loading={removal.isPending}
            error={removal.error?.message}
            onConfirm={() =>
              toDelete &&
              removal.mutate(toDelete, {
                onSuccess: (message) => {
                  setToDelete(null);
                  showToast('success', message ?? 'Produit supprimé avec succès');
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
