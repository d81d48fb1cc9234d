import { z } from 'zod';
import { comptabiliteSettingsSchema, DEFAULT_COMPTABILITE } from './comptabilite.ts';
import { FREQUENCES_SAUVEGARDE, RETENTION_SAUVEGARDES } from './sauvegardes.ts';

/**
 * Application settings (spec 2 §3, ranges §5, defaults §9), stored on the server by group.
 * Only settings that are enforced are kept (decisions §5): currency is always FCFA (§6), the
 * interface is French only, and the audit journal is append-only, so no currency, language or
 * log retention setting is offered (docs/decisions/0016-settings.md). The time zone and the
 * monthly collection target feed the dashboard's month.
 */

/** The company's time zone: where "this month" starts and ends. Côte d’Ivoire for the demo company. */
export const TIME_ZONES = [
  'Africa/Abidjan',
  'Africa/Bamako',
  'Africa/Brazzaville',
  'Africa/Conakry',
  'Africa/Dakar',
  'Africa/Douala',
  'Africa/Kinshasa',
  'Africa/Lagos',
  'Africa/Libreville',
  'Africa/Lome',
  'Africa/Niamey',
  'Africa/Ouagadougou',
  'Africa/Porto-Novo',
] as const;
export type TimeZone = (typeof TIME_ZONES)[number];

/** The spec's ranges (§5) and the target's, which the form's fields and the server's checks share. */
export const SETTINGS_RANGES = {
  sessionTimeout: { min: 5, max: 120 },
  passwordMinLength: { min: 6, max: 20 },
  loginAttempts: { min: 3, max: 10 },
  apiRateLimit: { min: 100, max: 10_000 },
  /** Whole FCFA, up to a thousand billion; 0: no target set. */
  monthlyTarget: { min: 0, max: 1_000_000_000_000 },
  graceDays: { min: 0, max: 30 },
  /** Days a read notification, its e-mail settled, is kept. */
  logRetention: { min: 7, max: 365 },
} as const;

/** A whole number within its range, one French message for anything else. */
function wholeNumber({ min, max }: { min: number; max: number }, message: string) {
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

const generalSchema = z.object({
  companyName: z.string().trim().min(1).max(120),
  slogan: z.string().trim().max(200),
  address: z.string().trim().max(300),
  phone: z.string().trim().max(40),
  email: z.union([z.string().trim().email(), z.literal('')]),
  timeZone: z.enum(TIME_ZONES, { error: 'Fuseau horaire inconnu' }),
  /** 'Objectif mensuel d’encaissement', whole FCFA; 0: no target set. */
  monthlyTarget: wholeNumber(
    SETTINGS_RANGES.monthlyTarget,
    'L’objectif mensuel est un montant entier de 0 à 1\u202f000\u202f000\u202f000\u202f000\u00a0FCFA',
  ),
});

const securitySchema = z.object({
  sessionTimeout: wholeNumber(
    SETTINGS_RANGES.sessionTimeout,
    'Le délai d’inactivité doit être compris entre 5 et 120 minutes',
  ),
  passwordMinLength: wholeNumber(
    SETTINGS_RANGES.passwordMinLength,
    'La longueur minimale doit être comprise entre 6 et 20 caractères',
  ),
  requireSpecialChars: z.boolean(),
  loginAttempts: wholeNumber(SETTINGS_RANGES.loginAttempts, 'Le nombre de tentatives doit être compris entre 3 et 10'),
  /** Two-factor sign-in required of the admin and comptable accounts (decision 0028), offered to the others. */
  twoFactorAuth: z.boolean(),
});

/** The server's log level; 'debug' is the spec's debug mode. */
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;

/** 'HH:MM', 00:00 to 23:59. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

const systemSchema = z.object({
  logLevel: z.enum(LOG_LEVELS, { error: 'Niveau de journalisation inconnu' }),
  maintenanceMode: z.boolean(),
  apiRateLimit: wholeNumber(
    SETTINGS_RANGES.apiRateLimit,
    'La limite doit être comprise entre 100 et 10\u202f000 requêtes par heure',
  ),
  /** Backups (issue 24): on the schedule below, in the company's time zone, the newest kept. */
  backupEnabled: z.boolean(),
  backupFrequency: z.enum(FREQUENCES_SAUVEGARDE, { error: 'Fréquence de sauvegarde inconnue' }),
  backupTime: z.string().regex(TIME_OF_DAY, { error: 'L’heure de sauvegarde s’écrit HH:MM, de 00:00 à 23:59' }),
  backupRetention: wholeNumber(
    RETENTION_SAUVEGARDES,
    'Le nombre de sauvegardes conservées doit être compris entre 1 et 365',
  ),
  /** The nightly purge of dead sessions and expired codes (issue 26). */
  sessionCleanup: z.boolean(),
  /** The nightly purge of the notifications read and settled, after so many days (issue 26). */
  logRetention: wholeNumber(
    SETTINGS_RANGES.logRetention,
    'La durée de conservation doit être comprise entre 7 et 365 jours',
  ),
});

