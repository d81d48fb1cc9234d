import { MESSAGES } from '@app/shared';
import { httpError, networkError, timeoutError } from '../api/errors.ts';
import { ApiError, circuitBreaker, refreshSession, sessionStore, storage } from '../api/index.ts';

/** Uploads of up to 15 files of 10 MB: a long timeout. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

interface RawAnswer {
  status: number;
  body: unknown;
}

async function sendOnce(method: string, path: string, form: FormData, token: string): Promise<RawAnswer> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), UPLOAD_TIMEOUT_MS);
  try {
    // No Content-Type: the browser writes multipart/form-data with its boundary.
    const response = await fetch(`${storage.getApiBaseUrl()}${path}`, {
      method,
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      body: form,
      signal: timeout.signal,
      credentials: 'same-origin',
    });
    const text = await response.text();
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
    }
    return { status: response.status, body };
  } catch {
    if (timeout.signal.aborted) throw timeoutError(Math.round(UPLOAD_TIMEOUT_MS / 1000));
    throw networkError(false);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends a multipart form (fields and files) to the API with the bearer token: the JSON client
 * (api/) only sends JSON. Same rules as the client for a write: no retry, the circuit breaker is
 * respected, a 401 refreshes the session once and sends again. Throws ApiError with the server's
 * French message and field errors.
 */
export async function sendFormData<T>(method: 'POST' | 'PUT', path: string, form: FormData): Promise<T> {
  const token = sessionStore.getSnapshot().token;
  if (!token) throw new ApiError('client', MESSAGES.tokenMissing, { status: 401, code: 'TOKEN_MISSING' });
  if (!circuitBreaker.canRequest(Date.now())) throw new ApiError('circuit', MESSAGES.circuitOpen, { status: 503 });
  let answer = await sendOnce(method, path, form, token);
  if (answer.status === 401) {
    try {
      await refreshSession(token);
    } catch {
      throw httpError(answer.status, answer.body);
    }
    const fresh = sessionStore.getSnapshot().token;
    if (!fresh) throw httpError(answer.status, answer.body);
    answer = await sendOnce(method, path, form, fresh);
  }
  if (answer.status >= 200 && answer.status < 300) return answer.body as T;
  throw httpError(answer.status, answer.body);
}

/** Appends the text fields of a body: null and undefined are left out, numbers written as text. */
export function appendFields(form: FormData, fields: Record<string, unknown>): FormData {
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    form.append(key, String(value));
  }
  return form;
}
