import {
  can,
  fullName,
  plural,
  REMBOURSEMENT_STATUT_LABELS,
  REMBOURSEMENT_STATUTS,
  REMBOURSEMENT_WORKFLOW,
  type Remboursement,
  type RemboursementMembre,
  type Role,
  workflowOffer,
} from '@app/shared';

export const STATUT_OPTIONS = REMBOURSEMENT_STATUTS.map((value) => ({
  value,
  label: REMBOURSEMENT_STATUT_LABELS[value],
}));

/** 'Aya Koné', as every screen writes a person. */
export const membreName = (remboursement: Pick<Remboursement, 'membre'>) => fullName(remboursement.membre);

/** A member as the pickers list him: 'Jean-Marc Koffi (ESV-2026-00040)'. */
export const membreLabel = (membre: Pick<RemboursementMembre, 'prenom' | 'nom' | 'code_esv'>) =>
  `${fullName(membre)} (${membre.code_esv})`;

/** The list's range line (spec 3 §2.3): 'Affichage de 11 à 20 sur 23 résultats'. */
export function rangeText(page: number, limit: number, total: number): string {
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(page * limit, total);
  return `Affichage de ${from} à ${to} sur ${plural(total, 'résultat')}`;
}

/** Who is signed in, for the refunds screen's buttons (spec 3 §6). */
export interface RemboursementRights {
  role: Role | null;
  /** Files a request: a member for himself, a processor for a member he picks. */
  create: boolean;
  /** Approves or rejects (admin, gestionnaire, comptable): he picks the member. */
  process: boolean;
  filterMembre: boolean;
  total: boolean;
  /** The account id of the signed-in person (the four-eyes rule). */
  accountId: number | null;
}

export function remboursementRights(role: Role | null | undefined, accountId: number | null): RemboursementRights {
  return {
    role: role ?? null,
    create: can(role, 'remboursements.create'),
    process: can(role, 'remboursements.process'),
    filterMembre: can(role, 'remboursements.filter_membre'),
    total: can(role, 'remboursements.total'),
    accountId,
  };
}

/** He filed it himself: he may not approve it (decisions §5, four eyes). */
export function filedBySelf(remboursement: Pick<Remboursement, 'depose_par'>, rights: RemboursementRights): boolean {
  return rights.accountId !== null && remboursement.depose_par?.id === rights.accountId;
}

/** The actions one request offers, from its workflow (REMBOURSEMENT_WORKFLOW): processing and cancellation while it waits. */
export function remboursementActions(remboursement: Remboursement, rights: RemboursementRights) {
  const offer = workflowOffer(
    REMBOURSEMENT_WORKFLOW,
    { role: rights.role, filer: filedBySelf(remboursement, rights) },
    remboursement.statut,
  );
  return {
    /** The decision's dialog, where approval is off to its filer (four eyes): a rejection is his to make. */
    process: offer.reject,
    cancel: offer.cancel,
    justificatif: remboursement.fichier_justificatif !== null,
  };
}
