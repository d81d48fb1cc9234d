import { z } from 'zod';
import { intField } from './fields.ts';
import type { StaffRole } from './personnel.ts';
import { type Role, STAFF_ROLES } from './roles.ts';
import { TIME_OF_DAY } from './settings.ts';

/**
 * Staff notifications (issue 26, spec 2 §6 'Notifications', docs/decisions/0027-notifications.md):
 * each event is stored per recipient, shown in the header's bell and, by the recipient's own
 * choices, sent by e-mail at once or in a digest, never during his quiet hours.
 */
export const NOTIFICATION_TYPES = [
  'demande',
  'versement',
  'depense',
  'remboursement',
  'compte',
  'securite',
  'maintenance',
  'systeme',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const EMAIL_FREQUENCIES = ['immediate', 'hourly', 'daily', 'weekly'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];

export const EMAIL_FREQUENCY_LABELS: Record<EmailFrequency, string> = {
  immediate: 'Immédiatement',
  hourly: 'Un résumé par heure',
  daily: 'Un résumé par jour (8 h)',
  weekly: 'Un résumé par semaine (lundi 8 h)',
};

/**
 * One account's choices. The SMS switch of the spec waits for an SMS gateway (a later issue):
 * nothing could send one, so it is not offered.
 */
export const notificationPrefsSchema = z.object({
  emailEnabled: z.boolean(),
  pushEnabled: z.boolean(),
  soundEnabled: z.boolean(),
  newDemande: z.boolean(),
  newVersement: z.boolean(),
  newUtilisateur: z.boolean(),
  systemAlerts: z.boolean(),
  maintenanceAlerts: z.boolean(),
  securityAlerts: z.boolean(),
  emailFrequency: z.enum(EMAIL_FREQUENCIES, { error: 'Fréquence inconnue' }),
  quietHours: z.boolean(),
  quietStart: z.string().regex(TIME_OF_DAY, { error: 'L’heure de début s’écrit HH:MM, de 00:00 à 23:59' }),
  quietEnd: z.string().regex(TIME_OF_DAY, { error: 'L’heure de fin s’écrit HH:MM, de 00:00 à 23:59' }),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = {
  emailEnabled: true,
  pushEnabled: false,
  soundEnabled: false,
  newDemande: true,
  newVersement: true,
  newUtilisateur: true,
  systemAlerts: true,
  maintenanceAlerts: true,
  securityAlerts: true,
  emailFrequency: 'immediate',
  quietHours: false,
  quietStart: '22:00',
  quietEnd: '07:00',
};

/** The per-event switch that lets each type through; off, the recipient is not told at all. */
export const NOTIFICATION_SWITCH: Record<NotificationType, keyof NotificationPrefs> = {
  demande: 'newDemande',
  versement: 'newVersement',
  depense: 'newVersement',
  remboursement: 'newVersement',
  compte: 'newUtilisateur',
  securite: 'securityAlerts',
  maintenance: 'maintenanceAlerts',
  systeme: 'systemAlerts',
};

/**
 * The staff roles each type may reach (docs/decisions/0027): a gestionnaire only for his own
 * members' payments and refunds, every staff member for his own account's security.
 */
export const NOTIFICATION_ROLES: Record<NotificationType, readonly StaffRole[]> = {
  demande: ['admin', 'gestionnaire'],
  versement: ['comptable', 'gestionnaire'],
  depense: ['admin', 'comptable'],
  remboursement: ['admin', 'comptable', 'gestionnaire'],
  compte: ['admin'],
  securite: STAFF_ROLES,
  maintenance: STAFF_ROLES,
  systeme: ['admin'],
};

/** The switches that matter to a role: those of the types that may reach it, in the labels' order. */
export function notificationSwitchesOf(role: Role): (keyof typeof NOTIFICATION_SWITCH_LABELS)[] {
  const reaching = NOTIFICATION_TYPES.filter((type) => (NOTIFICATION_ROLES[type] as readonly Role[]).includes(role));
  return (Object.keys(NOTIFICATION_SWITCH_LABELS) as (keyof typeof NOTIFICATION_SWITCH_LABELS)[]).filter((key) =>
    reaching.some((type) => NOTIFICATION_SWITCH[type] === key),
  );
}

export const NOTIFICATION_SWITCH_LABELS: Record<
  'newDemande' | 'newVersement' | 'newUtilisateur' | 'securityAlerts' | 'maintenanceAlerts' | 'systemAlerts',
  { label: string; description: string }
> = {
  newDemande: { label: 'Nouvelles demandes', description: 'Une demande d’inscription arrive' },
  newVersement: {
    label: 'Argent à traiter',
    description: 'Un versement à valider, une dépense ou un remboursement à décider',
  },
  newUtilisateur: { label: 'Nouveaux comptes', description: 'Un compte est créé' },
  securityAlerts: {
    label: 'Alertes de sécurité',
    description: 'Un compte bloqué, un mot de passe réinitialisé, une connexion depuis une nouvelle adresse',
  },
  maintenanceAlerts: { label: 'Maintenance', description: 'Le mode maintenance est activé ou désactivé' },
  systemAlerts: { label: 'Alertes système', description: 'Une tâche ou une sauvegarde a échoué' },
};

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  titre: z.string(),
  message: z.string(),
  /** The screen of the object it tells of, a path of the web app; null when there is none. */
  lien: z.string().nullable(),
  lue: z.boolean(),
  /** ISO time. */
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** A page of the bell: 10 by default, at most 50. */
export const notificationsQuerySchema = z.object({
  non_lues: z
    .enum(['true', 'false'], { error: 'non_lues vaut true ou false' })
    .optional()
    .transform((v) => v === 'true'),
  page: intField(undefined, { min: 1 }).default(1),
  limit: intField(undefined, { min: 1, max: 50 }).default(10),
});

/** Counts stop here: the bell shows « 99+ » long before. */
export const NOTIFICATIONS_COUNT_CAP = 1000;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification introuvable',
  read: 'Notification marquée comme lue',
  allRead: 'Toutes les notifications sont marquées comme lues',
} as const;

/** The hour of the day a daily or weekly digest goes, in the company's time zone. */
export const DIGEST_HOUR = 8;
