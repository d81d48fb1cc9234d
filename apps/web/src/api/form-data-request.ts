import { request } from './client.ts';

/** Uploads of up to 15 files of 10 MB: a long timeout. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * Sends a multipart form (fields and files) through the API client: bearer token, one refresh
 * on a 401, no retry for a write, the circuit breaker; throws ApiError with the server's
 * French message and field errors.
 */
export function sendFormData<T>(method: 'POST' | 'PUT', path: string, form: FormData): Promise<T> {
  return request<T>(path, { method, body: form, timeoutMs: UPLOAD_TIMEOUT_MS });
}

/** Appends the text fields of a body: undefined is left out, null is sent empty (cleared). */
export function appendFields(form: FormData, fields: Record<string, unknown>): FormData {
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.append(key, value === null ? '' : String(value));
  }
  return form;
}
