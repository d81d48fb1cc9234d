import { type Echeancier, formatDate, formatFCFA, plural, TRANCHE_LABELS } from '@app/shared';
import { Alert, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { ScrollRegion } from './ScrollRegion.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/** Instalments shown around the first one not paid, until the whole schedule is asked for. */
const BEFORE = 2;
const AFTER = 6;

/** A schedule's arrears: overdue amount since the oldest late instalment, its bucket, the penalty apart. */
export function RetardAlert({ echeancier, owner }: { echeancier: Echeancier; owner: 'moi' | 'membre' }) {
  const retard = echeancier.retard;
  if (!retard) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={owner === 'moi' ? 'Versements en retard' : 'Membre en retard'}
      icon={<IconAlertTriangle size={18} aria-hidden />}
    >
      {formatFCFA(retard.montant)} restent dus depuis le {formatDate(retard.depuis)} ({plural(retard.jours, 'jour')} de
      retard{owner === 'membre' && `, tranche ${TRANCHE_LABELS[retard.tranche].toLowerCase()}`}).
      {retard.penalite > 0 && (
        <Text size="sm" mt={4}>
          Pénalité de retard, en plus du principal&nbsp;: {formatFCFA(retard.penalite)} ({echeancier.taux_penalite}
          &nbsp;% par mois de retard).
        </Text>
      )}
    </Alert>
  );
}

/**
 * A member's schedule (issue 15): each instalment's due date, amount, paid, remaining, status and
 * the payments that settled it; around the first one not paid, or all of them on demand.
 */
export function EcheancierTable({ echeancier, caption }: { echeancier: Echeancier; caption: string }) {
  const [all, setAll] = useState(false);
  const rows = echeancier.echeances;
  const firstOpen = Math.max(
    0,
    rows.findIndex((e) => e.reste > 0),
  );
  const from = all ? 0 : Math.max(0, firstOpen - BEFORE);
  const shown = all ? rows : rows.slice(from, firstOpen + AFTER);
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {plural(echeancier.payees, 'échéance payée', 'échéances payées')} sur {rows.length} · reste{' '}
        {formatFCFA(echeancier.reste)}
        {echeancier.excedent > 0 && <> · trop-perçu {formatFCFA(echeancier.excedent)}</>}
      </Text>
      <ScrollRegion label="Tableau des échéances" minWidth={300}>
        <Table striped verticalSpacing={6} horizontalSpacing={6} fz="sm">
          <VisuallyHidden component="caption">{caption}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">N°</Table.Th>
              <Table.Th scope="col">Échéance</Table.Th>
              <Table.Th scope="col" ta="right" visibleFrom="sm">
                Montant
              </Table.Th>
              <Table.Th scope="col" ta="right" visibleFrom="sm">
                Payé
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Reste
              </Table.Th>
              <Table.Th scope="col">Statut</Table.Th>
              <Table.Th scope="col" visibleFrom="md">
                Réglée par
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((e) => (
              <Table.Tr key={e.numero}>
                <Table.Td>{e.numero}</Table.Td>
                <Table.Td>{formatDate(e.date)}</Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {formatFCFA(e.montant)}
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {formatFCFA(e.paye)}
                </Table.Td>
                <Table.Td ta="right">{formatFCFA(e.reste)}</Table.Td>
                <Table.Td>
                  {/* Never shrunk to an ellipsis by the narrow column of a phone. */}
                  <StatusBadge statut={e.statut} miw="max-content" />
                </Table.Td>
                <Table.Td visibleFrom="md">
                  {e.reglements.length === 0 ? (
                    '—'
                  ) : (
                    <Text size="xs">
                      {e.reglements
                        .map((r) => `${formatFCFA(r.montant)} du ${formatDate(r.date_versement)}`)
                        .join(', ')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      {rows.length > shown.length || all ? (
        <Group justify="center" mt="xs">
          <Button variant="subtle" size="xs" onClick={() => setAll(!all)} aria-expanded={all}>
            {all ? 'Afficher moins' : `Afficher les ${rows.length} échéances`}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
