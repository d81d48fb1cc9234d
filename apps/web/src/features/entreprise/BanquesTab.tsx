import {
  BANQUE_STATUT_LABELS,
  BANQUE_STATUTS,
  type Banque,
  type BanqueTotaux,
  formatFCFA,
  pageSummary,
  plural,
} from '@app/shared';
import { Button, Card, Grid, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank, IconCircleCheck, IconPlus, IconWallet } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { banquesKeys, banquesListQuery, useDeleteBanque } from '../../data/banques.ts';
import { ALL, filterValue } from '../../ui/account-options.ts';
import { CardsSkeleton } from '../../ui/CardsSkeleton.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyPanel } from '../../ui/EmptyPanel.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { StatTile } from '../../ui/StatTile.tsx';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { useConfirmAction } from '../../ui/use-confirm-action.ts';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import { oneOf, useListFilters } from '../../ui/use-list-filters.ts';
import { usePageSize } from '../../ui/use-page-size.ts';
import { BanqueCard } from './BanqueCard.tsx';
import { BanqueCreatedDialog } from './BanqueCreatedDialog.tsx';
import { BanqueFormModal } from './BanqueFormModal.tsx';
import { MouvementsModal } from './MouvementsModal.tsx';
import { RelevesModal } from './RelevesModal.tsx';

const BANQUE_PARAMS = { statut: oneOf('statut', BANQUE_STATUTS) };

const STATUT_FILTER = [
  { value: ALL, label: 'Tous les statuts' },
  ...BANQUE_STATUTS.map((value) => ({ value, label: BANQUE_STATUT_LABELS[value] })),
];

/** The totals over every bank, whatever the filter: how many, how many active, the balance of all. */
function TotauxTiles({ totaux }: { totaux: BanqueTotaux | undefined }) {
  // On a phone the two counts share a row and the balance takes the next one.
  const tiles = [
    { label: 'Banques', value: totaux && String(totaux.nombre), icon: <IconBuildingBank size={20} />, color: 'blue' },
    {
      label: 'Banques actives',
      value: totaux && String(totaux.actives),
      icon: <IconCircleCheck size={20} />,
      color: 'green',
    },
    {
      label: 'Solde total',
      value: totaux && formatFCFA(totaux.solde_total),
      icon: <IconWallet size={20} />,
      color: 'teal',
      wide: true,
    },
  ];
  return (
    <Grid gap="sm" role="group" aria-label="Totaux des banques" aria-busy={!totaux}>
      {tiles.map(({ label, value, icon, color, wide }) => (
        <Grid.Col key={label} span={{ base: wide ? 12 : 6, xs: 4 }}>
          {value === undefined ? (
            <Paper withBorder radius="md" p="sm">
              <Skeleton h={12} w="60%" />
              <Skeleton h={22} w="40%" mt={8} />
            </Paper>
          ) : (
            <StatTile label={label} value={value} icon={icon} color={color} />
          )}
        </Grid.Col>
      ))}
    </Grid>
  );
}

/**
 * The Banques tab of 'Entreprise' (spec 3 §2.6): the totals, the banks as cards (the principal
 * first), each with its balance, its inline deposit or withdrawal and its history; add, edit and
 * delete for a manager.
 */
