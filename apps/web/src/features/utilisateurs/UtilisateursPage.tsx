import {
  ACCOUNT_STATUTS,
  fullName,
  pageSummary,
  pluralTotal,
  ROLES,
  type Utilisateur,
  type UtilisateurStats,
} from '@app/shared';
import { Anchor, Badge, Button, Card, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconBan,
  IconChevronLeft,
  IconChevronRight,
  IconUserCheck,
  IconUserOff,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { viewPath } from '../../app/views.tsx';
import {
  useChangeUtilisateurStatut,
  useDeleteUtilisateur,
  useResetUtilisateurPassword,
  useResetUtilisateurTwoFactor,
  utilisateurStatsQuery,
  utilisateursKeys,
  utilisateursListQuery,
} from '../../data/utilisateurs.ts';
import { ALL, filterValue, roleOptions, statutOptions } from '../../ui/account-options.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ExportMenu } from '../../ui/ExportMenu.tsx';
import { ListBody } from '../../ui/ListBody.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { RoleBadge } from '../../ui/RoleBadge.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { type StatTileSpec, StatTiles } from '../../ui/StatTiles.tsx';
import { useConfirmAction } from '../../ui/use-confirm-action.ts';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import { oneOf, useListFilters } from '../../ui/use-list-filters.ts';
import { type ViewMode, ViewToggle } from '../../ui/ViewToggle.tsx';
import { type TempPassword, TempPasswordDialog } from './TempPasswordDialog.tsx';
import { UtilisateurCard, UtilisateurTable } from './UtilisateurCard.tsx';
import { UtilisateurFormModal } from './UtilisateurFormModal.tsx';

/** Page size of the accounts page (spec 3 §9). */
const UTILISATEURS_PAGE_SIZE = 20;

const ROLE_FILTER = [{ value: ALL, label: 'Tous les rôles' }, ...roleOptions(ROLES)];
const STATUT_FILTER = [{ value: ALL, label: 'Tous les statuts' }, ...statutOptions];

/** The accounts list's filters in the address. */
const UTILISATEUR_PARAMS = { role: oneOf('role', ROLES), statut: oneOf('statut', ACCOUNT_STATUTS) };

const TILES: StatTileSpec<UtilisateurStats>[] = [
  { label: 'Total', icon: <IconUsers size={20} />, color: 'blue', value: (s) => s.total },
  { label: 'Actifs', icon: <IconUserCheck size={20} />, color: 'green', value: (s) => s.actifs },
  { label: 'Inactifs', icon: <IconUserOff size={20} />, color: 'gray', value: (s) => s.inactifs },
  { label: 'Suspendus', icon: <IconBan size={20} />, color: 'orange', value: (s) => s.suspendus },
];

/** The count of accounts of each role, as badges. */
function RoleCounts({ stats }: { stats: UtilisateurStats }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed" mr={4}>
          Par rôle :
        </Text>
        {ROLES.map((role) => (
          <RoleBadge
            key={role}
            role={role}
            size="lg"
            rightSection={
              <Badge size="sm" circle={stats.par_role[role] < 10} color="dark" variant="white" component="span">
                {stats.par_role[role]}
              </Badge>
            }
          />
        ))}
      </Group>
    </Paper>
  );
}

