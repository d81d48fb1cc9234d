import {
  type Contrat,
  DEMANDE_STATUT_LABELS,
  DEMANDE_STATUTS,
  type Demande,
  formatFCFA,
  plural,
  SITUATION_LABELS,
} from '@app/shared';

/** 'Marié(e)', or 'Non renseignée' when the staff form left it empty. */
export function situationLabel(value: Demande['situation_matrimoniale']): string {
  return value ? SITUATION_LABELS[value] : 'Non renseignée';
}

/** '36 mois' */
export const months = (n: number) => `${n} mois`;

/** The product's title as the list shows it (the joined product, else the stored name). */
export const produitTitre = (d: Pick<Demande, 'produit' | 'produit_nom'>) => d.produit?.titre || d.produit_nom;

export const STATUT_OPTIONS = [
  { value: 'tous', label: 'Tous' },
  ...DEMANDE_STATUTS.map((value) => ({ value, label: DEMANDE_STATUT_LABELS[value] })),
];

/**
 * A contract's instalments in words: '30 échéances de 400 000 FCFA', or '37 échéances : 36 de
 * 65 000 FCFA, puis une dernière de 9 660 000 FCFA' when the last one differs.
 */
export function contratResume({ engagement, duree, derniere }: Contrat): string {
  const count = plural(duree, 'échéance');
  if (duree === 1 || derniere === engagement) return `${count} de ${formatFCFA(derniere)}`;
  return `${count} : ${duree - 1} de ${formatFCFA(engagement)}, puis une dernière de ${formatFCFA(derniere)}`;
}
