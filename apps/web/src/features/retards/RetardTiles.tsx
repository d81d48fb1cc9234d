import { formatFCFA, plural, type RetardsPage, TRANCHE_LABELS, type TrancheRetard } from '@app/shared';
import { Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './RetardTiles.module.css';
import { TRANCHE_COLORS } from './TrancheBadge.tsx';

export interface RetardTilesProps {
  /** The totals per bucket; undefined while they load. */
  totaux: RetardsPage['totaux'] | undefined;
  /** The bucket the list is filtered by. */
  active: TrancheRetard | null;
  /** A tile filters by its bucket; the pressed one clears the filter. */
  onSelect: (tranche: TrancheRetard | null) => void;
}

/**
 * The late members and what they owe per bucket, for the site and gestionnaire chosen: each tile
 * a toggle button (aria-pressed) that filters the list by its bucket.
 */
export function RetardTiles({ totaux, active, onSelect }: RetardTilesProps) {
  if (!totaux) {
    return (
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" aria-busy="true" aria-label="Totaux par tranche">
        {Object.keys(TRANCHE_LABELS).map((tranche) => (
          <Paper key={tranche} withBorder radius="md" p="md">
            <Skeleton h={12} w="50%" />
            <Skeleton h={22} w="40%" mt={8} />
            <Skeleton h={12} w="60%" mt={8} />
          </Paper>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" role="group" aria-label="Totaux par tranche">
      {totaux.map(({ tranche, membres, montant }) => {
        const color = TRANCHE_COLORS[tranche];
        const style = {
          '--tile-color': `var(--mantine-color-${color}-${tranche === '90+' ? 9 : 7})`,
          '--tile-background': `var(--mantine-color-${color}-light)`,
        } as CSSProperties;
        return (
          <UnstyledButton
            key={tranche}
            className={classes.tile}
            style={style}
            aria-pressed={active === tranche}
            onClick={() => onSelect(active === tranche ? null : tranche)}
          >
            {/* Dimmed text lacks contrast on the pressed tile's tint. */}
            <Text size="sm" c={active === tranche ? undefined : 'dimmed'}>
              {TRANCHE_LABELS[tranche]}
            </Text>
            <Text fw={700} size="xl" lh={1.3}>
              {plural(membres, 'membre')}
            </Text>
            <Text size="sm" fw={600}>
              {formatFCFA(montant)}
            </Text>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
