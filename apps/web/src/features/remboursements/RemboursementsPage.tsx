import {
  formatFCFA,
  fullName,
  REMBOURSEMENT_MESSAGES,
  type Remboursement,
  type RemboursementMembre,
  type RemboursementStats,
  type Role,
} from '@app/shared';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCash, IconCircleCheck, IconCircleX, IconClock, IconPlus, IconReceiptRefund } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentProfile } from '../../api/index.ts';
import {
  openJustificatif,
  remboursementStatsQuery,
  remboursementsListQuery,
  useCancelRemboursement,
  useRemboursementTotal,
} from '../../data/remboursements.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ExportMenu } from '../../ui/ExportMenu.tsx';
import { ListBody } from '../../ui/ListBody.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { type StatTileSpec, StatTiles } from '../../ui/StatTiles.tsx';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { useConfirmAction } from '../../ui/use-confirm-action.ts';
import { useFileDownload } from '../../ui/use-file-download.ts';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import { RemboursementCard } from './RemboursementCard.tsx';
import { RemboursementDetailModal } from './RemboursementDetailModal.tsx';
import { RemboursementFilters } from './RemboursementFilters.tsx';
import { RemboursementFormModal } from './RemboursementFormModal.tsx';
import type { RowAction } from './RemboursementRowActions.tsx';
import { RemboursementTable } from './RemboursementTable.tsx';
import { RemboursementTraiterModal } from './RemboursementTraiterModal.tsx';
import { membreLabel, rangeText, remboursementRights } from './remboursement-format.ts';
import { useRemboursementFilters } from './use-remboursement-filters.ts';

/** The four tiles (spec 3 §2.3): pending, approved and rejected requests, and the amount approved. */
const TILES: StatTileSpec<RemboursementStats>[] = [
  { label: 'En attente', icon: <IconClock size={20} />, color: 'yellow', value: (s) => s.en_attente },
  { label: 'Approuvés', icon: <IconCircleCheck size={20} />, color: 'green', value: (s) => s.approuves },
  { label: 'Rejetés', icon: <IconCircleX size={20} />, color: 'red', value: (s) => s.rejetes },
  {
    label: 'Montant approuvé',
    icon: <IconCash size={20} />,
    color: 'teal',
    value: (s) => formatFCFA(s.montant_approuve),
    wide: true,
  },
];

/** Whose requests the page lists: the server keeps each role to its own. */
function subtitle(role: Role | null | undefined): string {
  if (role === 'membre') return 'Vos demandes de remboursement et leur suivi.';
  if (role === 'gestionnaire') return 'Les demandes de remboursement de vos clients, à traiter.';
  return 'Les demandes de remboursement des membres, à approuver ou à rejeter.';
}

/**
 * 'Remboursements' (spec 3 §2.3): the four tiles, the member (processors) and status filters,
 * the requests as a table (cards on a phone) with their actions, ten a page; the details, the
 * processing, the cancellation, the new request and, for a processor, a member's whole refund.
 */
