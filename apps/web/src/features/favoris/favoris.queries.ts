import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type FavorisListParams,
  favorisIndexQuery,
  favorisKeys,
  fetchFavoris,
} from '../../ui/favoris/favoris-state.ts';

/**
 * The favourites' keys and the index (hearts, sidebar badge) are shared with the catalogue, so
 * they live in ui/favoris; the page's own list query is here.
 */
export { favorisIndexQuery, favorisKeys };

export const favorisListQuery = (params: FavorisListParams) =>
  queryOptions({
    queryKey: favorisKeys.list(params),
    queryFn: ({ signal }) => fetchFavoris(params, signal),
    placeholderData: keepPreviousData,
  });
