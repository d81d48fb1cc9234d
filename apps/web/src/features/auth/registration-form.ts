import { type DemandePublicBody, demandePublicSchema } from '@app/shared';
import { schemaResolver } from '@mantine/form';

/** The registration request as typed (spec 1 §2.4, §5), with the honeypot `site_web`. */
export interface RegistrationValues {
  nom_complet: string;
  num_cni: string;
  date_naissance: string;
  situation_matrimoniale: string | null;
  profession: string;
  email: string;
  telephone: string;
  pays: string | null;
  ville: string | null;
  adresse: string;
  produit_id: string | null;
  engagement_mensuel: number | string;
  duree_paiement: string | null;
  notes: string;
  /** Hidden from people: a robot that fills it is answered as usual and nothing is kept. */
  site_web: string;
}

export type RegistrationField = keyof RegistrationValues;

export const emptyRegistrationValues = (): RegistrationValues => ({
  nom_complet: '',
  num_cni: '',
  date_naissance: '',
  situation_matrimoniale: null,
  profession: '',
  email: '',
  telephone: '',
  pays: "Côte d'Ivoire",
  ville: null,
  adresse: '',
  produit_id: null,
  engagement_mensuel: '',
  duree_paiement: null,
  notes: '',
  site_web: '',
});

/** The four steps: their titles and the fields each one checks before 'Suivant' (spec 1 §5). */
export const REGISTRATION_STEPS: readonly { title: string; fields: readonly RegistrationField[] }[] = [
  {
    title: 'Informations personnelles',
    fields: ['nom_complet', 'num_cni', 'date_naissance', 'situation_matrimoniale', 'profession'],
  },
  { title: 'Contact et adresse', fields: ['email', 'telephone', 'pays', 'ville', 'adresse'] },
  { title: 'Informations financières', fields: ['produit_id', 'engagement_mensuel', 'duree_paiement'] },
  { title: 'Révision et soumission', fields: ['notes'] },
];

export const STEP_COUNT = REGISTRATION_STEPS.length;

/** The values in the schema's shape: empty choices are absent. */
function bodyInput(values: RegistrationValues): Record<string, unknown> {
  return {
    ...values,
    situation_matrimoniale: values.situation_matrimoniale ?? undefined,
    pays: values.pays ?? undefined,
    ville: values.ville ?? undefined,
    produit_id: values.produit_id ?? undefined,
    duree_paiement: values.duree_paiement ?? undefined,
  };
}

const schemaErrors = schemaResolver(demandePublicSchema, { sync: true });

/** Every field's error, with the shared schema's French messages. */
export function registrationErrors(values: RegistrationValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(schemaErrors(bodyInput(values) as never))) {
    if (message) errors[field] = String(message);
  }
  return errors;
}

/** The errors of one step's fields (index 0 to 3). */
export function stepErrors(values: RegistrationValues, step: number): Record<string, string> {
  const all = registrationErrors(values);
  const fields = REGISTRATION_STEPS[step]?.fields ?? [];
  return Object.fromEntries(Object.entries(all).filter(([field]) => (fields as readonly string[]).includes(field)));
}

/** The first step holding one of these fields, or null when none belongs to a step. */
export function firstStepWithError(fields: readonly string[]): number | null {
  const index = REGISTRATION_STEPS.findIndex((step) => step.fields.some((f) => fields.includes(f)));
  return index === -1 ? null : index;
}

/** The POST /demandes/public body of valid values (trimmed, numbers coerced, honeypot kept). */
export function registrationBody(values: RegistrationValues): DemandePublicBody {
  return demandePublicSchema.parse(bodyInput(values));
}
