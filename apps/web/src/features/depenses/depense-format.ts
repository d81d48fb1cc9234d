import {
  can,
  DEPENSE_STATUT_LABELS,
  DEPENSE_STATUTS,
  DEPENSE_WORKFLOW,
  type Depense,
  fullName,
  heldByFourEyes,
  type Role,
  workflowOffer,
} from '@app/shared';

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

/** Who is signed in, for the expenses screen's buttons (spec 3 §6). */
export interface DepenseRights {
  role: Role | null;
  /** A member files his expenses, and edits his pending ones. */
  create: boolean;
  update: boolean;
  /** The account id of the signed-in person (four eyes). */
  accountId: number | null;
}

export function depenseRights(role: Role | null | undefined, accountId: number | null): DepenseRights {
  return {
    role: role ?? null,
    create: can(role, 'depenses.create'),
    update: can(role, 'depenses.update'),
    accountId,
  };
}

/** He filed it himself. */
export function filedBySelf(depense: Pick<Depense, 'createur'>, rights: DepenseRights): boolean {
  return rights.accountId !== null && depense.createur.id === rights.accountId;
}

/**
 * The actions one expense offers, from its workflow (DEPENSE_WORKFLOW): approve and reject while it
 * waits (never one's own approval), edit and withdraw one's own while it waits, a processor deletes
 * a pending or rejected one; an approved one is final.
 */
export function depenseActions(depense: Depense, rights: DepenseRights) {
  const actor = { role: rights.role, filer: filedBySelf(depense, rights) };
  return {
    ...workflowOffer(DEPENSE_WORKFLOW, actor, depense.statut),
    /** Pending, allowed to decide, but filed by himself: four eyes. */
    ownFiling: heldByFourEyes(DEPENSE_WORKFLOW.approve, actor, depense.statut),
    justificatif: depense.fichier_justificatif !== null,
  };
}
