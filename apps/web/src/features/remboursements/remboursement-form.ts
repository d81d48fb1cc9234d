import {
  REMBOURSEMENT_MESSAGES,
  type RemboursementCreateBody,
  type RemboursementTraiterBody,
  remboursementCreateSchema,
  remboursementTraiterSchema,
} from '@app/shared';
import { schemaResolver } from '@mantine/form';

/** Who fills the form: a member for himself, a processor for the member he picks (spec 3 §5). */
export type Demandeur = 'membre' | 'responsable';

/** The request form's values as the fields hold them. */
export interface RemboursementFormValues {
  /** The member (a processor's choice), or null. */
  membre_id: number | null;
  montant: number | string;
  raison: string;
  commentaire: string;
}

export const emptyRemboursementValues = (): RemboursementFormValues => ({
  membre_id: null,
  montant: '',
  raison: '',
  commentaire: '',
});

export const REMBOURSEMENT_FIELD_LABELS = {
  membre_id: 'Membre',
  montant: 'Montant demandé',
  raison: 'Raison',
  commentaire: 'Commentaire (facultatif)',
  fichier_justificatif: 'Justificatif (facultatif)',
} as const;

/** The fields the spec requires (spec 3 §5): one missing shows 'Veuillez remplir tous les champs obligatoires'. */
const REQUIRED = ['membre_id', 'montant', 'raison'] as const;

function bodyInput(values: RemboursementFormValues, demandeur: Demandeur): Record<string, unknown> {
  const common = { montant: values.montant, raison: values.raison, commentaire: values.commentaire };
  return demandeur === 'responsable' ? { ...common, membre_id: values.membre_id ?? undefined } : common;
}

const createResolver = schemaResolver(remboursementCreateSchema, { sync: true });

/** Every field's error with the shared schema's messages; a processor must name the member. */
export function remboursementErrors(values: RemboursementFormValues, demandeur: Demandeur): Record<string, string> {
  const errors: Record<string, string> = {};
  if (demandeur === 'responsable' && values.membre_id === null)
    errors.membre_id = REMBOURSEMENT_MESSAGES.membreRequired;
  for (const [field, message] of Object.entries(createResolver(bodyInput(values, demandeur) as never))) {
    if (message) errors[field] = String(message);
  }
  return errors;
}

/** A required field is missing or wrong: the form says so above its fields too. */
export const missesRequired = (errors: object) => REQUIRED.some((field) => field in errors);

/** The body of valid values, as the shared schema reads it (texts trimmed, the amount a number). */
export function remboursementBody(values: RemboursementFormValues, demandeur: Demandeur): RemboursementCreateBody {
  return remboursementCreateSchema.parse(bodyInput(values, demandeur));
}

/** The processing form (spec 3 §5): a decision, and a comment that a rejection requires. */
export interface TraiterFormValues {
  statut: 'approuve' | 'rejete' | null;
  commentaire: string;
}

const traiterResolver = schemaResolver(remboursementTraiterSchema, { sync: true });

export function traiterErrors(values: TraiterFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const input = { statut: values.statut ?? undefined, commentaire: values.commentaire };
  for (const [field, message] of Object.entries(traiterResolver(input as never))) {
    if (message) errors[field] = String(message);
  }
  return errors;
}

export function traiterBody(values: TraiterFormValues): RemboursementTraiterBody {
  const body = remboursementTraiterSchema.parse({ statut: values.statut, commentaire: values.commentaire });
  return { statut: body.statut, commentaire: body.commentaire ?? undefined };
}
