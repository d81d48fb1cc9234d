import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/** Search reaches the server 300 ms after the last key (spec 2 §9, spec 3 §9). */
const SEARCH_DEBOUNCE_MS = 300;

/** The search box's text, and that text trimmed once typing pauses: what the list asks for. */
export function useDebouncedSearch(initial = '') {
  const [searchInput, setSearchInput] = useState(initial);
  const [search] = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  return { searchInput, setSearchInput, search };
}
