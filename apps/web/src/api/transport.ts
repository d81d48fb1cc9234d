import { networkError, REQUEST_TIMEOUT_S, timeoutError } from './errors.ts';
import { storage } from './storage.ts';

export interface SendOptions {
  method: string;
  path: string;
  body?: unknown;
  token?: string | null;
  timeoutMs?: number;
  /** Cancellation from the caller (TanStack Query passes one). */
  signal?: AbortSignal;
  /** Headers of the call's own (an Idempotency-Key). */
  headers?: Record<string, string>;
  /** 'blob': a successful answer is a file (an error still reads as JSON). */
  responseType?: 'json' | 'blob';
  /** With 'blob': the bytes arrived so far, as they arrive (a long export's progress). */
  onProgress?: (bytes: number) => void;
}

export interface RawResponse {
  status: number;
  body: unknown;
}

export function apiUrl(path: string): string {
  return `${storage.getApiBaseUrl()}${path.startsWith('/') ? path : `/${path}`}`;
}

/** A file's body, read chunk by chunk when its progress is asked for. */
async function readBlob(response: Response, onProgress?: (bytes: number) => void): Promise<Blob> {
  if (!onProgress || !response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks, { type: response.headers.get('Content-Type') ?? '' });
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * One HTTP exchange: JSON in and out, bearer token, timeout. Resolves with any HTTP status;
 * rejects with an ApiError of kind network or timeout when no answer arrives, or with the
 * caller's AbortError when the caller cancelled.
 */
export async function send({
  method,
  path,
  body,
  token,
  timeoutMs = REQUEST_TIMEOUT_S * 1000,
  signal,
  headers: extra,
  responseType = 'json',
  onProgress,
}: SendOptions): Promise<RawResponse> {
  if (signal?.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const onCallerAbort = () => timeout.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  // A FormData body (files) gets its multipart Content-Type, with the boundary, from the browser.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await fetch(apiUrl(path), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: timeout.signal,
      credentials: 'same-origin',
    });
    if (responseType === 'blob' && response.ok) {
      return { status: response.status, body: await readBlob(response, onProgress) };
    }
    const text = await response.text();
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
    }
    return { status: response.status, body: parsed };
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');
    if (timeout.signal.aborted || isAbort(error)) throw timeoutError(Math.round(timeoutMs / 1000));
    throw networkError(false);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}
