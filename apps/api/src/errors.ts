import type { ErrorCode } from '@app/shared';
import type { z } from 'zod';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  INVALID_RESET_CODE: 400,
  TOKEN_MISSING: 401,
  SESSION_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ACCOUNT_DISABLED: 403,
  EMAIL_NON_VERIFIE: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  DEUX_FACTEURS_A_ACTIVER: 403,
  CODE_2FA_INVALIDE: 401,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  MAINTENANCE: 503,
};

/** The one error services throw: a stable code, a French message for a person, optional field messages. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

/** Parses input with a shared schema; a failure becomes one 400 with a French message per field. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
  throw new AppError('VALIDATION_ERROR', Object.values(errors)[0] ?? 'Données invalides', errors);
}
