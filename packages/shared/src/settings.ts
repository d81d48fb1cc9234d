import { z } from 'zod';

/**
 * Application settings (spec 2 §3, ranges §5, defaults §9), stored on the server by group.
 * Only settings that are enforced are kept (decisions §5): currency is always FCFA (§6), the
 * interface is French only, and the audit journal is append-only, so no currency, language,
 * time zone or log retention setting is offered.
 */
const generalSchema = z.object({
  companyName: z.string().trim().min(1).max(120),
  slogan: z.string().trim().max(200),
  address: z.string().trim().max(300),
  phone: z.string().trim().max(40),
  email: z.union([z.string().trim().email(), z.literal('')]),
});

const securitySchema = z.object({
  sessionTimeout: z.number().int().min(5).max(120),
  passwordMinLength: z.number().int().min(6).max(20),
  requireSpecialChars: z.boolean(),
  loginAttempts: z.number().int().min(3).max(10),
});

const systemSchema = z.object({
  logLevel: z.enum(['error', 'warn', 'info', 'debug']),
  maintenanceMode: z.boolean(),
  apiRateLimit: z.number().int().min(100).max(10000),
});

export const settingsSchema = z.object({ general: generalSchema, security: securitySchema, system: systemSchema });
export type Settings = z.infer<typeof settingsSchema>;
export type SecuritySettings = z.infer<typeof securitySchema>;
export const SETTINGS_GROUPS = ['general', 'security', 'system'] as const satisfies readonly (keyof Settings)[];

/** A change: any subset of any group. */
export const settingsPatchSchema = z.object({
  general: generalSchema.partial().optional(),
  security: securitySchema.partial().optional(),
  system: systemSchema.partial().optional(),
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
  },
  security: { sessionTimeout: 30, passwordMinLength: 8, requireSpecialChars: true, loginAttempts: 5 },
  system: { logLevel: 'info', maintenanceMode: false, apiRateLimit: 1000 },
};

/** Stored or patched values laid over a base, group by group. */
export function mergeSettings(base: Settings, patch: SettingsPatch | Record<string, unknown>): Settings {
  const p = patch as SettingsPatch;
  return settingsSchema.parse({
    general: { ...base.general, ...p.general },
    security: { ...base.security, ...p.security },
    system: { ...base.system, ...p.system },
  });
}

/** What anyone may read, even before signing in: company contact details and password rules. */
export const publicSettingsSchema = z.object({
  general: generalSchema,
  security: securitySchema.pick({ sessionTimeout: true, passwordMinLength: true, requireSpecialChars: true }),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
