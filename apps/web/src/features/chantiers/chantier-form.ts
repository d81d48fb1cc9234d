import {
  type Chantier,
  type ChantierStatut,
  chantierCreateSchema,
  chantierUpdateSchema,
  PAYS_CHANTIER,
} from '@app/shared';
import type { ChantierCreateBody, ChantierUpdateBody } from '../../data/chantiers.ts';

/** The chantier form's values as the fields hold them (choices as strings, '' while empty). */
export interface ChantierFormValues {
  nom_chantier: string;
  description: string;
  statut: ChantierStatut;
  adresse: string;
  ville: string;
  pays: string;
  date_debut: string;
  date_fin_prevue: string;
  budget_prevu: number | string;
  budget_utilise: number | string;
  pourcentage_avancement: number | string;
  responsable_id: string | null;
  site_id: string | null;
  produit_id: string | null;
  video_url: string;
}

export type ChantierField = keyof ChantierFormValues;

export const CHANTIER_FIELD_LABELS: Record<ChantierField, string> = {
  nom_chantier: 'Nom du chantier',
  description: 'Description',
  statut: 'Statut',
  adresse: 'Adresse',
  ville: 'Ville',
  pays: 'Pays',
  date_debut: 'Date de début',
  date_fin_prevue: 'Date de fin prévue',
  budget_prevu: 'Budget prévu',
  budget_utilise: 'Budget utilisé',
  pourcentage_avancement: 'Avancement (%)',
  responsable_id: 'Responsable',
  site_id: 'Site',
  produit_id: 'Produit',
  video_url: 'Vidéo du chantier (lien)',
};

/** A new chantier: planned, in Côte d’Ivoire, nothing spent. */
export function emptyChantierValues(): ChantierFormValues {
  return {
    nom_chantier: '',
    description: '',
    statut: 'planifie',
    adresse: '',
    ville: '',
    pays: PAYS_CHANTIER[0],
    date_debut: '',
    date_fin_prevue: '',
    budget_prevu: '',
    budget_utilise: 0,
    pourcentage_avancement: 0,
    responsable_id: null,
    site_id: null,
    produit_id: null,
    video_url: '',
  };
}

const idText = (id: number | null) => (id === null ? null : String(id));

/** A chantier as its edit form starts. */
export function chantierValues(chantier: Chantier): ChantierFormValues {
  return {
    nom_chantier: chantier.nom_chantier,
    description: chantier.description,
    statut: chantier.statut,
    adresse: chantier.adresse,
    ville: chantier.ville,
    pays: chantier.pays,
    date_debut: chantier.date_debut.slice(0, 10),
    date_fin_prevue: chantier.date_fin_prevue.slice(0, 10),
    budget_prevu: chantier.budget_prevu,
    budget_utilise: chantier.budget_utilise,
    pourcentage_avancement: chantier.pourcentage_avancement ?? '',
    responsable_id: idText(chantier.responsable_id),
    site_id: idText(chantier.site_id),
    produit_id: idText(chantier.produit_id),
    video_url: chantier.video_url ?? '',
  };
}

/** The values in the schema's shape: empty choices absent, an empty budget used as nothing spent. */
function bodyInput(values: ChantierFormValues): Record<string, unknown> {
  return {
    ...values,
    budget_utilise: values.budget_utilise === '' ? undefined : values.budget_utilise,
    responsable_id: values.responsable_id ?? undefined,
    site_id: values.site_id ?? undefined,
    produit_id: values.produit_id ?? undefined,
  };
}

const schemaOf = (editing: boolean) => (editing ? chantierUpdateSchema : chantierCreateSchema);

/**
 * The first failing check with its field (spec 2 §5: the checks run in order and stop at the first
 * failure), or null when the values are valid: one message at a time.
 */
export function chantierError(values: ChantierFormValues, editing: boolean): { field: string; message: string } | null {
  const result = schemaOf(editing).safeParse(bodyInput(values));
  if (result.success) return null;
  const [issue] = result.error.issues;
  return issue ? { field: String(issue.path[0] ?? 'nom_chantier'), message: issue.message } : null;
}

/** The creation body of valid values, as the schema reads it (texts trimmed, numbers coerced). */
export function chantierCreateBody(values: ChantierFormValues): ChantierCreateBody {
  return chantierCreateSchema.parse(bodyInput(values));
}

/** The edit body: the whole form and the status. */
export function chantierUpdateBody(values: ChantierFormValues): ChantierUpdateBody {
  return chantierUpdateSchema.parse(bodyInput(values));
}
