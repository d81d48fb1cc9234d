import { z } from 'zod';
import { pageQuerySchema } from './api.ts';
import { compteField } from './comptabilite.ts';
import {
  AMOUNT_MESSAGES,
  dateField,
  intField,
  MONTANT_MAX,
  montantField,
  optionalText,
  requiredText,
} from './fields.ts';
import { INPUT_MESSAGES } from './messages.ts';
import { colonnesReleveSchema } from './releves-bancaires.ts';

/**
 * Banks and their ledger (spec 3 §2.6, §3 Banque, §5 Bank forms; decisions §5). Amounts are always
 * whole FCFA; `devise` is the account's declared currency, XOF (the FCFA of Côte d’Ivoire) by default.
 */
export const DEVISES = ['XAF', 'XOF', 'EUR', 'USD'] as const;
export const TYPES_COMPTE = ['courant', 'epargne', 'credit'] as const;
export const BANQUE_STATUTS = ['active', 'inactive', 'suspendue'] as const;
export type BanqueStatut = (typeof BANQUE_STATUTS)[number];

export const TYPE_COMPTE_LABELS: Record<(typeof TYPES_COMPTE)[number], string> = {
  courant: 'Courant',
  epargne: 'Épargne',
  credit: 'Crédit',
};

export const BANQUE_STATUT_LABELS: Record<BanqueStatut, string> = {
  active: 'Active',
  inactive: 'Inactive',
  suspendue: 'Suspendue',
};

export const BANQUE_MESSAGES = {
  nomRequired: 'Le nom de la banque est requis',
  codeRequired: 'Le code banque est requis',
  compteRequired: 'Le numéro de compte est requis',
  adresseRequired: 'L’adresse est requise',
  telephoneRequired: 'Le téléphone est requis',
  emailRequired: 'L’e-mail est requis',
  emailInvalid: 'Format d’e-mail invalide',
  soldeInvalid: 'Le solde initial doit être un nombre entier de FCFA positif ou nul',
  operationInvalid: 'Veuillez saisir un montant valide et un commentaire',
  montantInvalid: 'Le montant doit être supérieur à 0',
  soldeInsuffisant: 'Solde insuffisant',
  notFound: 'Banque non trouvée',
  noPrincipale: 'Aucune banque principale n’est définie',
  compteTaken: 'Ce numéro de compte est déjà enregistré pour ce code banque',
  principaleActive: 'La banque principale doit rester active. Désignez d’abord une autre banque principale.',
  inactive: 'Cette banque n’est pas active : réactivez-la avant d’y faire un dépôt ou un retrait.',
  principaleRequired:
    'Une banque principale est nécessaire (les remboursements en partent) : désignez-en d’abord une autre.',
  principaleUndeletable:
    'La banque principale ne peut pas être supprimée. Désignez d’abord une autre banque principale.',
  created: 'Banque créée avec succès',
  updated: 'Banque modifiée avec succès',
  deleted: 'Banque supprimée avec succès',
  deactivated:
    'La banque a un historique (mouvements, versements, dépenses ou remboursements) : elle a été désactivée, pas supprimée.',
  pendingDecisions: 'Cette banque a des versements ou des dépenses en attente : décidez-les avant de la désactiver.',
  principaleTaken: 'Une autre banque vient d’être désignée principale : rechargez la liste.',
  soldeUpdated: 'Solde mis à jour avec succès',
} as const;

const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .transform((v) => (v === '' ? null : v.toLowerCase()))
  .pipe(z.email(BANQUE_MESSAGES.emailInvalid).nullable())
  .nullish();

/** POST /banques: the spec's required fields and messages, the opening balance in whole FCFA. */
export const banqueCreateSchema = z.object({
  nom: requiredText(BANQUE_MESSAGES.nomRequired, 150),
  code_banque: requiredText(BANQUE_MESSAGES.codeRequired, 30),
  numero_compte: requiredText(BANQUE_MESSAGES.compteRequired, 50),
  adresse: requiredText(BANQUE_MESSAGES.adresseRequired, 300),
  telephone: requiredText(BANQUE_MESSAGES.telephoneRequired, 30),
  email: z
    .string({ error: BANQUE_MESSAGES.emailRequired })
    .trim()
    .min(1, BANQUE_MESSAGES.emailRequired)
    .max(254)
    .pipe(z.email(BANQUE_MESSAGES.emailInvalid))
    .transform((v) => v.toLowerCase()),
  site_web: optionalText(300),
  contact_principal: optionalText(150),
  iban: optionalText(50),
  swift: optionalText(20),
  devise: z.enum(DEVISES).default('XOF'),
  type_compte: z.enum(TYPES_COMPTE).default('courant'),
  est_principale: z.boolean().default(false),
  solde_initial: intField(BANQUE_MESSAGES.soldeInvalid, {
    max: MONTANT_MAX,
    maxMessage: AMOUNT_MESSAGES.tooLarge(MONTANT_MAX),
  }).default(0),
});
export type BanqueCreateBody = z.input<typeof banqueCreateSchema>;

