import {
  ETAPE_SAUVEGARDE_LABELS,
  formatDateTime,
  NBSP,
  pageSummary,
  plural,
  type Sauvegarde,
  type SauvegardesEtat,
} from '@app/shared';
import { Alert, Anchor, Button, Code, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarTime, IconDatabase, IconDatabaseExport, IconLockCheck, IconLockOpen } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/index.ts';
import { viewPath } from '../../app/views.tsx';
import {
  downloadSauvegarde,
  sauvegardeQuery,
  sauvegardesKeys,
  sauvegardesListQuery,
  useLancerSauvegarde,
} from '../../data/sauvegardes.ts';
import { publicSettingsQuery } from '../../data/settings.ts';
import { CardsSkeleton } from '../../ui/CardsSkeleton.tsx';
import { EmptyPanel } from '../../ui/EmptyPanel.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { ResultsView, retryableError } from '../../ui/ResultsView.tsx';
import { TableSkeleton } from '../../ui/TableSkeleton.tsx';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { failureText } from '../../ui/use-confirm-action.ts';
import { useFileDownload } from '../../ui/use-file-download.ts';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import { useListFilters } from '../../ui/use-list-filters.ts';
import { usePageSize } from '../../ui/use-page-size.ts';
import { SauvegardeCard, SauvegardeTable } from './SauvegardeTable.tsx';

/** The backup group of Paramètres → Système. */
const SCHEDULE_PATH = `${viewPath('settings')}?onglet=systeme`;

/** The list has no filter of its own: only its page is kept in the address. */
const NO_FILTERS = {};

/**
 * 'Sauvegardes' (issue 24), an admin's: whether backups are encrypted, when the next one is due,
 * 'Sauvegarder maintenant' and the running backup's step and progress, then the backups newest
 * first (a table, cards on a phone) with their file to download while it is kept.
 */
export default function SauvegardesPage() {
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const { page, setPage } = useListFilters(NO_FILTERS);
  const limit = usePageSize();
  const query = useQuery(sauvegardesListQuery({ page, limit }));
  const timeZone = useQuery(publicSettingsQuery()).data?.general.timeZone;
  const data = query.data;
  const totalPages = data ? Math.max(1, data.pagination.totalPages) : undefined;
  useLastPageClamp(page, totalPages, setPage);
  const shownPage = Math.min(page, totalPages ?? page);

  const { running, current, start, starting } = useRunningSauvegarde(data?.items);
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: sauvegardesKeys.lists() });
  const { loadingId, download } = useFileDownload(
    (s: Sauvegarde) =>
      downloadSauvegarde(s).catch((error: unknown) => {
        // Retention removed it meanwhile: the list no longer offers it.
        if (error instanceof ApiError && error.status === 404) refreshList();
        throw error;
      }),
    'Erreur lors du téléchargement de la sauvegarde',
  );
  const rows = { timeZone, downloadingId: loadingId, onDownload: download };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Sauvegardes
          </Title>
          <Text c="dimmed" size="sm">
            Copies de la base de données et des fichiers, chacune vérifiée par restauration
          </Text>
        </div>
        <Group gap="sm">
          <RefreshButton onClick={() => void query.refetch()} loading={query.isFetching && !query.isPending} />
          <Button
            leftSection={<IconDatabaseExport size={18} aria-hidden />}
            onClick={start}
            loading={starting}
            disabled={running}
          >
            Sauvegarder maintenant
          </Button>
        </Group>
      </Group>

      {data && <EncryptionNotice chiffrement={data.etat.chiffrement} />}
      {data && <ScheduleLine etat={data.etat} timeZone={timeZone} />}
      {running && <RunningPanel sauvegarde={current} />}

      {query.isError && !data ? (
        <ErrorPanel
          title="Erreur lors du chargement des sauvegardes"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !data ? (
        phone ? (
          <CardsSkeleton label="Chargement des sauvegardes" count={3} />
        ) : (
          <TableSkeleton label="Chargement des sauvegardes" />
        )
      ) : data.items.length === 0 ? (
        <EmptyPanel
          icon={<IconDatabase size={28} />}
          title="Aucune sauvegarde"
          description="Aucune sauvegarde pour l’instant."
        />
      ) : (
        <ResultsView
          view={phone ? 'grid' : 'list'}
          items={data.items}
          card={(s) => <SauvegardeCard key={s.id} sauvegarde={s} {...rows} />}
          table={(items) => <SauvegardeTable sauvegardes={items} {...rows} />}
          stale={query.isPlaceholderData}
          busy={query.isFetching}
          error={retryableError(query)}
        />
      )}

      {data && data.items.length > 0 && totalPages && (
        <Pager
          page={shownPage}
          totalPages={totalPages}
          onChange={setPage}
          summary={pageSummary(shownPage, totalPages, `${plural(data.pagination.total, 'sauvegarde')} au total`)}
        />
      )}
    </Stack>
  );
}

