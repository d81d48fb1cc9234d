import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from './circuit-breaker.ts';

describe('CircuitBreaker', () => {
  it('stays closed below five consecutive failures', () => {
    const breaker = new CircuitBreaker();
    for (let i = 0; i < 4; i++) breaker.recordFailure(1_000);
    expect(breaker.canRequest(1_000)).toBe(true);
    expect(breaker.state(1_000)).toBe('closed');
  });

  it('opens after five consecutive failures and blocks every request for 60 seconds', () => {
    const breaker = new CircuitBreaker();
    for (let i = 0; i < 5; i++) breaker.recordFailure(10_000);
    expect(breaker.state(10_000)).toBe('open');
    expect(breaker.canRequest(10_000 + 59_999)).toBe(false);
    expect(breaker.remainingMs(10_000 + 30_000)).toBe(30_000);
  });

  it('closes again with a fresh count once the 60 seconds are over', () => {
    const breaker = new CircuitBreaker();
    for (let i = 0; i < 5; i++) breaker.recordFailure(0);
    expect(breaker.canRequest(60_000)).toBe(true);
    expect(breaker.consecutiveFailures).toBe(0);
    breaker.recordFailure(60_001);
    expect(breaker.canRequest(60_001)).toBe(true);
  });

  it('counts only consecutive failures: a success resets the count', () => {
    const breaker = new CircuitBreaker();
    for (let i = 0; i < 4; i++) breaker.recordFailure(0);
    breaker.recordSuccess();
    for (let i = 0; i < 4; i++) breaker.recordFailure(0);
    expect(breaker.canRequest(0)).toBe(true);
    breaker.recordFailure(0);
    expect(breaker.canRequest(0)).toBe(false);
  });

  it('ignores failures reported while open (the cool-down is not extended)', () => {
    const breaker = new CircuitBreaker();
    for (let i = 0; i < 5; i++) breaker.recordFailure(0);
    breaker.recordFailure(50_000);
    expect(breaker.canRequest(60_000)).toBe(true);
  });

  it('accepts other thresholds and cool-downs', () => {
    const breaker = new CircuitBreaker({ threshold: 2, cooldownMs: 1_000 });
    breaker.recordFailure(0);
    breaker.recordFailure(0);
    expect(breaker.canRequest(999)).toBe(false);
    expect(breaker.canRequest(1_000)).toBe(true);
  });
});
