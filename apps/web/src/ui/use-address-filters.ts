import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedSearch } from './use-debounced-search.ts';

/**
 * A list's filters kept in the address so that back and reload keep them: the search box (`q`,
 * debounced), the page, and the list's own parameters `P`. Any change but a page change goes
 * back to page 1. `clearAll` empties the search and the `clearable` parameters.
 */
export function useAddressFilters<P extends string>(clearable: readonly P[]) {
  const [params, setParams] = useSearchParams();
  const { searchInput, setSearchInput, search: debouncedSearch } = useDebouncedSearch(params.get('q') ?? '');

  // The router's functional update reads the address of the last render, so two quick changes
  // would lose the first: each change starts from the latest one asked for.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  const update = (changes: Partial<Record<string, string | null>>) => {
    const next = new URLSearchParams(latest.current);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    const pageOnly = Object.keys(changes).every((key) => key === 'page');
    if (!pageOnly) next.delete('page');
    latest.current = next;
    setParams(next, { replace: !pageOnly });
  };

  // The list's own parameters only; the search and the page have their setters.
  const setFilters: (changes: Partial<Record<P, string | null>>) => void = update;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives the address
  useEffect(() => {
    if (debouncedSearch !== (latest.current.get('q') ?? '')) update({ q: debouncedSearch || null });
  }, [debouncedSearch]);

  const setPage = (page: number) => update({ page: page > 1 ? String(page) : null });

  const clearAll = () => {
    setSearchInput('');
    update({ q: null, ...Object.fromEntries(clearable.map((key) => [key, null])) });
  };

  return {
    params,
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    search: params.get('q') ?? '',
    update: setFilters,
    setPage,
    searchInput,
    setSearchInput,
    clearAll,
  };
}
