import {
  ACCOUNT_STATUTS,
  can,
  DEPARTEMENTS,
  fullName,
  type Personnel,
  type PersonnelStats,
  pageSummary,
  plural,
  type Role,
  STAFF_ROLES,
} from '@app/shared';
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import {
  IconBuilding,
  IconShieldCheck,
  IconUserCheck,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCurrentProfile } from '../../api/index.ts';
import { USERS_PAGE_PATH } from '../../app/views.tsx';
import {
  personnelKeys,
  personnelListQuery,
  personnelStatsQuery,
  useDeletePersonnel,
  useSavePersonnel,
} from '../../data/personnel.ts';
import { ALL, filterValue, roleOptions, statutOptions } from '../../ui/account-options.ts';
import { CardsSkeleton } from '../../ui/CardsSkeleton.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyPanel } from '../../ui/EmptyPanel.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { ExportMenu } from '../../ui/ExportMenu.tsx';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { ResultsView } from '../../ui/ResultsView.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { type StatTileSpec, StatTiles } from '../../ui/StatTiles.tsx';
import { useConfirmAction } from '../../ui/use-confirm-action.ts';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import { oneOf, useListFilters } from '../../ui/use-list-filters.ts';
import { usePageSize } from '../../ui/use-page-size.ts';
import { type ViewMode, ViewToggle } from '../../ui/ViewToggle.tsx';
import { PersonnelCard, PersonnelTable } from './PersonnelCard.tsx';
import { PersonnelFormModal } from './PersonnelFormModal.tsx';
import { staffLoadError } from './personnel-format.ts';

const ROLE_FILTER = [{ value: ALL, label: 'Tous les rôles' }, ...roleOptions(STAFF_ROLES)];
/** The page's filter lists the first five departments (spec 3 §5). */
const DEPARTEMENT_FILTER = [{ value: ALL, label: 'Tous les départements' }, ...DEPARTEMENTS.slice(0, 5)];
const STATUT_FILTER = [{ value: ALL, label: 'Tous les statuts' }, ...statutOptions];

/** The staff list's filters in the address. */
const PERSONNEL_PARAMS = {
  role: oneOf('role', STAFF_ROLES),
  departement: oneOf('departement', DEPARTEMENTS),
  statut: oneOf('statut', ACCOUNT_STATUTS),
};

const TILES: StatTileSpec<PersonnelStats>[] = [
  { label: 'Actifs', icon: <IconUserCheck size={20} />, color: 'green', value: (s) => s.actifs },
  { label: 'Administrateurs', icon: <IconShieldCheck size={20} />, color: 'red', value: (s) => s.par_role.admin ?? 0 },
  {
    label: 'Gestionnaires',
    icon: <IconUsersGroup size={20} />,
    color: 'blue',
    value: (s) => s.par_role.gestionnaire ?? 0,
  },
  { label: 'Départements', icon: <IconBuilding size={20} />, color: 'grape', value: (s) => s.departements },
];

/** 'Gestion des Personnels' (spec 3 §2.9); the permission check shows first. */
export default function PersonnelsPage() {
  const profile = useCurrentProfile();
  if (!profile) return <FullPageLoader label="Vérification des permissions..." fullHeight={false} />;
  return <PersonnelsContent role={profile.role} />;
}

