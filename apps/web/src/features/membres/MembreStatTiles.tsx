import type { MembreStats } from '@app/shared';
import { Alert, Paper, SimpleGrid, Skeleton } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { StatTile } from '../../ui/StatTile.tsx';

export interface MembreTile {
  label: string;
  icon: ReactNode;
  color: string;
  value: (stats: MembreStats) => number;
}

/** The page's figure tiles (two a row on a phone, four from medium screens). */
export function MembreStatTiles({
  tiles,
  stats,
  error,
  label,
}: {
  tiles: MembreTile[];
  stats: MembreStats | undefined;
  error: Error | null;
  /** The group's accessible name. */
  label: string;
}) {
  if (!stats && error) {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
        Erreur lors du chargement des statistiques : {error.message}
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" role="group" aria-label={label} aria-busy={!stats}>
      {tiles.map((tile) =>
        stats ? (
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
        ),
      )}
    </SimpleGrid>
  );
}
