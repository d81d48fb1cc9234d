/**
 * Retry rules of the HTTP client (spec 1 §7, decisions §6): up to 3 attempts, waiting
 * 1 s × attempt number. Only reads (GET, HEAD) are retried, so nothing is ever written twice;
 * a 429 and any other 4xx are never retried; network failures, timeouts and 5xx are.
 */
export const MAX_ATTEMPTS = 3;
export const BACKOFF_STEP_MS = 1_000;

export type FailureKind = 'network' | 'timeout' | 'http' | 'circuit' | 'client';

export interface RetryInput {
  method: string;
  /** The attempt that just failed, from 1. */
  attempt: number;
  kind: FailureKind;
  /** HTTP status when an answer arrived. */
  status?: number;
  /** API error code, when the answer had one. */
  code?: string;
}

const IDEMPOTENT = new Set(['GET', 'HEAD']);

export function isRetryableMethod(method: string): boolean {
  return IDEMPOTENT.has(method.toUpperCase());
}

export function shouldRetry(input: RetryInput): boolean {
  if (input.attempt >= MAX_ATTEMPTS) return false;
  if (!isRetryableMethod(input.method)) return false;
  if (input.kind === 'network' || input.kind === 'timeout') return true;
  if (input.kind !== 'http' || input.status === undefined) return false;
  if (input.status === 429 || input.status < 500) return false;
  // Maintenance will not be over in a second; 501 will never work.
  if (input.code === 'MAINTENANCE' || input.status === 501) return false;
  return true;
}

/** Wait before the next attempt after `attempt` failed: 1 s, 2 s… */
export function backoffDelay(attempt: number): number {
  return BACKOFF_STEP_MS * Math.max(1, attempt);
}

/** Failures that say the service is unwell and count towards opening the circuit. */
export function countsAsServiceFailure(kind: FailureKind, status?: number, code?: string): boolean {
  if (kind === 'network' || kind === 'timeout') return true;
  if (kind !== 'http' || status === undefined) return false;
  return status >= 500 && code !== 'MAINTENANCE';
}
