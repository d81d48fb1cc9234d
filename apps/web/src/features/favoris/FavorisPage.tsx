import { pageSummary } from '@app/shared';
import { Button, Card, Group, Paper, Select, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingEstate, IconHeartFilled, IconSearchOff, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  FAVORIS_SORTS,
  type FavorisSort,
  favorisListQuery,
  useClearFavoris,
  useFavorisIndex,
} from '../../data/favoris.ts';
import { CardsSkeleton } from '../../ui/CardsSkeleton.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyPanel } from '../../ui/EmptyPanel.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { ResultsView } from '../../ui/ResultsView.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import { sortParam, useListFilters } from '../../ui/use-list-filters.ts';
import { type ViewMode, ViewToggle } from '../../ui/ViewToggle.tsx';
import { FavoriCard, FavorisTable } from './FavoriCard.tsx';

export const FAVORIS_PAGE_SIZE = 24;

const FAVORIS_PARAMS = { sort: sortParam('tri', FAVORIS_SORTS, 'recent') };

const SORTS: { value: FavorisSort; label: string }[] = [
  { value: 'recent', label: 'Plus récents' },
  { value: 'prix', label: 'Prix décroissant' },
  { value: 'titre', label: 'Nom A-Z' },
];

/** "1 produit sauvegardé", "0 produits sauvegardés", "3 produits sauvegardés": plural when n ≠ 1 (spec 2 §2). */
export function savedLine(n: number): string {
  return n === 1 ? '1 produit sauvegardé' : `${n} produits sauvegardés`;
}

/** 'Mes Favoris' (spec 2 §2; decisions §5: stored on the server, per account). */
export default function FavorisPage() {
  const index = useFavorisIndex();
  const [view, setView] = useState<ViewMode>('grid');
  const { values, page, search, set, setPage, searchInput, setSearchInput } = useListFilters(FAVORIS_PARAMS);
  const { sort } = values;
  const [confirmOpen, setConfirmOpen] = useState(false);

  const total = index.data?.total ?? 0;
  const list = useQuery({
    ...favorisListQuery({ search, sort, page, limit: FAVORIS_PAGE_SIZE }),
    enabled: total > 0,
  });

  const clearing = useClearFavoris();

  const totalPages = Math.max(1, list.data?.pagination.totalPages ?? 1);
  useLastPageClamp(page, list.data ? totalPages : undefined, setPage);

  let content: React.ReactNode;
  if (index.isError && !index.data) {
    content = (
      <ErrorPanel
        title="Erreur lors du chargement des favoris"
        message={index.error.message}
        onRetry={() => void index.refetch()}
        retrying={index.isFetching}
      />
    );
  } else if (!index.data) {
    content = <CardsSkeleton label="Chargement des favoris" count={3} />;
  } else if (total === 0) {
    content = (
      <EmptyPanel
        icon={<IconHeartFilled size={28} />}
        color="red"
        title="Aucun favori pour le moment"
        description="Parcourez nos produits et cliquez sur le cœur pour les ajouter à vos favoris"
      >
        <Button component={Link} to="/produits#produits" leftSection={<IconBuildingEstate size={18} aria-hidden />}>
          Parcourir les produits
        </Button>
      </EmptyPanel>
    );
  } else {
    const items = list.data?.items;
    content = (
      <Stack gap="md">
        <Card withBorder radius="md" padding="md">
          <Group gap="md" align="flex-end" wrap="wrap">
            <SearchField value={searchInput} onChange={setSearchInput} placeholder="Rechercher dans les favoris..." />
            <Select
              label="Trier par"
              data={SORTS}
              value={sort}
              onChange={(value) => set({ sort: FAVORIS_PARAMS.sort.read(value) })}
              allowDeselect={false}
              w={{ base: '100%', xs: 200 }}
            />
            <ViewToggle value={view} onChange={setView} />
          </Group>
        </Card>
        {list.isError && !items ? (
          <ErrorPanel
            title="Erreur lors du chargement des favoris"
            message={list.error.message}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : !items ? (
          <CardsSkeleton label="Chargement des favoris" count={3} />
        ) : items.length === 0 ? (
          <EmptyPanel
            icon={<IconSearchOff size={28} />}
            title="Aucun résultat"
            description="Aucun favori ne correspond à votre recherche"
          />
        ) : (
          <ResultsView
            view={view}
            items={items}
            card={(favori) => <FavoriCard key={favori.produit_id} favori={favori} />}
            table={(favoris) => <FavorisTable favoris={favoris} />}
            stale={list.isPlaceholderData}
            busy={list.isFetching}
          />
        )}
        {list.data && totalPages > 1 && (
          <Pager
            page={Math.min(page, totalPages)}
            totalPages={totalPages}
            onChange={setPage}
            summary={pageSummary(Math.min(page, totalPages), totalPages)}
          />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Paper
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        style={{ background: 'linear-gradient(135deg, var(--mantine-color-red-7), var(--mantine-color-pink-7))' }}
        c="white"
      >
        <Group justify="space-between" gap="md">
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={52} radius="xl" color="white" variant="white" aria-hidden>
              <IconHeartFilled size={28} color="var(--mantine-color-red-7)" />
            </ThemeIcon>
            <div>
              <Title order={1} size="h2" c="white">
                Mes Favoris
              </Title>
              <Text c="white" opacity={0.9} aria-live="polite">
                {index.data ? savedLine(total) : 'Chargement...'}
              </Text>
            </div>
          </Group>
          {total >= 1 && (
            <Button
              variant="white"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => {
                clearing.reset();
                setConfirmOpen(true);
              }}
            >
              Vider les favoris
            </Button>
          )}
        </Group>
      </Paper>
      {content}
      <ConfirmDialog
        opened={confirmOpen}
        danger
        title="Vider les favoris"
        message="Êtes-vous sûr de vouloir supprimer tous vos favoris ? Cette action ne peut pas être annulée."
        confirmLabel="Vider"
        cancelLabel="Annuler"
        loading={clearing.isPending}
        error={clearing.error?.message}
        onConfirm={() =>
          clearing.mutate(undefined, {
            onSuccess: (message) => {
              setConfirmOpen(false);
              showToast('success', message ?? 'Tous vos favoris ont été supprimés');
            },
          })
        }
        onClose={() => setConfirmOpen(false)}
      />
    </Stack>
  );
}
