import { Card, Group, Select } from '@mantine/core';
import type { MembreFilters } from '../../data/membres.ts';
import { statutOptions } from '../../ui/account-options.ts';
import { SearchField } from '../../ui/SearchField.tsx';
import { type ViewMode, ViewToggle } from '../../ui/ViewToggle.tsx';
import { TYPE_OPTIONS } from './membre-format.ts';
import type { MembreFilterChanges } from './use-membre-filters.ts';

/** Sort choices: each field of MEMBRE_SORTS in both orders, as one select. */
const SORT_OPTIONS = [
  { value: 'nom:asc', label: 'Nom (A → Z)' },
  { value: 'nom:desc', label: 'Nom (Z → A)' },
  { value: 'prenom:asc', label: 'Prénom (A → Z)' },
  { value: 'prenom:desc', label: 'Prénom (Z → A)' },
  { value: 'email:asc', label: 'E-mail (A → Z)' },
  { value: 'email:desc', label: 'E-mail (Z → A)' },
  { value: 'date_inscription:desc', label: 'Inscription (récentes)' },
  { value: 'date_inscription:asc', label: 'Inscription (anciennes)' },
  { value: 'statut:asc', label: 'Statut (A → Z)' },
  { value: 'statut:desc', label: 'Statut (Z → A)' },
];

/** Where members stand against their instalments today. */
const ECHEANCE_OPTIONS = [
  { value: 'true', label: 'En retard' },
  { value: 'false', label: 'À jour' },
];

const selectWidth = { flex: '1 1 140px' } as const;

export interface MembreFilterBarProps {
  filters: MembreFilters;
  searchInput: string;
  onSearchChange: (value: string) => void;
  onChange: (changes: MembreFilterChanges) => void;
  view: ViewMode;
  /** Without it there is no grid/list toggle (a phone shows cards only). */
  onViewChange?: (view: ViewMode) => void;
}

/** Search, status, type, arrears, sort and the grid/list toggle of the members lists. */
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
        <SearchField value={searchInput} onChange={onSearchChange} placeholder="Nom, e-mail, téléphone, code..." />
        <Select
          label="Statut"
          placeholder="Tous"
          clearable
          data={statutOptions}
          value={filters.statut}
          onChange={(value) => onChange({ statut: value as MembreFilters['statut'] })}
          style={selectWidth}
        />
        <Select
          label="Type"
          placeholder="Tous"
          clearable
          data={TYPE_OPTIONS}
          value={filters.type_membre}
          onChange={(value) => onChange({ type_membre: value as MembreFilters['type_membre'] })}
          style={selectWidth}
        />
        <Select
          label="Échéances"
          placeholder="Toutes"
          clearable
          data={ECHEANCE_OPTIONS}
          value={filters.en_retard}
          onChange={(value) => onChange({ en_retard: value as MembreFilters['en_retard'] })}
          style={selectWidth}
        />
        <Select
          label="Trier par"
          allowDeselect={false}
          data={SORT_OPTIONS}
          value={`${filters.sortBy}:${filters.sortOrder}`}
          onChange={(value) => {
            const [sortBy, sortOrder] = (value ?? 'nom:asc').split(':') as [MembreFilters['sortBy'], 'asc' | 'desc'];
            onChange({ sortBy, sortOrder });
          }}
          style={selectWidth}
        />
        {onViewChange && <ViewToggle value={view} onChange={onViewChange} />}
      </Group>
    </Card>
  );
}