function PersonnelsContent({ role }: { role: Role }) {
  const canManage = can(role, 'personnel.manage');
  const queryClient = useQueryClient();
  const [view, setView] = useState<ViewMode>('grid');
  const { values, page, search, set, setPage, searchInput, setSearchInput, filtered, clearAll } =
    useListFilters(PERSONNEL_PARAMS);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Personnel | null>(null);
  const pageSize = usePageSize();

  const query = useQuery(
    personnelListQuery({
      page,
      limit: pageSize,
      search,
      ...values,
    }),
  );
  const stats = useQuery(personnelStatsQuery());

  const save = useSavePersonnel();
  const removal = useDeletePersonnel();
  const confirm = useConfirmAction<'activate' | 'deactivate' | 'delete', Personnel>({
    activate: {
      title: 'Activer le personnel',
      message: (p) => `Activer le compte de ${fullName(p)} ? Il pourra de nouveau se connecter.`,
      confirmLabel: 'Activer',
      run: (p) => save.mutateAsync({ id: p.id, changes: { statut: 'actif' } }),
      success: 'Personnel activé',
      failure: 'Erreur lors de l’activation',
    },
    deactivate: {
      title: 'Désactiver le personnel',
      message: (p) =>
        `Désactiver le compte de ${fullName(p)} ? Il ne pourra plus se connecter et ses sessions en cours seront fermées.`,
      confirmLabel: 'Désactiver',
      run: (p) => save.mutateAsync({ id: p.id, changes: { statut: 'inactif' } }),
      success: 'Personnel désactivé',
      failure: 'Erreur lors de la désactivation',
    },
    delete: {
      title: 'Supprimer le personnel',
      message: (p) =>
        `Êtes-vous sûr de vouloir supprimer ${fullName(p)} (${p.code_employe}) et son compte ? Cette action est irréversible.`,
      confirmLabel: 'Supprimer',
      danger: true,
      run: (p) => removal.mutateAsync(p),
      success: 'Personnel supprimé',
      failure: 'Erreur lors de la suppression',
    },
  });

  const data = query.data;
  const totalPages = Math.max(1, data?.pagination.totalPages ?? 1);
  useLastPageClamp(page, data ? totalPages : undefined, setPage);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: personnelKeys.all });
  const actions = {
    canManage,
    onEdit: (p: Personnel) => {
      setEditing(p);
      setFormOpen(true);
    },
    onActivate: (p: Personnel) => confirm.ask('activate', p),
    onDeactivate: (p: Personnel) => confirm.ask('deactivate', p),
    onDelete: (p: Personnel) => confirm.ask('delete', p),
  };

  const s = stats.data;
  const loadError = query.isError ? staffLoadError(query.error) : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Gestion des Personnels
          </Title>
          <Text c="dimmed" size="sm">
            {s
              ? `${plural(s.total, 'personnel')} · ${plural(s.actifs, 'actif')} · ${plural(s.departements, 'département')}`
              : 'Les employés de la société et leurs comptes'}
          </Text>
        </div>
        <Group gap="sm">
          <Button
            component={Link}
            to={USERS_PAGE_PATH}
            variant="default"
            leftSection={<IconUsers size={18} aria-hidden />}
          >
            Gérer les comptes utilisateurs
          </Button>
          {canManage && (
            <Button
              leftSection={<IconUserPlus size={18} aria-hidden />}
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              Nouveau personnel
            </Button>
          )}
        </Group>
      </Group>

      <StatTiles
        tiles={TILES}
        stats={s}
        error={stats.error}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
        label="Chiffres du personnel"
      />

      <Card withBorder radius="md" padding="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <SearchField value={searchInput} onChange={setSearchInput} placeholder="Nom, e-mail, code employé..." />
          <Select
            label="Rôle"
            data={ROLE_FILTER}
            value={values.role ?? ALL}
            onChange={(v) => set({ role: filterValue(v ?? ALL, STAFF_ROLES) })}
            allowDeselect={false}
            w={{ base: '100%', xs: 180 }}
          />
          <Select
            label="Département"
            data={DEPARTEMENT_FILTER}
            value={values.departement ?? ALL}
            onChange={(v) => set({ departement: filterValue(v ?? ALL, DEPARTEMENTS) })}
            allowDeselect={false}
            w={{ base: '100%', xs: 230 }}
          />
          <Select
            label="Statut"
            data={STATUT_FILTER}
            value={values.statut ?? ALL}
            onChange={(v) => set({ statut: filterValue(v ?? ALL, ACCOUNT_STATUTS) })}
            allowDeselect={false}
            w={{ base: '100%', xs: 160 }}
          />
          <Group gap="sm">
            <RefreshButton onClick={refresh} loading={query.isFetching && !query.isPending} />
            <ExportMenu
              list="personnel"
              path="/personnel/export"
              filters={{ search, ...values, sortBy: 'nom', sortOrder: 'asc' }}
            />
            <ViewToggle value={view} onChange={setView} />
          </Group>
        </Group>
      </Card>

      {loadError && !data ? (
        <ErrorPanel
          title={loadError.title}
          message={loadError.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          action={
            loadError.sessionExpired
              ? { label: 'Actualiser la page', onClick: () => window.location.reload() }
              : undefined
          }
        />
      ) : !data ? (
        <CardsSkeleton label="Chargement du personnel" />
      ) : data.items.length === 0 ? (
        <EmptyPanel
          icon={<IconUsers size={28} />}
          title="Aucun personnel trouvé"
          description={
            filtered ? 'Aucun personnel ne correspond à ces critères.' : 'Aucun personnel n’a encore été ajouté.'
          }
        >
          {filtered && (
            <Button variant="light" onClick={clearAll}>
              Effacer les filtres
            </Button>
          )}
        </EmptyPanel>
      ) : (
        <ResultsView
          view={view}
          items={data.items}
          card={(p) => <PersonnelCard key={p.id} personnel={p} {...actions} />}
          table={(items) => <PersonnelTable personnels={items} {...actions} />}
          stale={query.isPlaceholderData}
          busy={query.isFetching}
          error={loadError ? { message: loadError.message, onRetry: () => void query.refetch() } : null}
        />
      )}

      {data && data.items.length > 0 && (
        <Pager
          page={Math.min(page, totalPages)}
          totalPages={totalPages}
          onChange={setPage}
          summary={pageSummary(
            Math.min(page, totalPages),
            totalPages,
            `${plural(data.pagination.total, 'personnel')} au total`,
          )}
        />
      )}

      {canManage && (
        <>
          <PersonnelFormModal opened={formOpen} onClose={() => setFormOpen(false)} personnel={editing} />
          <ConfirmDialog {...confirm.dialog} />
        </>
      )}
    </Stack>
  );
}
