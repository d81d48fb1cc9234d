import { useFavorisIndex } from '../ui/favoris/favoris-state.ts';

/**
 * Number of favourites of the signed-in account: 'Mes Favoris' shows in the sidebar only while
 * it is above 0 (decisions §5). It is the favourites index's total (the API's pagination.total),
 * refreshed after every toggle or clear-all.
 */
export function useFavorisCount(): number {
  return useFavorisIndex().data?.total ?? 0;
}
