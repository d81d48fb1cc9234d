import { type DepenseStats, formatNumber, millionsFcfa } from '@app/shared';
import { Paper, SimpleGrid, Skeleton } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClock, IconReceipt, IconWallet } from '@tabler/icons-react';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { StatTile } from '../../ui/StatTile.tsx';

/**
 * The expenses' figures (spec 3 §2.2, §9): how many in all, waiting, approved and rejected, and
 * their total amount in millions of FCFA with one decimal; placeholders while they load,
 * 'Réessayer' on a failure.
 */
export function DepenseStatsCards({
  stats,
  error,
  onRetry,
  retrying,
}: {
  stats: DepenseStats | undefined;
  error: Error | null;
  onRetry: () => void;
  retrying: boolean;
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
  const tiles = stats
    ? [
        { label: 'Total', value: formatNumber(stats.total), icon: <IconReceipt size={20} />, color: 'blue' },
        {
          label: 'En attente',
          value: formatNumber(stats.en_attente),
          icon: <IconClock size={20} />,
          color: 'yellow',
        },
        {
          label: 'Approuvées',
          value: formatNumber(stats.approuvees),
          icon: <IconCircleCheck size={20} />,
          color: 'green',
        },
        { label: 'Rejetées', value: formatNumber(stats.rejetees), icon: <IconCircleX size={20} />, color: 'red' },
        {
          label: 'Montant total',
          value: millionsFcfa(stats.montant_total),
          icon: <IconWallet size={20} />,
          color: 'teal',
        },
      ]
    : null;
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, lg: 6 }}
      spacing="sm"
      role="group"
      aria-label="Chiffres des dépenses"
      aria-busy={!stats}
    >
      {tiles
        ? tiles.map((tile, index) => (
            // The amount, the longest figure, takes two columns: a whole row on a phone.
            <div key={tile.label} style={{ display: 'grid', gridColumn: index === 4 ? 'span 2' : undefined }}>
              <StatTile {...tile} />
            </div>
          ))
        : [0, 1, 2, 3, 4].map((i) => (
            <Paper key={i} withBorder radius="md" p="sm" style={i === 4 ? { gridColumn: 'span 2' } : undefined}>
              <Skeleton h={12} w="60%" />
              <Skeleton h={22} w="40%" mt={8} />
            </Paper>
          ))}
    </SimpleGrid>
  );
}
