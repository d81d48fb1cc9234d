import { sql } from 'kysely';

/**
 * The lists whose totals are kept in `compteurs` by triggers (migration 0005), and their counted
 * filters in the triggers' order. A list filtered on these alone reads its total in one row.
 */
export const COUNTED = {
  demandes: ['statut'],
  membres: ['gestionnaire_id', 'statut', 'type_membre'],
  utilisateurs: ['role', 'statut'],
  produits: ['visible', 'type', 'site_id'],
  versements: ['statut', 'type_versement', 'banque_id'],
  mouvements_bancaires: ['banque_id'],
  depenses: ['statut', 'categorie'],
  remboursements: ['statut'],
  chantiers: ['statut'],
  lignes_releve: ['banque_id', 'statut'],
} as const;

type Counted = typeof COUNTED;

/** 'membres|gestionnaire_id=4|statut=actif': the key the triggers keep for these filter values. */
export function counterKey<D extends keyof Counted>(
  domaine: D,
  filters: Partial<Record<Counted[D][number], string | number | undefined>>,
): string {
  let key: string = domaine;
  for (const dim of COUNTED[domaine]) {
    const value = (filters as Record<string, string | number | undefined>)[dim];
    if (value !== undefined) key += `|${dim}=${value}`;
  }
  return key;
}

/** The kept total of a key (0 when nothing was ever counted under it). */
export function counterValue(key: string) {
  return sql<string | null>`(SELECT total FROM compteurs WHERE cle = ${key})`;
}

/** The kept sum of the counted rows' `montant` under a key (migration 0008). */
export function counterSum(key: string) {
  return sql<string | null>`(SELECT somme FROM compteurs WHERE cle = ${key})`;
}
