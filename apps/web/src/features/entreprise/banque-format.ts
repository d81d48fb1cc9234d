import { fullName, type Mouvement } from '@app/shared';

/** Who made a movement: the staff member, or the system for a movement with no author. */
export function auteurText(mouvement: Mouvement): string {
  return mouvement.auteur ? fullName(mouvement.auteur) : 'Système';
}
