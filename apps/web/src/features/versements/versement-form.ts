import {
  type TypeVersement,
  type VersementCreateBody,
  versementGestionnaireSchema,
  versementMembreSchema,
} from '@app/shared';
import { schemaResolver } from '@mantine/form';
import { attachmentError } from '../../ui/AttachmentField.tsx';

/** Who fills the form: a member for himself, a gestionnaire for one of his clients (spec 3 §5). */
export type Declarant = 'membre' | 'gestionnaire';

/** The payment form's values as the fields hold them (choices as strings, '' while empty). */
export interface VersementFormValues {
  /** The client (gestionnaire only). */
  membre_id: string | null;
  /** Narrows the product choice (spec 3 §5); not sent. */
  site_id: string | null;
  produit_id: string | null;
  montant: number | string;
  type_versement: TypeVersement;
  banque_id: string | null;
  numero_recu: string;
  date_recu: string;
  /** Gestionnaire only; a member's payment takes the receipt's date. */
  date_versement: string;
  commentaire: string;
}

export type VersementField = keyof VersementFormValues | 'scan_recu';

export const emptyVersementValues = (): VersementFormValues => ({
  membre_id: null,
  site_id: null,
  produit_id: null,
  montant: '',
  type_versement: 'mensualite',
  banque_id: null,
  numero_recu: '',
  date_recu: '',
  date_versement: '',
  commentaire: '',
});

export const VERSEMENT_FIELD_LABELS: Record<VersementField, string> = {
  membre_id: 'Membre',
  site_id: 'Site',
  produit_id: 'Produit',
  montant: 'Montant',
  type_versement: 'Type de versement',
  banque_id: 'Banque',
  numero_recu: 'Numéro de reçu',
  date_recu: 'Date du reçu',
  date_versement: 'Date du versement',
  commentaire: 'Commentaire (facultatif)',
  scan_recu: 'Scan du reçu (facultatif)',
};

export const SITE_REQUIRED = 'Veuillez sélectionner un site';

/** The form's titles (spec 3 §2.1: one for a gestionnaire, another for a member). */
export const FORM_TITLES: Record<Declarant, string> = {
  gestionnaire: 'Nouveau versement pour un client',
  membre: 'Déclarer un versement',
};

/** The values in the role's schema shape: empty choices absent, the fields the role does not send left out. */
function bodyInput(values: VersementFormValues, declarant: Declarant): Record<string, unknown> {
  const common = {
    produit_id: values.produit_id ?? undefined,
    montant: values.montant,
    type_versement: values.type_versement,
    banque_id: values.banque_id ?? undefined,
    numero_recu: values.numero_recu,
    date_recu: values.date_recu || undefined,
    commentaire: values.commentaire,
  };
  return declarant === 'gestionnaire'
    ? { ...common, membre_id: values.membre_id ?? undefined, date_versement: values.date_versement || undefined }
    : common;
}

const resolvers = {
  membre: schemaResolver(versementMembreSchema, { sync: true }),
  gestionnaire: schemaResolver(versementGestionnaireSchema, { sync: true }),
};

/** Every field's error, with the spec's messages (the shared schemas'), and the site that narrows the product. */
export function versementErrors(values: VersementFormValues, declarant: Declarant): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.site_id) errors.site_id = SITE_REQUIRED;
  for (const [field, message] of Object.entries(resolvers[declarant](bodyInput(values, declarant) as never))) {
    if (message) errors[field] = String(message);
  }
  return errors;
}

/** The body of valid values, as the role's schema reads it (texts trimmed, numbers coerced). */
export function versementBody(values: VersementFormValues, declarant: Declarant): VersementCreateBody {
  const schema = declarant === 'gestionnaire' ? versementGestionnaireSchema : versementMembreSchema;
  return schema.parse(bodyInput(values, declarant));
}

/** The scan's problem (spec 3 §5, §9): 5 MB at most, PDF, JPEG or PNG; null when it may go. */
export const scanError = attachmentError;

/** A random UUID v4, also where `crypto.randomUUID` is missing (a page served over plain HTTP). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What makes two submissions the same declaration: the body and the scan. */
export function submissionFingerprint(body: VersementCreateBody, scan: File | null): string {
  return JSON.stringify([body, scan ? [scan.name, scan.size, scan.lastModified] : null]);
}
