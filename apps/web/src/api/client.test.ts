import { MESSAGES, timeoutMessage } from '@app/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_PROFILE, fakeJwt, mockFetch } from '../test/fetch-mock.ts';
import { api, circuitBreaker } from './client.ts';
import { ApiError } from './errors.ts';
import { type ApiEvent, onApiEvent } from './events.ts';
import { sessionStore } from './session-store.ts';
import { STORAGE_KEYS } from './storage.ts';

function signIn(token = fakeJwt(900), refreshToken = 'refresh-1') {
  sessionStore.start({
    token,
    refreshToken,
    sessionExpiresAt: new Date(Date.now() + 8 * 3600_000).toISOString(),
    profile: ADMIN_PROFILE,
  });
}

let events: ApiEvent[] = [];
let unsubscribe: () => void = () => undefined;

beforeEach(() => {
  circuitBreaker.reset();
  sessionStore.clear();
  events = [];
  unsubscribe = onApiEvent((event) => events.push(event));
});

afterEach(() => {
  unsubscribe();
  vi.useRealTimers();
});

describe('HTTP client', () => {
  it('sends the bearer token and returns the envelope', async () => {
    signIn('token-a');
    const calls = mockFetch(() => ({ status: 200, body: { success: true, data: ADMIN_PROFILE } }));
    const answer = await api.get('/personnel-auth/profile');
    expect(answer.data).toEqual(ADMIN_PROFILE);
    expect(calls[0]?.url).toBe('/api/personnel-auth/profile');
    expect(calls[0]?.headers.Authorization).toBe('Bearer token-a');
  });

  it('marks a background read (a poll) for the server, and only that one', async () => {
    signIn('token-a');
    const calls = mockFetch(() => ({ status: 200, body: { success: true, data: [] } }));
    await api.get('/notifications', { background: true });
    await api.get('/demandes');
    expect(calls[0]?.headers['x-lecture-de-fond']).toBe('1');
    expect(calls[1]?.headers['x-lecture-de-fond']).toBeUndefined();
  });

  it('refuses an authenticated call client-side without a stored token', async () => {
    const calls = mockFetch(() => ({ status: 200, body: {} }));
    await expect(api.get('/personnel-auth/profile')).rejects.toMatchObject({ message: MESSAGES.tokenMissing });
    expect(calls).toHaveLength(0);
  });

  it("shows the server's French message on an error answer", async () => {
    signIn();
    mockFetch(() => ({
      status: 403,
      body: { success: false, message: 'Accès refusé – Rôle insuffisant.', code: 'FORBIDDEN' },
    }));
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Accès refusé – Rôle insuffisant.' });
  });

  it('retries a read up to 3 attempts with a 1 s × attempt back-off', async () => {
    vi.useFakeTimers();
    signIn();
    const calls = mockFetch(() => ({ status: 502, body: { success: false, message: 'Erreur serveur: 502' } }));
    const pending = api.get('/x').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(3);
    expect(await pending).toMatchObject({ status: 502 });
    expect(events).toContainEqual({ type: 'toast', toastType: 'general', message: MESSAGES.serverToast });
    // The three attempts were one call: the breaker counts it once.
    expect(circuitBreaker.consecutiveFailures).toBe(1);
  });

  it('never retries a write, nor a 429', async () => {
    signIn();
    let calls = mockFetch(() => ({ status: 503, body: { success: false, message: 'indisponible' } }));
    await expect(api.post('/x', { a: 1 })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
    calls = mockFetch(() => ({
      status: 429,
      body: { success: false, message: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' },
    }));
    await expect(api.get('/x')).rejects.toMatchObject({ message: MESSAGES.tooManyRequests });
    expect(calls).toHaveLength(1);
  });

  it('on a 401: one refresh shared by concurrent calls, stored at once, then one retry each', async () => {
    signIn('old-token', 'refresh-1');
    const calls = mockFetch(({ url, headers, body }) => {
      if (url.endsWith('/refresh-token')) {
        expect(body).toEqual({ refreshToken: 'refresh-1' });
        return {
          status: 200,
          body: {
            success: true,
            token: 'new-token',
            refreshToken: 'refresh-2',
            sessionExpiresAt: '2026-11-22T20:00:00.000Z',
          },
        };
      }
      if (headers.Authorization === 'Bearer old-token') {
        return { status: 401, body: { success: false, message: MESSAGES.sessionExpired, code: 'SESSION_EXPIRED' } };
      }
      return { status: 200, body: { success: true, data: url } };
    });
    const [a, b] = await Promise.all([api.get('/a'), api.get('/b')]);
    expect(a.data).toBe('/api/a');
    expect(b.data).toBe('/api/b');
    expect(calls.filter((c) => c.url.endsWith('/refresh-token'))).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    expect(sessionStore.getSnapshot().userData?.sessionExpiresAt).toBe('2026-11-22T20:00:00.000Z');
  });

  it('when the refresh is refused: storage cleared and the session-expired event, the call fails', async () => {
    signIn('old-token', 'refresh-1');
    mockFetch(({ url }) =>
      url.endsWith('/refresh-token')
        ? { status: 401, body: { success: false, message: MESSAGES.sessionExpired, code: 'SESSION_EXPIRED' } }
        : { status: 401, body: { success: false, message: MESSAGES.sessionExpired, code: 'SESSION_EXPIRED' } },
    );
    await expect(api.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(events).toContainEqual({ type: 'session-expired' });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.userData)).toBeNull();
  });

  it('when the refresh fails otherwise: the refresh-error toast, the session is kept', async () => {
    signIn('old-token', 'refresh-1');
    mockFetch(({ url }) =>
      url.endsWith('/refresh-token')
        ? { status: 500, body: { success: false, message: 'Erreur interne' } }
        : { status: 401, body: { success: false, message: MESSAGES.sessionExpired, code: 'SESSION_EXPIRED' } },
    );
    await expect(api.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(events).toContainEqual({ type: 'toast', toastType: 'general', message: MESSAGES.refreshFailedToast });
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1');
  });

  it('opens the circuit after 5 consecutive failures and blocks every call', async () => {
    signIn();
    const calls = mockFetch(() => ({ status: 500, body: { success: false, message: 'Erreur serveur: 500' } }));
    for (let i = 0; i < 5; i++) await api.post('/x').catch(() => undefined);
    expect(calls).toHaveLength(5);
    await expect(api.get('/y')).rejects.toMatchObject({ message: MESSAGES.circuitOpen });
    expect(calls).toHaveLength(5);
  });

  it('reports a timeout after 30 seconds', async () => {
    vi.useFakeTimers();
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const pending = api.post('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await pending).toMatchObject({ kind: 'timeout', message: timeoutMessage(30) });
  });
});
