import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PREFERENCES,
  DEFAULT_SETTINGS,
  mergePreferences,
  mergeSettings,
  preferencesPatchSchema,
  settingsPatchSchema,
} from '../src/index.ts';

describe('settings', () => {
  it('reads a group stored before a key existed with that key’s default', () => {
    const stored = { general: { companyName: 'Ancienne SA', slogan: '', address: '', phone: '', email: '' } };
    expect(mergeSettings(DEFAULT_SETTINGS, stored).general).toEqual({
      ...stored.general,
      timeZone: 'Africa/Abidjan',
      monthlyTarget: 0,
    });
  });

  it('takes a target of whole FCFA from 0 to a thousand billion and a time zone of the list only', () => {
    const ok = (general: object) => settingsPatchSchema.safeParse({ general }).success;
    expect(ok({ monthlyTarget: 0 })).toBe(true);
    expect(ok({ monthlyTarget: 1_000_000_000_000 })).toBe(true);
    expect(ok({ monthlyTarget: -1 })).toBe(false);
    expect(ok({ monthlyTarget: 1.5 })).toBe(false);
    expect(ok({ monthlyTarget: 1_000_000_000_001 })).toBe(false);
    expect(ok({ timeZone: 'Africa/Douala' })).toBe(true);
    expect(ok({ timeZone: 'Europe/Paris' })).toBe(false);
  });

  it('keeps the spec’s ranges with a French message', () => {
    const result = settingsPatchSchema.safeParse({ security: { sessionTimeout: 121 }, system: { apiRateLimit: 99 } });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Le délai d’inactivité doit être compris entre 5 et 120 minutes',
      'La limite doit être comprise entre 100 et 10\u202f000 requêtes par heure',
    ]);
  });
});

describe('preferences', () => {
  it('lays stored values over the defaults, a value no longer allowed falling back to its default', () => {
    expect(mergePreferences(undefined)).toEqual(DEFAULT_PREFERENCES);
    expect(mergePreferences({ theme: 'dark', itemsPerPage: 7, ancien: true })).toEqual({
      ...DEFAULT_PREFERENCES,
      theme: 'dark',
    });
  });

  it('takes 5, 10, 25 or 50 items per page and three themes', () => {
    expect(preferencesPatchSchema.safeParse({ itemsPerPage: 25, theme: 'auto' }).success).toBe(true);
    expect(preferencesPatchSchema.safeParse({ itemsPerPage: 20 }).error?.issues[0]?.message).toBe(
      'Choisissez 5, 10, 25 ou 50 éléments par page',
    );
    expect(preferencesPatchSchema.safeParse({ theme: 'sombre' }).error?.issues[0]?.message).toBe('Thème inconnu');
  });
});
