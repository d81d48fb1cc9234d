import { can, DEPENSE_STATUT_LABELS, DEPENSE_STATUTS, type Depense, fullName, type Role } from '@app/shared';

export const STATUT_OPTIONS = DEPENSE_STATUTS.map((value) => ({ value, label: DEPENSE_STATUT_LABELS[value] }));

/** 'Jean-Marc Koffi', the member who filed the expense. */
export const createurName = (depense: Pick<Depense, 'createur'>) => fullName(depense.createur);

/** 'Transport', or 'Autre (Loyer du dépôt)' with the precision of an 'Autre'. */
export function categorieLabel(depense: Pick<Depense, 'categorie' | 'categorie_autre'>): string {
  return depense.categorie === 'Autre' && depense.categorie_autre
    ? `Autre (${depense.categorie_autre})`
    : depense.categorie;
}

/** An expense's description cut for a button's name: the first 60 characters. */
export function shortDescription(depense: Pick<Depense, 'description'>): string {
  const text = depense.description.replace(/\s+/g, ' ').trim();
  return text.length > 60 ? `${text.slice(0, 59).trimEnd()}…` : text;
}

/** What the signed-in person may do on the expenses screen (spec 3 §6). */
export interface DepenseRights {
  /** A member files his expenses. */
  create: boolean;
  /** A member edits his pending ones. */
  update: boolean;
  /** Admin and comptable approve and reject, and delete a pending or rejected one. */
  approve: boolean;
  reject: boolean;
  delete: boolean;
  /** The account id of the signed-in person (his own expenses). */
  accountId: number | null;
}

export function depenseRights(role: Role | null | undefined, accountId: number | null): DepenseRights {
  return {
    create: can(role, 'depenses.create'),
    update: can(role, 'depenses.update'),
    approve: can(role, 'depenses.approve'),
    reject: can(role, 'depenses.reject'),
    delete: can(role, 'depenses.delete'),
    accountId,
  };
}

/** He filed it himself. */
export function filedBySelf(depense: Pick<Depense, 'createur'>, rights: DepenseRights): boolean {
  return rights.accountId !== null && depense.createur.id === rights.accountId;
}

/**
 * The actions one expense offers (spec 3 §4, §6): approve and reject while it waits (never one's
 * own approval: four eyes); its filer edits or deletes it while it waits; a processor deletes a
 * pending or rejected one; an approved one is final.
 */
export function depenseActions(depense: Depense, rights: DepenseRights) {
  const pending = depense.statut === 'en_attente';
  const own = filedBySelf(depense, rights);
  const processor = rights.approve || rights.reject;
  return {
    approve: pending && rights.approve && !own,
    reject: pending && rights.reject,
    update: pending && rights.update && own,
    delete: rights.delete && (processor ? depense.statut !== 'approuvee' : pending && own),
    justificatif: depense.fichier_justificatif !== null,
  };
}
