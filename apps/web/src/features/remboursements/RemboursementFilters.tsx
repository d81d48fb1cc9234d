import type { RemboursementStatut } from '@app/shared';
import { Button, Card, Group, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { RemboursementListFilters } from '../../data/remboursements.ts';
import { MembrePicker } from './MembrePicker.tsx';
import { STATUT_OPTIONS } from './remboursement-format.ts';
import type { RemboursementFilterChanges } from './use-remboursement-filters.ts';

export interface RemboursementFiltersProps {
  filters: RemboursementListFilters;
  onChange: (changes: RemboursementFilterChanges) => void;
  onReset: () => void;
  /** The member filter (admin, gestionnaire, comptable: spec 3 §2.3). */
  withMembre: boolean;
  /** The filtered member's name, read from the list while the picker has not listed him. */
  membreLabel?: string;
}

/** The refunds' filters (spec 3 §2.3): member (processors), status, and 'Réinitialiser'; each change goes back to page 1. */
export function RemboursementFilters({
  filters,
  onChange,
  onReset,
  withMembre,
  membreLabel,
}: RemboursementFiltersProps) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Filtres des remboursements">
      <Group gap="md" align="flex-end" wrap="wrap">
        {withMembre && (
          <div style={{ flex: '1 1 18rem', maxWidth: '26rem' }}>
            <MembrePicker
              label="Membre"
              placeholder="Tous les membres"
              clearable
              value={filters.membre_id}
              fallbackLabel={membreLabel}
              onChange={(membre) => onChange({ membre_id: membre?.id ?? null })}
            />
          </div>
        )}
        <Select
          label="Statut"
          placeholder="Tous"
          clearable
          data={STATUT_OPTIONS}
          value={filters.statut}
          onChange={(value) => onChange({ statut: value as RemboursementStatut | null })}
          style={{ flex: '1 1 12rem', maxWidth: '16rem' }}
        />
        <Button variant="default" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onReset}>
          Réinitialiser
        </Button>
      </Group>
    </Card>
  );
}
