import type { DemandePublicBody } from '@app/shared';
import {
  DEMANDE_SECTIONS,
  type DemandeField,
  type DemandeFormValues,
  demandeBody,
  demandeErrors,
} from './demande-form.ts';

/** The four steps of the public form: their titles and the fields each one checks before 'Suivant' (spec 1 §5). */
export const REGISTRATION_STEPS: readonly { title: string; fields: readonly DemandeField[] }[] = [
  { title: 'Informations personnelles', fields: DEMANDE_SECTIONS.identite },
  { title: 'Contact et adresse', fields: DEMANDE_SECTIONS.contact },
  { title: 'Informations financières', fields: DEMANDE_SECTIONS.finance },
  { title: 'Révision et soumission', fields: DEMANDE_SECTIONS.notes },
];

export const STEP_COUNT = REGISTRATION_STEPS.length;

/** The errors of one step's fields (index 0 to 3). */
export function stepErrors(values: DemandeFormValues, step: number): Partial<Record<DemandeField, string>> {
  const all = demandeErrors(values);
  const fields = REGISTRATION_STEPS[step]?.fields ?? [];
  return Object.fromEntries(fields.filter((field) => all[field]).map((field) => [field, all[field]]));
}

/** The first step holding one of these fields, or null when none belongs to a step. */
export function firstStepWithError(fields: readonly string[]): number | null {
  const index = REGISTRATION_STEPS.findIndex((step) => step.fields.some((f) => fields.includes(f)));
  return index === -1 ? null : index;
}

/** The POST /demandes/public body of valid values, with the honeypot as the page holds it. */
export function registrationBody(values: DemandeFormValues, siteWeb: string): DemandePublicBody {
  return { ...demandeBody(values), site_web: siteWeb };
}
