import { type BanqueChoix, type Depense, type DepenseCategorie, depenseCreateSchema, localIsoDate } from '@app/shared';
import { schemaResolver } from '@mantine/form';
import type { DepenseBody } from '../../data/depenses.ts';

/** The expense form's values as the fields hold them (choices as strings, '' while empty). */
export interface DepenseFormValues {
  montant: number | string;
  categorie: DepenseCategorie | null;
  /** The precision of an 'Autre'. */
  categorie_autre: string;
  description: string;
  date_depense: string;
  numero_recu: string;
  banque_id: string | null;
}

export type DepenseField = keyof DepenseFormValues | 'fichier_justificatif';

export const DEPENSE_FIELD_LABELS: Record<DepenseField, string> = {
  montant: 'Montant',
  categorie: 'Catégorie',
  categorie_autre: 'Précision de la catégorie',
  description: 'Description',
  date_depense: 'Date de la dépense',
  numero_recu: 'Numéro de reçu (facultatif)',
  banque_id: 'Banque à débiter',
  fichier_justificatif: 'Justificatif (facultatif)',
};

/** The principal bank of the choices, the spec's default (spec 3 §5, §9). */
export function principalBanque(banques: readonly BanqueChoix[]): BanqueChoix | null {
  return banques.find((b) => b.est_principale) ?? null;
}

/** A new expense: dated today, the principal bank when known. */
export function emptyDepenseValues(banques: readonly BanqueChoix[] = []): DepenseFormValues {
  const principale = principalBanque(banques);
  return {
    montant: '',
    categorie: null,
    categorie_autre: '',
    description: '',
    date_depense: localIsoDate(),
    numero_recu: '',
    banque_id: principale ? String(principale.id) : null,
  };
}

/** A pending expense as its edit form starts. */
export function depenseValues(depense: Depense): DepenseFormValues {
  return {
    montant: depense.montant,
    categorie: depense.categorie,
    categorie_autre: depense.categorie_autre ?? '',
    description: depense.description,
    date_depense: depense.date_depense.slice(0, 10),
    numero_recu: depense.numero_recu ?? '',
    banque_id: String(depense.banque_id),
  };
}

/** The values in the schema's shape: empty choices absent. */
function bodyInput(values: DepenseFormValues): Record<string, unknown> {
  return {
    montant: values.montant,
    categorie: values.categorie ?? undefined,
    categorie_autre: values.categorie_autre,
    description: values.description,
    date_depense: values.date_depense || undefined,
    numero_recu: values.numero_recu,
    banque_id: values.banque_id ?? undefined,
  };
}

const resolver = schemaResolver(depenseCreateSchema, { sync: true });

/** Every field's error, with the spec's messages (the shared schema's, 'Autre' without its precision included). */
export function depenseErrors(values: DepenseFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(resolver(bodyInput(values) as never))) {
    if (message) errors[field] = String(message);
  }
  return errors;
}

/** The body of valid values, as the schema reads it (texts trimmed, numbers coerced, 'Autre' alone keeps its precision). */
export function depenseBody(values: DepenseFormValues): DepenseBody {
  return depenseCreateSchema.parse(bodyInput(values));
}