/**
 * Collection of instalments (issue 15): days of grace before an instalment counts as late, the
 * optional late-payment penalty (% of the late instalment per month started, 0: off), the
 * reminders' e-mails and the monthly statements' e-mails.
 */
const recouvrementSchema = z.object({
  graceDays: wholeNumber(SETTINGS_RANGES.graceDays, 'Le délai de grâce doit être compris entre 0 et 30 jours'),
  penaltyRate: z
    .number({ error: 'Le taux de pénalité doit être compris entre 0 et 10\u00a0%' })
    .min(0, { error: 'Le taux de pénalité doit être compris entre 0 et 10\u00a0%' })
    .max(10, { error: 'Le taux de pénalité doit être compris entre 0 et 10\u00a0%' })
    .multipleOf(0.01, { error: 'Le taux de pénalité a au plus deux décimales' }),
  reminders: z.boolean(),
  monthlyStatements: z.boolean(),
});

export const settingsSchema = z.object({
  general: generalSchema,
  security: securitySchema,
  system: systemSchema,
  recouvrement: recouvrementSchema,
  comptabilite: comptabiliteSettingsSchema,
});
export type Settings = z.infer<typeof settingsSchema>;
export type SecuritySettings = z.infer<typeof securitySchema>;
export type RecouvrementSettings = z.infer<typeof recouvrementSchema>;
export const SETTINGS_GROUPS = [
  'general',
  'security',
  'system',
  'recouvrement',
  'comptabilite',
] as const satisfies readonly (keyof Settings)[];
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

/** The answer to a saved change of the settings or of one's preferences (spec 2 §7). */
export const SETTINGS_SAVED = 'Paramètres sauvegardés avec succès\u202f!';

/** A change: any subset of any group. */
export const settingsPatchSchema = z.object({
  general: generalSchema.partial().optional(),
  security: securitySchema.partial().optional(),
  system: systemSchema.partial().optional(),
  recouvrement: recouvrementSchema.partial().optional(),
  comptabilite: comptabiliteSettingsSchema.partial().optional(),
});
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

export const DEFAULT_SETTINGS: Settings = {
  general: {
    companyName: 'Autopromotion Immobilière',
    slogan: 'Société d’Autopromotion Immobilière',
    // Contact details stay empty until an admin (or the demo seed) fills them in.
    address: '',
    phone: '',
    email: '',
    timeZone: 'Africa/Abidjan',
    monthlyTarget: 0,
  },
  security: {
    sessionTimeout: 30,
    passwordMinLength: 8,
    requireSpecialChars: true,
    loginAttempts: 5,
    twoFactorAuth: false,
  },
  system: {
    logLevel: 'info',
    maintenanceMode: false,
    apiRateLimit: 1000,
    // The original's default: every day at 02:00.
    backupEnabled: true,
    backupFrequency: 'daily',
    backupTime: '02:00',
    backupRetention: 14,
    sessionCleanup: true,
    logRetention: 90,
  },
  recouvrement: { graceDays: 0, penaltyRate: 0, reminders: true, monthlyStatements: false },
  comptabilite: DEFAULT_COMPTABILITE,
};

/** Stored or patched values laid over a base, group by group. */
export function mergeSettings(base: Settings, patch: SettingsPatch | Record<string, unknown>): Settings {
  const p = patch as SettingsPatch;
  return settingsSchema.parse({
    general: { ...base.general, ...p.general },
    security: { ...base.security, ...p.security },
    system: { ...base.system, ...p.system },
    recouvrement: { ...base.recouvrement, ...p.recouvrement },
    comptabilite: { ...base.comptabilite, ...p.comptabilite },
  });
}

/** What anyone may read, even before signing in: company contact details and password rules (not the target). */
export const publicSettingsSchema = z.object({
  general: generalSchema.omit({ monthlyTarget: true }),
  security: securitySchema.pick({ sessionTimeout: true, passwordMinLength: true, requireSpecialChars: true }),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
