import { QueryClient } from '@tanstack/react-query';
import { invalidatingMutationCache } from '../data/invalidation.ts';

/**
 * Caching and de-duplication of reads (decisions §6): reads are fresh for 5 minutes.
 * Retries are done by the HTTP client (reads only, with back-off), not a second time here.
 * Mutations refresh what they declare they change (data/invalidation.ts).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: invalidatingMutationCache(),
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, gcTime: 10 * 60_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
