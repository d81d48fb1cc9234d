import { queryOptions } from '@tanstack/react-query';
import { sessionStore } from '../../api/index.ts';
import { fetchProfile, fetchPublicProduits } from './auth.api.ts';

/** Query keys of the auth feature (session and own profile). */
export const authKeys = {
  all: ['auth'] as const,
  profile: () => [...authKeys.all, 'profile'] as const,
  /** The registration request's product choices (public, no token). */
  publicProduits: () => [...authKeys.all, 'public-produits'] as const,
};

/** The signed-in profile; every fetch also refreshes the stored copy the shell reads. */
export const profileQuery = () =>
  queryOptions({
    queryKey: authKeys.profile(),
    queryFn: async ({ signal }) => {
      const profile = await fetchProfile(signal);
      sessionStore.setProfile(profile);
      return profile;
    },
    staleTime: 5 * 60_000,
  });

/** Availability changes with every validation: re-read at each opening of the form. */
export const publicProduitsQuery = () =>
  queryOptions({
    queryKey: authKeys.publicProduits(),
    queryFn: ({ signal }) => fetchPublicProduits(signal),
    staleTime: 0,
  });
