import type { CompletionTrend, Dashboard } from '@app/shared';
import { formatNumber } from '@app/shared';
import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';

type Performance = NonNullable<Dashboard['performance']>;

const TREND: Record<CompletionTrend, { color: string; label: string }> = {
  hausse: { color: 'teal', label: 'en hausse' },
  attention: { color: 'yellow', label: 'à surveiller' },
  baisse: { color: 'red', label: 'en baisse' },
};

function Bar({
  label,
  value,
  total,
  color,
  detail,
}: {
  label: string;
  value: number;
  total: number;
  color: string;
  detail: string;
}) {
  const percent = total === 0 ? 0 : Math.round((value / total) * 100);
  return (
    <div>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
      </Group>
      <Progress value={percent} color={color} size="lg" radius="sm" mt={4} aria-label={`${label} : ${detail}`} />
    </div>
  );
}

/** 'Performance du mois' (spec 1 §2.7, §9): chantiers traités, gestionnaires actifs, taux de complétion. */
export function PerformancePanel({ performance: p }: { performance: Performance }) {
  const trend = TREND[p.tendance];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="performance-titre">
      <Title order={2} size="h4" id="performance-titre" mb="sm">
        Performance du mois
      </Title>
      <Stack gap="md">
        <Bar
          label="Chantiers traités"
          value={p.chantiersTraites}
          total={Math.max(p.chantiersTotal, 1)}
          color="blue"
          detail={`${formatNumber(p.chantiersTraites)} terminé${p.chantiersTraites > 1 ? 's' : ''} ce mois`}
        />
        <Bar
          label="Gestionnaires actifs"
          value={p.gestionnairesActifs}
          total={p.gestionnairesTotal}
          color="grape"
          detail={`${formatNumber(p.gestionnairesActifs)} sur ${formatNumber(p.gestionnairesTotal)}`}
        />
        <Bar
          label="Taux de complétion"
          value={p.tauxCompletion}
          total={100}
          color={trend.color}
          detail={`${p.tauxCompletion}\u00a0% (${trend.label}) · ${formatNumber(p.chantiersTermines)} sur ${formatNumber(p.chantiersTotal)} chantiers`}
        />
      </Stack>
    </Paper>
  );
}
