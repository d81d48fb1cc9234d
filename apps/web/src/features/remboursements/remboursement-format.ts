import {
  can,
  fullName,
  plural,
  REMBOURSEMENT_STATUT_LABELS,
  REMBOURSEMENT_STATUTS,
  type Remboursement,
  type RemboursementMembre,
  type Role,
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

/** What the signed-in person may do on the refunds screen (spec 3 §6). */
export interface RemboursementRights {
  /** Files a request: a member for himself, a processor for a member he picks. */
  create: boolean;
  /** Approves or rejects (admin, gestionnaire, comptable): he picks the member. */
  process: boolean;
  filterMembre: boolean;
  total: boolean;
  cancel: boolean;
  /** The account id of the signed-in person (the four-eyes rule). */
  accountId: number | null;
}

export function remboursementRights(role: Role | null | undefined, accountId: number | null): RemboursementRights {
  return {
    create: can(role, 'remboursements.create'),
    process: can(role, 'remboursements.process'),
    filterMembre: can(role, 'remboursements.filter_membre'),
    total: can(role, 'remboursements.total'),
    cancel: can(role, 'remboursements.cancel'),
    accountId,
  };
}

/** He filed it himself: he may not approve it (decisions §5, four eyes). */
export function filedBySelf(remboursement: Pick<Remboursement, 'depose_par'>, rights: RemboursementRights): boolean {
  return rights.accountId !== null && remboursement.depose_par?.id === rights.accountId;
}

/** The actions one request offers: processing and cancellation while it waits (spec 3 §4). */
export function remboursementActions(remboursement: Remboursement, rights: RemboursementRights) {
  const pending = remboursement.statut === 'en_attente';
  return {
    process: pending && rights.process,
    cancel: pending && rights.cancel,
    justificatif: remboursement.fichier_justificatif !== null,
  };
}