/** PUT /banques/{id}: only the name is required; the balance never changes here (a movement does). */
export const banqueUpdateSchema = z.object({
  nom: requiredText(BANQUE_MESSAGES.nomRequired, 150).optional(),
  code_banque: requiredText(BANQUE_MESSAGES.codeRequired, 30).optional(),
  numero_compte: requiredText(BANQUE_MESSAGES.compteRequired, 50).optional(),
  adresse: optionalText(300),
  telephone: optionalText(30),
  email: optionalEmail,
  site_web: optionalText(300),
  contact_principal: optionalText(150),
  iban: optionalText(50),
  swift: optionalText(20),
  devise: z.enum(DEVISES).optional(),
  type_compte: z.enum(TYPES_COMPTE).optional(),
  statut: z.enum(BANQUE_STATUTS).optional(),
  est_principale: z.boolean().optional(),
});
export type BanqueUpdateBody = z.input<typeof banqueUpdateSchema>;

export const OPERATIONS_SOLDE = ['depot', 'retrait'] as const;

/** PATCH /banques/{id}/solde: a deposit or a withdrawal, a whole amount > 0 and its reason. */
export const banqueSoldeSchema = z.object({
  type: z.enum(OPERATIONS_SOLDE, { error: BANQUE_MESSAGES.operationInvalid }),
  montant: montantField(BANQUE_MESSAGES.montantInvalid),
  commentaire: requiredText(BANQUE_MESSAGES.operationInvalid, 500),
  /** The day the bank booked it (a fee of last month): its value date; by default today (issue 27). */
  date_valeur: z.preprocess((v) => (v === '' ? undefined : v), dateField(INPUT_MESSAGES.dateInvalid).optional()),
  /** Its counterpart in the accounting journal (a bank fee 631…); by default the suspense account (issue 27). */
  compte: z.preprocess((v) => (v === '' ? undefined : v), compteField.optional()),
});
export type BanqueSoldeBody = z.input<typeof banqueSoldeSchema>;

export const banqueSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  code_banque: z.string(),
  numero_compte: z.string(),
  adresse: z.string().nullable(),
  telephone: z.string().nullable(),
  email: z.string().nullable(),
  site_web: z.string().nullable(),
  contact_principal: z.string().nullable(),
  iban: z.string().nullable(),
  swift: z.string().nullable(),
  devise: z.enum(DEVISES),
  type_compte: z.enum(TYPES_COMPTE),
  statut: z.enum(BANQUE_STATUTS),
  est_actif: z.boolean(),
  est_principale: z.boolean(),
  /** Whole FCFA: the opening balance, and the balance kept by the movements. */
  solde_initial: z.number(),
  solde: z.number(),
  nombre_mouvements: z.number().int(),
  /** The columns chosen for its CSV statements, remembered (issue 27). */
  releve_colonnes: colonnesReleveSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Banque = z.infer<typeof banqueSchema>;

/** A bank as a payment or expense form offers it (any role that files one). */
export const banqueChoixSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  est_principale: z.boolean(),
});
export type BanqueChoix = z.infer<typeof banqueChoixSchema>;

export const banqueListQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.default(50),
  statut: z.enum(BANQUE_STATUTS).optional(),
});
export type BanqueListQuery = z.infer<typeof banqueListQuerySchema>;

/** The banks' totals shown above the list. */
export const banqueTotauxSchema = z.object({
  nombre: z.number().int(),
  actives: z.number().int(),
  solde_total: z.number(),
});
export type BanqueTotaux = z.infer<typeof banqueTotauxSchema>;

/** Where a movement comes from: a payment, an expense, a refund, or a manual operation on the bank. */
export const MOUVEMENT_OPERATIONS = [
  'versement_valide',
  'versement_supprime',
  'depot',
  'retrait',
  'depense_approuvee',
  'remboursement_approuve',
] as const;
export type MouvementOperation = (typeof MOUVEMENT_OPERATIONS)[number];

export const MOUVEMENT_OPERATION_LABELS: Record<MouvementOperation, string> = {
  versement_valide: 'Versement validé',
  versement_supprime: 'Versement supprimé (contrepassation)',
  depot: 'Dépôt',
  retrait: 'Retrait',
  depense_approuvee: 'Dépense approuvée',
  remboursement_approuve: 'Remboursement approuvé',
};

export const mouvementSchema = z.object({
  id: z.number().int(),
  banque_id: z.number().int(),
  type: z.enum(['credit', 'debit']),
  operation: z.enum(MOUVEMENT_OPERATIONS),
  montant: z.number(),
  solde_apres: z.number(),
  source_table: z.string(),
  source_id: z.number().int(),
  commentaire: z.string().nullable(),
  auteur: z.object({ id: z.number().int(), nom: z.string(), prenom: z.string() }).nullable(),
  /** The day the bank knows it by (a payment's slip date, an expense's date, else the day posted). */
  date_valeur: z.string(),
  /** The statement match it is in, if any. */
  rapprochement_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type Mouvement = z.infer<typeof mouvementSchema>;

export const mouvementListQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.default(20),
  /** Only the movements no statement line is matched to yet (the reconciliation's choice). */
  non_rapproches: z
    .enum(['true', 'false'], { error: 'non_rapproches vaut true ou false' })
    .optional()
    .transform((v) => v === 'true'),
});
export type MouvementListQuery = z.infer<typeof mouvementListQuerySchema>;
