import { formatFCFA } from '@app/shared';
import { Card, Divider, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { useState } from 'react';
import { MoneyInput } from '../../ui/MoneyInput.tsx';
import { FINANCING_DURATIONS, simulateFinancing } from './financing.ts';

/** The amount as typed, never rounded: the simulation says what is wrong with it. */
const amount = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} ta="right">
        {value}
      </Text>
    </Group>
  );
}

/**
 * A real instalment simulator (decisions §6): price, down payment and duration give the
 * monthly amount, rounded up to the franc, and the total. No interest and no fees are assumed.
 */
export function FinancingSimulator({ price }: { price: number }) {
  const [prix, setPrix] = useState<number | string>(price);
  const [apport, setApport] = useState<number | string>(0);
  const [duree, setDuree] = useState<string>('60');
  const result = simulateFinancing({
    price: amount(prix),
    downPayment: amount(apport === '' ? 0 : apport),
    months: Number(duree),
  });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="simulateur-titre">
      <Group gap="xs" mb="md" wrap="nowrap">
        <IconCalculator size={20} color="var(--mantine-color-cyan-8)" aria-hidden />
        <Title order={2} size="h4" id="simulateur-titre">
          Simulateur de financement
        </Title>
      </Group>
      <Stack gap="sm">
        <MoneyInput label="Prix du bien" value={prix} onChange={setPrix} />
        <MoneyInput label="Apport initial" value={apport} onChange={setApport} />
        <Select
          label="Durée"
          value={duree}
          onChange={(value) => setDuree(value ?? '60')}
          allowDeselect={false}
          data={FINANCING_DURATIONS.map((m) => ({ value: String(m), label: `${m} mois` }))}
        />
        <Divider my={4} />
        <div aria-live="polite">
          {result.ok ? (
            <Stack gap={6}>
              <div>
                <Text size="sm" fw={600}>
                  Mensualité
                </Text>
                <Text size="xl" fw={800} c="cyan.8" data-testid="mensualite">
                  {formatFCFA(result.monthly)}/mois
                </Text>
              </div>
              <Row label="Montant financé" value={formatFCFA(result.financed)} />
              <Row label="Apport initial" value={formatFCFA(result.total - result.financed)} />
              <Row label="Coût total" value={formatFCFA(result.total)} strong />
              {result.financed > 0 && result.last !== result.monthly && (
                <Text size="xs" c="dimmed">
                  {Number(duree) - 1} mensualités de {formatFCFA(result.monthly)}, puis une dernière de{' '}
                  {formatFCFA(result.last)}.
                </Text>
              )}
            </Stack>
          ) : (
            <Text size="sm" c="red.8" role="alert">
              {result.error}
            </Text>
          )}
        </div>
        <Text size="xs" c="dimmed">
          Simulation indicative, sans intérêts ni frais. Les conditions définitives sont fixées avec votre gestionnaire.
        </Text>
      </Stack>
    </Card>
  );
}