export function BanquesTab({ canManage, canReleves }: { canManage: boolean; canReleves: boolean }) {
  const queryClient = useQueryClient();
  const { values, page, set, setPage, filtered, clearAll } = useListFilters(BANQUE_PARAMS);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Banque | null>(null);
  const [created, setCreated] = useState(false);
  const [historyId, setHistoryId] = useState<number | null>(null);
  const [relevesId, setRelevesId] = useState<number | null>(null);
  const closeCreated = useCallback(() => setCreated(false), []);

  const query = useQuery(banquesListQuery({ page, limit: usePageSize(), statut: values.statut }));
  const removal = useDeleteBanque();
  const confirm = useConfirmAction<'delete', Banque>({
    delete: {
      title: 'Supprimer la banque',
      message: (b) =>
        `Êtes-vous sûr de vouloir supprimer cette banque ? « ${b.nom} » sera supprimée, ou désactivée si elle a déjà des mouvements.`,
      confirmLabel: 'Supprimer',
      danger: true,
      // The server says what it did: deleted, or kept as inactive for its history.
      run: (b) => removal.mutateAsync(b).then((message) => showToast('success', message)),
      failure: 'Erreur lors de la suppression',
    },
  });

  const data = query.data;
  const totalPages = Math.max(1, data?.pagination.totalPages ?? 1);
  useLastPageClamp(page, data ? totalPages : undefined, setPage);
  const history = data?.items.find((b) => b.id === historyId) ?? null;
  const releves = data?.items.find((b) => b.id === relevesId) ?? null;

  const refresh = () => void queryClient.invalidateQueries({ queryKey: banquesKeys.all });
  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const actions = {
    canManage,
    canReleves,
    onEdit: (b: Banque) => {
      setEditing(b);
      setFormOpen(true);
    },
    onDelete: (b: Banque) => confirm.ask('delete', b),
    onHistory: (b: Banque) => setHistoryId(b.id),
    onReleves: (b: Banque) => setRelevesId(b.id),
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2} size="h3">
            Banques
          </Title>
          <Text c="dimmed" size="sm">
            Les comptes de la société, leurs soldes et leurs mouvements
          </Text>
        </div>
        {canManage && (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={openCreate}>
            Ajouter une banque
          </Button>
        )}
      </Group>

      {!(query.isError && !data) && <TotauxTiles totaux={data?.totaux} />}

      <Card withBorder radius="md" padding="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <Select
            label="Statut"
            data={STATUT_FILTER}
            value={values.statut ?? ALL}
            onChange={(v) => set({ statut: filterValue(v ?? ALL, BANQUE_STATUTS) })}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
          <RefreshButton onClick={refresh} loading={query.isFetching && !query.isPending} />
        </Group>
      </Card>

      {query.isError && !data ? (
        <ErrorPanel
          title="Erreur lors du chargement des banques"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !data ? (
        <CardsSkeleton label="Chargement des banques" count={3} />
      ) : data.items.length === 0 ? (
        <EmptyPanel
          icon={<IconBuildingBank size={28} />}
          title="Aucune banque"
          description={
            filtered ? 'Aucune banque n’a ce statut.' : 'Aucune banque n’a encore été enregistrée pour la société.'
          }
        >
          {filtered ? (
            <Button variant="light" onClick={clearAll}>
              Effacer les filtres
            </Button>
          ) : (
            canManage && (
              <Button variant="light" onClick={openCreate}>
                Ajouter une banque
              </Button>
            )
          )}
        </EmptyPanel>
      ) : (
        <Stack gap="md">
          {query.isError && (
            <ErrorPanel
              message={query.error.message}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          )}
          <SimpleGrid
            cols={{ base: 1, md: 2, xl: 3 }}
            spacing="lg"
            style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            aria-busy={query.isFetching}
          >
            {data.items.map((b) => (
              <BanqueCard key={b.id} banque={b} {...actions} />
            ))}
          </SimpleGrid>
        </Stack>
      )}

      {data && data.items.length > 0 && (
        <Pager
          page={Math.min(page, totalPages)}
          totalPages={totalPages}
          onChange={setPage}
          summary={pageSummary(
            Math.min(page, totalPages),
            totalPages,
            `${plural(data.pagination.total, 'banque')}${filtered ? '' : ' au total'}`,
          )}
        />
      )}

      <MouvementsModal banque={history} onClose={() => setHistoryId(null)} />
      {canReleves && <RelevesModal banque={releves} onClose={() => setRelevesId(null)} />}
      {canManage && (
        <>
          <BanqueFormModal
            opened={formOpen}
            onClose={() => setFormOpen(false)}
            banque={editing}
            onCreated={() => setCreated(true)}
          />
          <BanqueCreatedDialog opened={created} onClose={closeCreated} />
          <ConfirmDialog {...confirm.dialog} />
        </>
      )}
    </Stack>
  );
}
