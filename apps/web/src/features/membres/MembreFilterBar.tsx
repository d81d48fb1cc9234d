import { Card, Group, Select } from '@mantine/core';
import { statutOptions } from '../../ui/account-options.ts';
import { SearchField } from '../../ui/SearchField.tsx';
import { type ViewMode, ViewToggle } from '../../ui/ViewToggle.tsx';
import { TYPE_OPTIONS } from './membre-format.ts';
import type { MembreFilters } from './membres.api.ts';
import type { FilterParam } from './use-membre-filters.ts';

/** Sort choices: each field of MEMBRE_SORTS in both orders, as one select. */
const SORT_OPTIONS = [
  { value: 'nom:asc', label: 'Nom (A → Z)' },
  { value: 'nom:desc', label: 'Nom (Z → A)' },
  { value: 'prenom:asc', label: 'Prénom (A → Z)' },
  { value: 'prenom:desc', label: 'Prénom (Z → A)' },
  { value: 'email:asc', label: 'Email (A → Z)' },
  { value: 'email:desc', label: 'Email (Z → A)' },
  { value: 'date_inscription:desc', label: 'Inscription (récentes)' },
  { value: 'date_inscription:asc', label: 'Inscription (anciennes)' },
  { value: 'statut:asc', label: 'Statut (A → Z)' },
  { value: 'statut:desc', label: 'Statut (Z → A)' },
];

const selectWidth = { flex: '1 1 140px' } as const;

export interface MembreFilterBarProps {
  filters: MembreFilters;
  searchInput: string;
  onSearchChange: (value: string) => void;
  onChange: (changes: Partial<Record<FilterParam, string | null>>) => void;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
}

/** Search, status, type, sort and the grid/list toggle of the members page. */
export function MembreFilterBar({
  filters,
  searchInput,
  onSearchChange,
  onChange,
  view,
  onViewChange,
}: MembreFilterBarProps) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group gap="md" align="flex-end" wrap="wrap">
        <SearchField value={searchInput} onChange={onSearchChange} placeholder="Nom, email, téléphone, code..." />
        <Select
          label="Statut"
          placeholder="Tous"
          clearable
          data={statutOptions}
          value={filters.statut}
          onChange={(value) => onChange({ statut: value })}
          style={selectWidth}
        />
        <Select
          label="Type"
          placeholder="Tous"
          clearable
          data={TYPE_OPTIONS}
          value={filters.type_membre}
          onChange={(value) => onChange({ type: value })}
          style={selectWidth}
        />
        <Select
          label="Trier par"
          allowDeselect={false}
          data={SORT_OPTIONS}
          value={`${filters.sortBy}:${filters.sortOrder}`}
          onChange={(value) => {
            const [tri, ordre] = (value ?? 'nom:asc').split(':');
            onChange({ tri: tri === 'nom' ? null : (tri ?? null), ordre: ordre === 'desc' ? 'desc' : null });
          }}
          style={selectWidth}
        />
        <ViewToggle value={view} onChange={onViewChange} />
      </Group>
    </Card>
  );
}
