import { VERSEMENT_STATUT_LABELS, type VersementStatut } from '@app/shared';
import { Badge, type BadgeProps } from '@mantine/core';
import { STATUT_COLORS } from './versement-format.ts';

/** A payment's status: En attente, Validé, Rejeté. */
export function VersementStatutBadge({ statut, ...props }: { statut: VersementStatut } & BadgeProps) {
  return (
    <Badge color={STATUT_COLORS[statut]} variant="light" style={{ minWidth: 'max-content' }} {...props}>
      {VERSEMENT_STATUT_LABELS[statut]}
    </Badge>
  );
}