/** 'Gestion des Utilisateurs' (spec 3 §2.10): the accounts of everyone, reached from the staff page. */
export default function UtilisateursPage() {
  const queryClient = useQueryClient();
  const [view, setView] = useState<ViewMode>('grid');
  const { values, page, search, set, setPage, searchInput, setSearchInput, filtered, clearAll } =
    useListFilters(UTILISATEUR_PARAMS);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Utilisateur | null>(null);
  const [tempPassword, setTempPassword] = useState<TempPassword | null>(null);

  const query = useQuery(
    utilisateursListQuery({
      page,
      limit: UTILISATEURS_PAGE_SIZE,
      search,
      ...values,
    }),
  );
  const stats = useQuery(utilisateurStatsQuery());

  const statut = useChangeUtilisateurStatut();
  const passwordReset = useResetUtilisateurPassword();
  const twoFactorReset = useResetUtilisateurTwoFactor();
  const removal = useDeleteUtilisateur();
  const confirm = useConfirmAction<
    'activate' | 'deactivate' | 'suspend' | 'reset' | 'resetTwoFactor' | 'delete',
    Utilisateur
  >({
    activate: {
      title: 'Activer l’utilisateur',
      message: (u) => `Activer le compte de ${fullName(u)} ? Il pourra de nouveau se connecter.`,
      confirmLabel: 'Activer',
      run: (utilisateur) => statut.mutateAsync({ utilisateur, action: 'activate' }),
      success: 'Utilisateur activé',
      failure: 'Erreur lors de l’activation de l’utilisateur',
    },
    deactivate: {
      title: 'Désactiver l’utilisateur',
      message: (u) =>
        `Désactiver le compte de ${fullName(u)} ? Il ne pourra plus se connecter et ses sessions en cours seront fermées.`,
      confirmLabel: 'Désactiver',
      run: (utilisateur) => statut.mutateAsync({ utilisateur, action: 'deactivate' }),
      success: 'Utilisateur désactivé',
      failure: 'Erreur lors de la désactivation de l’utilisateur',
    },
    suspend: {
      title: 'Suspendre l’utilisateur',
      message: (u) =>
        `Suspendre le compte de ${fullName(u)} ? Il ne pourra plus se connecter et ses sessions en cours seront fermées.`,
      confirmLabel: 'Suspendre',
      danger: true,
      run: (utilisateur) => statut.mutateAsync({ utilisateur, action: 'suspend' }),
      success: 'Utilisateur suspendu',
      failure: 'Erreur lors de la suspension de l’utilisateur',
    },
    reset: {
      title: 'Réinitialiser le mot de passe',
      message: (u) =>
        `Créer un mot de passe temporaire pour ${fullName(u)} ? L’ancien ne fonctionnera plus, et le nouveau devra être changé à la prochaine connexion.`,
      confirmLabel: 'Réinitialiser',
      run: async (u) => setTempPassword({ name: fullName(u), password: await passwordReset.mutateAsync(u) }),
      failure: 'Erreur lors de la réinitialisation du mot de passe',
    },
    resetTwoFactor: {
      title: 'Réinitialiser la double authentification',
      message: (u) =>
        `Retirer la double authentification de ${fullName(u)} ? Son application et ses codes de secours ne serviront plus ; il en sera informé par e-mail et l’activera à nouveau.`,
      confirmLabel: 'Réinitialiser',
      danger: true,
      run: (u) => twoFactorReset.mutateAsync(u),
      success: 'Double authentification réinitialisée',
      failure: 'Erreur lors de la réinitialisation de la double authentification',
    },
    delete: {
      title: 'Supprimer l’utilisateur',
      message: (u) =>
        `Êtes-vous sûr de vouloir supprimer le compte de ${fullName(u)} (${u.email}) ? Cette action est irréversible.`,
      confirmLabel: 'Supprimer',
      danger: true,
      run: (u) => removal.mutateAsync(u),
      success: 'Utilisateur supprimé avec succès',
      failure: 'Erreur lors de la suppression de l’utilisateur',
    },
  });

  const data = query.data;
  const totalPages = Math.max(1, data?.pagination.totalPages ?? 1);
  const current = Math.min(page, totalPages);
  useLastPageClamp(page, data ? totalPages : undefined, setPage);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: utilisateursKeys.all });

  const actions = {
    onEdit: (u: Utilisateur) => {
      setEditing(u);
      setFormOpen(true);
    },
    onActivate: (u: Utilisateur) => confirm.ask('activate', u),
    onDeactivate: (u: Utilisateur) => confirm.ask('deactivate', u),
    onSuspend: (u: Utilisateur) => confirm.ask('suspend', u),
    onResetPassword: (u: Utilisateur) => confirm.ask('reset', u),
    onResetTwoFactor: (u: Utilisateur) => confirm.ask('resetTwoFactor', u),
    onDelete: (u: Utilisateur) => confirm.ask('delete', u),
  };

  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={viewPath('personnels')} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            Gestion des Personnels
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-end" gap="sm" mt="xs">
          <div>
            <Title order={1} size="h2">
              Gestion des Utilisateurs
            </Title>
            <Text c="dimmed" size="sm">
              Les comptes de connexion : personnel, membres et demandeurs
            </Text>
          </div>
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            Nouvel utilisateur
          </Button>
        </Group>
      </div>

      <StatTiles
        tiles={TILES}
        stats={stats.data}
        error={stats.error}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
        label="Chiffres des comptes"
      />
      {stats.data && <RoleCounts stats={stats.data} />}

      <Card withBorder radius="md" padding="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <SearchField value={searchInput} onChange={setSearchInput} placeholder="Nom, prénom ou e-mail..." />
          <Select
            label="Rôle"
            data={ROLE_FILTER}
            value={values.role ?? ALL}
            onChange={(v) => set({ role: filterValue(v ?? ALL, ROLES) })}
            allowDeselect={false}
            w={{ base: '100%', xs: 180 }}
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
              list="utilisateurs"
              path="/utilisateurs/export"
              filters={{ search, ...values, sortBy: 'nom', sortOrder: 'asc' }}
            />
            <ViewToggle value={view} onChange={setView} />
          </Group>
        </Group>
      </Card>

      <ListBody
        query={query}
        view={view}
        loadFailure="Erreur lors de la récupération des utilisateurs"
        loadingLabel="Chargement des utilisateurs"
        onRetry={() => void query.refetch()}
        empty={{
          icon: <IconUsers size={28} />,
          title: 'Aucun utilisateur trouvé',
          description: filtered ? 'Aucun compte ne correspond à ces critères.' : 'Aucun compte n’existe encore.',
          onClear: filtered ? clearAll : undefined,
          clearLabel: 'Effacer les filtres',
        }}
        card={(u) => <UtilisateurCard key={u.id} utilisateur={u} {...actions} />}
        table={(items) => <UtilisateurTable utilisateurs={items} {...actions} />}
      />

      {data && data.items.length > 0 && (
        <Group justify="space-between" gap="sm" component="nav" aria-label="Pagination">
          <Button
            variant="default"
            leftSection={<IconChevronLeft size={16} aria-hidden />}
            disabled={current <= 1}
            onClick={() => setPage(current - 1)}
          >
            Précédent
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite" ta="center">
            {pageSummary(current, totalPages, pluralTotal(data.pagination, 'utilisateur'))}
          </Text>
          <Button
            variant="default"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            disabled={current >= totalPages}
            onClick={() => setPage(current + 1)}
          >
            Suivant
          </Button>
        </Group>
      )}

      <UtilisateurFormModal opened={formOpen} onClose={() => setFormOpen(false)} utilisateur={editing} />
      <ConfirmDialog {...confirm.dialog} />
      <TempPasswordDialog result={tempPassword} onClose={() => setTempPassword(null)} />
    </Stack>
  );
}
