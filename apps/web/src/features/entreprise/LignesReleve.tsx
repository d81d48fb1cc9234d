import {
  type Banque,
  formatDate,
  formatFCFA,
  LIGNE_RELEVE_STATUT_LABELS,
  LIGNE_RELEVE_STATUTS,
  type LigneReleve,
  type LigneReleveStatut,
  pageSummary,
  pluralTotal,
  RAPPROCHEMENT_MESSAGES,
} from '@app/shared';
import { Badge, Group, Paper, SegmentedControl, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconFileSpreadsheet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { lignesReleveQuery, useAnnulerRapprochement } from '../../data/banques.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyPanel } from '../../ui/EmptyPanel.tsx';
import { ExportMenu } from '../../ui/ExportMenu.tsx';
import { IconAction } from '../../ui/IconAction.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { QueryBody } from '../../ui/QueryBody.tsx';
import { ScrollRegion } from '../../ui/ScrollRegion.tsx';
import { useConfirmAction } from '../../ui/use-confirm-action.ts';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import { usePageSize } from '../../ui/use-page-size.ts';

const ALL = 'toutes';
const STATUT_CHOICES = [
  { value: ALL, label: 'Toutes' },
  ...LIGNE_RELEVE_STATUTS.map((value) => ({ value, label: `${LIGNE_RELEVE_STATUT_LABELS[value]}s` })),
];

function StatutBadge({ statut }: { statut: LigneReleveStatut }) {
  return (
    <Badge size="sm" variant="light" color={statut === 'rapprochee' ? 'teal' : 'gray'}>
      {LIGNE_RELEVE_STATUT_LABELS[statut]}
    </Badge>
  );
}

/** A matched line's undo, through the confirmation. */
type Undo = (ligne: LigneReleve) => void;

function UndoButton({ ligne, onUndo }: { ligne: LigneReleve; onUndo: Undo }) {
  return (
    <IconAction
      label="Annuler le rapprochement"
      ariaLabel={`Annuler le rapprochement de ${ligne.libelle}`}
      color="orange"
      onClick={() => onUndo(ligne)}
    >
      <IconArrowBackUp size={18} aria-hidden />
    </IconAction>
  );
}

function LignesTable({ lignes, onUndo }: { lignes: LigneReleve[]; onUndo: Undo }) {
  return (
    <ScrollRegion label="Tableau des lignes de relevé" minWidth={760}>
      <Table verticalSpacing="xs" striped="odd" aria-label="Lignes des relevés">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Libellé</Table.Th>
            <Table.Th>Référence</Table.Th>
            <Table.Th ta="right">Débit</Table.Th>
            <Table.Th ta="right">Crédit</Table.Th>
            <Table.Th ta="right">Solde</Table.Th>
            <Table.Th>Statut</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lignes.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(l.date_operation)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{l.libelle}</Table.Td>
              <Table.Td>{l.reference ?? ''}</Table.Td>
              <Table.Td ta="right" c="red" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {l.sens === 'debit' ? formatFCFA(l.montant) : ''}
              </Table.Td>
              <Table.Td ta="right" c="teal" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {l.sens === 'credit' ? formatFCFA(l.montant) : ''}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {l.solde === null ? '' : formatFCFA(l.solde)}
              </Table.Td>
              <Table.Td>
                <StatutBadge statut={l.statut} />
              </Table.Td>
              <Table.Td>{l.rapprochement_id !== null && <UndoButton ligne={l} onUndo={onUndo} />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** On a phone, one block per line. */
function LignesList({ lignes, onUndo }: { lignes: LigneReleve[]; onUndo: Undo }) {
  return (
    <Stack gap="xs" component="ul" aria-label="Lignes des relevés" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {lignes.map((l) => (
        <Paper key={l.id} component="li" withBorder radius="md" p="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {l.libelle}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(l.date_operation)}
                {l.reference ? ` · ${l.reference}` : ''}
              </Text>
            </div>
            <Text size="sm" fw={700} c={l.sens === 'credit' ? 'teal' : 'red'} style={{ whiteSpace: 'nowrap' }}>
              {l.sens === 'credit' ? '+' : '−'}
              {'\u00a0'}
              {formatFCFA(l.montant)}
            </Text>
          </Group>
          <Group justify="space-between" mt={4} gap="xs">
            <Group gap={4}>
              <StatutBadge statut={l.statut} />
              {l.rapprochement_id !== null && <UndoButton ligne={l} onUndo={onUndo} />}
            </Group>
            {l.solde !== null && (
              <Text size="xs" c="dimmed">
                Solde : {formatFCFA(l.solde)}
              </Text>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** A bank's statement lines, newest first, by status and between two days, a page at a time. */
export function LignesReleve({ banque, phone }: { banque: Banque; phone: boolean }) {
  const [page, setPage] = useState(1);
  const [statut, setStatut] = useState<LigneReleveStatut | null>(null);
  const [dateDebut, setDateDebut] = useState('');
  const [dateFin, setDateFin] = useState('');
  const query = useQuery(
    lignesReleveQuery(banque.id, {
      page,
      limit: usePageSize(),
      statut,
      date_debut: dateDebut || null,
      date_fin: dateFin || null,
    }),
  );
  const data = query.data;
  const totalPages = Math.max(1, data?.pagination.totalPages ?? 1);
  useLastPageClamp(page, data ? totalPages : undefined, setPage);
  const filtered = statut !== null || dateDebut !== '' || dateFin !== '';
  const annuler = useAnnulerRapprochement();
  const confirm = useConfirmAction<'undo', LigneReleve>({
    undo: {
      title: 'Annuler le rapprochement',
      message: (l) =>
        `La ligne « ${l.libelle} » et les autres lignes et mouvements de son rapprochement redeviendront à rapprocher. Les versements validés par ce rapprochement le restent.`,
      confirmLabel: 'Annuler le rapprochement',
      danger: true,
      run: (l) => annuler.mutateAsync(l.rapprochement_id ?? 0),
      success: RAPPROCHEMENT_MESSAGES.deleted,
      failure: 'Erreur lors de l’annulation du rapprochement',
    },
  });
  const filter = (change: () => void) => {
    change();
    setPage(1);
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Statut des lignes"
          data={STATUT_CHOICES}
          value={statut ?? ALL}
          onChange={(v) => filter(() => setStatut(v === ALL ? null : (v as LigneReleveStatut)))}
        />
        <TextInput
          type="date"
          label="Du"
          value={dateDebut}
          onChange={(e) => filter(() => setDateDebut(e.currentTarget.value))}
          w={{ base: '100%', xs: 170 }}
        />
        <TextInput
          type="date"
          label="Au"
          value={dateFin}
          onChange={(e) => filter(() => setDateFin(e.currentTarget.value))}
          w={{ base: '100%', xs: 170 }}
        />
        <ExportMenu
          list="lignes_releve"
          path={`/banques/${banque.id}/lignes/export`}
          filters={{ statut, date_debut: dateDebut || null, date_fin: dateFin || null }}
        />
      </Group>
      <QueryBody
        query={query}
        errorTitle="Erreur lors du chargement des lignes"
        loadingLabel="Chargement des lignes"
        empty={{
          when: (d) => d.items.length === 0,
          panel: (
            <EmptyPanel
              icon={<IconFileSpreadsheet size={28} />}
              title="Aucune ligne"
              description={
                filtered
                  ? 'Aucune ligne de relevé ne correspond à ces filtres.'
                  : 'Les opérations des relevés importés de cette banque s’afficheront ici.'
              }
              color="gray"
            />
          ),
        }}
      >
        {(d) =>
          phone ? (
            <LignesList lignes={d.items} onUndo={(l) => confirm.ask('undo', l)} />
          ) : (
            <LignesTable lignes={d.items} onUndo={(l) => confirm.ask('undo', l)} />
          )
        }
      </QueryBody>
      {data && data.items.length > 0 && (
        <Pager
          page={Math.min(page, totalPages)}
          totalPages={totalPages}
          onChange={setPage}
          summary={pageSummary(Math.min(page, totalPages), totalPages, pluralTotal(data.pagination, 'ligne'))}
        />
      )}
      <ConfirmDialog {...confirm.dialog} />
    </Stack>
  );
}
