import {
  CHANTIER_STATUT_LABELS,
  CHANTIER_STATUTS,
  type Chantier,
  type ChantierStatut,
  can,
  canChangeStatut,
  fullName,
  type Role,
} from '@app/shared';

export const STATUT_OPTIONS = CHANTIER_STATUTS.map((value) => ({ value, label: CHANTIER_STATUT_LABELS[value] }));

/** The product a chantier builds: its title, 'Produit #12' without one, 'Aucun produit' without a product. */
export function produitLabel(chantier: Pick<Chantier, 'produit' | 'produit_id'>): string {
  const id = chantier.produit?.id ?? chantier.produit_id;
  if (id === null || id === undefined) return 'Aucun produit';
  return chantier.produit?.titre.trim() || `Produit #${id}`;
}

/** 'Awa Koné', or null when nobody is named. */
export const personName = (person: Chantier['createur']) => (person ? fullName(person) : null);

/** The share of the planned budget already used, in whole percent (0 without a budget). */
export function budgetShare(chantier: Pick<Chantier, 'budget_prevu' | 'budget_utilise'>): number {
  return chantier.budget_prevu > 0 ? Math.round((chantier.budget_utilise / chantier.budget_prevu) * 100) : 0;
}

/** Where it is: 'Abidjan, Côte d’Ivoire'. */
export const placeLabel = (chantier: Pick<Chantier, 'ville' | 'pays'>) =>
  [chantier.ville, chantier.pays].filter(Boolean).join(', ');

/** What the signed-in person may do on the chantiers screen (spec 2 §6): managers create, edit and delete. */
export interface ChantierRights {
  manage: boolean;
}

export function chantierRights(role: Role | null | undefined): ChantierRights {
  return { manage: can(role, 'chantiers.manage') };
}

/** The statuses the edit form offers: the current one and those it may go to (CHANTIER_TRANSITIONS). */
export function statutChoices(current: ChantierStatut) {
  return STATUT_OPTIONS.filter((o) => canChangeStatut(current, o.value));
}
