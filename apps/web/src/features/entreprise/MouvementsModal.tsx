import {
  type Banque,
  formatDateTime,
  formatFCFA,
  MOUVEMENT_OPERATION_LABELS,
  type Mouvement,
  pageSummary,
  plural,
} from '@app/shared';
import { Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { mouvementsQuery } from '../../data/banques.ts';
import { EmptyPanel } from '../../ui/EmptyPanel.tsx';
import { ExportMenu } from '../../ui/ExportMenu.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { QueryBody } from '../../ui/QueryBody.tsx';
import { ScrollRegion } from '../../ui/ScrollRegion.tsx';
import { useDialogItem } from '../../ui/use-dialog-item.ts';
import { useLastPageClamp } from '../../ui/use-last-page-clamp.ts';
import { usePageSize } from '../../ui/use-page-size.ts';
import { auteurText } from './banque-format.ts';

/** '+ 50 000 FCFA' for a credit, '− 50 000 FCFA' for a debit (U+2212, a no-break space after it). */
function signedAmount(m: Mouvement): string {
  return `${m.type === 'credit' ? '+' : '−'}\u00a0${formatFCFA(m.montant)}`;
}

function MouvementsTable({ mouvements }: { mouvements: Mouvement[] }) {
  return (
    <ScrollRegion label="Tableau des mouvements" minWidth={720}>
      <Table verticalSpacing="xs" striped="odd" aria-label="Mouvements de la banque">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Opération</Table.Th>
            <Table.Th ta="right">Crédit</Table.Th>
            <Table.Th ta="right">Débit</Table.Th>
            <Table.Th ta="right">Solde après</Table.Th>
            <Table.Th>Commentaire</Table.Th>
            <Table.Th>Auteur</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mouvements.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.created_at)}</Table.Td>
              <Table.Td>{MOUVEMENT_OPERATION_LABELS[m.operation]}</Table.Td>
              <Table.Td ta="right" c="teal" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {m.type === 'credit' ? formatFCFA(m.montant) : ''}
              </Table.Td>
              <Table.Td ta="right" c="red" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {m.type === 'debit' ? formatFCFA(m.montant) : ''}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatFCFA(m.solde_apres)}
              </Table.Td>
              <Table.Td>{m.commentaire ?? ''}</Table.Td>
              <Table.Td>{auteurText(m)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** On a phone, one block per movement: the table would hide half its columns. */
function MouvementsList({ mouvements }: { mouvements: Mouvement[] }) {
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label="Mouvements de la banque"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {mouvements.map((m) => (
        <Paper key={m.id} component="li" withBorder radius="md" p="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {MOUVEMENT_OPERATION_LABELS[m.operation]}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(m.created_at)}
              </Text>
            </div>
            <Text size="sm" fw={700} c={m.type === 'credit' ? 'teal' : 'red'} style={{ whiteSpace: 'nowrap' }}>
              {signedAmount(m)}
            </Text>
          </Group>
          <Text size="xs" mt={4}>
            <Text span c="dimmed" size="xs">
              Solde après :
            </Text>{' '}
            {formatFCFA(m.solde_apres)}
          </Text>
          {m.commentaire && (
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {m.commentaire}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Par {auteurText(m)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

/** Holds one opening's page: each opening starts on the newest movements. */
function MouvementsContent({ banque, phone }: { banque: Banque; phone: boolean }) {
  const [page, setPage] = useState(1);
  const query = useQuery(mouvementsQuery(banque.id, { page, limit: usePageSize() }));
  const data = query.data;
  const totalPages = Math.max(1, data?.pagination.totalPages ?? 1);
  useLastPageClamp(page, data ? totalPages : undefined, setPage);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            Solde actuel :
          </Text>{' '}
          <Text span fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatFCFA(banque.solde)}
          </Text>
        </Text>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {banque.devise}
          </Text>
          <ExportMenu list="mouvements" path={`/banques/${banque.id}/mouvements/export`} filters={{}} />
        </Group>
      </Group>
      <QueryBody
        query={query}
        errorTitle="Erreur lors du chargement des mouvements"
        loadingLabel="Chargement des mouvements"
        empty={{
          when: (d) => d.items.length === 0,
          panel: (
            <EmptyPanel
              icon={<IconHistory size={28} />}
              title="Aucun mouvement"
              description="Les dépôts, retraits et versements validés de cette banque s’afficheront ici."
              color="gray"
            />
          ),
        }}
      >
        {(d) => (phone ? <MouvementsList mouvements={d.items} /> : <MouvementsTable mouvements={d.items} />)}
      </QueryBody>
      {data && data.items.length > 0 && (
        <Pager
          page={Math.min(page, totalPages)}
          totalPages={totalPages}
          onChange={setPage}
          summary={pageSummary(Math.min(page, totalPages), totalPages, plural(data.pagination.total, 'mouvement'))}
        />
      )}
    </Stack>
  );
}

/**
 * A bank's movement history (decisions §5): newest first, a page of the account's 'Éléments par
 * page', in a dialog full screen on a phone.
 */
export function MouvementsModal({ banque, onClose }: { banque: Banque | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false }) ?? false;
  // The bank shown stays on screen while the dialog fades out; each opening starts afresh.
  const { shown, opening } = useDialogItem(banque);

  return (
    <Modal
      opened={banque !== null}
      onClose={onClose}
      title={shown ? `Historique des mouvements – ${shown.nom}` : 'Historique des mouvements'}
      size={960}
      fullScreen={phone}
      centered
    >
      {shown && <MouvementsContent key={`${opening}-${shown.id}`} banque={shown} phone={phone} />}
    </Modal>
  );
}
