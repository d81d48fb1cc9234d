import { usePreferences } from '../data/preferences.ts';

/**
 * The page size of the lists whose size the spec leaves open (versements, dépenses, retards, the
 * audit journal, backups, staff, banks and their movements): the account's 'Éléments par page'
 * preference. The others keep the spec's own (a grid of 12 cards, the catalogue's 20, the
 * accounts' 20, the refunds' 10).
 */
export function usePageSize(): number {
  return usePreferences().itemsPerPage;
}
