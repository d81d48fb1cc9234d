import { z } from 'zod';
import { pageQuerySchema } from './api.ts';
import { dateField, idField, montantField, optionalText, requiredText } from './fields.ts';

/** Payments (spec 3 §2.1, §3 Versement, §4, §5 Payment form; decisions §5). */
export const VERSEMENT_STATUTS = ['en_attente', 'valide', 'rejete'] as const;
export const versementStatutSchema = z.enum(VERSEMENT_STATUTS);
export type VersementStatut = z.infer<typeof versementStatutSchema>;

export const VERSEMENT_STATUT_LABELS: Record<VersementStatut, string> = {
  en_attente: 'En attente',
  valide: 'Validé',
  rejete: 'Rejeté',
};

export const TYPES_VERSEMENT = ['mensualite', 'apport', 'autre'] as const;
export type TypeVersement = (typeof TYPES_VERSEMENT)[number];

export const TYPE_VERSEMENT_LABELS: Record<TypeVersement, string> = {
  mensualite: 'Mensualité',
  apport: 'Apport',
  autre: 'Autre',
};

/** The receipt scan (spec 3 §9): 5 MB at most, JPEG, PNG or PDF, checked on its bytes by the server. */
export const SCAN_MAX_BYTES = 5 * 1024 * 1024;
export const SCAN_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

export const VERSEMENT_MESSAGES = {
  produitRequired: 'Veuillez sélectionner un produit',
  montantInvalid: 'Le montant doit être supérieur à 0',
  banqueRequired: 'Veuillez sélectionner une banque',
  numeroRecuRequired: 'Le numéro de reçu est requis',
  dateRecuRequired: 'La date de reçu est requise',
  membreRequired: 'Veuillez sélectionner un membre',
  dateVersementRequired: 'La date de versement est requise',
  typeInvalid: 'Type de versement invalide',
  scanTooLarge: 'Le fichier ne doit pas dépasser 5MB',
  scanType: 'Seuls les fichiers PDF, JPG et PNG sont autorisés',
  oneScan: 'Un seul reçu scanné par versement',
  notFound: 'Versement non trouvé',
  membreNotFound: 'Membre non trouvé',
  replayDeleted: 'Le versement enregistré avec cette clé d’idempotence a été supprimé depuis.',
  scanNotFound: 'Ce versement n’a pas de reçu scanné',
  created: 'Versement créé avec succès',
  validated: 'Versement validé avec succès',
  rejected: 'Versement rejeté',
  deleted: 'Versement supprimé avec succès',
  loadError: 'Erreur lors du chargement des versements',
  alreadyDecided: 'Ce versement a déjà été traité : il n’est plus en attente.',
  ownDeclaration:
    'Vous ne pouvez pas valider un versement que vous avez vous-même déclaré : un autre valideur doit le faire.',
  alreadyRefunded: 'Ce versement ne peut plus être supprimé : le membre a déjà été remboursé de ce qu’il a payé.',
  recuTaken: 'Ce numéro de reçu a déjà été déclaré pour cette banque',
  produitNotMembre: 'Ce produit n’est pas celui du membre',
  membreWithoutProduit: 'Ce membre n’a pas encore de produit',
  banqueInactive: 'Cette banque n’est pas active : choisissez-en une autre',
  idempotencyReused: 'Cette clé d’idempotence a déjà servi pour un autre versement.',
  idempotencyInvalid: 'En-tête Idempotency-Key invalide (1 à 100 caractères visibles).',
} as const;

const commonFields = {
  produit_id: idField(VERSEMENT_MESSAGES.produitRequired),
  montant: montantField(VERSEMENT_MESSAGES.montantInvalid),
  type_versement: z.enum(TYPES_VERSEMENT, { error: VERSEMENT_MESSAGES.typeInvalid }).default('mensualite'),
  banque_id: idField(VERSEMENT_MESSAGES.banqueRequired),
  numero_recu: requiredText(VERSEMENT_MESSAGES.numeroRecuRequired, 50),
  date_recu: dateField(VERSEMENT_MESSAGES.dateRecuRequired),
  commentaire: optionalText(1000),
};

/** POST /versements by a membre: he files for himself; the payment date is the receipt's unless given. */
export const versementMembreSchema = z.object({
  ...commonFields,
  date_versement: dateField(VERSEMENT_MESSAGES.dateVersementRequired).optional(),
});

