import { DEFAULT_PREFERENCES, type Preferences, type PreferencesPatch, preferencesSchema } from '@app/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, useSession } from '../api/index.ts';

/** The signed-in account's own preferences (theme, page size, e-mail notices), stored on the server. */
export const preferencesKeys = {
  all: ['preferences'] as const,
  /** Per account: another account signing in on the same browser reads its own. */
  mine: (accountId: number) => [...preferencesKeys.all, accountId] as const,
};

export async function fetchPreferences(signal?: AbortSignal): Promise<Preferences> {
  const answer = await api.get<unknown>('/preferences', { signal, notify: false });
  return preferencesSchema.parse(answer.data);
}

export const preferencesQuery = (accountId: number) =>
  queryOptions({
    queryKey: preferencesKeys.mine(accountId),
    queryFn: ({ signal }) => fetchPreferences(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The account's preferences once read, the defaults until then (or signed out). */
export function usePreferences(): Preferences {
  const accountId = useSession().userData?.user.id;
  const query = useQuery({ ...preferencesQuery(accountId ?? 0), enabled: accountId !== undefined });
  return query.data ?? DEFAULT_PREFERENCES;
}

/** Saves a change of one's preferences; the answer is the whole of them. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  const accountId = useSession().userData?.user.id ?? 0;
  return useMutation({
    mutationFn: async (patch: PreferencesPatch) => {
      const answer = await api.put<{ data: unknown }>('/preferences', patch, { notify: false });
      return preferencesSchema.parse(answer.data);
    },
    onSuccess: (saved) => queryClient.setQueryData(preferencesKeys.mine(accountId), saved),
  });
}
