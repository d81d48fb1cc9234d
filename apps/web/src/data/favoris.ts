import { type Favori, favoriSchema, type Pagination } from '@app/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request, useSession } from '../api/index.ts';
import { toastActionError } from '../ui/mutation-error.ts';

/**
 * Favourites are stored per account on the server (decisions §5) and read by several screens:
 * the catalogue's hearts, the product page, 'Mes Favoris', the sidebar badge.
 */
export const FAVORIS_SORTS = ['recent', 'prix', 'titre'] as const;
export type FavorisSort = (typeof FAVORIS_SORTS)[number];

export interface FavorisListParams {
  search: string;
  sort: FavorisSort;
  page: number;
  limit: number;
}

export interface FavorisPage {
  items: Favori[];
  pagination: Pagination;
}

/** Which products are favourites, and how many. */
export interface FavorisIndex {
  ids: number[];
  total: number;
}

interface ListAnswer {
  data: unknown;
  pagination: Pagination;
}

export async function fetchFavoris(params: FavorisListParams, signal?: AbortSignal): Promise<FavorisPage> {
  const query = new URLSearchParams({ sort: params.sort, page: String(params.page), limit: String(params.limit) });
  if (params.search.trim()) query.set('search', params.search.trim());
  const answer = await request<ListAnswer>(`/favoris?${query}`, { signal });
  return { items: favoriSchema.array().parse(answer.data), pagination: answer.pagination };
}

/** Up to the API's limit of 1000 favourites: their product ids and the total. */
export async function fetchFavorisIndex(signal?: AbortSignal): Promise<FavorisIndex> {
  const answer = await request<ListAnswer>('/favoris?limit=1000&sort=recent', { signal, notify: false });
  const items = favoriSchema.array().parse(answer.data);
  return { ids: items.map((f) => f.produit_id), total: answer.pagination.total };
}

export async function addFavori(produitId: number): Promise<void> {
  await api.post('/favoris', { produit_id: produitId });
}

export async function removeFavori(produitId: number): Promise<void> {
  await api.delete(`/favoris/${produitId}`);
}

/** Empties the account's favourites; answers the server's message ('3 favori(s) supprimé(s)'). */
export async function clearFavoris(): Promise<string | undefined> {
  const answer = await api.delete<{ message?: string }>('/favoris');
  return answer?.message;
}

export const favorisKeys = {
  all: ['favoris'] as const,
  /** The hearts and the sidebar badge. */
  index: () => [...favorisKeys.all, 'index'] as const,
  lists: () => [...favorisKeys.all, 'list'] as const,
  list: (params: FavorisListParams) => [...favorisKeys.lists(), params] as const,
};

export const favorisIndexQuery = () =>
  queryOptions({
    queryKey: favorisKeys.index(),
    queryFn: ({ signal }) => fetchFavorisIndex(signal),
    staleTime: 60_000,
  });

export const favorisListQuery = (params: FavorisListParams) =>
  queryOptions({
    queryKey: favorisKeys.list(params),
    queryFn: ({ signal }) => fetchFavoris(params, signal),
    placeholderData: keepPreviousData,
  });

/** The favourites index of the signed-in account (nothing is asked without a session). */
export function useFavorisIndex() {
  const { token } = useSession();
  return useQuery({ ...favorisIndexQuery(), enabled: !!token });
}

/**
 * Number of favourites of the signed-in account: 'Mes Favoris' shows in the sidebar only while
 * it is above 0 (decisions §5). The API's pagination.total, refreshed after every change.
 */
export function useFavorisCount(): number {
  return useFavorisIndex().data?.total ?? 0;
}

/**
 * Adds or removes one product. The heart changes at once (optimistic), goes back if the server
 * refuses, and every favourites query is refreshed afterwards.
 */
export function useFavoriToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ produitId, favorite }: { produitId: number; favorite: boolean }) =>
      favorite ? addFavori(produitId) : removeFavori(produitId),
    onMutate: async ({ produitId, favorite }) => {
      await queryClient.cancelQueries({ queryKey: favorisKeys.index() });
      const previous = queryClient.getQueryData<FavorisIndex>(favorisKeys.index());
      if (previous) {
        const has = previous.ids.includes(produitId);
        const ids = favorite
          ? has
            ? previous.ids
            : [produitId, ...previous.ids]
          : previous.ids.filter((id) => id !== produitId);
        const total = Math.max(0, previous.total + (ids.length - previous.ids.length));
        queryClient.setQueryData<FavorisIndex>(favorisKeys.index(), { ids, total });
      }
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(favorisKeys.index(), context.previous);
      toastActionError(error);
    },
    meta: { invalidates: [favorisKeys.all] },
  });
}

/** Empties the favourites; the badge and the hearts go at once. */
export function useClearFavoris() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearFavoris,
    onSuccess: () => queryClient.setQueryData<FavorisIndex>(favorisKeys.index(), { ids: [], total: 0 }),
    meta: { invalidates: [favorisKeys.all] },
  });
}
