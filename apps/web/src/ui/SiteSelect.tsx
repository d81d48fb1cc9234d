import { Select, type SelectProps } from '@mantine/core';

interface SiteChoice {
  id: number;
  nom_site: string;
  ville_site: string;
}

export interface SiteSelectProps extends Omit<SelectProps, 'data' | 'label' | 'placeholder'> {
  /** The active sites' query (`activeSitesQuery` of data/sites.ts): its state shows in the field. */
  sites: { data?: readonly SiteChoice[]; isPending: boolean; error: Error | null };
  /** The item's own site when it is no longer active: kept first in the choices. */
  current?: SiteChoice;
}

/** 'Site', chosen among the active sites (a product's, a demande's); a failed load is the field's error. */
export function SiteSelect({ sites, current, error, ...props }: SiteSelectProps) {
  const list = sites.data ?? [];
  const choices = current && !list.some((s) => s.id === current.id) ? [current, ...list] : list;
  return (
    <Select
      label="Site"
      withAsterisk
      searchable
      placeholder={sites.isPending ? 'Chargement des sites...' : 'Choisir un site'}
      nothingFoundMessage="Aucun site trouvé"
      data={choices.map((s) => ({ value: String(s.id), label: `${s.nom_site} — ${s.ville_site}` }))}
      error={error ?? (sites.error ? `Sites indisponibles : ${sites.error.message}` : undefined)}
      {...props}
    />
  );
}
