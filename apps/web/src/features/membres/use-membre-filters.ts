import { ACCOUNT_STATUTS, MEMBRE_SORTS, TYPES_MEMBRE } from '@app/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { MembreFilters } from './membres.api.ts';

/** Search is debounced by 300 ms (spec 3 §9). */
export const SEARCH_DEBOUNCE_MS = 300;

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

/** Address parameters of the members lists. */
export type FilterParam = 'q' | 'statut' | 'type' | 'tri' | 'ordre' | 'page';

/**
 * A members list's filters, kept in the address so that back and reload keep them; default
 * sort nom ascending (spec 3 §9). Any change but a page change goes back to page 1. The
 * search box's text reaches the address 300 ms after the last key.
 */
export function useMembreFilters(limit: number) {
  const [params, setParams] = useSearchParams();
  const [searchInput, setSearchInput] = useState(params.get('q') ?? '');
  const [debouncedSearch] = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);

  const filters: MembreFilters = {
    page: Math.max(1, Number(params.get('page')) || 1),
    limit,
    search: params.get('q') ?? '',
    statut: pick(params.get('statut'), ACCOUNT_STATUTS),
    type_membre: pick(params.get('type'), TYPES_MEMBRE),
    sortBy: pick(params.get('tri'), MEMBRE_SORTS) ?? 'nom',
    sortOrder: params.get('ordre') === 'desc' ? 'desc' : 'asc',
  };

  // The router's functional update reads the address of the last render, so two quick changes
  // would lose the first: each change starts from the latest one asked for.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  const update = (changes: Partial<Record<FilterParam, string | null>>) => {
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives the address
  useEffect(() => {
    if (debouncedSearch !== (latest.current.get('q') ?? '')) update({ q: debouncedSearch || null });
  }, [debouncedSearch]);

  const setPage = (page: number) => update({ page: page > 1 ? String(page) : null });

  const clearAll = () => {
    setSearchInput('');
    update({ q: null, statut: null, type: null });
  };

  return { filters, update, setPage, searchInput, setSearchInput, clearAll };
}

/** A page past the end (an old link, fewer results): back to the last page. */
export function useLastPageClamp(page: number, totalPages: number | undefined, setPage: (page: number) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the server's page count only
  useEffect(() => {
    if (totalPages !== undefined && page > totalPages) setPage(totalPages);
  }, [totalPages]);
}
