import {
  buildSchedule,
  type Contrat,
  contratPour,
  contratResume,
  type Demande,
  type Echeance,
  formatDate,
  formatFCFA,
  localIsoDate,
  plural,
  premiereEcheance,
  SOLDE_LABELS,
  SOLDES,
  type Solde,
} from '@app/shared';
import { Paper, Radio, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { ScrollRegion } from '../../ui/ScrollRegion.tsx';
import { CouvertureSummary } from './CouvertureSummary.tsx';

/** The contract validating this demande would make (issue 23); null while a needed choice is missing. */
export function demandeContrat(demande: Demande, solde: Solde | null): Contrat | null {
  return contratPour(
    demande.produit.prix_vente,
    demande.engagement_mensuel,
    demande.duree_paiement,
    solde ?? undefined,
  );
}

/**
 * The validation's terms: the product's price, what the demande's terms cover, and, when they fall
 * short (or the server says so), the validator's choice of how the remainder is paid, with no
 * default; each choice says the instalments it makes.
 */
export function SoldeChoice({
  demande,
  choose,
  value,
  onChange,
  error,
}: {
  demande: Demande;
  /** Whether a choice is needed. */
  choose: boolean;
  value: Solde | null;
  onChange: (solde: Solde) => void;
  error: string | null;
}) {
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Prix et conditions
      </Title>
      <CouvertureSummary
        prix={demande.produit.prix_vente}
        engagement={demande.engagement_mensuel}
        duree={demande.duree_paiement}
      />
      {choose && (
        <Radio.Group
          label="Comment régler le solde ?"
          description="Le membre devra le prix du produit."
          value={value}
          onChange={(solde) => onChange(solde as Solde)}
          error={error}
          withAsterisk
        >
          <Stack gap="xs" mt="xs">
            {SOLDES.map((solde) => {
              const contrat = demandeContrat(demande, solde);
              return (
                <Paper key={solde} withBorder radius="md" p="sm">
                  <Radio
                    value={solde}
                    label={SOLDE_LABELS[solde]}
                    description={contrat ? `${contratResume(contrat)}.` : undefined}
                  />
                </Paper>
              );
            })}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}

/** The first instalments shown before the gap; the last one is always shown. */
const FIRST = 3;

/**
 * The schedule a validation today would make: its summary and its instalments (the first ones and
 * the last; those between are all of the monthly amount), their total being the product's price.
 */
export function ContratSchedule({ contrat }: { contrat: Contrat }) {
  const rows = buildSchedule({
    premiere: premiereEcheance(localIsoDate()),
    engagement: contrat.engagement,
    duree: contrat.duree,
    total: contrat.total,
  });
  // Between the first ones and the last, every instalment is of the monthly amount: one line says so.
  const hidden = rows.length > FIRST + 2 ? rows.length - FIRST - 1 : 0;
  const head = hidden ? rows.slice(0, FIRST) : rows;
  const last = hidden ? rows[rows.length - 1] : undefined;
  const row = (e: Echeance) => (
    <Table.Tr key={e.numero}>
      <Table.Td>{e.numero}</Table.Td>
      <Table.Td>{formatDate(e.date)}</Table.Td>
      <Table.Td ta="right">{formatFCFA(e.montant)}</Table.Td>
    </Table.Tr>
  );
  return (
    <Stack gap="xs">
      <Title order={4} size="h6">
        Échéancier du membre
      </Title>
      <Text size="sm">
        <strong>{contratResume(contrat)}</strong>, soit {formatFCFA(contrat.total)}, le prix du produit.
      </Text>
      <ScrollRegion label="Échéances prévues" minWidth={280}>
        <Table striped verticalSpacing={4} horizontalSpacing={6} fz="sm">
          <VisuallyHidden component="caption">Échéances prévues</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">N°</Table.Th>
              <Table.Th scope="col">Échéance</Table.Th>
              <Table.Th scope="col" ta="right">
                Montant
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {head.map(row)}
            {last && (
              <>
                <Table.Tr>
                  <Table.Td colSpan={3} c="dimmed">
                    … {plural(hidden, 'autre échéance', 'autres échéances')} de {formatFCFA(contrat.engagement)}
                  </Table.Td>
                </Table.Tr>
                {row(last)}
              </>
            )}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" colSpan={2}>
                Total
              </Table.Th>
              <Table.Td ta="right" fw={700}>
                {formatFCFA(contrat.total)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollRegion>
    </Stack>
  );
}
