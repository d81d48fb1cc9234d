import { describe, expect, it } from 'vitest';
import { afterPing, CONNECTION_CHECK_INTERVAL_MS, connectionRetryDelay } from './connection-rules.ts';

describe('connection monitor rules', () => {
  it('checks every five minutes', () => {
    expect(CONNECTION_CHECK_INTERVAL_MS).toBe(300_000);
  });

  it('waits min(10 s × retry number, 60 s)', () => {
    expect(connectionRetryDelay(1)).toBe(10_000);
    expect(connectionRetryDelay(3)).toBe(30_000);
    expect(connectionRetryDelay(9)).toBe(60_000);
  });

  it('goes offline and schedules up to three retries, then stops', () => {
    let outcome = afterPing({ online: true, retryCount: 0 }, false);
    expect(outcome).toEqual({ state: { online: false, retryCount: 1 }, retryInMs: 10_000 });
    outcome = afterPing(outcome.state, false);
    expect(outcome.retryInMs).toBe(20_000);
    outcome = afterPing(outcome.state, false);
    expect(outcome).toEqual({ state: { online: false, retryCount: 3 }, retryInMs: 30_000 });
    outcome = afterPing(outcome.state, false);
    expect(outcome).toEqual({ state: { online: false, retryCount: 3 }, retryInMs: null });
  });

  it('comes back online and resets the count on a successful ping', () => {
    expect(afterPing({ online: false, retryCount: 2 }, true)).toEqual({
      state: { online: true, retryCount: 0 },
      retryInMs: null,
    });
  });
});
