import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../test/fetch-mock.ts';
import { tokenNeedsRefresh } from './token-monitor.ts';

describe('tokenNeedsRefresh', () => {
  const now = Date.now();

  it('refreshes a token with under 10 minutes left', () => {
    expect(tokenNeedsRefresh(fakeJwt(9 * 60), 'refresh', now)).toBe(true);
  });

  it('refreshes an expired or unreadable token', () => {
    expect(tokenNeedsRefresh(fakeJwt(-60), 'refresh', now)).toBe(true);
    expect(tokenNeedsRefresh('not-a-jwt', 'refresh', now)).toBe(true);
  });

  it('leaves a token with 10 minutes or more alone', () => {
    expect(tokenNeedsRefresh(fakeJwt(14 * 60), 'refresh', now)).toBe(false);
  });

  it('does nothing without a refresh token (no session)', () => {
    expect(tokenNeedsRefresh(fakeJwt(-60), null, now)).toBe(false);
  });
});
