import { type DemandeStatut, parseDemandeStatut } from '@app/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DemandeFilters } from './demandes.api.ts';

/** Search reaches the address (and the server) 300 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A status from the address: the French code, or its English equivalent; anything else is 'all'. */
export function parseStatut(value: string | null): DemandeStatut | null {
  return parseDemandeStatut(value) ?? null;
}

/** Address parameters of the demandes list. */
export type DemandeFilterParam = 'q' | 'statut' | 'page';

/**
 * The demandes list's filters, kept in the address so that back and reload keep them. Any change
 * but a page change goes back to page 1.
 */
export function useDemandeFilters(limit: number) {
  const [params, setParams] = useSearchParams();
  const [searchInput, setSearchInput] = useState(params.get('q') ?? '');
  const [debouncedSearch] = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);

  const filters: DemandeFilters = {
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    limit,
    search: params.get('q') ?? '',
    statut: parseStatut(params.get('statut')),
  };

  // Each change starts from the latest address asked for, so two quick changes both count.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  const update = (changes: Partial<Record<DemandeFilterParam, string | null>>) => {
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
  const setStatut = (statut: DemandeStatut | null) => update({ statut });

  const clearAll = () => {
    setSearchInput('');
    update({ q: null, statut: null });
  };

  return { filters, setPage, setStatut, searchInput, setSearchInput, clearAll };
}

/** A page past the end (an old link, fewer results): back to the last page. */
export function useLastPageClamp(page: number, totalPages: number | undefined, setPage: (page: number) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the server's page count only
  useEffect(() => {
    if (totalPages !== undefined && page > totalPages) setPage(totalPages);
  }, [totalPages]);
}
