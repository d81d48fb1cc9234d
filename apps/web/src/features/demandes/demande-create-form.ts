import { DEMANDE_FIELD_LABELS, type DemandeField, type DemandeFormValues, demandeErrors } from './demande-form.ts';

export const SITE_REQUIRED = 'Veuillez sélectionner un site';
/** The spec's banner when a required field is empty (spec 1 §5). */
export const REQUIRED_FIELDS_MESSAGE = 'Veuillez remplir tous les champs obligatoires';

/**
 * The staff form's errors: the demande's (the public form's rules), and the site that narrows
 * the product choice.
 */
export function demandeCreateErrors(values: DemandeFormValues, siteId: string | null): Record<string, string> {
  const errors: Record<string, string> = { ...demandeErrors(values) };
  if (!siteId) errors.site_id = SITE_REQUIRED;
  return errors;
}

/** Whether a required field is still empty (the banner of spec 1 §5); the notes are optional. */
export function missesRequired(values: DemandeFormValues, siteId: string | null): boolean {
  const fields = Object.keys(DEMANDE_FIELD_LABELS).filter((f) => f !== 'notes') as DemandeField[];
  return !siteId || fields.some((field) => values[field] === null || String(values[field]).trim() === '');
}
