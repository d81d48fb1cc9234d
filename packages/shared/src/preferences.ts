import { z } from 'zod';
import { DEFAULT_NOTIFICATION_PREFS, notificationPrefsSchema } from './notifications.ts';

/**
 * One account's own preferences (spec 2 §3 'user preferences'), stored on the server per account
 * (docs/decisions/0016-settings.md). Only what something honours: the theme the web app applies,
 * the page size of its lists, and whether the account gets notices by e-mail (a payment validated
 * or rejected); security mail (codes, temporary passwords, unlock links) is always sent; and a
 * staff member's notifications (which events, e-mail at once or in digests, quiet hours).
 */
export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];

export const ITEMS_PER_PAGE = [5, 10, 25, 50] as const;
export type ItemsPerPage = (typeof ITEMS_PER_PAGE)[number];

export const preferencesSchema = z.object({
  theme: z.enum(THEMES, { error: 'Thème inconnu' }),
  itemsPerPage: z.literal(ITEMS_PER_PAGE, { error: 'Choisissez 5, 10, 25 ou 50 éléments par page' }),
  emailNotifications: z.boolean(),
  /** Long creation forms (product, demande, chantier) keep a draft in the browser and offer it back. */
  autoSave: z.boolean(),
  notifications: notificationPrefsSchema,
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** A change: any subset, the notifications' choices too. */
export const preferencesPatchSchema = preferencesSchema
  .extend({ notifications: notificationPrefsSchema.partial() })
  .partial();
export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>;

export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'auto',
  itemsPerPage: 10,
  emailNotifications: true,
  autoSave: true,
  notifications: DEFAULT_NOTIFICATION_PREFS,
};

/** The values of `stored` that `shape` allows, laid over `defaults` key by key. */
function layOver<T extends object>(defaults: T, stored: unknown, shape: Record<string, z.ZodType>): T {
  const merged: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  if (stored && typeof stored === 'object') {
    for (const [key, value] of Object.entries(stored)) {
      if (shape[key]?.safeParse(value).success) merged[key] = value;
    }
  }
  return merged as T;
}

/**
 * Stored values laid over the defaults, key by key (the notifications' choices too): a value no
 * longer allowed gets its default.
 */
export function mergePreferences(stored: unknown): Preferences {
  const { notifications, ...rest } = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const { notifications: _, ...shape } = preferencesSchema.shape;
  return preferencesSchema.parse({
    ...layOver(DEFAULT_PREFERENCES, rest, shape),
    notifications: layOver(DEFAULT_NOTIFICATION_PREFS, notifications, notificationPrefsSchema.shape),
  });
}

/** A change applied: the notifications' choices sent replace only those. */
export function applyPreferencesPatch(current: Preferences, patch: PreferencesPatch): Preferences {
  return mergePreferences({
    ...current,
    ...patch,
    notifications: { ...current.notifications, ...patch.notifications },
  });
}
