import { z } from 'zod';
import { pageQuerySchema, paginationSchema } from './api.ts';
import { dateField, idField, intField, montantField, requiredText } from './fields.ts';
import { DUREE_MAX_MOIS, ECHEANCE_STATUTS, TRANCHES_RETARD } from './rules/echeancier.ts';

/** A member's schedule, its settlement and arrears (issue 15); the rules are in rules/echeancier.ts. */

export const retardSchema = z.object({
  montant: z.number(),
  depuis: z.string(),
  jours: z.number().int(),
  tranche: z.enum(TRANCHES_RETARD),
  penalite: z.number(),
});

export const echeanceRegleeSchema = z.object({
  numero: z.number().int(),
  date: z.string(),
  montant: z.number(),
  paye: z.number(),
  reste: z.number(),
  statut: z.enum(ECHEANCE_STATUTS),
  reglements: z.array(z.object({ versement_id: z.number().int(), montant: z.number(), date_versement: z.string() })),
});
export type EcheanceRegleeView = z.infer<typeof echeanceRegleeSchema>;

export const echeancierSchema = z.object({
  membre_id: z.number().int(),
  version: z.number().int(),
  premiere_echeance: z.string(),
  total: z.number(),
  paye: z.number(),
  reste: z.number(),
  /** Paid beyond the schedule's total. */
  excedent: z.number(),
  payees: z.number().int(),
  /** The first date may still change: no payment has been validated yet. */
  debut_modifiable: z.boolean(),
  prochaine: z.object({ numero: z.number().int(), date: z.string(), montant: z.number() }).nullable(),
  retard: retardSchema.nullable(),
  delai_grace: z.number().int(),
  taux_penalite: z.number(),
  echeances: z.array(echeanceRegleeSchema),
  historique: z.array(
    z.object({
      version: z.number().int(),
      premiere_echeance: z.string(),
      echeances: z.number().int(),
      motif: z.string().nullable(),
      cree_par: z.string().nullable(),
      created_at: z.string(),
      remplace_le: z.string().nullable(),
    }),
  ),
});
export type Echeancier = z.infer<typeof echeancierSchema>;

export const ECHEANCIER_MESSAGES = {
  debutChanged: 'Date de la première échéance modifiée',
  rescheduled: 'Échéancier réaménagé',
  debutLocked: 'La date de début ne peut plus changer\u00a0: un versement a déjà été validé',
  premiereRequired: 'La date de la première échéance est requise',
  premierePast: 'La première échéance ne peut pas être dans le passé',
  premiereBeforeKept: 'La première nouvelle échéance doit suivre la dernière échéance payée',
  oneTerm: 'Indiquez soit une nouvelle durée, soit un nouveau montant mensuel',
  dureeInvalid: 'La durée doit être comprise entre 1 et 600 mois',
  montantInvalid: 'Le montant mensuel doit être un nombre entier de FCFA supérieur à 0',
  motifRequired: 'Le motif est requis',
  nothingLeft: 'Tout l’échéancier est déjà payé\u00a0: rien à réaménager',
} as const;

export const echeancierDebutSchema = z.object({
  premiere_echeance: dateField(ECHEANCIER_MESSAGES.premiereRequired),
});
export type EcheancierDebut = z.infer<typeof echeancierDebutSchema>;

export const reechelonnementSchema = z
  .object({
    premiere_echeance: dateField(ECHEANCIER_MESSAGES.premiereRequired),
    duree: intField(ECHEANCIER_MESSAGES.dureeInvalid, { min: 1, max: DUREE_MAX_MOIS }).optional(),
    montant: montantField(ECHEANCIER_MESSAGES.montantInvalid).optional(),
    motif: requiredText(ECHEANCIER_MESSAGES.motifRequired, 500),
  })
  .refine((b) => (b.duree === undefined) !== (b.montant === undefined), {
    error: ECHEANCIER_MESSAGES.oneTerm,
    path: ['duree'],
  });
export type Reechelonnement = z.infer<typeof reechelonnementSchema>;

/** The 'Retards' screen: members in arrears on a day. */
export const retardsQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.default(25),
  /** The day the arrears are computed for (today in the company's time zone by default). */
  date: dateField('La date est requise').optional(),
  tranche: z.enum(TRANCHES_RETARD, { error: 'Tranche de retard inconnue' }).optional(),
  site_id: idField().optional(),
  gestionnaire_id: idField().optional(),
});
export type RetardsQuery = z.infer<typeof retardsQuerySchema>;

export const membreEnRetardSchema = z.object({
  membre_id: z.number().int(),
  code_esv: z.string(),
  nom: z.string(),
  prenom: z.string(),
  telephone: z.string().nullable(),
  produit: z.string().nullable(),
  site: z.object({ id: z.number().int(), nom: z.string() }).nullable(),
  gestionnaire: z.object({ id: z.number().int(), nom: z.string(), prenom: z.string() }).nullable(),
  montant_retard: z.number(),
  penalite: z.number(),
  echeance_impayee: z.string(),
  jours: z.number().int(),
  tranche: z.enum(TRANCHES_RETARD),
  dernier_versement: z.string().nullable(),
});
export type MembreEnRetard = z.infer<typeof membreEnRetardSchema>;

/** A bucket's late members and what they owe (penalties aside: they grow day by day, each member's row shows his). */
export const retardsTotalSchema = z.object({
  tranche: z.enum(TRANCHES_RETARD),
  membres: z.number().int(),
  montant: z.number(),
});

export const retardsPageSchema = z.object({
  success: z.literal(true),
  data: z.array(membreEnRetardSchema),
  pagination: paginationSchema,
  date: z.string(),
  delai_grace: z.number().int(),
  totaux: z.array(retardsTotalSchema),
});
export type RetardsPage = z.infer<typeof retardsPageSchema>;
