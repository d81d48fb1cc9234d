import { type Echeancier, type EcheancierDebut, echeancierSchema, type Reechelonnement } from '@app/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../api/index.ts';
import { dashboardKeys } from './dashboard.ts';
import { membresKeys } from './membres.ts';

/**
 * A member's schedule (issue 15). Its keys sit under the member's, so that whatever refreshes the
 * members (a payment validated, rejected or deleted; a refund) refreshes the schedules too.
 */
export const echeanciersKeys = {
  detail: (id: number) => [...membresKeys.detail(id), 'echeancier'] as const,
};

export async function fetchEcheancier(id: number, signal?: AbortSignal): Promise<Echeancier> {
  const answer = await api.get<unknown>(`/membres/${id}/echeancier`, { signal });
  return echeancierSchema.parse(answer.data);
}

export const echeancierQuery = (id: number) =>
  queryOptions({ queryKey: echeanciersKeys.detail(id), queryFn: ({ signal }) => fetchEcheancier(id, signal) });

interface SaveAnswer {
  data: unknown;
  message?: string;
}

async function changeDebut({ id, body }: { id: number; body: EcheancierDebut }) {
  const answer = await api.put<SaveAnswer>(`/membres/${id}/echeancier/debut`, body);
  return { echeancier: echeancierSchema.parse(answer.data), message: answer.message };
}

async function reschedule({ id, body }: { id: number; body: Reechelonnement }) {
  const answer = await api.post<SaveAnswer>(`/membres/${id}/echeancier/reechelonnement`, body);
  return { echeancier: echeancierSchema.parse(answer.data), message: answer.message };
}

/** The admin's move of the first due date (before any validated payment). */
export function useChangeDebut() {
  return useMutation({ mutationFn: changeDebut, meta: { invalidates: [membresKeys.all, dashboardKeys.all] } });
}

/** The admin's rescheduling of what remains. */
export function useReschedule() {
  return useMutation({ mutationFn: reschedule, meta: { invalidates: [membresKeys.all, dashboardKeys.all] } });
}
