import { AUDIT_MESSAGES, fullName, roleLabel } from '@app/shared';
import { Button, Card, Collapse, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type AuditListFilters, auditUsersQuery } from '../../data/audit.ts';
import { useDebouncedSearch } from '../../ui/use-debounced-search.ts';
import { ACTION_OPTIONS, type AuditFilterChanges, TABLE_OPTIONS } from './audit-format.ts';

export interface AuditFilterPanelProps {
  id: string;
  opened: boolean;
  filters: AuditListFilters;
  onChange: (changes: AuditFilterChanges) => void;
  onReset: () => void;
  /** The users offered before any search: the most active ones and those of the page shown. */
  users: { value: string; label: string }[];
}

/**
 * The journal's collapsible filters (spec 3 §5 Audit filters): user, table, action, and a range of
 * days; each change goes back to page 1, 'Réinitialiser' empties them all.
 */
export function AuditFilterPanel({ id, opened, filters, onChange, onReset, users }: AuditFilterPanelProps) {
  const rangeInvalid = !!filters.date_from && !!filters.date_to && filters.date_to < filters.date_from;
  // Beyond the users offered, any account, found on the server as one types.
  const { searchInput, setSearchInput, search } = useDebouncedSearch();
  const found = useQuery(auditUsersQuery(search));
  const options = new Map(users.map((u) => [u.value, u.label]));
  for (const u of found.data ?? []) options.set(String(u.id), `${fullName(u)} (${roleLabel(u.role)})`);
  return (
    <Collapse expanded={opened} id={id}>
      <Card withBorder radius="md" padding="md" component="section" aria-label="Filtres du journal d’audit">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md" verticalSpacing="sm">
          <Select
            label="Utilisateur"
            placeholder="Tous"
            clearable
            searchable
            nothingFoundMessage={found.isFetching ? 'Recherche…' : 'Aucun utilisateur trouvé'}
            data={[...options].map(([value, label]) => ({ value, label }))}
            searchValue={searchInput}
            onSearchChange={setSearchInput}
            value={filters.user_id === null ? null : String(filters.user_id)}
            onChange={(value) => onChange({ user_id: value ? Number(value) : null })}
          />
          <Select
            label="Table"
            placeholder="Toutes"
            clearable
            data={TABLE_OPTIONS}
            value={filters.table_name}
            onChange={(value) => onChange({ table_name: value })}
          />
          <Select
            label="Action"
            placeholder="Toutes"
            clearable
            data={ACTION_OPTIONS}
            value={filters.action}
            onChange={(value) => onChange({ action: value })}
          />
          <TextInput
            label="Du"
            type="date"
            value={filters.date_from ?? ''}
            max={filters.date_to ?? undefined}
            onChange={(event) => onChange({ date_from: event.currentTarget.value || null })}
          />
          <TextInput
            label="Au"
            type="date"
            value={filters.date_to ?? ''}
            min={filters.date_from ?? undefined}
            error={rangeInvalid ? AUDIT_MESSAGES.datesOrder : undefined}
            onChange={(event) => onChange({ date_to: event.currentTarget.value || null })}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button variant="default" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onReset}>
            Réinitialiser
          </Button>
        </Group>
      </Card>
    </Collapse>
  );
}
