import { type Pagination, pageSummary, plural, pluralTotal, type Role, type Versement } from '@app/shared';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconCash, IconChevronDown, IconChevronUp, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useCurrentProfile } from '../../api/index.ts';
import { banquesChoixQuery } from '../../data/banques.ts';
import { produitsListQuery } from '../../data/produits.ts';
import { openScan, versementStatsQuery, versementsListQuery } from '../../data/versements.ts';
import { ExportMenu } from '../../ui/ExportMenu.tsx';
import { ListBody } from '../../ui/ListBody.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { useFileDownload } from '../../ui/use-file-download.ts';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import { usePageSize } from '../../ui/use-page-size.ts';
import { panelFilterCount, useVersementFilters } from './use-versement-filters.ts';
import { VersementActionDialog } from './VersementActionDialog.tsx';
import { VersementCard } from './VersementCard.tsx';
import { VersementDetailModal } from './VersementDetailModal.tsx';
import { VersementFilterPanel } from './VersementFilterPanel.tsx';
import { VersementFormModal } from './VersementFormModal.tsx';
import type { RowAction } from './VersementRowActions.tsx';
import { VersementStatsCards } from './VersementStatsCards.tsx';
import { VersementTable } from './VersementTable.tsx';
import { versementRights } from './versement-format.ts';

export const LOAD_FAILURE = 'Erreur lors du chargement des versements';

/** Whose payments the page lists: the server keeps each role to its own. */
function subtitle(role: Role | null | undefined): string {
  if (role === 'membre') return 'Vos versements, leur suivi et leurs reçus.';
  if (role === 'gestionnaire') return 'Les versements de vos clients, à déclarer et à valider.';
  return 'Les versements des membres, à valider ou à rejeter.';
}

/** '42 versements', or '3 versements trouvés' under a search or a filter. */
function countLine(pagination: Pagination, narrowed: boolean): string {
  const count = pluralTotal(pagination, 'versement');
  if (!narrowed) return count;
  return `${count} ${pagination.total > 1 ? 'trouvés' : 'trouvé'}`;
}

/** Every product for the product filter (spec 3 §2.1), by title. */
const ALL_PRODUITS = {
  page: 1,
  limit: 1000,
  search: '',
  type: null,
  disponibilite: null,
  site_id: null,
} as const;

/**
 * 'Gestion des Versements' (spec 3 §2.1): the figures and the repartition bar, the search, the
 * collapsible filters and the count, the payments as a table (cards on a phone) with their
 * actions, pages; the details, the confirmations (validate, reject with a reason, delete) and the
 * declaration form of a member or a gestionnaire.
 */
export default function VersementsPage() {
  const profile = useCurrentProfile();
  const role = profile?.role;
  const rights = versementRights(role, profile?.id ?? null);
  const { filters, update, setPage, searchInput, setSearchInput, filtered, clearAll } = useVersementFilters(
    usePageSize(),
  );
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const panelId = useId();
  const activeFilters = panelFilterCount(filters);
  const [panelOpen, setPanelOpen] = useState(activeFilters > 0);

  const query = useQuery(versementsListQuery(filters));
  const stats = useQuery(versementStatsQuery());
  const banques = useQuery({ ...banquesChoixQuery(), enabled: panelOpen });
  const withProduitFilter = role !== 'membre';
  const produits = useQuery({ ...produitsListQuery(ALL_PRODUITS), enabled: panelOpen && withProduitFilter });

  const [detail, setDetail] = useState<Versement | null>(null);
  const [asked, setAsked] = useState<{ action: RowAction; versement: Versement } | null>(null);
  const [creating, setCreating] = useState(false);
  const scan = useFileDownload(openScan, 'Erreur lors du téléchargement du reçu');

  const data = query.data;
  const totalPages = data ? Math.max(1, data.pagination.totalPages) : undefined;
  useLastPageClamp(filters.page, totalPages, setPage);
  const page = Math.min(filters.page, totalPages ?? filters.page);

  const refresh = () => {
    void query.refetch();
    void stats.refetch();
  };
  const ask = (action: RowAction, versement: Versement) => {
    setDetail(null);
    setAsked({ action, versement });
  };
  const rowProps = { rights, onOpen: setDetail, onAction: ask, onScan: scan.download };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Gestion des Versements
          </Title>
          <Text c="dimmed" size="sm">
            {subtitle(role)}
          </Text>
        </div>
        <Group gap="xs">
          <RefreshButton onClick={refresh} loading={query.isFetching} />
          <ExportMenu list="versements" path="/versements/export" filters={filters} />
          {rights.create && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              {role === 'membre' ? 'Déclarer un versement' : 'Nouveau versement'}
            </Button>
          )}
        </Group>
      </Group>

      <VersementStatsCards
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
            placeholder="N° de reçu, nom ou code du membre..."
          />
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
        <Text c="dimmed" size="sm" mt="sm" aria-live="polite">
          {data ? countLine(data.pagination, filtered) : '\u00a0'}
        </Text>
      </Card>

      <VersementFilterPanel
        id={panelId}
        opened={panelOpen}
        filters={filters}
        onChange={update}
        onClear={clearAll}
        produits={
          withProduitFilter
            ? {
                data: [...(produits.data?.items ?? [])]
                  .sort((a, b) => a.titre.localeCompare(b.titre, 'fr'))
                  .map((p) => ({ value: String(p.id), label: p.titre })),
                loading: produits.isPending,
              }
            : undefined
        }
        banques={{
          data: (banques.data ?? []).map((b) => ({ value: String(b.id), label: b.nom })),
          loading: banques.isPending,
        }}
      />

      <ListBody
        query={query}
        view={phone ? 'grid' : 'list'}
        loadFailure={LOAD_FAILURE}
        loadingLabel="Chargement des versements"
        onRetry={refresh}
        empty={{
          icon: <IconCash size={28} />,
          title: 'Aucun versement trouvé',
          description: filtered
            ? 'Aucun versement ne correspond à vos critères de recherche.'
            : role === 'membre'
              ? 'Déclarez votre premier versement avec le bouton «\u00a0Déclarer un versement\u00a0».'
              : 'Aucun versement n’a encore été déclaré.',
          onClear: filtered ? clearAll : undefined,
        }}
        card={(versement) => (
          <VersementCard
            key={versement.id}
            versement={versement}
            scanLoading={scan.loadingId === versement.id}
            {...rowProps}
          />
        )}
        table={(versements) => <VersementTable versements={versements} scanLoadingId={scan.loadingId} {...rowProps} />}
      />

      {data && data.items.length > 0 && totalPages && (
        <Pager
          page={page}
          totalPages={totalPages}
          onChange={setPage}
          summary={pageSummary(page, totalPages, pluralTotal(data.pagination, 'versement'))}
        />
      )}

      <VersementDetailModal
        versement={detail}
        rights={rights}
        onClose={() => setDetail(null)}
        onAction={ask}
        onScan={scan.download}
        scanLoading={detail !== null && scan.loadingId === detail.id}
      />
      <VersementActionDialog target={asked} onClose={() => setAsked(null)} />
      {rights.create && (
        <VersementFormModal
          opened={creating}
          onClose={() => setCreating(false)}
          declarant={role === 'gestionnaire' ? 'gestionnaire' : 'membre'}
        />
      )}
    </Stack>
  );
}
