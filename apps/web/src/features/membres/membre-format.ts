import { fullName, type Membre, TYPE_MEMBRE_LABELS, TYPES_MEMBRE } from '@app/shared';

/** Share of the total already paid, 0 to 100. */
export function paidPercent(m: Pick<Membre, 'montant_total' | 'montant_deja_paye'>): number {
  if (m.montant_total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((m.montant_deja_paye / m.montant_total) * 100)));
}

/** The gestionnaire's name, or 'Non assigné'. */
export function gestionnaireName(m: Pick<Membre, 'gestionnaire'>): string {
  return m.gestionnaire ? fullName(m.gestionnaire) : 'Non assigné';
}

export const TYPE_OPTIONS = TYPES_MEMBRE.map((value) => ({ value, label: TYPE_MEMBRE_LABELS[value] }));
