import type { DashboardCompte } from '@app/shared';
import { formatDate, formatFCFA, TYPE_VERSEMENT_LABELS, type TypeVersement } from '@app/shared';
import { Anchor, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { EcheancierTable, RetardAlert } from '../../ui/Echeancier.tsx';
import { StatementDownload } from '../../ui/StatementDownload.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { MemberReceipts } from './MemberReceipts.tsx';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
    </div>
  );
}

/** A member's own account (issue 14): his product, paid, remaining, next instalment, arrears, last payments. */
export function MemberAccount({ compte: c }: { compte: DashboardCompte }) {
  const prochaine = c.echeancier?.prochaine ?? null;
  return (
    <Stack gap="md">
      {c.echeancier && <RetardAlert echeancier={c.echeancier} owner="moi" />}
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="compte-titre">
        <Group justify="space-between" mb="sm" gap="xs">
          <Title order={2} size="h4" id="compte-titre">
            Mon acquisition
          </Title>
          <Text size="sm" c="dimmed">
            Code membre {c.codeEsv}
          </Text>
        </Group>
        {c.produit ? (
          <Text>
            <Anchor component={Link} to={`/produits/${c.produit.id}`} fw={600}>
              {c.produit.nom}
            </Anchor>{' '}
            — prix de vente {formatFCFA(c.produit.prix)}
          </Text>
        ) : (
          <Text c="dimmed">Aucun produit attribué.</Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" mt="sm">
          <Figure label="Montant total" value={formatFCFA(c.montantTotal)} />
          <Figure label="Déjà payé" value={formatFCFA(c.dejaPaye)} />
          <Figure label="Reste à payer" value={formatFCFA(c.reste)} />
          <Figure label="Mensualité" value={`${formatFCFA(c.engagementMensuel)} × ${c.dureePaiement} mois`} />
        </SimpleGrid>
        <Progress value={c.progression} size="lg" radius="sm" mt="md" aria-label={`Payé à ${c.progression}\u00a0%`} />
        <Text size="sm" mt={4}>
          {c.progression}&nbsp;% payé
        </Text>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="echeance-titre">
        <Title order={2} size="h4" id="echeance-titre" mb="xs">
          Prochaine échéance
        </Title>
        {prochaine ? (
          <Text>
            Échéance n<sup>o</sup>&nbsp;{prochaine.numero} : <strong>{formatFCFA(prochaine.montant)}</strong> le{' '}
            {formatDate(prochaine.date)}
          </Text>
        ) : (
          <Text c="dimmed">
            {c.reste === 0 ? 'Votre acquisition est entièrement payée.' : 'Toutes les échéances sont passées.'}
          </Text>
        )}
      </Paper>
      {c.echeancier && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="echeancier-titre">
          <Title order={2} size="h4" id="echeancier-titre" mb="xs">
            Mon échéancier
          </Title>
          <EcheancierTable
            echeancier={c.echeancier}
            caption="Mes échéances, leur montant, ce qui est payé et ce qui reste"
          />
        </Paper>
      )}
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="derniers-titre">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4" id="derniers-titre">
            Mes derniers versements
          </Title>
          <Anchor component={Link} to="/versements" size="sm">
            Tous mes versements
          </Anchor>
        </Group>
        {c.derniersVersements.length === 0 ? (
          <Text c="dimmed">Aucun versement pour l’instant.</Text>
        ) : (
          <Table.ScrollContainer minWidth={300}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th visibleFrom="sm">Type</Table.Th>
                  <Table.Th ta="right">Montant</Table.Th>
                  <Table.Th>Statut</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.derniersVersements.map((v) => (
                  <Table.Tr key={v.id}>
                    <Table.Td>{formatDate(v.date)}</Table.Td>
                    <Table.Td visibleFrom="sm">{TYPE_VERSEMENT_LABELS[v.type as TypeVersement] ?? v.type}</Table.Td>
                    <Table.Td ta="right">{formatFCFA(v.montant)}</Table.Td>
                    <Table.Td>
                      <StatusBadge statut={v.statut} miw="max-content" />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <MemberReceipts />
      <StatementDownload />
    </Stack>
  );
}
