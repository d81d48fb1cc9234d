import { Paper, SimpleGrid, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorPanel } from './ErrorPanel.tsx';
import { StatTile } from './StatTile.tsx';
import classes from './StatTiles.module.css';

/** One figure of a page's tiles, read from the page's stats. */
export interface StatTileSpec<S> {
  label: string;
  icon: ReactNode;
  color: string;
  /** A count, or a figure already formatted (an amount in FCFA). */
  value: (stats: S) => number | string;
  /** A long figure (an amount): a whole row, first, on a phone, where half a row would cut it. */
  wide?: boolean;
}

/**
 * A page's figure tiles (two a row on a phone, four from medium screens): placeholders while
 * the figures load, a failure with 'Réessayer' when they cannot.
 */
export function StatTiles<S>({
  tiles,
  stats,
  error,
  onRetry,
  retrying,
  label,
}: {
  tiles: StatTileSpec<S>[];
  stats: S | undefined;
  error: Error | null;
  onRetry: () => void;
  retrying: boolean;
  /** The group's accessible name. */
  label: string;
}) {
  if (!stats && error) {
    return (
      <ErrorPanel
        title="Erreur lors du chargement des statistiques"
        message={error.message}
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" role="group" aria-label={label} aria-busy={!stats}>
      {tiles.map((tile) => {
        const shown = stats ? (
          <StatTile
            key={tile.label}
            label={tile.label}
            value={String(tile.value(stats))}
            icon={tile.icon}
            color={tile.color}
          />
        ) : (
          <Paper key={tile.label} withBorder radius="md" p="sm">
            <Skeleton h={12} w="60%" />
            <Skeleton h={22} w="30%" mt={8} />
          </Paper>
        );
        return tile.wide ? (
          <div key={tile.label} className={classes.wide} style={{ display: 'grid' }}>
            {shown}
          </div>
        ) : (
          shown
        );
      })}
    </SimpleGrid>
  );
}
