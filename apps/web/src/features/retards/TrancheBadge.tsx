import { TRANCHE_LABELS, type TrancheRetard } from '@app/shared';
import { Badge, type BadgeProps } from '@mantine/core';

/** Each bucket's colour, darker as the arrears age: the tiles' accent and the rows' badge. */
export const TRANCHE_COLORS: Record<TrancheRetard, string> = {
  '1-30': 'yellow',
  '31-60': 'orange',
  '61-90': 'red',
  '90+': 'red',
};

/** A bucket of arrears ('31 à 60 jours'); the oldest stands out filled. */
export function TrancheBadge({ tranche, ...props }: { tranche: TrancheRetard } & BadgeProps) {
  return (
    <Badge
      color={TRANCHE_COLORS[tranche]}
      variant={tranche === '90+' ? 'filled' : 'light'}
      style={{ minWidth: 'max-content' }}
      {...props}
    >
      {TRANCHE_LABELS[tranche]}
    </Badge>
  );
}
