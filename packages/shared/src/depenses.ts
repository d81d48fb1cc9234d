import { z } from 'zod';
import { pageQuerySchema } from './api.ts';
import { choiceField, dateField, idField, montantField, optionalText, requiredText } from './fields.ts';
import { FCFA_SUFFIX, NBSP } from './format.ts';
import { SCAN_MIME_TYPES } from './versements.ts';

/** Expenses (spec 3 §2.2, §3 Dépense, §4, §5 Expense form; decisions §5). */
export const DEPENSE_STATUTS = ['en_attente', 'approuvee', 'rejetee'] as const;
export const depenseStatutSchema = z.enum(DEPENSE_STATUTS);
export type DepenseStatut = z.infer<typeof depenseStatutSchema>;

export const DEPENSE_STATUT_LABELS: Record<DepenseStatut, string> = {
  en_attente: 'En attente',
  approuvee: 'Approuvée',
  rejetee: 'Rejetée',
};

/** The nine categories of the expense form; 'Autre' takes a free-text precision. */
export const DEPENSE_CATEGORIES = [
  'Transport',
  'Fournitures de bureau',
  'Repas et restauration',
  'Hébergement',
  'Matériel informatique',
  'Formation',
  'Communication',
  'Maintenance',
  'Autre',
] as const;
export type DepenseCategorie = (typeof DEPENSE_CATEGORIES)[number];

export const DEPENSE_MESSAGES = {
  montantInvalid: 'Le montant doit être supérieur à 0',
  categorieRequired: 'Veuillez choisir une catégorie',
  categorieAutreRequired: 'Précisez la catégorie',
  descriptionRequired: 'La description est requise',
  dateRequired: 'La date de la dépense est requise',
  banqueRequired: 'Veuillez sélectionner une banque',
  banqueInactive: 'Cette banque n’est pas active : choisissez-en une autre',
  commentaireRequired: 'Indiquez le motif du rejet',
  profilNotFound: 'Profil utilisateur non trouvé',
  notFound: 'Dépense non trouvée',
  justificatifNotFound: 'Cette dépense n’a pas de justificatif',
  alreadyDecided: 'Cette dépense a déjà été traitée : elle n’est plus en attente.',
  approvedFinal: 'Une dépense approuvée est définitive : elle ne peut plus être modifiée ni supprimée.',
  onlyPendingEdit: 'Seule une dépense en attente peut être modifiée.',
  onlyPendingDelete: 'Seule une dépense en attente peut être retirée : une décision reste au dossier.',
  ownFiling:
    'Vous ne pouvez pas approuver une dépense que vous avez vous-même déclarée : un autre valideur doit le faire.',
  created: 'Dépense créée avec succès',
  updated: 'Dépense modifiée avec succès',
  deleted: 'Dépense supprimée avec succès',
  approved: 'Dépense approuvée : la banque a été débitée',
  rejected: 'Dépense rejetée',
  loadError: 'Erreur lors du chargement des dépenses',
  createError: 'Erreur lors de la création de la dépense',
  updateError: 'Erreur lors de la modification de la dépense',
  deleteError: 'Erreur lors de la suppression de la dépense',
  approveError: 'Erreur lors de l’approbation de la dépense',
  rejectError: 'Erreur lors du rejet de la dépense',
} as const;

/**
 * POST /depenses and PUT /depenses/{id} (JSON, or multipart with the `fichier_justificatif` file):
 * 'Autre' needs its precision, any other category drops it. Without a bank, the principal one.
 */
const depenseFields = z.object({
  montant: montantField(DEPENSE_MESSAGES.montantInvalid),
  categorie: choiceField(DEPENSE_CATEGORIES, DEPENSE_MESSAGES.categorieRequired),
  categorie_autre: optionalText(100),
  description: requiredText(DEPENSE_MESSAGES.descriptionRequired, 1000),
  date_depense: dateField(DEPENSE_MESSAGES.dateRequired),
  numero_recu: optionalText(50),
  // Left empty (a form's blank select, null): the principal bank.
  banque_id: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), idField(DEPENSE_MESSAGES.banqueRequired).optional())
    .describe('La banque à débiter à l’approbation ; la banque principale par défaut'),
});

