import { type BanqueChoix, banqueChoixSchema } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/index.ts';

/** The active banks a payment or expense form offers (GET /banques/choix), principal first. */
export async function fetchBanquesChoix(signal?: AbortSignal): Promise<BanqueChoix[]> {
  const answer = await api.get<unknown>('/banques/choix', { signal });
  return banqueChoixSchema.array().parse(answer.data);
}

/** Query keys of the banks; a balance changes with every payment decision, so those refresh ['banques']. */
export const banquesKeys = {
  all: ['banques'] as const,
  choix: () => [...banquesKeys.all, 'choix'] as const,
};

export const banquesChoixQuery = () =>
  queryOptions({
    queryKey: banquesKeys.choix(),
    queryFn: ({ signal }) => fetchBanquesChoix(signal),
  });
