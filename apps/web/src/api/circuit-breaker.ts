/**
 * Circuit breaker (spec 1 §4, §9): after `threshold` consecutive failures every request is
 * refused for `cooldownMs`, then the circuit closes again with a fresh count. Pure: the caller
 * passes the clock.
 */
export interface CircuitBreakerOptions {
  threshold: number;
  cooldownMs: number;
}

export const CIRCUIT_BREAKER_DEFAULTS: CircuitBreakerOptions = { threshold: 5, cooldownMs: 60_000 };

export type CircuitState = 'closed' | 'open';

export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private readonly options: CircuitBreakerOptions;

  constructor(options: Partial<CircuitBreakerOptions> = {}) {
    this.options = { ...CIRCUIT_BREAKER_DEFAULTS, ...options };
  }

  state(now: number): CircuitState {
    if (this.openedAt === null) return 'closed';
    if (now - this.openedAt >= this.options.cooldownMs) {
      this.openedAt = null;
      this.failures = 0;
      return 'closed';
    }
    return 'open';
  }

  canRequest(now: number): boolean {
    return this.state(now) === 'closed';
  }

  /** Milliseconds until the circuit closes; 0 when closed. */
  remainingMs(now: number): number {
    if (this.state(now) === 'closed' || this.openedAt === null) return 0;
    return this.options.cooldownMs - (now - this.openedAt);
  }

  recordSuccess(): void {
    this.failures = 0;
  }

  recordFailure(now: number): void {
    if (this.state(now) === 'open') return;
    this.failures += 1;
    if (this.failures >= this.options.threshold) this.openedAt = now;
  }

  get consecutiveFailures(): number {
    return this.failures;
  }

  reset(): void {
    this.failures = 0;
    this.openedAt = null;
  }
}