export const depenseCreateSchema = depenseFields
  .refine((v) => v.categorie !== 'Autre' || !!v.categorie_autre, {
    path: ['categorie_autre'],
    message: DEPENSE_MESSAGES.categorieAutreRequired,
    // Said with the other fields' errors, not only once they are right.
    when: (payload) => depenseFields.pick({ categorie: true, categorie_autre: true }).safeParse(payload.value).success,
  })
  .transform((v) => ({ ...v, categorie_autre: v.categorie === 'Autre' ? (v.categorie_autre ?? null) : null }));
export type DepenseCreateBody = z.input<typeof depenseCreateSchema>;

/** PATCH /depenses/{id}/approve: an optional comment; no body at all is none. */
export const depenseApproveSchema = z.preprocess((v) => v ?? {}, z.object({ commentaire: optionalText(500) }));
/** PATCH /depenses/{id}/reject: the reason is required, so the filer knows why. */
export const depenseRejectSchema = z.preprocess(
  (v) => v ?? {},
  z.object({ commentaire: requiredText(DEPENSE_MESSAGES.commentaireRequired, 500) }),
);
export type DepenseDecisionBody = { commentaire?: string | null };

const personRef = z.object({ id: z.number().int(), nom: z.string(), prenom: z.string() });

export const depenseSchema = z.object({
  id: z.number().int(),
  montant: z.number(),
  numero_recu: z.string().nullable(),
  description: z.string(),
  categorie: z.enum(DEPENSE_CATEGORIES),
  categorie_autre: z.string().nullable(),
  date_depense: z.string(),
  banque_id: z.number().int(),
  statut: depenseStatutSchema,
  /** The approver's comment on his decision (the reason of a rejection). */
  commentaire: z.string().nullable(),
  date_approbation: z.string().nullable(),
  date_rejet: z.string().nullable(),
  /** The supporting file's original name (null without one); the file itself at GET /depenses/{id}/justificatif. */
  fichier_justificatif: z.string().nullable(),
  justificatif_type: z.enum(SCAN_MIME_TYPES).nullable(),
  createur: personRef,
  banque: z.object({ id: z.number().int(), nom: z.string() }),
  approbateur: personRef.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Depense = z.infer<typeof depenseSchema>;

export const DEPENSE_SORTS = ['date_depense', 'created_at', 'montant'] as const;

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

export const depenseListQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.default(20),
  search: z.string().trim().max(100).optional(),
  statut: z.preprocess(emptyAsUndefined, depenseStatutSchema.optional()),
  categorie: z.preprocess(emptyAsUndefined, choiceField(DEPENSE_CATEGORIES).optional()),
  banque_id: idField().optional(),
  sortBy: z.enum(DEPENSE_SORTS).default('date_depense'),
  sortOrder: pageQuerySchema.shape.sortOrder.default('desc'),
});
export type DepenseListQuery = z.infer<typeof depenseListQuerySchema>;
export type DepenseFilters = z.input<typeof depenseListQuerySchema>;

/** GET /depenses/stats, within the caller's scope; amounts in whole FCFA. */
export const depenseStatsSchema = z.object({
  total: z.number().int(),
  en_attente: z.number().int(),
  approuvees: z.number().int(),
  rejetees: z.number().int(),
  /** Every expense's amount, whatever its state (the spec's summary). */
  montant_total: z.number(),
  montant_approuve: z.number(),
  montant_en_attente: z.number(),
  /** The categories present, for the filter, most used first. */
  categories: z.array(z.object({ categorie: z.enum(DEPENSE_CATEGORIES), nombre: z.number().int() })),
});
export type DepenseStats = z.infer<typeof depenseStatsSchema>;

const oneDecimal = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The summary's amount (spec 3 §9): millions of FCFA with one decimal, in the French style ("12,5 M FCFA"). */
export function millionsFcfa(montant: number): string {
  return `${oneDecimal.format(Math.round(montant / 100_000) / 10)}${NBSP}M${FCFA_SUFFIX}`;
}
