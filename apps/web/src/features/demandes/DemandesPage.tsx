import {
  applicantName,
  can,
  DEMANDE_MESSAGES,
  type Demande,
  type DemandeStatut,
  type Pagination,
  pageSummary,
  pluralTotal,
} from '@app/shared';
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentProfile } from '../../api/index.ts';
import { type DemandeFilters, demandesListQuery, useDeleteDemande } from '../../data/demandes.ts';
import { AuthErrorPanel, isAuthFailure } from '../../ui/AuthErrorPanel.tsx';
import { ALL } from '../../ui/account-options.ts';
import { CardsSkeleton } from '../../ui/CardsSkeleton.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyPanel } from '../../ui/EmptyPanel.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { ExportMenu } from '../../ui/ExportMenu.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { RefreshButton } from '../../ui/RefreshButton.tsx';
import { ResultsView } from '../../ui/ResultsView.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import { DemandeCard } from './DemandeCard.tsx';
import { type Decision, type DecisionAction, DemandeDecisionModal } from './DemandeDecisionModal.tsx';
import { DemandeDetailModal } from './DemandeDetailModal.tsx';
import { DemandeFormModal } from './DemandeFormModal.tsx';
import { STATUT_OPTIONS } from './demande-format.ts';
import { DEFAULT_STATUT, parseStatut, useDemandeFilters } from './use-demande-filters.ts';

/** Twelve cards a page: full rows of one, two or three columns. */
export const DEMANDES_PAGE_SIZE = 12;

const LOAD_FAILURE = 'Erreur lors de la récupération des demandes';

/** How a status qualifies the count: one, then several. */
const STATUT_COUNT: Record<DemandeStatut, [string, string]> = {
  en_attente: ['en attente', 'en attente'],
  validee: ['validée', 'validées'],
  rejetee: ['rejetée', 'rejetées'],
};

/** '12 demandes au total', '3 demandes en attente', or '1 demande trouvée' under a search. */
function countLine(pagination: Pagination, { search, statut }: Pick<DemandeFilters, 'search' | 'statut'>): string {
  const count = pluralTotal(pagination, 'demande');
  const several = pagination.total > 1;
  if (search) return `${count} ${several ? 'trouvées' : 'trouvée'}`;
  if (!statut) return `${count} au total`;
  return `${count} ${STATUT_COUNT[statut][several ? 1 : 0]}`;
}

/**
 * 'Gestion des Demandes' (spec 1 §2.5), or 'Mes demandes': a commercial's (those he created) or a
 * demandeur's (his own, filed under his verified address), issue 26; the server keeps them to
 * those, they only read and create: count and refresh, search (name, product, notes) and
 * status in the address (it opens on the demandes that wait), cards with their actions, pages; the detail modal, the validate/reject
 * wizard and the creation modal.
 */
