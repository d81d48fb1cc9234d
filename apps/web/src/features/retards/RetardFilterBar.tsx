import { TRANCHE_LABELS, TRANCHES_RETARD } from '@app/shared';
import { Button, Card, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { RetardsFilters } from '../../data/retards.ts';
import type { RetardFilterChanges } from './use-retard-filters.ts';

const TRANCHE_OPTIONS = TRANCHES_RETARD.map((value) => ({ value, label: TRANCHE_LABELS[value] }));

export interface Choices {
  data: { value: string; label: string }[];
  loading: boolean;
  error: Error | null;
}

export interface RetardFilterBarProps {
  filters: RetardsFilters;
  /** The day shown when none is asked for: the server's today. */
  date: string;
  onChange: (changes: RetardFilterChanges) => void;
  sites: Choices;
  /** Absent: no gestionnaire filter (a gestionnaire sees his own clients). */
  gestionnaires?: Choices;
  /** Shows 'Effacer les filtres' while a filter narrows the list. */
  filtered: boolean;
  onClear: () => void;
}

const idOf = (value: string | null) => (value ? Number(value) : null);

function choicesError(what: string, choices: Choices) {
  return choices.error ? `${what} indisponibles\u00a0: ${choices.error.message}` : undefined;
}

/** The arrears' filters: bucket, site, gestionnaire and the day; each change goes back to page 1. */
export function RetardFilterBar({
  filters,
  date,
  onChange,
  sites,
  gestionnaires,
  filtered,
  onClear,
}: RetardFilterBarProps) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Filtres des retards">
      <SimpleGrid cols={{ base: 2, md: gestionnaires ? 4 : 3 }} spacing="md" verticalSpacing="sm">
        <Select
          label="Tranche de retard"
          placeholder="Toutes"
          clearable
          data={TRANCHE_OPTIONS}
          value={filters.tranche}
          onChange={(value) => onChange({ tranche: value as RetardsFilters['tranche'] })}
        />
        <Select
          label="Site"
          placeholder={sites.loading ? 'Chargement des sites...' : 'Tous'}
          clearable
          searchable
          nothingFoundMessage="Aucun site trouvé"
          data={sites.data}
          value={filters.site_id === null ? null : String(filters.site_id)}
          onChange={(value) => onChange({ site_id: idOf(value) })}
          error={choicesError('Sites', sites)}
        />
        {gestionnaires && (
          <Select
            label="Gestionnaire"
            placeholder={gestionnaires.loading ? 'Chargement des gestionnaires...' : 'Tous'}
            clearable
            searchable
            nothingFoundMessage="Aucun gestionnaire trouvé"
            data={gestionnaires.data}
            value={filters.gestionnaire_id === null ? null : String(filters.gestionnaire_id)}
            onChange={(value) => onChange({ gestionnaire_id: idOf(value) })}
            error={choicesError('Gestionnaires', gestionnaires)}
          />
        )}
        <TextInput
          label="Situation au"
          type="date"
          value={filters.date ?? date}
          onChange={(event) => onChange({ date: event.currentTarget.value || null })}
        />
      </SimpleGrid>
      {filtered && (
        <Group justify="flex-end" mt="md">
          <Button variant="subtle" onClick={onClear}>
            Effacer les filtres
          </Button>
        </Group>
      )}
    </Card>
  );
}
