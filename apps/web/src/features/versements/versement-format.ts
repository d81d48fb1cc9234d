import {
  can,
  fullName,
  heldByFourEyes,
  type Role,
  TYPE_VERSEMENT_LABELS,
  TYPES_VERSEMENT,
  VERSEMENT_STATUT_LABELS,
  VERSEMENT_STATUTS,
  VERSEMENT_WORKFLOW,
  type Versement,
  workflowOffer,
} from '@app/shared';

export const STATUT_OPTIONS = VERSEMENT_STATUTS.map((value) => ({ value, label: VERSEMENT_STATUT_LABELS[value] }));
export const TYPE_OPTIONS = TYPES_VERSEMENT.map((value) => ({ value, label: TYPE_VERSEMENT_LABELS[value] }));

/** 'Aya Koné', as every screen writes a person. */
export const membreName = (versement: Pick<Versement, 'membre'>) => fullName(versement.membre);

/** The four-eyes rule (decisions §5): whoever declared a payment does not validate it. */
export const OWN_DECLARATION =
  'Vous avez déclaré ce versement\u00a0: un autre valideur (comptable ou gestionnaire) doit le valider.';

/** Who is signed in, for the payments screen's buttons (spec 3 §6). */
export interface VersementRights {
  role: Role | null;
  /** Declares a payment. */
  create: boolean;
  /** The account id of the signed-in person (the four-eyes rule). */
  accountId: number | null;
}

export function versementRights(role: Role | null | undefined, accountId: number | null): VersementRights {
  return { role: role ?? null, create: can(role, 'versements.create'), accountId };
}

/** He declared it himself: he may not validate it. */
export function declaredBySelf(versement: Pick<Versement, 'declare_par'>, rights: VersementRights): boolean {
  return rights.accountId !== null && versement.declare_par?.id === rights.accountId;
}

/** The actions one payment offers, from its workflow (VERSEMENT_WORKFLOW): validate and reject while it waits, delete always. */
export function versementActions(versement: Versement, rights: VersementRights) {
  const actor = { role: rights.role, filer: declaredBySelf(versement, rights) };
  return {
    ...workflowOffer(VERSEMENT_WORKFLOW, actor, versement.statut),
    /** Pending, allowed to decide, but declared by himself: Valider is replaced by the reason. */
    ownDeclaration: heldByFourEyes(VERSEMENT_WORKFLOW.validate, actor, versement.statut),
    scan: versement.scan_recu !== null,
  };
}