/**
 * The backup that runs: the one just started here, else one the list shows running (scheduled,
 * or started elsewhere), asked every second until it ends. Its end says so once — 'Sauvegarde
 * vérifiée' or why it failed — and the list reads afresh.
 */
function useRunningSauvegarde(items: Sauvegarde[] | undefined) {
  const queryClient = useQueryClient();
  const lancer = useLancerSauvegarde();
  const [startedId, setStartedId] = useState<number | null>(null);
  const listedId = items?.find((s) => s.statut === 'en_cours')?.id ?? null;
  const watchedId = startedId ?? listedId;
  const detail = useQuery({ ...sauvegardeQuery(watchedId ?? 0), enabled: watchedId !== null });
  const current = watchedId !== null && detail.data?.id === watchedId ? detail.data : undefined;
  // Seen running on this screen: its end is announced (never one already over when first read).
  const seenRunning = useRef(new Set<number>());

  useEffect(() => {
    if (!current) return;
    if (current.statut === 'en_cours') {
      seenRunning.current.add(current.id);
      return;
    }
    if (seenRunning.current.delete(current.id)) {
      if (current.statut === 'verifiee') showToast('success', 'Sauvegarde vérifiée');
      else showToast('general', `La sauvegarde a échoué${NBSP}: ${current.motif ?? 'raison inconnue.'}`);
    }
    setStartedId((id) => (id === current.id ? null : id));
    void queryClient.invalidateQueries({ queryKey: sauvegardesKeys.lists() });
  }, [current, queryClient]);

  const start = () =>
    lancer.mutate(undefined, {
      onSuccess: ({ id }) => {
        seenRunning.current.add(id);
        setStartedId(id);
      },
      // A 409 says one already runs: the list, read afresh, shows it and its progress.
      onError: (error) => showToast('general', failureText('La sauvegarde n’a pas été lancée', error)),
    });

  // Running until its answer says otherwise; an unreadable one (gone) holds nothing back.
  const over = (current && current.statut !== 'en_cours') || (detail.isError && !current);
  return { running: watchedId !== null && !over, current, start, starting: lancer.isPending };
}

/** Said plainly when backups are not encrypted; else how they are, and that the key restores them. */
function EncryptionNotice({ chiffrement }: { chiffrement: boolean }) {
  if (!chiffrement) {
    return (
      <Alert
        color="orange"
        variant="light"
        title="Sauvegardes non chiffrées"
        icon={<IconLockOpen size={20} aria-hidden />}
      >
        Les sauvegardes ne sont pas chiffrées. Elles contiennent les données des membres et le secret du serveur
        {NBSP}: quiconque obtient un fichier peut tout lire. Définissez <Code>BACKUP_KEY</Code> (32 caractères ou plus)
        sur le serveur pour les chiffrer.
      </Alert>
    );
  }
  return (
    <Alert color="green" variant="light" icon={<IconLockCheck size={20} aria-hidden />}>
      Les sauvegardes sont chiffrées (AES-256-GCM). La clé <Code>BACKUP_KEY</Code> du serveur est nécessaire pour les
      restaurer{NBSP}: gardez-en une copie en lieu sûr, hors du serveur.
    </Alert>
  );
}

/** When the schedule takes the next one, or that it takes none; the schedule is set in Paramètres. */
function ScheduleLine({ etat, timeZone }: { etat: SauvegardesEtat; timeZone: string | undefined }) {
  return (
    <Group gap="xs" wrap="wrap">
      <IconCalendarTime size={20} aria-hidden />
      {etat.prochaine ? (
        <Text size="sm">
          Prochaine sauvegarde{NBSP}:{' '}
          <Text span fw={600} size="sm">
            {formatDateTime(etat.prochaine, timeZone)}
          </Text>
        </Text>
      ) : (
        <Text size="sm" fw={600}>
          Sauvegardes automatiques désactivées
        </Text>
      )}
      <Anchor component={Link} to={SCHEDULE_PATH} size="sm">
        {etat.prochaine ? 'Modifier la planification' : 'Les activer dans les paramètres'}
      </Anchor>
    </Group>
  );
}

/** The running backup: its step, read out as it changes, and its progress bar. */
function RunningPanel({ sauvegarde }: { sauvegarde: Sauvegarde | undefined }) {
  const value = sauvegarde?.progression ?? 0;
  const step = sauvegarde?.etape ? ETAPE_SAUVEGARDE_LABELS[sauvegarde.etape] : 'Démarrage...';
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
        <Title order={2} size="h4" id={titleId}>
          Sauvegarde en cours
        </Title>
        <Text size="sm" fw={600}>
          {value}
          {NBSP}%
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
        {step}
      </Text>
      <Progress.Root size="lg" radius="xl">
        <Progress.Section value={value} striped animated aria-label="Progression de la sauvegarde" />
      </Progress.Root>
    </Paper>
  );
}