export default function DemandesPage() {
  const profile = useCurrentProfile();
  const role = profile?.role;
  const canDecide = can(role, 'demandes.validate') && can(role, 'demandes.reject');
  const canCreate = can(role, 'demandes.create');
  const canDelete = can(role, 'demandes.delete');
  const canEdit = can(role, 'demandes.update');
  const { filters, setPage, setStatut, searchInput, setSearchInput, clearAll } = useDemandeFilters(DEMANDES_PAGE_SIZE);
  const query = useQuery(demandesListQuery(filters));
  const [detail, setDetail] = useState<Demande | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  // The demande corrected outlives the closing, so the form keeps its title while it fades out.
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Demande | null>(null);
  const [toDelete, setToDelete] = useState<Demande | null>(null);
  const removal = useDeleteDemande();

  const data = query.data;
  const totalPages = data ? Math.max(1, data.pagination.totalPages) : undefined;
  useLastPageClamp(filters.page, totalPages, setPage);
  const page = Math.min(filters.page, totalPages ?? filters.page);
  // Narrowed beyond the list's default ('en attente', no search): a reset goes back to it.
  const narrowed = !!filters.search || (filters.statut !== null && filters.statut !== DEFAULT_STATUT);
  const onDefault = !filters.search && filters.statut === DEFAULT_STATUT;

  const decide = (demande: Demande, action: DecisionAction) => {
    setDetail(null);
    setDecision({ demande, action });
  };
  const retry = () => void query.refetch();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            {can(role, 'demandes.read_all') ? 'Gestion des Demandes' : 'Mes demandes'}
          </Title>
          <Text c="dimmed" size="sm" aria-live="polite">
            {data ? countLine(data.pagination, filters) : '\u00a0'}
          </Text>
        </div>
        <Group gap="xs">
          <RefreshButton onClick={retry} loading={query.isFetching} />
          <ExportMenu list="demandes" path="/demandes/export" filters={filters} />
          {canCreate && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              Nouvelle demande
            </Button>
          )}
        </Group>
      </Group>

      <Card withBorder radius="md" padding="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <SearchField value={searchInput} onChange={setSearchInput} placeholder="Nom, produit, notes..." />
          <Select
            label="Statut"
            allowDeselect={false}
            data={STATUT_OPTIONS}
            value={filters.statut ?? ALL}
            onChange={(value) => setStatut(parseStatut(value))}
            style={{ flex: '0 1 200px' }}
          />
        </Group>
      </Card>

      {query.isError && !data ? (
        isAuthFailure(query.error) ? (
          <AuthErrorPanel message={query.error.message} onRetry={retry} retrying={query.isFetching} />
        ) : (
          <ErrorPanel title={LOAD_FAILURE} message={query.error.message} onRetry={retry} retrying={query.isFetching} />
        )
      ) : !data ? (
        <CardsSkeleton label="Chargement des demandes" />
      ) : data.items.length === 0 ? (
        onDefault ? (
          <EmptyPanel
            icon={<IconFileText size={28} />}
            title="Aucune demande en attente"
            description="Les nouvelles demandes apparaîtront ici."
          >
            <Button variant="light" onClick={() => setStatut(null)}>
              Voir toutes les demandes
            </Button>
          </EmptyPanel>
        ) : (
          <EmptyPanel
            icon={<IconFileText size={28} />}
            title="Aucune demande trouvée"
            description={narrowed ? 'Essayez de modifier vos critères de recherche' : undefined}
          >
            {narrowed && (
              <Button variant="light" onClick={clearAll}>
                Réinitialiser les filtres
              </Button>
            )}
          </EmptyPanel>
        )
      ) : (
        <Stack gap="md">
          {query.isError && isAuthFailure(query.error) && (
            <AuthErrorPanel message={query.error.message} onRetry={retry} retrying={query.isFetching} />
          )}
          <ResultsView
            view="grid"
            items={data.items}
            card={(demande) => (
              <DemandeCard
                key={demande.id}
                demande={demande}
                canDecide={canDecide}
                onOpen={setDetail}
                onDecide={decide}
              />
            )}
            table={() => null}
            stale={query.isPlaceholderData}
            busy={query.isFetching}
            error={
              query.isError && !isAuthFailure(query.error) ? { message: query.error.message, onRetry: retry } : null
            }
          />
        </Stack>
      )}

      {data && data.items.length > 0 && totalPages && (
        <Pager
          page={page}
          totalPages={totalPages}
          onChange={setPage}
          summary={pageSummary(page, totalPages, pluralTotal(data.pagination, 'demande'))}
        />
      )}

      <DemandeDetailModal
        demande={detail}
        canDecide={canDecide}
        onClose={() => setDetail(null)}
        onDecide={decide}
        onEdit={
          canEdit
            ? (demande) => {
                setEditing(demande);
                setFormOpen(true);
              }
            : undefined
        }
        onDelete={
          canDelete
            ? (demande) => {
                removal.reset();
                setToDelete(demande);
              }
            : undefined
        }
      />
      {canDelete && (
        <ConfirmDialog
          opened={!!toDelete}
          danger
          title="Supprimer la demande"
          message={`Êtes-vous sûr de vouloir supprimer la demande de ${toDelete ? applicantName(toDelete.nom_complet) : ''}\u202f? Cette action est irréversible.`}
          confirmLabel="Supprimer"
          loading={removal.isPending}
          error={removal.error?.message}
          onConfirm={() =>
            toDelete &&
            removal.mutate(toDelete, {
              onSuccess: (message) => {
                setToDelete(null);
                setDetail(null);
                showToast('success', message ?? DEMANDE_MESSAGES.deleted);
              },
            })
          }
          onClose={() => setToDelete(null)}
        />
      )}
      <DemandeDecisionModal decision={decision} onClose={() => setDecision(null)} />
      {(canCreate || canEdit) && (
        <DemandeFormModal
          opened={formOpen}
          onClose={() => setFormOpen(false)}
          demande={editing}
          ownEmail={role === 'demandeur' ? profile?.email : undefined}
        />
      )}
    </Stack>
  );
}