export default function RemboursementsPage() {
  const profile = useCurrentProfile();
  const role = profile?.role;
  const rights = remboursementRights(role, profile?.id ?? null);
  const { filters, update, setPage, filtered, clearAll } = useRemboursementFilters(rights.filterMembre);
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });

  const query = useQuery(remboursementsListQuery(filters));
  const stats = useQuery(remboursementStatsQuery());

  const [detail, setDetail] = useState<Remboursement | null>(null);
  const [processing, setProcessing] = useState<Remboursement | null>(null);
  const [creating, setCreating] = useState(false);
  const justificatif = useFileDownload(openJustificatif, 'Erreur lors du téléchargement du justificatif');

  const cancelMutation = useCancelRemboursement();
  const totalMutation = useRemboursementTotal();
  const cancel = useConfirmAction<'cancel', Remboursement>({
    cancel: {
      title: 'Annuler la demande',
      message: () => REMBOURSEMENT_MESSAGES.cancelConfirm,
      confirmLabel: 'Annuler la demande',
      danger: true,
      run: async (r) => showToast('success', await cancelMutation.mutateAsync(r.id)),
      failure: REMBOURSEMENT_MESSAGES.cancelError,
    },
  });
  const total = useConfirmAction<'total', RemboursementMembre>({
    total: {
      title: 'Remboursement total',
      message: (m) => (
        <>
          Une demande de remboursement de tout ce que <strong>{fullName(m)}</strong> a payé, soit{' '}
          <strong>{formatFCFA(m.montant_remboursable)}</strong>, sera créée avec la raison «{'\u00a0'}
          {REMBOURSEMENT_MESSAGES.totalRaison}
          {'\u00a0'}». Une fois approuvée, le membre est entièrement remboursé et quitte le programme.
        </>
      ),
      confirmLabel: 'Confirmer',
      danger: true,
      run: async (m) => showToast('success', (await totalMutation.mutateAsync(m.id)).message),
      failure: REMBOURSEMENT_MESSAGES.totalError,
    },
  });

  const data = query.data;
  const totalPages = data ? Math.max(1, data.pagination.totalPages) : undefined;
  useLastPageClamp(filters.page, totalPages, setPage);
  const page = Math.min(filters.page, totalPages ?? filters.page);
  // The filtered member's name, from his requests, while the picker has not listed him.
  const filteredMembre = data?.items.find((r) => r.membre_id === filters.membre_id)?.membre;

  const refresh = () => {
    void query.refetch();
    void stats.refetch();
  };
  const act = (action: RowAction, remboursement: Remboursement) => {
    setDetail(null);
    if (action === 'process') setProcessing(remboursement);
    else cancel.ask('cancel', remboursement);
  };
  const rowProps = { rights, onOpen: setDetail, onAction: act, onJustificatif: justificatif.download };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Remboursements
          </Title>
          <Text c="dimmed" size="sm">
            {subtitle(role)}
          </Text>
        </div>
        <Group gap="xs">
          <RefreshButton onClick={refresh} loading={query.isFetching} />
          <ExportMenu list="remboursements" path="/remboursements/export" filters={filters} />
          {rights.create && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              Nouvelle demande
            </Button>
          )}
        </Group>
      </Group>

      <StatTiles
        tiles={TILES}
        stats={stats.data}
        error={stats.error}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
        label="Chiffres des remboursements"
      />

      <RemboursementFilters
        filters={filters}
        onChange={update}
        onReset={clearAll}
        withMembre={rights.filterMembre}
        membreLabel={filteredMembre ? membreLabel(filteredMembre) : undefined}
      />

      <ListBody
        query={query}
        view={phone ? 'grid' : 'list'}
        loadFailure={REMBOURSEMENT_MESSAGES.loadError}
        loadingLabel="Chargement des remboursements"
        onRetry={refresh}
        empty={{
          icon: <IconReceiptRefund size={28} />,
          title: 'Aucun remboursement trouvé',
          description: filtered
            ? 'Aucune demande de remboursement ne correspond à vos filtres.'
            : role === 'membre'
              ? 'Faites votre première demande avec le bouton «\u00a0Nouvelle demande\u00a0».'
              : 'Aucune demande de remboursement n’a encore été déposée.',
          onClear: filtered ? clearAll : undefined,
        }}
        card={(remboursement) => (
          <RemboursementCard
            key={remboursement.id}
            remboursement={remboursement}
            justificatifLoading={justificatif.loadingId === remboursement.id}
            {...rowProps}
          />
        )}
        table={(remboursements) => (
          <RemboursementTable
            remboursements={remboursements}
            justificatifLoadingId={justificatif.loadingId}
            {...rowProps}
          />
        )}
      />

      {data && data.items.length > 0 && totalPages && (
        <Pager
          page={page}
          totalPages={totalPages}
          onChange={setPage}
          summary={rangeText(page, filters.limit, data.pagination.total)}
        />
      )}

      <RemboursementDetailModal
        remboursement={detail}
        rights={rights}
        onClose={() => setDetail(null)}
        onAction={act}
        onJustificatif={justificatif.download}
        justificatifLoading={detail !== null && justificatif.loadingId === detail.id}
      />
      <RemboursementTraiterModal remboursement={processing} rights={rights} onClose={() => setProcessing(null)} />
      <ConfirmDialog {...cancel.dialog} cancelLabel="Retour" />
      <ConfirmDialog {...total.dialog} cancelLabel="Retour" />
      {rights.create && (
        <RemboursementFormModal
          opened={creating}
          onClose={() => setCreating(false)}
          demandeur={role === 'membre' ? 'membre' : 'responsable'}
          onTotal={
            rights.total
              ? (membre) => {
                  setCreating(false);
                  total.ask('total', membre);
                }
              : undefined
          }
        />
      )}
    </Stack>
  );
}
