import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedSearch } from './use-debounced-search.ts';

/** How one of a list's filters is kept in the address. */
export interface AddressParam<T> {
  /** Its name in the address. */
  key: string;
  /** Its value from the address text (null when absent): anything unknown reads as the default. */
  read(text: string | null): T;
  /** Its address text; null leaves it out (the default). A method: a list's spec mixes value types. */
  write(value: T): string | null;
  /** Not a filter: 'Effacer les filtres' keeps it (a sort order). */
  kept?: boolean;
}

/** One of a closed list; absent or unknown is every value (null). */
export function oneOf<T extends string>(key: string, allowed: readonly T[]): AddressParam<T | null> {
  return { key, read: (text) => pick(text, allowed), write: (value) => value };
}

/** One of a closed list with a default, which the address leaves out; a sort, kept by 'Effacer les filtres'. */
export function sortParam<T extends string>(key: string, allowed: readonly T[], fallback: T): AddressParam<T> {
  return {
    key,
    read: (text) => pick(text, allowed) ?? fallback,
    write: (value) => (value === fallback ? null : value),
    kept: true,
  };
}

/** An id: a whole number above 0; anything else is none. */
export function idParam(key: string): AddressParam<number | null> {
  return {
    key,
    read: (text) => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null),
    write: (value) => (value === null ? null : String(value)),
  };
}

function pick<T extends string>(text: string | null, allowed: readonly T[]): T | null {
  return text !== null && (allowed as readonly string[]).includes(text) ? (text as T) : null;
}

type Values<S extends Record<string, AddressParam<unknown>>> = {
  [K in keyof S]: S[K] extends AddressParam<infer T> ? T : never;
};

/**
 * The one way a list keeps its filters in the address, so that back, reload and a shared link
 * keep them (docs/decisions/0007): the search box (`q`, sent once typing pauses), the page, and
 * the list's own parameters `spec`. Any change but the page's goes back to page 1 and replaces
 * the history entry; a page change adds one. `clearAll` empties the search and the filters.
 */
export function useListFilters<S extends Record<string, AddressParam<unknown>>>(spec: S) {
  const [params, setParams] = useSearchParams();
  const { searchInput, setSearchInput, search: typed } = useDebouncedSearch(params.get('q') ?? '');

  // The router's functional update reads the address of the last render, so two quick changes
  // would lose the first: each change starts from the latest one asked for.
  const latest = useRef(params);
  // The router applies an address change in a transition: until it lands, the list's controls
  // show what was asked for.
  const [asked, setAsked] = useState<URLSearchParams | null>(null);
  useEffect(() => {
    latest.current = params;
    setAsked(null);
  }, [params]);
  const shown = asked ?? params;

  const write = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(latest.current);
    for (const [key, text] of Object.entries(changes)) {
      if (text) next.set(key, text);
      else next.delete(key);
    }
    const pageOnly = Object.keys(changes).every((key) => key === 'page');
    if (!pageOnly) next.delete('page');
    latest.current = next;
    setAsked(next);
    setParams(next, { replace: !pageOnly });
  };

  const entries = Object.entries(spec) as [keyof S & string, AddressParam<unknown>][];
  const values = Object.fromEntries(
    entries.map(([name, param]) => [name, param.read(shown.get(param.key))]),
  ) as Values<S>;

  const set = (changes: Partial<Values<S>>) =>
    write(
      Object.fromEntries(
        Object.entries(changes).map(([name, value]) => {
          const param = spec[name] as AddressParam<unknown>;
          return [param.key, param.write(value)];
        }),
      ),
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text drives the address
  useEffect(() => {
    if (typed !== (latest.current.get('q') ?? '')) write({ q: typed || null });
  }, [typed]);

  const search = shown.get('q') ?? '';
  const filters = entries.filter(([, param]) => !param.kept);

  return {
    values,
    page: Math.max(1, Math.floor(Number(shown.get('page'))) || 1),
    search,
    searchInput,
    setSearchInput,
    set,
    setPage: (page: number) => write({ page: page > 1 ? String(page) : null }),
    /** The search or a filter narrows the list (a sort does not). */
    filtered: !!search || filters.some(([, param]) => param.write(param.read(shown.get(param.key))) !== null),
    clearAll: () => {
      setSearchInput('');
      write({ q: null, ...Object.fromEntries(filters.map(([, param]) => [param.key, null])) });
    },
  };
}
