import { z } from 'zod';

/**
 * Application settings (spec 2 §3, ranges §5, defaults §9), stored on the server by group.
 * Every value shown is enforced by the server or the app (decisions §5).
 */
export const generalSettingsSchema = z.object({
  companyName: z.string().trim().min(1).max(120).default('Autopromotion Immobilière'),
  slogan: z.string().trim().max(200).default("Société d'Autopromotion Immobilière"),
  // Contact details are empty until an admin (or the demo seed) fills them in.
  address: z.string().trim().max(300).default(''),
  phone: z.string().trim().max(40).default(''),
  email: z.string().trim().email().or(z.literal('')).default(''),
  currency: z.enum(['FCFA', 'EUR', 'USD']).default('FCFA'),
  language: z.enum(['fr', 'en']).default('fr'),
  timezone: z.string().trim().min(1).default('Africa/Abidjan'),
});

export const securitySettingsSchema = z.object({
  sessionTimeout: z.number().int().min(5).max(120).default(30),
  passwordMinLength: z.number().int().min(6).max(20).default(8),
  requireSpecialChars: z.boolean().default(true),
  loginAttempts: z.number().int().min(3).max(10).default(5),
});

export const systemSettingsSchema = z.object({
  logLevel: z.enum(['error', 'warn', 'info', 'debug']).default('info'),
  logRetention: z.number().int().min(1).max(365).default(30),
  maintenanceMode: z.boolean().default(false),
  apiRateLimit: z.number().int().min(100).max(10000).default(1000),
});

export const settingsSchema = z.object({
  general: generalSettingsSchema.prefault({}),
  security: securitySettingsSchema.prefault({}),
  system: systemSettingsSchema.prefault({}),
});
export type Settings = z.infer<typeof settingsSchema>;
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
export type SettingsGroup = keyof Settings;
export const SETTINGS_GROUPS = ['general', 'security', 'system'] as const satisfies readonly SettingsGroup[];

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

/** What any signed-in person may read: the company's contact details and the session rules. */
export const publicSettingsSchema = z.object({
  general: generalSettingsSchema,
  security: securitySettingsSchema.pick({ sessionTimeout: true, passwordMinLength: true, requireSpecialChars: true }),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
