import { can, type Produit } from '@app/shared';
import { Badge, Button, Card, CloseButton, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconBuildingEstate, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentProfile } from '../../api/index.ts';
import { CardsSkeleton } from '../../ui/CardsSkeleton.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyPanel } from '../../ui/EmptyPanel.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { favorisKeys } from '../../ui/favoris/favoris-state.ts';
import { toastActionError } from '../../ui/mutation-error.ts';
import { Pager } from '../../ui/Pager.tsx';
import { ResultsView, retryableError } from '../../ui/ResultsView.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { SEGMENTED_HIT_AREA } from '../../ui/segmented-styles.ts';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { useDebouncedSearch } from '../../ui/use-debounced-search.ts';
import { type ViewMode, ViewToggle } from '../../ui/ViewToggle.tsx';
import { ProduitCard } from './ProduitCard.tsx';
import { ProduitFormModal } from './ProduitFormModal.tsx';
import { ProduitTable } from './ProduitTable.tsx';
import {
  type Disponibilite,
  deleteProduit,
  type ProduitFilters,
  type ProduitType,
  setProduitActive,
} from './produits.api.ts';
import { produitsKeys, produitsListQuery } from './produits.queries.ts';

/** The catalogue shows 20 products a page (spec 2 §9). */
export const CATALOGUE_PAGE_SIZE = 20;

const TYPES = ['logement', 'terrain'] as const;
const DISPONIBILITES = ['disponible', 'reserve'] as const;

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

/** 'Catalogue de Produits' (spec 2 §2): filters, grid or list, pages of 20, management for admin and gestionnaire. */
export default function CataloguePage() {
  const profile = useCurrentProfile();
  const canManage = can(profile?.role, 'produits.manage');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<ViewMode>('grid');
  const { searchInput, setSearchInput, search: debouncedSearch } = useDebouncedSearch(params.get('q') ?? '');
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Produit | null>(null);
  const [toDelete, setToDelete] = useState<Produit | null>(null);

  const filters: ProduitFilters = {
    page: Math.max(1, Number(params.get('page')) || 1),
    limit: CATALOGUE_PAGE_SIZE,
    search: params.get('q') ?? '',
    type: pick(params.get('type'), TYPES) as ProduitType | null,
    disponibilite: pick(params.get('disponibilite'), DISPONIBILITES) as Disponibilite | null,
    site_id:
      Number.isInteger(Number(params.get('site'))) && Number(params.get('site')) > 0
        ? Number(params.get('site'))
        : null,
  };

  // The router's functional update reads the address of the last render, so two quick changes
  // would lose the first: each change starts from the latest one asked for.
  const latestParams = useRef(params);
  useEffect(() => {
    latestParams.current = params;
  }, [params]);

  /** Changes filters in the address (so back and reload keep them); any filter change goes to page 1. */
  const update = (changes: Record<string, string | null>, keepPage = false) => {
    const next = new URLSearchParams(latestParams.current);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!keepPage) next.delete('page');
    latestParams.current = next;
    setParams(next, { replace: !keepPage });
  };

  // The router applies address changes in a transition: the chosen segment shows at once meanwhile.
  const [pending, setPending] = useState<{ type?: string; disponibilite?: string }>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address caught up
  useEffect(() => setPending({}), [params]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives the address
  useEffect(() => {
    if (debouncedSearch !== (params.get('q') ?? '')) update({ q: debouncedSearch || null });
  }, [debouncedSearch]);

  const query = useQuery(produitsListQuery(filters));

  const removal = useMutation({
    mutationFn: (produit: Produit) => deleteProduit(produit.id),
    onSuccess: async (message) => {
      setToDelete(null);
      showToast('success', message ?? 'Produit supprimé avec succès');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: produitsKeys.all }),
        queryClient.invalidateQueries({ queryKey: favorisKeys.all }),
      ]);
    },
  });

  const activation = useMutation({
    mutationFn: (produit: Produit) => setProduitActive(produit.id, !produit.est_actif),
    onSuccess: async (message, produit) => {
      showToast('success', message ?? (produit.est_actif ? 'Produit désactivé' : 'Produit activé'));
      await queryClient.invalidateQueries({ queryKey: produitsKeys.all });
    },
    onError: toastActionError,
  });

  const data = query.data;
  const pagination = data?.pagination;
  const totalPages = Math.max(1, pagination?.totalPages ?? 1);
  const filtered = !!(filters.search || filters.type || filters.disponibilite || filters.site_id);
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

  // A page past the end (after deletions, or an old link): back to the last page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the server's page count only
  useEffect(() => {
    if (pagination && filters.page > totalPages) update({ page: totalPages > 1 ? String(totalPages) : null }, true);
  }, [pagination?.totalPages]);

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
              value={pending.type ?? filters.type ?? 'tous'}
              onChange={(value) => {
                setPending((p) => ({ ...p, type: value }));
                update({ type: value === 'tous' ? null : value });
              }}
              data={[
                { value: 'tous', label: 'Tous' },
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
              value={pending.disponibilite ?? filters.disponibilite ?? 'tous'}
              onChange={(value) => {
                setPending((p) => ({ ...p, disponibilite: value }));
                update({ disponibilite: value === 'tous' ? null : value });
              }}
              data={[
                { value: 'tous', label: 'Tous' },
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
              Filtré sur le site :
            </Text>
            <Badge
              variant="light"
              size="lg"
              rightSection={
                <CloseButton size="xs" aria-label="Retirer le filtre du site" onClick={() => update({ site: null })} />
              }
            >
              {siteName}
            </Badge>
          </Group>
        )}
      </Card>

      {query.isError && !data ? (
        <ErrorPanel
          title="Erreur lors du chargement des produits"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !data ? (
        <CardsSkeleton label="Chargement des produits" />
      ) : data.items.length === 0 ? (
        <EmptyPanel
          icon={<IconBuildingEstate size={28} />}
          title="Aucun produit trouvé"
          description={
            filtered
              ? 'Aucun produit ne correspond à vos critères de recherche.'
              : 'Le catalogue ne contient encore aucun produit.'
          }
        >
          {filtered && (
            <Button
              variant="light"
              onClick={() => {
                setSearchInput('');
                update({ q: null, type: null, disponibilite: null, site: null });
              }}
            >
              Réinitialiser les filtres
            </Button>
          )}
        </EmptyPanel>
      ) : (
        <ResultsView
          view={view}
          items={data.items}
          card={(produit) => <ProduitCard key={produit.id} produit={produit} {...actions} />}
          table={(produits) => <ProduitTable produits={produits} {...actions} />}
          stale={query.isPlaceholderData}
          busy={query.isFetching}
          error={retryableError(query)}
        />
      )}

      {data && data.items.length > 0 && (
        <Pager
          page={Math.min(filters.page, totalPages)}
          totalPages={totalPages}
          onChange={(page) => update({ page: page > 1 ? String(page) : null }, true)}
          summary={`Page ${Math.min(filters.page, totalPages)} sur ${totalPages} - ${pagination?.total ?? 0} produits au total`}
        />
      )}

      {canManage && (
        <>
          <ProduitFormModal opened={formOpen} onClose={() => setFormOpen(false)} produit={editing} />
          <ConfirmDialog
            opened={!!toDelete}
            danger
            title="Supprimer le produit"
            message={`Êtes-vous sûr de vouloir supprimer « ${toDelete?.titre ?? ''} » ? Cette action est irréversible.`}
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
