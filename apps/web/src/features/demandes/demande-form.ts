import {
  type Demande,
  type DemandeCreateBody,
  DUREES_PAIEMENT,
  demandeCreateSchema,
  PAYS,
  PAYS_PAR_DEFAUT,
  SITUATION_LABELS,
  SITUATIONS_MATRIMONIALES,
} from '@app/shared';
import { schemaResolver } from '@mantine/form';

/**
 * A demande as its form holds it: the same fields, choices and rules for a visitor's request
 * (spec 1 §2.4) and for the one staff type in (§2.6), checked by the shared schema.
 */
export interface DemandeFormValues {
  nom_complet: string;
  num_cni: string;
  date_naissance: string;
  situation_matrimoniale: string | null;
  profession: string;
  email: string;
  telephone: string;
  pays: string | null;
  /** Chosen from the country's list when it has one, else typed; '' while empty. */
  ville: string;
  adresse: string;
  produit_id: string | null;
  engagement_mensuel: number | string;
  duree_paiement: string | null;
  notes: string;
}

export type DemandeField = keyof DemandeFormValues;

export const emptyDemandeValues = (): DemandeFormValues => ({
  nom_complet: '',
  num_cni: '',
  date_naissance: '',
  situation_matrimoniale: null,
  profession: '',
  email: '',
  telephone: '',
  pays: PAYS_PAR_DEFAUT,
  ville: '',
  adresse: '',
  produit_id: null,
  engagement_mensuel: '',
  duree_paiement: null,
  notes: '',
});

/** A demande's values in its form (for a correction while it waits). */
export const demandeValues = (demande: Demande): DemandeFormValues => ({
  nom_complet: demande.nom_complet,
  num_cni: demande.num_cni,
  date_naissance: demande.date_naissance,
  situation_matrimoniale: demande.situation_matrimoniale,
  profession: demande.profession,
  email: demande.email,
  telephone: demande.telephone,
  pays: demande.pays,
  ville: demande.ville,
  adresse: demande.adresse,
  produit_id: String(demande.produit_id),
  engagement_mensuel: demande.engagement_mensuel,
  duree_paiement: String(demande.duree_paiement),
  notes: demande.notes ?? '',
});

/** The fields' labels, as the form and its messages name them. */
export const DEMANDE_FIELD_LABELS: Record<DemandeField, string> = {
  nom_complet: 'Nom complet',
  num_cni: 'Numéro CNI',
  date_naissance: 'Date de naissance',
  situation_matrimoniale: 'Situation matrimoniale',
  profession: 'Profession',
  email: 'E-mail',
  telephone: 'Téléphone',
  pays: 'Pays',
  ville: 'Ville',
  adresse: 'Adresse',
  produit_id: 'Produit souhaité',
  engagement_mensuel: 'Engagement mensuel (FCFA)',
  duree_paiement: 'Durée de paiement',
  notes: 'Notes (facultatif)',
};

/** The form's sections (a step each in the public form), and the fields each one holds. */
export const DEMANDE_SECTIONS = {
  identite: ['nom_complet', 'num_cni', 'date_naissance', 'situation_matrimoniale', 'profession'],
  contact: ['email', 'telephone', 'pays', 'ville', 'adresse'],
  finance: ['produit_id', 'engagement_mensuel', 'duree_paiement'],
  notes: ['notes'],
} as const satisfies Record<string, readonly DemandeField[]>;

export const SITUATION_OPTIONS = SITUATIONS_MATRIMONIALES.map((value) => ({ value, label: SITUATION_LABELS[value] }));
export const PAYS_OPTIONS = [...PAYS];
export const DUREE_OPTIONS = DUREES_PAIEMENT.map((n) => ({ value: String(n), label: `${n} mois` }));

/** The values in the schema's shape: empty choices are absent. */
function bodyInput(values: DemandeFormValues): Record<string, unknown> {
  return {
    ...values,
    situation_matrimoniale: values.situation_matrimoniale ?? undefined,
    pays: values.pays ?? undefined,
    produit_id: values.produit_id ?? undefined,
    duree_paiement: values.duree_paiement ?? undefined,
  };
}

const schemaErrors = schemaResolver(demandeCreateSchema, { sync: true });

/** Every field's error, with the shared schema's French messages. */
export function demandeErrors(values: DemandeFormValues): Partial<Record<DemandeField, string>> {
  const errors: Partial<Record<DemandeField, string>> = {};
  for (const [field, message] of Object.entries(schemaErrors(bodyInput(values) as never))) {
    if (message) errors[field as DemandeField] = String(message);
  }
  return errors;
}

/** The body of valid values (texts trimmed, numbers coerced). */
export function demandeBody(values: DemandeFormValues): DemandeCreateBody {
  return demandeCreateSchema.parse(bodyInput(values));
}

const isEmpty = (value: unknown) => value === null || String(value).trim() === '';
const joinFr = new Intl.ListFormat('fr', { type: 'conjunction' });

/**
 * Why a part of the form cannot go on yet, naming its fields: 'Pour continuer : renseignez Nom
 * complet et Profession ; corrigez Numéro CNI.' Null when nothing is missing.
 */
export function missingFieldsMessage(values: DemandeFormValues, fields: readonly DemandeField[]): string | null {
  const errors = demandeErrors(values);
  const wrong = fields.filter((field) => errors[field]);
  if (wrong.length === 0) return null;
  const label = (field: DemandeField) => DEMANDE_FIELD_LABELS[field];
  const empty = wrong.filter((field) => isEmpty(values[field])).map(label);
  const invalid = wrong.filter((field) => !isEmpty(values[field])).map(label);
  const parts = [
    empty.length > 0 ? `renseignez ${joinFr.format(empty)}` : null,
    invalid.length > 0 ? `corrigez ${joinFr.format(invalid)}` : null,
  ].filter(Boolean);
  return `Pour continuer\u00a0: ${parts.join('\u202f; ')}.`;
}
