import { Badge, type BadgeProps } from '@mantine/core';

const STATUTS: Record<string, { label: string; color: string }> = {
  actif: { label: 'Actif', color: 'green' },
  inactif: { label: 'Inactif', color: 'gray' },
  suspendu: { label: 'Suspendu', color: 'orange' },
  en_attente: { label: 'En attente', color: 'yellow' },
  // A demande's outcome (spec 1 §2.5).
  validee: { label: 'Validée', color: 'green' },
  rejetee: { label: 'Rejetée', color: 'red' },
};

/**
 * An account's status (actif, inactif, suspendu; en_attente for staff) or a demande's (en_attente,
 * validee, rejetee); a missing one reads inactif (spec 3 §3).
 */
export function StatusBadge({ statut, ...props }: { statut: string | null | undefined } & BadgeProps) {
  const known = STATUTS[statut ?? 'inactif'] ?? { label: statut ?? '', color: 'gray' };
  return (
    <Badge color={known.color} variant="light" {...props}>
      {known.label}
    </Badge>
  );
}
