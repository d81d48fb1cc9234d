import { httpStatusMessage, MESSAGES, timeoutMessage } from '@app/shared';

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'circuit' | 'client';

/** Every failure of a call to the API, with the French message to show. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** The API's stable code (`SESSION_EXPIRED`, `VALIDATION_ERROR`…), when it sent one. */
  readonly code: string | undefined;
  /** Field messages of a 400/409 answer. */
  readonly errors: Record<string, string> | undefined;

  constructor(
    kind: ApiErrorKind,
    message: string,
    options: { status?: number; code?: string; errors?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = options.status ?? 0;
    this.code = options.code;
    this.errors = options.errors;
  }

  /** The session is gone or was never there: signing in again is the way out. */
  get isAuth(): boolean {
    return this.status === 401 || this.code === 'TOKEN_MISSING' || this.code === 'SESSION_EXPIRED';
  }

  /** No answer from the server (network down, timeout, circuit open). */
  get isConnection(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || this.kind === 'circuit';
  }
}

export const REQUEST_TIMEOUT_S = 30;

export function timeoutError(seconds = REQUEST_TIMEOUT_S): ApiError {
  return new ApiError('timeout', timeoutMessage(seconds));
}

export function networkError(afterRetries: boolean): ApiError {
  return new ApiError('network', afterRetries ? MESSAGES.networkFailure : MESSAGES.forgotNetwork);
}

export function circuitOpenError(): ApiError {
  return new ApiError('circuit', MESSAGES.circuitOpen, { status: 503 });
}

export function tokenMissingError(): ApiError {
  return new ApiError('client', MESSAGES.tokenMissing, { status: 401, code: 'TOKEN_MISSING' });
}

interface ErrorBodyLike {
  message?: unknown;
  code?: unknown;
  errors?: unknown;
}

/** Builds the error of an HTTP answer: the server's French message, else the catalogue's (spec 1 §8). */
export function httpError(status: number, body: unknown): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as ErrorBodyLike;
  const message = typeof b.message === 'string' && b.message ? b.message : httpStatusMessage(status);
  const code = typeof b.code === 'string' ? b.code : undefined;
  const errors =
    b.errors && typeof b.errors === 'object'
      ? Object.fromEntries(
          Object.entries(b.errors as Record<string, unknown>).filter(
            (e): e is [string, string] => typeof e[1] === 'string',
          ),
        )
      : undefined;
  return new ApiError('http', message, { status, code, errors });
}
