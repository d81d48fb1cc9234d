import { type WorkflowAction, workflowRefusal } from '@app/shared';
import type { Caller } from './caller.ts';
import { AppError } from './errors.ts';

/**
 * A service's guard on a row's action, from its domain's workflow (packages/shared workflows.ts):
 * a row in another status is a 409, its own filer under four eyes a 403, each with the domain's
 * words. The route has checked the right.
 */
export function guardWorkflow<S extends string>(
  action: WorkflowAction<S>,
  caller: Caller,
  row: { statut: S; created_by: number | null },
  messages: { statut: string; quatreYeux?: string },
): void {
  const refusal = workflowRefusal(action, { role: caller.role, filer: row.created_by === caller.id }, row.statut);
  if (refusal === 'statut') throw new AppError('CONFLICT', messages.statut);
  if (refusal === 'quatre_yeux') throw new AppError('FORBIDDEN', messages.quatreYeux ?? messages.statut);
}
