import { describe, expect, it } from 'vitest';
import { sessionCountdown } from './session-countdown.ts';

describe('sessionCountdown', () => {
  const now = Date.parse('2026-11-22T12:00:00.000Z');

  it('shows hours and minutes left, not amber above 30 minutes', () => {
    expect(sessionCountdown('2026-11-22T19:59:00.000Z', now)).toEqual({
      seconds: 7 * 3600 + 59 * 60,
      warning: false,
      expired: false,
      label: '7 h 59',
    });
  });

  it('turns amber under 30 minutes', () => {
    const state = sessionCountdown('2026-11-22T12:29:59.000Z', now);
    expect(state.warning).toBe(true);
    expect(state.label).toBe('29 min');
    expect(sessionCountdown('2026-11-22T12:30:00.000Z', now).warning).toBe(false);
  });

  it('is expired at the end of the session or without a date', () => {
    expect(sessionCountdown('2026-11-22T11:00:00.000Z', now)).toMatchObject({ seconds: 0, expired: true });
    expect(sessionCountdown(null, now)).toMatchObject({ seconds: 0, expired: true });
    expect(sessionCountdown('not a date', now).expired).toBe(true);
  });
});
