import {
  contratPour,
  contratResume,
  couverture,
  ENGAGEMENT_MAXIMUM,
  ENGAGEMENT_MINIMUM_PUBLIC,
  formatFCFA,
  manqueMessage,
  totalToPay,
} from '@app/shared';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { months } from './demande-format.ts';

function Row({ label, value, hint, color }: { label: string; value: string; hint?: string; color?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <div>
        <Text size="sm">{label}</Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </div>
      <Text fw={700} c={color} ta="right" style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * What a request's terms cover of its product's price (issue 23): the price, the monthly amounts'
 * total, and the shortfall or the instalments that pay the price; the verdict is announced as the
 * product, the amount or the duration changes. With `onApply` (the forms), a shortfall comes with
 * the monthly amount that covers the price over the duration (never under the forms' minimum).
 */
export function CouvertureSummary({
  prix,
  engagement,
  duree,
  onApply,
}: {
  prix: number | undefined;
  engagement: unknown;
  duree: unknown;
  onApply?: (montant: number) => void;
}) {
  // An amount over the field's maximum is the field's error to show, not terms to sum.
  const terms = Number(engagement) <= ENGAGEMENT_MAXIMUM ? engagement : undefined;
  const total = totalToPay(terms, duree);
  const c = couverture(prix, terms, duree);
  // Null while the terms fall short: the validator then chooses how the remainder is paid.
  const contrat = c && contratPour(c.prix, Number(engagement), Number(duree));
  const proposee = c && Math.max(c.mensualite_proposee, ENGAGEMENT_MINIMUM_PUBLIC);
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
      <Stack gap={6}>
        <Row label="Prix du produit" value={prix ? formatFCFA(prix) : '—'} />
        <Row
          label="Total des mensualités"
          value={total > 0 ? formatFCFA(total) : '—'}
          hint={
            total > 0 ? `${formatFCFA(Number(engagement))} × ${months(Number(duree))}` : 'Engagement mensuel × durée'
          }
        />
        {c && c.manque > 0 && <Row label="Reste à couvrir" value={formatFCFA(c.manque)} color="red.8" />}
        <div aria-live="polite">
          {c && c.manque > 0 && (
            <Text size="sm" c="red.8" fw={500}>
              {manqueMessage(c)}
            </Text>
          )}
          {contrat && (
            <Text size="sm" c="teal.8" fw={500}>
              Les conditions couvrent le prix en {contratResume(contrat)}.
            </Text>
          )}
        </div>
        {onApply && c && c.manque > 0 && proposee && (
          <>
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                Pour couvrir le prix en {months(Number(duree))}&nbsp;: {formatFCFA(proposee)} par mois.
              </Text>
              <Button size="xs" variant="light" onClick={() => onApply(proposee)}>
                Appliquer {formatFCFA(proposee)} / mois
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              La demande peut aussi être envoyée telle quelle&nbsp;: la façon de régler le solde sera décidée à sa
              validation.
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
