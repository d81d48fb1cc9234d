import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../src/rules/password-policy.ts';
import {
  formatCountdown,
  isSessionWarning,
  secondsLeft,
  shouldRefresh,
  tokenExpiry,
} from '../src/rules/session-timing.ts';
import { DEFAULT_SETTINGS, mergeSettings } from '../src/settings.ts';

const policy = { passwordMinLength: 8, requireSpecialChars: true };

describe('password policy', () => {
  it('accepts the demo password and refuses short or plain ones', () => {
    expect(passwordProblem('Demo@2026', policy)).toBeNull();
    expect(passwordProblem('Ab@1', policy)).toBe('Le mot de passe doit contenir au moins 8 caractères');
    expect(passwordProblem('abcdefgh1', policy)).toMatch(/caractère spécial/);
    expect(passwordProblem('abcdefgh1', { ...policy, requireSpecialChars: false })).toBeNull();
  });

  it('never accepts a password shorter than the minimum, whatever the minimum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 6, max: 20 }), fc.string({ maxLength: 30 }), (min, password) => {
        const problem = passwordProblem(password, { passwordMinLength: min, requireSpecialChars: false });
        return password.length < min ? problem !== null : true;
      }),
    );
  });
});

function jwtWithExp(exp: number): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${b64({ alg: 'HS256' })}.${b64({ sub: '1', exp })}.signature`;
}

describe('token timing', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const nowS = now / 1000;

  it('reads exp from a token and null from garbage', () => {
    expect(tokenExpiry(jwtWithExp(nowS + 900))).toBe(nowS + 900);
    expect(tokenExpiry('pas.un.jeton')).toBeNull();
    expect(tokenExpiry(null)).toBeNull();
  });

  it('refreshes under 10 minutes left or when expired, not before', () => {
    expect(shouldRefresh(nowS + 11 * 60, now)).toBe(false);
    expect(shouldRefresh(nowS + 9 * 60, now)).toBe(true);
    expect(shouldRefresh(nowS - 5, now)).toBe(true);
    expect(shouldRefresh(null, now)).toBe(true);
    expect(secondsLeft(nowS - 100, now)).toBe(0);
  });

  it('turns the countdown amber under 30 minutes', () => {
    expect(isSessionWarning(1800)).toBe(false);
    expect(isSessionWarning(1799)).toBe(true);
    expect(formatCountdown(25 * 60)).toBe('25 min');
    expect(formatCountdown(2 * 3600 + 5 * 60)).toBe('2 h 05');
  });
});

describe('settings', () => {
  it('lays a partial change over the current values', () => {
    const next = mergeSettings(DEFAULT_SETTINGS, { security: { loginAttempts: 3 } });
    expect(next.security).toEqual({ ...DEFAULT_SETTINGS.security, loginAttempts: 3 });
    expect(next.general).toEqual(DEFAULT_SETTINGS.general);
  });

  it('refuses values outside the spec ranges', () => {
    expect(() => mergeSettings(DEFAULT_SETTINGS, { security: { sessionTimeout: 121 } })).toThrow();
    expect(() => mergeSettings(DEFAULT_SETTINGS, { system: { apiRateLimit: 99 } })).toThrow();
  });
});
