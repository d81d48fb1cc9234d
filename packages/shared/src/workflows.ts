import type { DepenseStatut } from './depenses.ts';
import type { RemboursementStatut } from './remboursements.ts';
import { type Capability, can } from './rights.ts';
import type { Role } from './roles.ts';
import { VERSEMENT_STATUTS, type VersementStatut } from './versements.ts';

/**
 * The money domains' workflows, written once (issue 27): each action on a row names the right it
 * asks, the statuses it starts from and whether four eyes hold. The API guards its services with
 * `workflowRefusal` (its routes check the right), the web app offers what `workflowAllows` allows.
 * Whose rows one reaches (scope) stays in the queries: a member acts only on his own.
 */
export interface WorkflowAction<S extends string> {
  right: Capability;
  from: readonly S[];
  /** Narrower statuses for a role: a member withdraws only what still waits. */
  fromFor?: Partial<Record<Role, readonly S[]>>;
  /** Four eyes (decisions §5): never by the one who filed the row. */
  fourEyes?: true;
}

/** A domain's actions by name, over its statuses. */
export type Workflow<S extends string, A extends string = string> = Record<A, WorkflowAction<S>>;

/** Payments (spec 3 §2.1, §6): validated or rejected while pending, deleted in any status (a validated one reversed). */
export const VERSEMENT_WORKFLOW: Workflow<VersementStatut, 'validate' | 'reject' | 'delete'> = {
  validate: { right: 'versements.validate', from: ['en_attente'], fourEyes: true },
  reject: { right: 'versements.reject', from: ['en_attente'] },
  delete: { right: 'versements.delete', from: VERSEMENT_STATUTS },
};

/**
 * Expenses (spec 3 §4, §6): approved or rejected while pending; edited by their filer while pending;
 * withdrawn by him while pending, by a processor while pending or rejected; an approved one is final.
 */
export const DEPENSE_WORKFLOW: Workflow<DepenseStatut, 'approve' | 'reject' | 'update' | 'delete'> = {
  approve: { right: 'depenses.approve', from: ['en_attente'], fourEyes: true },
  reject: { right: 'depenses.reject', from: ['en_attente'] },
  update: { right: 'depenses.update', from: ['en_attente'] },
  delete: { right: 'depenses.delete', from: ['en_attente', 'rejetee'], fromFor: { membre: ['en_attente'] } },
};

/** Refunds (spec 3 §2.3, §4): approved, rejected or cancelled while pending. */
export const REMBOURSEMENT_WORKFLOW: Workflow<RemboursementStatut, 'approve' | 'reject' | 'cancel'> = {
  approve: { right: 'remboursements.process', from: ['en_attente'], fourEyes: true },
  reject: { right: 'remboursements.process', from: ['en_attente'] },
  cancel: { right: 'remboursements.cancel', from: ['en_attente'] },
};

/** Who acts: his role, and whether he filed the row. */
export interface WorkflowActor {
  role: Role | null | undefined;
  filer: boolean;
}

/** Why a row refuses the action to this person, the right aside: its status, or four eyes; null when it does not. */
export function workflowRefusal<S extends string>(
  action: WorkflowAction<S>,
  actor: WorkflowActor,
  statut: S,
): 'statut' | 'quatre_yeux' | null {
  const from = (actor.role && action.fromFor?.[actor.role]) || action.from;
  if (!from.includes(statut)) return 'statut';
  if (action.fourEyes && actor.filer) return 'quatre_yeux';
  return null;
}

/** Whether this person may take the action on a row in this status: the right, then the row. */
export function workflowAllows<S extends string>(action: WorkflowAction<S>, actor: WorkflowActor, statut: S): boolean {
  return can(actor.role, action.right) && workflowRefusal(action, actor, statut) === null;
}

/** Whether four eyes alone keep this person from the action: he holds the right, the row waits, but he filed it. */
export function heldByFourEyes<S extends string>(action: WorkflowAction<S>, actor: WorkflowActor, statut: S): boolean {
  return can(actor.role, action.right) && workflowRefusal(action, actor, statut) === 'quatre_yeux';
}

/** Each action of a workflow, allowed or not to this person on a row in this status: what a screen offers. */
export function workflowOffer<S extends string, A extends string>(
  workflow: Workflow<S, A>,
  actor: WorkflowActor,
  statut: S,
): Record<A, boolean> {
  const offer = {} as Record<A, boolean>;
  for (const action of Object.keys(workflow) as A[]) offer[action] = workflowAllows(workflow[action], actor, statut);
  return offer;
}
