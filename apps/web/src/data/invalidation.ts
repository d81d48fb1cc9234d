import { MutationCache, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** What the change makes stale: every query under these keys (a domain's `keys.all`, or narrower). */
      invalidates?: readonly QueryKey[];
    };
  }
}

/**
 * Each mutation hook of `data/` declares in `meta.invalidates` what it changes; this cache
 * refreshes it once the mutation settles (a failure too: it may have done part of the work, or
 * found the data changed). Not awaited: the screen goes on with the server's answer while the
 * shown lists reload.
 */
export function invalidatingMutationCache(): MutationCache {
  return new MutationCache({
    onSettled: (_data, _error, _variables, _context, mutation, { client }) => {
      for (const queryKey of mutation.meta?.invalidates ?? []) void client.invalidateQueries({ queryKey });
    },
  });
}

/**
 * What a screen adds to a data hook's mutation (its toast), for actions that may run several at
 * once: `mutate`'s own callbacks would fire for the last call only.
 */
export type MutationCallbacks<TData, TVariables> = Pick<
  UseMutationOptions<TData, Error, TVariables>,
  'onSuccess' | 'onError'
>;
