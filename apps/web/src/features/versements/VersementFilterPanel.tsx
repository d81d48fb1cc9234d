import { Button, Card, Collapse, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { VersementListFilters } from '../../data/versements.ts';
import type { VersementFilterChanges } from './use-versement-filters.ts';
import { STATUT_OPTIONS, TYPE_OPTIONS } from './versement-format.ts';

/** Sort choices: each field of VERSEMENT_SORTS in the orders that make sense, as one select. */
const SORT_OPTIONS = [
  { value: 'created_at:desc', label: 'Déclarés récemment' },
  { value: 'created_at:asc', label: 'Déclarés anciennement' },
  { value: 'date_versement:desc', label: 'Date de versement (récentes)' },
  { value: 'date_versement:asc', label: 'Date de versement (anciennes)' },
  { value: 'montant:desc', label: 'Montant (décroissant)' },
  { value: 'montant:asc', label: 'Montant (croissant)' },
];

export const RANGE_INVALID = 'La date de fin précède la date de début';

export interface Choice {
  value: string;
  label: string;
}

export interface VersementFilterPanelProps {
  id: string;
  opened: boolean;
  filters: VersementListFilters;
  onChange: (changes: VersementFilterChanges) => void;
  onClear: () => void;
  /** Product choices; absent: no product filter (a member has one product). */
  produits?: { data: Choice[]; loading: boolean };
  banques: { data: Choice[]; loading: boolean };
}

const idOf = (value: string | null) => (value ? Number(value) : null);

/**
 * The collapsible filters of the payments (spec 3 §2.1): status, type, product, bank, a range of
 * payment dates, and the sort; each change goes back to page 1.
 */
export function VersementFilterPanel({
  id,
  opened,
  filters,
  onChange,
  onClear,
  produits,
  banques,
}: VersementFilterPanelProps) {
  const rangeInvalid = !!filters.date_debut && !!filters.date_fin && filters.date_fin < filters.date_debut;
  return (
    <Collapse expanded={opened} id={id}>
      <Card withBorder radius="md" padding="md" component="section" aria-label="Filtres des versements">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm">
          <Select
            label="Statut"
            placeholder="Tous"
            clearable
            data={STATUT_OPTIONS}
            value={filters.statut}
            onChange={(value) => onChange({ statut: value as VersementListFilters['statut'] })}
          />
          <Select
            label="Type de versement"
            placeholder="Tous"
            clearable
            data={TYPE_OPTIONS}
            value={filters.type_versement}
            onChange={(value) => onChange({ type_versement: value as VersementListFilters['type_versement'] })}
          />
          {produits && (
            <Select
              label="Produit"
              placeholder={produits.loading ? 'Chargement des produits...' : 'Tous'}
              clearable
              searchable
              nothingFoundMessage="Aucun produit trouvé"
              data={produits.data}
              value={filters.produit_id === null ? null : String(filters.produit_id)}
              onChange={(value) => onChange({ produit_id: idOf(value) })}
            />
          )}
          <Select
            label="Banque"
            placeholder={banques.loading ? 'Chargement des banques...' : 'Toutes'}
            clearable
            data={banques.data}
            value={filters.banque_id === null ? null : String(filters.banque_id)}
            onChange={(value) => onChange({ banque_id: idOf(value) })}
          />
          <TextInput
            label="Versé à partir du"
            type="date"
            value={filters.date_debut ?? ''}
            onChange={(event) => onChange({ date_debut: event.currentTarget.value || null })}
          />
          <TextInput
            label="Versé jusqu’au"
            type="date"
            value={filters.date_fin ?? ''}
            min={filters.date_debut ?? undefined}
            error={rangeInvalid ? RANGE_INVALID : undefined}
            onChange={(event) => onChange({ date_fin: event.currentTarget.value || null })}
          />
          <Select
            label="Trier par"
            allowDeselect={false}
            data={SORT_OPTIONS}
            value={`${filters.sortBy}:${filters.sortOrder}`}
            onChange={(value) => {
              const [sortBy, sortOrder] = (value ?? 'created_at:desc').split(':') as [
                VersementListFilters['sortBy'],
                VersementListFilters['sortOrder'],
              ];
              onChange({ sortBy, sortOrder });
            }}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button variant="subtle" onClick={onClear}>
            Effacer les filtres
          </Button>
        </Group>
      </Card>
    </Collapse>
  );
}
