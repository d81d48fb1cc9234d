import type { RemboursementMembre } from '@app/shared';
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { remboursementMembresQuery } from '../../data/remboursements.ts';
import { membreLabel } from './remboursement-format.ts';

/** Search reaches the server 300 ms after the last key (spec 3 §9). */
const SEARCH_DEBOUNCE_MS = 300;

export interface MembrePickerProps {
  label: string;
  /** The chosen member's id, or null. */
  value: number | null;
  /** The member chosen (null: cleared), with what may still be refunded to him. */
  onChange: (membre: RemboursementMembre | null) => void;
  /** The chosen member's name when the search has not listed him (a filter read from the address). */
  fallbackLabel?: string;
  placeholder?: string;
  error?: string;
  withAsterisk?: boolean;
  clearable?: boolean;
  /** false in a dialog that opens on this field: its list then opens on a click or a key. */
  openOnFocus?: boolean;
}

/**
 * The members the signed-in processor may file for or filter by (GET /remboursements/membres),
 * searched on the server as he types (name, e-mail or member code).
 */
export function MembrePicker({
  label,
  value,
  onChange,
  fallbackLabel,
  placeholder = 'Rechercher un membre',
  error,
  withAsterisk,
  clearable,
  openOnFocus,
}: MembrePickerProps) {
  const [searchValue, setSearchValue] = useState('');
  const [opened, setOpened] = useState(false);
  // Every member met, so the chosen one keeps his name whatever the next search lists.
  const known = useRef(new Map<number, RemboursementMembre>());

  const chosen = value === null ? null : (known.current.get(value) ?? null);
  const chosenLabel = chosen ? membreLabel(chosen) : value !== null ? (fallbackLabel ?? `Membre n°\u00a0${value}`) : '';
  // The chosen member's name in the box is not a search.
  const typed = searchValue.trim() === chosenLabel ? '' : searchValue.trim();
  const [search] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const query = useQuery({ ...remboursementMembresQuery(search), enabled: opened || search !== '' });
  for (const membre of query.data ?? []) known.current.set(membre.id, membre);

  const data = (query.data ?? []).map((m) => ({ value: String(m.id), label: membreLabel(m) }));
  if (value !== null && !data.some((option) => option.value === String(value))) {
    data.unshift({ value: String(value), label: chosenLabel });
  }

  return (
    <Select
      label={label}
      withAsterisk={withAsterisk}
      searchable
      clearable={clearable}
      openOnFocus={openOnFocus}
      placeholder={placeholder}
      // The server has searched: every answer is a match.
      filter={({ options }) => options}
      nothingFoundMessage={query.isFetching ? 'Recherche...' : 'Aucun membre trouvé'}
      rightSection={query.isFetching && opened ? <Loader size="xs" aria-hidden /> : undefined}
      data={data}
      value={value === null ? null : String(value)}
      searchValue={searchValue}
      onSearchChange={setSearchValue}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      onChange={(id) => onChange(id === null ? null : (known.current.get(Number(id)) ?? null))}
      error={error ?? (query.isError ? `Membres indisponibles\u00a0: ${query.error.message}` : undefined)}
    />
  );
}
