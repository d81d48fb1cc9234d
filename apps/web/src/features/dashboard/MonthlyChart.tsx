import type { DashboardMonth } from '@app/shared';
import { formatFCFA } from '@app/shared';
import { Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import classes from './Dashboard.module.css';

const SERIES = [
  { key: 'versements', label: 'Versements validés', color: 'var(--mantine-color-teal-6)' },
  { key: 'depenses', label: 'Dépenses approuvées', color: 'var(--mantine-color-orange-6)' },
] as const;

function monthLabel(mois: string, style: 'narrow' | 'short' | 'long') {
  return new Date(`${mois}-01T00:00:00Z`).toLocaleDateString('fr-FR', {
    month: style,
    ...(style === 'long' ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

/**
 * The last 12 months: payments validated and expenses approved, as bars; the same figures as a
 * table for screen readers.
 */
export function MonthlyChart({ months }: { months: DashboardMonth[] }) {
  const max = Math.max(1, ...months.flatMap((m) => [m.versements, m.depenses]));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="graphique-titre">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4" id="graphique-titre">
          Les 12 derniers mois
        </Title>
        <Group gap="md" aria-hidden>
          {SERIES.map((s) => (
            <Text key={s.key} size="sm">
              <span className={classes.swatch} style={{ background: s.color }} /> {s.label}
            </Text>
          ))}
        </Group>
      </Group>
      <div className={classes.chart} aria-hidden data-testid="graphique-barres">
        {months.map((m) => (
          <div key={m.mois} className={classes.month}>
            {SERIES.map((s) => (
              <div
                key={s.key}
                className={classes.bar}
                style={{ height: `${(m[s.key] / max) * 100}%`, background: s.color }}
                title={`${monthLabel(m.mois, 'long')} — ${s.label} : ${formatFCFA(m[s.key])}`}
              />
            ))}
          </div>
        ))}
      </div>
      <div className={classes.labels} aria-hidden>
        {months.map((m) => (
          <div key={m.mois}>
            <Text size="xs" c="dimmed" visibleFrom="sm">
              {monthLabel(m.mois, 'short')}
            </Text>
            <Text size="xs" c="dimmed" hiddenFrom="sm">
              {monthLabel(m.mois, 'narrow')}
            </Text>
          </div>
        ))}
      </div>
      <VisuallyHidden>
        <Table>
          <caption>Versements validés et dépenses approuvées par mois, en FCFA</caption>
          <thead>
            <tr>
              <th scope="col">Mois</th>
              {SERIES.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.mois}>
                <th scope="row">{monthLabel(m.mois, 'long')}</th>
                {SERIES.map((s) => (
                  <td key={s.key}>{formatFCFA(m[s.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </Paper>
  );
}
