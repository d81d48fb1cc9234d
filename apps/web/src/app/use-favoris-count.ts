/**
 * Number of favourites of the signed-in account: 'Mes Favoris' shows in the sidebar only while
 * it is above 0 (decisions §5). The favourites module plugs its query in here; until then, 0.
 */
export function useFavorisCount(): number {
  return 0;
}
