import { z } from 'zod';
import { echeancierSchema } from './echeanciers.ts';
import { roleSchema } from './roles.ts';

/**
 * GET /dashboard: the whole 'Tableau de bord' of the caller's role in one answer (spec 1 §2.7, §9;
 * issue 14). Every figure is computed from the data; a part the role does not see is null.
 */

/** A figure; `to` opens the list it counts, filtered. */
const figureSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number(),
  unit: z.enum(['nombre', 'fcfa', 'pourcent']),
  to: z.string().nullable(),
});
export type DashboardFigure = z.infer<typeof figureSchema>;

export const ACTIVITY_PRIORITIES = ['urgent', 'normal', 'faible'] as const;
export type ActivityPriority = (typeof ACTIVITY_PRIORITIES)[number];
/** Spec 1 §9: rejected items are urgent, validated ones normal, pending ones low. */
export const ACTIVITY_PRIORITY_LABELS: Record<ActivityPriority, string> = {
  urgent: 'Urgent',
  normal: 'Normal',
  faible: 'Faible',
};

export const ACTIVITY_SOURCES = ['demande', 'versement', 'depense', 'remboursement', 'chantier', 'personnel'] as const;

const activitySchema = z.object({
  key: z.string(),
  source: z.enum(ACTIVITY_SOURCES),
  title: z.string(),
  detail: z.string(),
  at: z.string(),
  priority: z.enum(ACTIVITY_PRIORITIES),
  to: z.string().nullable(),
});
export type DashboardActivity = z.infer<typeof activitySchema>;

/** Spec 1 §9: completion up at 70 % or more, a warning at 40 % or more, otherwise down. */
export const COMPLETION_TRENDS = ['hausse', 'attention', 'baisse'] as const;
export type CompletionTrend = (typeof COMPLETION_TRENDS)[number];
export function completionTrend(rate: number): CompletionTrend {
  if (rate >= 70) return 'hausse';
  if (rate >= 40) return 'attention';
  return 'baisse';
}

const performanceSchema = z.object({
  /** Chantiers finished this month. */
  chantiersTraites: z.number(),
  chantiersTotal: z.number(),
  chantiersTermines: z.number(),
  gestionnairesActifs: z.number(),
  gestionnairesTotal: z.number(),
  /** Finished ÷ all chantiers, in whole percent. */
  tauxCompletion: z.number(),
  tendance: z.enum(COMPLETION_TRENDS),
});

const financeSchema = z.object({
  /** Payments validated this month. */
  encaisseMois: z.number(),
  /** The settings' monthly target; null when none is set. */
  objectifMensuel: z.number().nullable(),
  /** Collected ÷ target, in whole percent; null without a target. */
  tauxObjectif: z.number().nullable(),
  depensesMois: z.number(),
  remboursementsMois: z.number(),
});

/** Spec 1 §9's alerts. */
export const ALERT_KEYS = [
  'chantiers_retard',
  'gestionnaires_inactifs',
  'audit_eleve',
  'sauvegarde_echec',
  'sauvegarde_absente',
] as const;
/** 'Activité d'audit élevée' past this many journal entries in the last hour. */
export const AUDIT_ALERT_THRESHOLD = 10;

const alertSchema = z.object({
  key: z.enum(ALERT_KEYS),
  title: z.string(),
  message: z.string(),
  to: z.string().nullable(),
});
export type DashboardAlert = z.infer<typeof alertSchema>;

const monthSchema = z.object({
  /** YYYY-MM */
  mois: z.string(),
  versements: z.number(),
  depenses: z.number(),
});
export type DashboardMonth = z.infer<typeof monthSchema>;

/** A member's own account. */
const compteSchema = z.object({
  codeEsv: z.string(),
  produit: z.object({ id: z.number(), nom: z.string(), prix: z.number() }).nullable(),
  engagementMensuel: z.number(),
  dureePaiement: z.number(),
  montantTotal: z.number(),
  dejaPaye: z.number(),
  reste: z.number(),
  /** Paid ÷ total, in whole percent. */
  progression: z.number(),
  /** His schedule settled by his payments: next instalment, arrears, every instalment's status. */
  echeancier: echeancierSchema.nullable(),
  derniersVersements: z.array(
    z.object({ id: z.number(), montant: z.number(), date: z.string(), statut: z.string(), type: z.string() }),
  ),
});
export type DashboardCompte = z.infer<typeof compteSchema>;

/** A demandeur's own registration requests (by his account's e-mail). */
const demandeSchema = z.object({
  id: z.number(),
  date: z.string(),
  statut: z.string(),
  produit: z.string().nullable(),
});

export const dashboardSchema = z.object({
  role: roleSchema,
  /** What waits for the role, first. */
  attente: z.array(figureSchema),
  cartes: z.array(figureSchema),
  activite: z.array(activitySchema),
  performance: performanceSchema.nullable(),
  finance: financeSchema.nullable(),
  alertes: z.array(alertSchema).nullable(),
  /** The last 12 months, oldest first. */
  graphique: z.array(monthSchema).nullable(),
  compte: compteSchema.nullable(),
  demandes: z.array(demandeSchema).nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** At most this many recent activities (spec 1 §9). */
export const ACTIVITY_MAX = 8;