/** POST /versements by a gestionnaire: for one of his clients, with the payment date. */
export const versementGestionnaireSchema = z.object({
  ...commonFields,
  membre_id: idField(VERSEMENT_MESSAGES.membreRequired),
  date_versement: dateField(VERSEMENT_MESSAGES.dateVersementRequired),
});

/** The body as the API documents it (JSON, or multipart with the `scan_recu` file). */
export const versementCreateSchema = z.object({
  ...commonFields,
  membre_id: idField(VERSEMENT_MESSAGES.membreRequired)
    .optional()
    .describe('Requis pour un gestionnaire (un de ses clients) ; un membre déclare pour lui-même'),
  date_versement: dateField(VERSEMENT_MESSAGES.dateVersementRequired)
    .optional()
    .describe('Requise pour un gestionnaire ; pour un membre, la date du reçu par défaut'),
});
export type VersementCreateBody = z.input<typeof versementCreateSchema>;

/** PATCH /versements/{id}/reject: an optional reason (spec 3 §2.1); no body at all is no reason. */
export const versementRejectSchema = z.preprocess((v) => v ?? {}, z.object({ motif: optionalText(500) }));
export type VersementRejectBody = z.input<typeof versementRejectSchema>;

const personRef = z.object({ id: z.number().int(), nom: z.string(), prenom: z.string() });

export const versementSchema = z.object({
  id: z.number().int(),
  membre_id: z.number().int(),
  produit_id: z.number().int(),
  banque_id: z.number().int(),
  montant: z.number(),
  type_versement: z.enum(TYPES_VERSEMENT),
  numero_recu: z.string(),
  date_recu: z.string(),
  date_versement: z.string(),
  /** The scan's original file name (null without one); the file itself at GET /versements/{id}/scan. */
  scan_recu: z.string().nullable(),
  scan_type: z.enum(SCAN_MIME_TYPES).nullable(),
  commentaire: z.string().nullable(),
  statut: versementStatutSchema,
  date_validation: z.string().nullable(),
  date_rejet: z.string().nullable(),
  motif: z.string().nullable(),
  membre: z.object({ id: z.number().int(), nom: z.string(), prenom: z.string(), code_esv: z.string() }),
  produit: z.object({ id: z.number().int(), titre: z.string(), type: z.string(), prix: z.number() }),
  banque: z.object({ id: z.number().int(), nom: z.string() }),
  /** Who declared it (the four-eyes rule: someone else validates). */
  declare_par: personRef.nullable(),
  traite_par: personRef.nullable(),
  created_at: z.string(),
});
export type Versement = z.infer<typeof versementSchema>;

export const VERSEMENT_SORTS = ['created_at', 'date_versement', 'montant'] as const;

export const versementListQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.default(20),
  search: z.string().trim().max(100).optional(),
  statut: z.preprocess((v) => (v === '' ? undefined : v), versementStatutSchema.optional()),
  type_versement: z.preprocess((v) => (v === '' ? undefined : v), z.enum(TYPES_VERSEMENT).optional()),
  produit_id: idField().optional(),
  banque_id: idField().optional(),
  membre_id: idField().optional(),
  date_debut: z.iso.date().optional(),
  date_fin: z.iso.date().optional(),
  sortBy: z.enum(VERSEMENT_SORTS).default('created_at'),
  sortOrder: pageQuerySchema.shape.sortOrder.default('desc'),
});
export type VersementListQuery = z.infer<typeof versementListQuerySchema>;
export type VersementFilters = z.input<typeof versementListQuerySchema>;

/** GET /versements/stats, within the caller's scope; amounts in whole FCFA. */
export const versementStatsSchema = z.object({
  total_versements: z.number().int(),
  versements_en_attente: z.number().int(),
  versements_valides: z.number().int(),
  versements_rejetes: z.number().int(),
  /** What was validated: money received. */
  montant_total: z.number(),
  montant_en_attente: z.number(),
});
export type VersementStats = z.infer<typeof versementStatsSchema>;

/**
 * The repartition bar (spec 3 §2.1): the share of validated, pending and rejected payments,
 * each rounded to a whole percent (0 for all when there is none).
 */
export function versementRepartition(
  stats: Pick<VersementStats, 'versements_valides' | 'versements_en_attente' | 'versements_rejetes'>,
): Record<VersementStatut, number> {
  const total = stats.versements_valides + stats.versements_en_attente + stats.versements_rejetes;
  const pct = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 100));
  return {
    valide: pct(stats.versements_valides),
    en_attente: pct(stats.versements_en_attente),
    rejete: pct(stats.versements_rejetes),
  };
}
