import { z } from 'zod';
import { pageQuerySchema } from './api.ts';
import { idField, intField, montantField, optionalText, requiredText } from './fields.ts';
import { formatFCFA } from './format.ts';
import { SCAN_MIME_TYPES } from './versements.ts';

/** Refunds (spec 3 §2.3, §3 Remboursement, §4, §5 Reimbursement form; decisions §5). */
export const REMBOURSEMENT_STATUTS = ['en_attente', 'approuve', 'rejete'] as const;
export const remboursementStatutSchema = z.enum(REMBOURSEMENT_STATUTS);
export type RemboursementStatut = z.infer<typeof remboursementStatutSchema>;

export const REMBOURSEMENT_STATUT_LABELS: Record<RemboursementStatut, string> = {
  en_attente: 'En attente',
  approuve: 'Approuvé',
  rejete: 'Rejeté',
};

/** The reimbursement page's size (spec 3 §9). */
export const REMBOURSEMENT_PAGE_SIZE = 10;

export const REMBOURSEMENT_MESSAGES = {
  requiredFields: 'Veuillez remplir tous les champs obligatoires',
  membreRequired: 'Veuillez sélectionner un membre',
  montantInvalid: 'Le montant doit être supérieur à 0',
  raisonRequired: 'La raison est requise',
  decisionRequired: 'Choisissez d’approuver ou de rejeter la demande',
  commentaireRequired: 'Un commentaire est requis pour rejeter une demande',
  notFound: 'Remboursement non trouvé',
  membreNotFound: 'Membre non trouvé',
  justificatifNotFound: 'Cette demande n’a pas de justificatif',
  alreadyDecided: 'Cette demande a déjà été traitée : elle n’est plus en attente.',
  onlyPendingCancel: 'Seule une demande en attente peut être annulée.',
  ownFiling:
    'Vous ne pouvez pas approuver une demande que vous avez vous-même déposée : un autre responsable doit le faire.',
  noPrincipal: 'Aucune banque principale : désignez-en une avant d’approuver un remboursement.',
  nothingToRefund: 'Ce membre n’a aucun montant remboursable.',
  paidTotalChanged: 'Le total payé par le membre ne couvre plus ce remboursement : il ne peut pas être approuvé.',
  totalRaison: 'Remboursement total : sortie du programme',
  cancelConfirm: 'Êtes-vous sûr de vouloir annuler cette demande de remboursement ?',
  created: 'Demande de remboursement créée',
  approved: 'Remboursement approuvé : la banque principale a été débitée',
  rejected: 'Remboursement rejeté',
  cancelled: 'Demande de remboursement annulée',
  totalCreated: 'Demande de remboursement total créée',
  loadError: 'Erreur lors du chargement des remboursements',
  createError: 'Erreur lors de la création du remboursement',
  processError: 'Erreur lors du traitement du remboursement',
  cancelError: 'Erreur lors de l’annulation du remboursement',
  totalError: 'Erreur lors du remboursement total',
  unknown: 'Erreur inconnue',
} as const;

/** A refund asks at most what the member has paid, net of refunds approved or still pending. */
export const montantExceedsMessage = (remboursable: number) =>
  `Le montant demandé dépasse ce qui peut être remboursé au membre (${formatFCFA(remboursable)} au plus).`;

/**
 * POST /remboursements (JSON, or multipart with the `fichier_justificatif` file). A member files
 * for himself (`membre_id` ignored); a processor names the member. Whole FCFA (decisions §5).
 */
export const remboursementCreateSchema = z.object({
  membre_id: idField(REMBOURSEMENT_MESSAGES.membreRequired)
    .optional()
    .describe('Requis pour un responsable ; un membre demande pour lui-même'),
  montant: montantField(REMBOURSEMENT_MESSAGES.montantInvalid),
  raison: requiredText(REMBOURSEMENT_MESSAGES.raisonRequired, 500),
  commentaire: optionalText(1000),
});
export type RemboursementCreateBody = z.input<typeof remboursementCreateSchema>;

/** PUT /remboursements/{id}/traiter: approve or reject; a rejection says why. */
export const remboursementTraiterSchema = z
  .object({
    statut: z.enum(['approuve', 'rejete'], { error: REMBOURSEMENT_MESSAGES.decisionRequired }),
    commentaire: optionalText(1000),
  })
  .superRefine((v, ctx) => {
    if (v.statut === 'rejete' && !v.commentaire) {
      ctx.addIssue({ code: 'custom', path: ['commentaire'], message: REMBOURSEMENT_MESSAGES.commentaireRequired });
    }
  });
export type RemboursementTraiterBody = z.input<typeof remboursementTraiterSchema>;

const personRef = z.object({ id: z.number().int(), nom: z.string(), prenom: z.string() });

export const remboursementSchema = z.object({
  id: z.number().int(),
  membre_id: z.number().int(),
  montant: z.number(),
  raison: z.string(),
  /** The requester's comment. */
  commentaire: z.string().nullable(),
  /** The supporting file's original name; the file itself at GET /remboursements/{id}/justificatif. */
  fichier_justificatif: z.string().nullable(),
  justificatif_type: z.enum(SCAN_MIME_TYPES).nullable(),
  statut: remboursementStatutSchema,
  /** The processor's comment (required on a rejection). */
  commentaire_traitement: z.string().nullable(),
  date_creation: z.string(),
  date_traitement: z.string().nullable(),
  traite_par: z.number().int().nullable(),
  traitant: personRef.nullable(),
  depose_par: personRef.nullable(),
  /** The bank debited: the principal bank at approval. */
  banque: z.object({ id: z.number().int(), nom: z.string() }).nullable(),
  membre: z.object({
    id: z.number().int(),
    nom: z.string(),
    prenom: z.string(),
    email: z.string(),
    code_esv: z.string(),
  }),
});
export type Remboursement = z.infer<typeof remboursementSchema>;

export const remboursementListQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.default(REMBOURSEMENT_PAGE_SIZE),
  membre_id: idField().optional(),
  statut: z.preprocess((v) => (v === '' ? undefined : v), remboursementStatutSchema.optional()),
  sortBy: z.enum(['date_creation', 'montant']).default('date_creation'),
  sortOrder: pageQuerySchema.shape.sortOrder.default('desc'),
});
export type RemboursementListQuery = z.infer<typeof remboursementListQuerySchema>;
export type RemboursementFilters = z.input<typeof remboursementListQuerySchema>;

/** GET /remboursements/stats, within the caller's scope (the four tiles); amounts in whole FCFA. */
export const remboursementStatsSchema = z.object({
  total: z.number().int(),
  en_attente: z.number().int(),
  approuves: z.number().int(),
  rejetes: z.number().int(),
  montant_approuve: z.number(),
  montant_en_attente: z.number(),
});
export type RemboursementStats = z.infer<typeof remboursementStatsSchema>;

/** GET /remboursements/membres: the members a processor may file for, with what may still be refunded. */
export const remboursementMembresQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  limit: intField(undefined, { min: 1, max: 50 }).default(20),
});
export const remboursementMembreSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  code_esv: z.string(),
  montant_deja_paye: z.number(),
  /** Paid total less the refunds still pending: what a new request may ask at most. */
  montant_remboursable: z.number(),
});
export type RemboursementMembre = z.infer<typeof remboursementMembreSchema>;
