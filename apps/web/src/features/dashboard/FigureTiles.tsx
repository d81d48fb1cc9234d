import type { DashboardFigure } from '@app/shared';
import { formatFCFA, formatNumber } from '@app/shared';
import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import classes from './Dashboard.module.css';

export function formatFigure(figure: DashboardFigure): string {
  if (figure.unit === 'fcfa') return formatFCFA(figure.value);
  if (figure.unit === 'pourcent') return `${formatNumber(figure.value)}\u00a0%`;
  return formatNumber(figure.value);
}

/** A row of figures; one with an address opens the list it counts, filtered. */
export function FigureTiles({
  figures,
  label,
  accent,
}: {
  figures: DashboardFigure[];
  label: string;
  accent?: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: accent ? 2 : 1, xs: 2, md: 3 }} spacing="sm" role="list" aria-label={label}>
      {figures.map((figure) => {
        const body = (
          <>
            <Text size="sm" c="dimmed">
              {figure.label}
            </Text>
            <Text fw={700} fz={accent ? 28 : 22} lh={1.2}>
              {formatFigure(figure)}
            </Text>
          </>
        );
        return (
          <Paper
            key={figure.key}
            withBorder
            radius="md"
            p="md"
            role="listitem"
            className={accent ? classes.accent : undefined}
          >
            {figure.to ? (
              <UnstyledButton
                component={Link}
                to={figure.to}
                className={classes.figureLink}
                aria-label={`${figure.label} : ${formatFigure(figure)}, voir la liste`}
              >
                {body}
              </UnstyledButton>
            ) : (
              body
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
