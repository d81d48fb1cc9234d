import {
  can,
  fullName,
  type Role,
  TYPE_VERSEMENT_LABELS,
  TYPES_VERSEMENT,
  VERSEMENT_STATUT_LABELS,
  VERSEMENT_STATUTS,
  type Versement,
} from '@app/shared';

export const STATUT_OPTIONS = VERSEMENT_STATUTS.map((value) => ({ value, label: VERSEMENT_STATUT_LABELS[value] }));
export const TYPE_OPTIONS = TYPES_VERSEMENT.map((value) => ({ value, label: TYPE_VERSEMENT_LABELS[value] }));

/** 'Aya Koné', as every screen writes a person. */
export const membreName = (versement: Pick<Versement, 'membre'>) => fullName(versement.membre);

/** The four-eyes rule (decisions §5): whoever declared a payment does not validate it. */
export const OWN_DECLARATION =
  'Vous avez déclaré ce versement\u00a0: un autre valideur (comptable ou gestionnaire) doit le valider.';

/** What the signed-in person may do on the payments screen (spec 3 §6), and on one payment. */
export interface VersementRights {
  create: boolean;
  validate: boolean;
  reject: boolean;
  delete: boolean;
  /** The account id of the signed-in person (the four-eyes rule). */
  accountId: number | null;
}

export function versementRights(role: Role | null | undefined, accountId: number | null): VersementRights {
  return {
    create: can(role, 'versements.create'),
    validate: can(role, 'versements.validate'),
    reject: can(role, 'versements.reject'),
    delete: can(role, 'versements.delete'),
    accountId,
  };
}

/** He declared it himself: he may not validate it. */
export function declaredBySelf(versement: Pick<Versement, 'declare_par'>, rights: VersementRights): boolean {
  return rights.accountId !== null && versement.declare_par?.id === rights.accountId;
}

/** The actions one payment offers: validate and reject while it waits, delete always (spec 3 §2.1). */
export function versementActions(versement: Versement, rights: VersementRights) {
  const pending = versement.statut === 'en_attente';
  return {
    validate: pending && rights.validate && !declaredBySelf(versement, rights),
    /** Pending, allowed to decide, but declared by himself: Valider is replaced by the reason. */
    ownDeclaration: pending && rights.validate && declaredBySelf(versement, rights),
    reject: pending && rights.reject,
    delete: rights.delete,
    scan: versement.scan_recu !== null,
  };
}
