import {
  BANQUE_MESSAGES,
  type Banque,
  type BanqueCreateBody,
  type BanqueSoldeBody,
  type BanqueStatut,
  type BanqueUpdateBody,
  banqueCreateSchema,
  banqueSoldeSchema,
  banqueUpdateSchema,
  type DEVISES,
  localIsoDate,
  type TYPES_COMPTE,
} from '@app/shared';
import { schemaResolver } from '@mantine/form';
import { changedFields } from '../../ui/changed-fields.ts';

export type Devise = (typeof DEVISES)[number];
export type TypeCompte = (typeof TYPES_COMPTE)[number];

/** The add/edit bank form as typed (spec 3 §5 Bank forms); the opening balance only when adding, the status only when editing. */
export interface BanqueFormValues {
  nom: string;
  code_banque: string;
  numero_compte: string;
  adresse: string;
  telephone: string;
  email: string;
  site_web: string;
  contact_principal: string;
  iban: string;
  swift: string;
  devise: Devise;
  type_compte: TypeCompte;
  statut: BanqueStatut;
  est_principale: boolean;
  solde_initial: number | string;
}

/** The shared schema's defaults (the server's): the currency and the account type of a new bank. */
const DEFAULT_DEVISE: Devise = banqueCreateSchema.shape.devise.parse(undefined);
const DEFAULT_TYPE_COMPTE: TypeCompte = banqueCreateSchema.shape.type_compte.parse(undefined);

export const emptyBanqueValues = (): BanqueFormValues => ({
  nom: '',
  code_banque: '',
  numero_compte: '',
  adresse: '',
  telephone: '',
  email: '',
  site_web: '',
  contact_principal: '',
  iban: '',
  swift: '',
  devise: DEFAULT_DEVISE,
  type_compte: DEFAULT_TYPE_COMPTE,
  statut: 'active',
  est_principale: false,
  solde_initial: '',
});

export const banqueValues = (b: Banque): BanqueFormValues => ({
  nom: b.nom,
  code_banque: b.code_banque,
  numero_compte: b.numero_compte,
  adresse: b.adresse ?? '',
  telephone: b.telephone ?? '',
  email: b.email ?? '',
  site_web: b.site_web ?? '',
  contact_principal: b.contact_principal ?? '',
  iban: b.iban ?? '',
  swift: b.swift ?? '',
  devise: b.devise,
  type_compte: b.type_compte,
  statut: b.statut,
  est_principale: b.est_principale,
  solde_initial: b.solde_initial,
});

/** The creation's input: no status (a new bank is active); an empty opening balance is 0. */
function createInput(values: BanqueFormValues) {
  const { statut: _statut, solde_initial, ...rest } = values;
  return { ...rest, solde_initial: solde_initial === '' ? undefined : solde_initial };
}

/** An edit never sends the balance: only a movement changes it. */
function updateInput(values: BanqueFormValues) {
  const { solde_initial: _solde, ...rest } = values;
  return rest;
}

const createErrors = schemaResolver(banqueCreateSchema, { sync: true });
const updateErrors = schemaResolver(banqueUpdateSchema, { sync: true });

/**
 * The form's errors by field: the shared schemas' messages (spec 3 §5), and the server's rule
 * that the principal bank stays active.
 */
export function banqueFormErrors(values: BanqueFormValues, mode: 'create' | 'edit'): Record<string, string> {
  const errors: Record<string, string> = {};
  const found = mode === 'create' ? createErrors(createInput(values)) : updateErrors(updateInput(values));
  for (const [field, message] of Object.entries(found)) if (message) errors[field] = String(message);
  if (mode === 'edit' && values.est_principale && values.statut !== 'active' && !errors.statut) {
    errors.statut = BANQUE_MESSAGES.principaleActive;
  }
  return errors;
}

/** The POST /banques body of valid values. */
export function banqueCreateBody(values: BanqueFormValues): BanqueCreateBody {
  return banqueCreateSchema.parse(createInput(values));
}

/** The PUT /banques/:id body: the changed fields only, compared with the bank as the server sent it. */
export function banqueChanges(values: BanqueFormValues, current: Banque): BanqueUpdateBody {
  const saved: BanqueUpdateBody = {
    nom: current.nom,
    code_banque: current.code_banque,
    numero_compte: current.numero_compte,
    adresse: current.adresse,
    telephone: current.telephone,
    email: current.email,
    site_web: current.site_web,
    contact_principal: current.contact_principal,
    iban: current.iban,
    swift: current.swift,
    devise: current.devise,
    type_compte: current.type_compte,
    statut: current.statut,
    est_principale: current.est_principale,
  };
  return changedFields(banqueUpdateSchema.parse(updateInput(values)), saved);
}

/** The inline balance operation as typed: deposit or withdrawal, a whole amount, its reason. */
export interface SoldeFormValues {
  type: BanqueSoldeBody['type'];
  montant: number | string;
  commentaire: string;
  /** The day the bank booked it; today by default. */
  date_valeur: string;
  /** Its counterpart in the accounting journal; empty: the settings' suspense account. */
  compte: string;
}

export const emptySoldeValues = (): SoldeFormValues => ({
  type: 'depot',
  montant: '',
  commentaire: '',
  date_valeur: localIsoDate(),
  compte: '',
});

/**
 * The operation's body, or the fields in error: an amount that is not a whole number above 0 (its
 * own message), a missing comment (spec 3 §5: then the alert 'Veuillez saisir un montant valide et
 * un commentaire').
 */
export function soldeOperation(
  values: SoldeFormValues,
): { body: BanqueSoldeBody; errors?: undefined } | { body?: undefined; errors: Record<string, string> } {
  const parsed = banqueSoldeSchema.safeParse({
    ...values,
    montant: values.montant === '' ? undefined : values.montant,
  });
  if (parsed.success) return { body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'montant');
    errors[field] ??= issue.message;
  }
  return { errors };
}
