import { z } from 'zod';
import { pageQuerySchema } from './api.ts';
import { idField } from './fields.ts';
import { roleSchema } from './roles.ts';

/** The audit journal (spec 3 §2.5, §3 Audit entry, §5 Audit filters, §7 Audit; decisions §5). */

/**
 * The tables the spec's filter offers, with the names the journal records (users → utilisateurs,
 * personnels → personnel), and the others the journal records.
 */
export const AUDIT_TABLES = [
  'utilisateurs',
  'sites',
  'chantiers',
  'personnel',
  'produits',
  'demandes',
  'depenses',
  'banques',
  'versements',
  'remboursements',
  'membres',
  'echeanciers',
  'settings',
  'preferences',
  'favoris',
  'sessions',
] as const;

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  created: 'Création',
  updated: 'Modification',
  deleted: 'Suppression',
  LOGIN_SUCCESS: 'Connexion',
  LOGIN_FAILED: 'Échec de connexion',
  LOGOUT: 'Déconnexion',
  PASSWORD_CHANGED: 'Mot de passe changé',
  PASSWORD_RESET_REQUESTED: 'Code de réinitialisation demandé',
  PASSWORD_RESET: 'Mot de passe réinitialisé',
  SESSION_EXTENDED: 'Session prolongée',
  SESSION_REVOKED: 'Session révoquée',
  ACCOUNT_UNLOCKED: 'Compte débloqué',
  downloaded: 'Téléchargement',
  exported: 'Export',
};

export const AUDIT_MESSAGES = {
  notFound: 'Entrée du journal non trouvée',
  loadError: 'Erreur lors du chargement des audits',
  noData: 'Aucune donnée',
  datesOrder: 'La date de fin doit suivre la date de début',
} as const;

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/** GET /audit: the spec's filters (user, table, action, date range; empty ones dropped), newest first. */
export const auditListQuerySchema = pageQuerySchema
  .extend({
    limit: pageQuerySchema.shape.limit.default(20),
    user_id: z.preprocess(emptyAsUndefined, idField().optional()),
    table_name: z.preprocess(emptyAsUndefined, z.string().trim().max(60).optional()),
    action: z.preprocess(emptyAsUndefined, z.string().trim().max(60).optional()),
    date_from: z.preprocess(emptyAsUndefined, z.iso.date().optional()),
    date_to: z.preprocess(emptyAsUndefined, z.iso.date().optional()),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    path: ['date_to'],
    message: AUDIT_MESSAGES.datesOrder,
  });
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
export type AuditFilters = z.input<typeof auditListQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  table_name: z.string(),
  record_id: z.string().nullable(),
  user_id: z.number().int().nullable(),
  membre_id: z.number().int().nullable(),
  personnel_id: z.number().int().nullable(),
  old_values: z.unknown(),
  new_values: z.unknown(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  /** Its place in the tamper-evident chain and its fingerprint (docs/decisions/0015-audit-chaine.md). */
  position: z.number().int(),
  empreinte: z.string(),
  user: z.object({ id: z.number().int(), nom: z.string(), prenom: z.string(), email: z.string() }).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /audit/stats: the tiles, and the five most active users and most audited tables of the last 30 days. */
export const auditStatsSchema = z.object({
  total_audits: z.number().int(),
  audits_today: z.number().int(),
  audits_this_week: z.number().int(),
  audits_this_month: z.number().int(),
  most_active_users: z.array(
    z.object({ user_id: z.number().int(), user_name: z.string(), audit_count: z.number().int() }),
  ),
  most_audited_tables: z.array(z.object({ table_name: z.string(), audit_count: z.number().int() })),
});
export type AuditStats = z.infer<typeof auditStatsSchema>;

/** GET /audit/users: the accounts the journal's user filter offers (those it names), found by name or e-mail. */
export const auditUsersQuerySchema = z.object({ search: z.string().trim().min(1).max(100) });
export const AUDIT_USERS_MAX = 20;
export const auditUserSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type AuditUser = z.infer<typeof auditUserSchema>;

/** The days the tops of GET /audit/stats look back over. */
export const AUDIT_TOP_DAYS = 30;
