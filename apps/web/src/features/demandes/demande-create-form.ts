import { type DemandeCreateBody, demandeCreateSchema, type SituationMatrimoniale } from '@app/shared';
import { schemaResolver } from '@mantine/form';

/** The staff creation form as typed (spec 1 §2.6, §5). */
export interface DemandeCreateValues {
  nom_complet: string;
  num_cni: string;
  date_naissance: string;
  situation_matrimoniale: string | null;
  profession: string;
  email: string;
  telephone: string;
  adresse: string;
  ville: string;
  pays: string | null;
  /** Only narrows the product choice; not sent. */
  site_id: string | null;
  produit_id: string | null;
  engagement_mensuel: number | string;
  duree_paiement: number | string;
  notes: string;
}

/** The staff form's marital statuses (spec 1 §3), default célibataire. */
export const STAFF_SITUATIONS: readonly SituationMatrimoniale[] = ['celibataire', 'marie', 'divorce', 'veuf'];

export const emptyDemandeCreateValues = (): DemandeCreateValues => ({
  nom_complet: '',
  num_cni: '',
  date_naissance: '',
  situation_matrimoniale: 'celibataire',
  profession: '',
  email: '',
  telephone: '',
  adresse: '',
  ville: '',
  pays: "Côte d'Ivoire",
  site_id: null,
  produit_id: null,
  engagement_mensuel: '',
  duree_paiement: '',
  notes: '',
});

/** The values in the body schema's shape: the site is left out, empty choices are absent. */
function bodyInput(values: DemandeCreateValues): Record<string, unknown> {
  const { site_id: _site, ...rest } = values;
  return {
    ...rest,
    situation_matrimoniale: values.situation_matrimoniale ?? undefined,
    pays: values.pays ?? undefined,
    produit_id: values.produit_id ?? undefined,
  };
}

const schemaErrors = schemaResolver(demandeCreateSchema, { sync: true });

export const SITE_REQUIRED = 'Veuillez sélectionner un site';
/** The spec's banner when a required field is empty (spec 1 §5). */
export const REQUIRED_FIELDS_MESSAGE = 'Veuillez remplir tous les champs obligatoires';

const REQUIRED_TEXT: (keyof DemandeCreateValues)[] = [
  'nom_complet',
  'num_cni',
  'date_naissance',
  'profession',
  'email',
  'telephone',
  'adresse',
  'ville',
];

/** Field errors: the shared schema's messages, and the site that narrows the products. */
export function demandeCreateErrors(values: DemandeCreateValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(schemaErrors(bodyInput(values) as never))) {
    if (message) errors[field] = String(message);
  }
  if (!values.site_id) errors.site_id = SITE_REQUIRED;
  return errors;
}

/** Whether a required text field is still empty (the banner of spec 1 §5). */
export function missesRequired(values: DemandeCreateValues): boolean {
  return REQUIRED_TEXT.some((field) => !String(values[field] ?? '').trim());
}

/** The POST /demandes body of valid values (numbers coerced, texts trimmed). */
export function demandeCreateBody(values: DemandeCreateValues): DemandeCreateBody {
  return demandeCreateSchema.parse(bodyInput(values));
}
