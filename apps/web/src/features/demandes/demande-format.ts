import { DEMANDE_STATUT_LABELS, DEMANDE_STATUTS, type Demande, SITUATION_LABELS } from '@app/shared';

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
