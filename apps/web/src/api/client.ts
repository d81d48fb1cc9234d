import { BACKGROUND_READ_HEADER, MESSAGES } from '@app/shared';
import { CircuitBreaker } from './circuit-breaker.ts';
import { connectionMonitor } from './connection-monitor.ts';
import { ApiError, circuitOpenError, httpError, networkError, tokenMissingError } from './errors.ts';
import { emitApiEvent } from './events.ts';
import { refreshSession } from './refresh.ts';
import { backoffDelay, countsAsServiceFailure, MAX_ATTEMPTS, shouldRetry } from './retry.ts';
import { sessionStore } from './session-store.ts';
import { send } from './transport.ts';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  /** Sends the bearer token (default). Without a stored token the call is refused client-side. */
  auth?: boolean;
  /** Cancellation (TanStack Query's signal). */
  signal?: AbortSignal;
  /** Shows the global toast for connection and server failures (default true). */
  notify?: boolean;
  /** On a 401, refresh the session once and retry (default true; false for logout). */
  refreshOn401?: boolean;
  timeoutMs?: number;
  /** Headers of the call's own (an Idempotency-Key). */
  headers?: Record<string, string>;
  /** 'blob': the answer is a file (a receipt's scan). */
  responseType?: 'json' | 'blob';
  /** With 'blob': the bytes arrived so far (a long export's progress). */
  onProgress?: (bytes: number) => void;
  /** A poll, not the person's doing: the server leaves the session's inactivity clock running. */
  background?: boolean;
}

/** The API's success envelope. */
export interface ApiSuccess<T> {
  success: true;
  data: T;
  message?: string;
}

export interface ApiMessage {
  success: true;
  message: string;
}

/** One breaker for the whole app: five service failures in a row block every call for 60 s. */
export const circuitBreaker = new CircuitBreaker();

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

/** Sends with retries (reads only) and the circuit breaker; throws ApiError on failure. */
async function sendWithRetries<T>(path: string, options: RequestOptions, token: string | null): Promise<T> {
  const method = options.method ?? 'GET';
  for (let attempt = 1; ; attempt++) {
    if (!circuitBreaker.canRequest(Date.now())) throw circuitOpenError();
    let failure: ApiError;
    try {
      const { status, body } = await send({
        method,
        path,
        body: options.body,
        token,
        signal: options.signal,
        timeoutMs: options.timeoutMs,
        headers: options.background ? { ...options.headers, [BACKGROUND_READ_HEADER]: '1' } : options.headers,
        responseType: options.responseType,
        onProgress: options.onProgress,
      });
      connectionMonitor.reportReachable();
      if (status >= 200 && status < 300) {
        circuitBreaker.recordSuccess();
        return body as T;
      }
      failure = httpError(status, body);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error; // cancelled by the caller
      failure = error;
      connectionMonitor.reportUnreachable();
    }
    const retry = shouldRetry({ method, attempt, kind: failure.kind, status: failure.status, code: failure.code });
    if (retry) {
      await sleep(backoffDelay(attempt), options.signal);
      continue;
    }
    // One call counts once for the breaker, after its retries are spent (5 failed calls in a row).
    if (countsAsServiceFailure(failure.kind, failure.status, failure.code)) {
      circuitBreaker.recordFailure(Date.now());
    } else {
      circuitBreaker.recordSuccess();
    }
    if (failure.kind === 'network' && attempt >= MAX_ATTEMPTS) throw networkError(true);
    throw failure;
  }
}

function notifyFailure(error: ApiError): void {
  if (error.isConnection) {
    emitApiEvent({ type: 'toast', toastType: 'network', message: error.message });
  } else if (error.kind === 'http' && error.status >= 500) {
    emitApiEvent({ type: 'toast', toastType: 'general', message: MESSAGES.serverToast });
  }
}

/**
 * Calls the API. On a 401 to an authenticated call: one refresh (shared with any concurrent
 * caller), then one retry with the new token.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const auth = options.auth ?? true;
  const token = auth ? sessionStore.getSnapshot().token : null;
  try {
    if (auth && !token) throw tokenMissingError();
    try {
      return await sendWithRetries<T>(path, options, token);
    } catch (error) {
      const refreshable = auth && options.refreshOn401 !== false;
      if (!(refreshable && error instanceof ApiError && error.kind === 'http' && error.status === 401)) throw error;
      try {
        await refreshSession(token);
      } catch {
        throw error;
      }
      const fresh = sessionStore.getSnapshot().token;
      if (!fresh) throw error;
      return await sendWithRetries<T>(path, options, fresh);
    }
  } catch (error) {
    // Maintenance, from any call (sign-in included): the app shows its maintenance screen.
    if (error instanceof ApiError && error.code === 'MAINTENANCE') emitApiEvent({ type: 'maintenance' });
    else if (error instanceof ApiError && options.notify !== false) notifyFailure(error);
    throw error;
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<ApiSuccess<T>>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
