import { type BalanceGenerale, formatFCFA, localIsoDate, plural } from '@app/shared';
import { Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconReportMoney } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { balanceGeneraleQuery } from '../../data/comptabilite.ts';
import { EmptyPanel } from '../../ui/EmptyPanel.tsx';
import { ExportMenu } from '../../ui/ExportMenu.tsx';
import { QueryBody } from '../../ui/QueryBody.tsx';
import { ScrollRegion } from '../../ui/ScrollRegion.tsx';

const amount = (n: number) => (n === 0 ? '' : formatFCFA(n));

function BalanceTable({ balance }: { balance: BalanceGenerale }) {
  return (
    <ScrollRegion label="Balance générale" minWidth={560}>
      <Table verticalSpacing="xs" striped="odd" aria-label="Balance générale">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Compte</Table.Th>
            <Table.Th ta="right">Débit</Table.Th>
            <Table.Th ta="right">Crédit</Table.Th>
            <Table.Th ta="right">Solde débiteur</Table.Th>
            <Table.Th ta="right">Solde créditeur</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {balance.comptes.map((c) => (
            <Table.Tr key={c.compte}>
              <Table.Td>
                <Text component="span" ff="monospace" size="sm">
                  {c.compte}
                </Text>
                {c.auxiliaires > 0 && (
                  <Text component="span" c="dimmed" size="sm">
                    {' '}
                    ({plural(c.auxiliaires, 'compte membre', 'comptes membres')})
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{amount(c.debit)}</Table.Td>
              <Table.Td ta="right">{amount(c.credit)}</Table.Td>
              <Table.Td ta="right">{amount(Math.max(0, c.solde))}</Table.Td>
              <Table.Td ta="right">{amount(Math.max(0, -c.solde))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td>Total</Table.Td>
            <Table.Td ta="right">{formatFCFA(balance.total_debit)}</Table.Td>
            <Table.Td ta="right">{formatFCFA(balance.total_credit)}</Table.Td>
            <Table.Td />
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollRegion>
  );
}

/**
 * 'Comptabilité' (issue 27): the trial balance of a period from the journal's entries, and the
 * journal itself (SYSCOHADA, CSV or XLSX) for the company's accounting software.
 */
export function ComptabiliteTab() {
  const today = localIsoDate();
  const [dateDebut, setDateDebut] = useState(`${today.slice(0, 7)}-01`);
  const [dateFin, setDateFin] = useState(today);
  const valide = dateDebut !== '' && dateFin !== '' && dateDebut <= dateFin;
  const periode = { date_debut: dateDebut, date_fin: dateFin };
  const query = useQuery({ ...balanceGeneraleQuery(periode), enabled: valide });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <div>
          <Title order={2} size="h3">
            Balance générale
          </Title>
          <Text size="sm" c="dimmed">
            Les écritures du journal (une par mouvement bancaire, par date de valeur) cumulées par compte OHADA.
          </Text>
        </div>
        <ExportMenu list="journal" path="/comptabilite/journal" filters={periode} />
      </Group>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <TextInput
          type="date"
          label="Du"
          value={dateDebut}
          onChange={(e) => setDateDebut(e.currentTarget.value)}
          w={{ base: '100%', xs: 180 }}
        />
        <TextInput
          type="date"
          label="Au"
          value={dateFin}
          onChange={(e) => setDateFin(e.currentTarget.value)}
          error={valide ? undefined : 'La date de fin doit suivre la date de début.'}
          w={{ base: '100%', xs: 180 }}
        />
      </Group>
      {valide && (
        <QueryBody
          query={query}
          errorTitle="Erreur lors du chargement de la balance"
          loadingLabel="Chargement de la balance"
          empty={{
            when: (d) => d.comptes.length === 0,
            panel: (
              <EmptyPanel
                icon={<IconReportMoney size={28} />}
                title="Aucune écriture"
                description="Aucun mouvement bancaire n’a de date de valeur dans cette période."
                color="gray"
              />
            ),
          }}
        >
          {(d) => (
            <Paper withBorder radius="md" p="sm">
              <Text size="sm" mb="xs" role="status">
                {d.ecritures} écriture{d.ecritures > 1 ? 's' : ''} ·{' '}
                {d.total_debit === d.total_credit ? 'débits et crédits égaux' : 'débits et crédits différents'}
              </Text>
              <BalanceTable balance={d} />
            </Paper>
          )}
        </QueryBody>
      )}
    </Stack>
  );
}
