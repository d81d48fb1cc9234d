import { z } from 'zod';

/**
 * One account's own preferences (spec 2 §3 'user preferences'), stored on the server per account
 * (docs/decisions/0016-settings.md). Only what something honours: the theme the web app applies,
 * the page size of its lists, and whether the account gets notices by e-mail (a payment validated
 * or rejected); security mail (codes, temporary passwords, unlock links) is always sent.
 */
export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];

export const ITEMS_PER_PAGE = [5, 10, 25, 50] as const;
export type ItemsPerPage = (typeof ITEMS_PER_PAGE)[number];

export const preferencesSchema = z.object({
  theme: z.enum(THEMES, { error: 'Thème inconnu' }),
  itemsPerPage: z.literal(ITEMS_PER_PAGE, { error: 'Choisissez 5, 10, 25 ou 50 éléments par page' }),
  emailNotifications: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** A change: any subset. */
export const preferencesPatchSchema = preferencesSchema.partial();
export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>;

export const DEFAULT_PREFERENCES: Preferences = { theme: 'auto', itemsPerPage: 10, emailNotifications: true };

/** Stored values laid over the defaults, key by key: a value no longer allowed gets its default. */
export function mergePreferences(stored: unknown): Preferences {
  const merged: Record<string, unknown> = { ...DEFAULT_PREFERENCES };
  if (stored && typeof stored === 'object') {
    for (const [key, value] of Object.entries(stored)) {
      const field = preferencesSchema.shape[key as keyof Preferences];
      if (field?.safeParse(value).success) merged[key] = value;
    }
  }
  return preferencesSchema.parse(merged);
}
