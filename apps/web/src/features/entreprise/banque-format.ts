import { type BanqueStatut, fullName, type Mouvement } from '@app/shared';

/** A bank's status badge (spec 3 §4: display only). */
export const BANQUE_STATUT_COLORS: Record<BanqueStatut, string> = {
  active: 'green',
  inactive: 'gray',
  suspendue: 'orange',
};

/** Who made a movement: the staff member, or the system for a movement with no author. */
export function auteurText(mouvement: Mouvement): string {
  return mouvement.auteur ? fullName(mouvement.auteur) : 'Système';
}
