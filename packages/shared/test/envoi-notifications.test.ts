import { describe, expect, it } from 'vitest';
import {
  courrielDu,
  DEFAULT_NOTIFICATION_PREFS,
  type EnvoiPrefs,
  mergePreferences,
  notificationSwitchesOf,
} from '../src/index.ts';

const prefs = (overrides: Partial<EnvoiPrefs> = {}): EnvoiPrefs => ({ ...DEFAULT_NOTIFICATION_PREFS, ...overrides });
const due = (created: string, overrides: Partial<EnvoiPrefs> = {}, timeZone = 'Africa/Abidjan') =>
  courrielDu(new Date(created), prefs(overrides), timeZone).toISOString();

describe('when a notification is due by e-mail', () => {
  it('is at once by default, to the millisecond', () => {
    expect(due('2026-12-02T10:20:31.250Z')).toBe('2026-12-02T10:20:31.250Z');
  });

  it('waits for the next full hour, 8 h, or Monday 8 h in a digest', () => {
    expect(due('2026-12-02T10:20:00Z', { emailFrequency: 'hourly' })).toBe('2026-12-02T11:00:00.000Z');
    expect(due('2026-12-02T11:00:00Z', { emailFrequency: 'hourly' })).toBe('2026-12-02T12:00:00.000Z');
    expect(due('2026-12-02T07:59:00Z', { emailFrequency: 'daily' })).toBe('2026-12-02T08:00:00.000Z');
    expect(due('2026-12-02T08:00:00Z', { emailFrequency: 'daily' })).toBe('2026-12-03T08:00:00.000Z');
    // 2026-12-02 is a Wednesday: the next Monday is 2026-12-07.
    expect(due('2026-12-02T10:00:00Z', { emailFrequency: 'weekly' })).toBe('2026-12-07T08:00:00.000Z');
    expect(due('2026-12-07T07:00:00Z', { emailFrequency: 'weekly' })).toBe('2026-12-07T08:00:00.000Z');
  });

  it('reads the slots in the company’s time zone', () => {
    // Douala is UTC+1: 8 h there is 07:00Z.
    expect(due('2026-12-02T10:00:00Z', { emailFrequency: 'daily' }, 'Africa/Douala')).toBe('2026-12-03T07:00:00.000Z');
  });

  it('holds what falls in the quiet hours to their end, across midnight or within a day', () => {
    const night = { quietHours: true, quietStart: '22:00', quietEnd: '07:00' };
    expect(due('2026-12-02T23:30:00Z', night)).toBe('2026-12-03T07:00:00.000Z');
    expect(due('2026-12-03T03:00:00Z', night)).toBe('2026-12-03T07:00:00.000Z');
    expect(due('2026-12-02T21:59:00Z', night)).toBe('2026-12-02T21:59:00.000Z');
    expect(due('2026-12-03T07:00:00Z', night)).toBe('2026-12-03T07:00:00.000Z');
    const lunch = { quietHours: true, quietStart: '12:00', quietEnd: '14:00' };
    expect(due('2026-12-02T12:30:00Z', lunch)).toBe('2026-12-02T14:00:00.000Z');
    expect(due('2026-12-02T14:30:00Z', lunch)).toBe('2026-12-02T14:30:00.000Z');
    // A digest's slot in the quiet hours goes at their end; switched off, they hold nothing.
    expect(due('2026-12-02T22:30:00Z', { ...night, emailFrequency: 'hourly' })).toBe('2026-12-03T07:00:00.000Z');
    expect(due('2026-12-02T23:30:00Z', { ...night, quietHours: false })).toBe('2026-12-02T23:30:00.000Z');
    // Equal bounds make no window.
    expect(due('2026-12-02T09:00:00Z', { quietHours: true, quietStart: '09:00', quietEnd: '09:00' })).toBe(
      '2026-12-02T09:00:00.000Z',
    );
  });
});

describe('an account’s stored notification choices', () => {
  it('are laid over the defaults key by key, a value no longer allowed getting its default', () => {
    const merged = mergePreferences({
      theme: 'dark',
      notifications: { newDemande: false, emailFrequency: 'monthly', quietStart: '7h', smsEnabled: true },
    });
    expect(merged.theme).toBe('dark');
    expect(merged.notifications).toEqual({ ...DEFAULT_NOTIFICATION_PREFS, newDemande: false });
    expect(mergePreferences({ notifications: 'oui' }).notifications).toEqual(DEFAULT_NOTIFICATION_PREFS);
  });
});

describe('the switches each staff role is offered', () => {
  it('are those of the kinds that may reach it', () => {
    expect(notificationSwitchesOf('admin')).toEqual([
      'newDemande',
      'newVersement',
      'newUtilisateur',
      'securityAlerts',
      'maintenanceAlerts',
      'systemAlerts',
    ]);
    expect(notificationSwitchesOf('gestionnaire')).toEqual([
      'newDemande',
      'newVersement',
      'securityAlerts',
      'maintenanceAlerts',
    ]);
    expect(notificationSwitchesOf('comptable')).toEqual(['newVersement', 'securityAlerts', 'maintenanceAlerts']);
    expect(notificationSwitchesOf('commercial')).toEqual(['securityAlerts', 'maintenanceAlerts']);
  });
});
