import { Badge, type BadgeProps } from '@mantine/core';

const STATUTS: Record<string, { label: string; color: string }> = {
  actif: { label: 'Actif', color: 'green' },
  inactif: { label: 'Inactif', color: 'gray' },
  suspendu: { label: 'Suspendu', color: 'orange' },
  en_attente: { label: 'En attente', color: 'yellow' },
  // A demande's outcome (spec 1 §2.5).
  validee: { label: 'Validée', color: 'green' },
  rejetee: { label: 'Rejetée', color: 'red' },
  // A payment's (spec 3 §4).
  valide: { label: 'Validé', color: 'green' },
  rejete: { label: 'Rejeté', color: 'red' },
  // An expense's and a refund's (spec 3 §4); rejected ones read as above.
  approuvee: { label: 'Approuvée', color: 'green' },
  approuve: { label: 'Approuvé', color: 'green' },
  // A bank's (spec 3 §3).
  active: { label: 'Active', color: 'green' },
  inactive: { label: 'Inactive', color: 'gray' },
  suspendue: { label: 'Suspendue', color: 'orange' },
  // A chantier's (spec 2 §4); suspendu reads as an account's.
  planifie: { label: 'Planifié', color: 'blue' },
  en_cours: { label: 'En cours', color: 'cyan' },
  termine: { label: 'Terminé', color: 'green' },
  annule: { label: 'Annulé', color: 'gray' },
  // An instalment's (issue 15).
  a_venir: { label: 'À venir', color: 'gray' },
  partiel: { label: 'Partiel', color: 'yellow' },
  paye: { label: 'Payée', color: 'green' },
  en_retard: { label: 'En retard', color: 'red' },
};

const statutOf = (statut: string | null | undefined) =>
  STATUTS[statut ?? 'inactif'] ?? { label: statut ?? '', color: 'gray' };

/** A status's colour, for what shows it beside its badge (the payments' repartition bar). */
export const statutColor = (statut: string) => statutOf(statut).color;

/**
 * An account's status (actif, inactif, suspendu; en_attente for staff), a demande's (en_attente,
 * validee, rejetee), a payment's (en_attente, valide, rejete), an expense's (en_attente, approuvee,
 * rejetee), a refund's (en_attente, approuve, rejete), a bank's (active, inactive,
 * suspendue), a chantier's (planifie, en_cours, suspendu, termine, annule) or an instalment's
 * (a_venir, partiel, paye, en_retard); a missing one reads inactif (spec 3 §3).
 */
export function StatusBadge({ statut, ...props }: { statut: string | null | undefined } & BadgeProps) {
  const known = statutOf(statut);
  return (
    <Badge color={known.color} variant="light" {...props}>
      {known.label}
    </Badge>
  );
}
