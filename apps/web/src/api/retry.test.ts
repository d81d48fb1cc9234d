import { describe, expect, it } from 'vitest';
import { backoffDelay, countsAsServiceFailure, MAX_ATTEMPTS, shouldRetry } from './retry.ts';

describe('shouldRetry', () => {
  it('retries reads after a network failure, a timeout or a 5xx', () => {
    expect(shouldRetry({ method: 'GET', attempt: 1, kind: 'network' })).toBe(true);
    expect(shouldRetry({ method: 'GET', attempt: 1, kind: 'timeout' })).toBe(true);
    expect(shouldRetry({ method: 'GET', attempt: 2, kind: 'http', status: 502 })).toBe(true);
    expect(shouldRetry({ method: 'head', attempt: 1, kind: 'http', status: 500 })).toBe(true);
  });

  it('stops after three attempts', () => {
    expect(MAX_ATTEMPTS).toBe(3);
    expect(shouldRetry({ method: 'GET', attempt: 3, kind: 'network' })).toBe(false);
  });

  it('never retries a 429', () => {
    expect(shouldRetry({ method: 'GET', attempt: 1, kind: 'http', status: 429 })).toBe(false);
  });

  it('never retries a 4xx', () => {
    for (const status of [400, 401, 403, 404, 409, 423]) {
      expect(shouldRetry({ method: 'GET', attempt: 1, kind: 'http', status })).toBe(false);
    }
  });

  it('never retries writes, even after a network failure', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(shouldRetry({ method, attempt: 1, kind: 'network' })).toBe(false);
      expect(shouldRetry({ method, attempt: 1, kind: 'http', status: 503 })).toBe(false);
    }
  });

  it('does not retry maintenance, a circuit already open or a client-side refusal', () => {
    expect(shouldRetry({ method: 'GET', attempt: 1, kind: 'http', status: 503, code: 'MAINTENANCE' })).toBe(false);
    expect(shouldRetry({ method: 'GET', attempt: 1, kind: 'circuit' })).toBe(false);
    expect(shouldRetry({ method: 'GET', attempt: 1, kind: 'client' })).toBe(false);
  });
});

describe('backoffDelay', () => {
  it('waits 1 s × the attempt number', () => {
    expect(backoffDelay(1)).toBe(1_000);
    expect(backoffDelay(2)).toBe(2_000);
    expect(backoffDelay(3)).toBe(3_000);
  });
});

describe('countsAsServiceFailure', () => {
  it('counts network failures, timeouts and 5xx towards the circuit breaker', () => {
    expect(countsAsServiceFailure('network')).toBe(true);
    expect(countsAsServiceFailure('timeout')).toBe(true);
    expect(countsAsServiceFailure('http', 500)).toBe(true);
  });

  it('does not count answers that prove the server is up', () => {
    expect(countsAsServiceFailure('http', 401)).toBe(false);
    expect(countsAsServiceFailure('http', 429)).toBe(false);
    expect(countsAsServiceFailure('http', 503, 'MAINTENANCE')).toBe(false);
  });
});
