import { z } from 'zod';
import { intField } from './fields.ts';

/** Stable error codes of the API (decisions §2). */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'TOKEN_MISSING',
  'SESSION_EXPIRED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_DISABLED',
  'EMAIL_NON_VERIFIE',
  'FORBIDDEN',
  'PASSWORD_CHANGE_REQUIRED',
  'DEUX_FACTEURS_A_ACTIVER',
  'CODE_2FA_INVALIDE',
  'NOT_FOUND',
  'CONFLICT',
  'INVALID_RESET_CODE',
  'REQUEST_TIMEOUT',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'HEADERS_TOO_LARGE',
  'MAINTENANCE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBodySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.enum(ERROR_CODES),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

export const messageOnlySchema = z.object({ success: z.literal(true), message: z.string() });

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /** False when a search matched more rows than it counts: `total` is then a lower bound. */
  totalExact: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), data: z.array(item), pagination: paginationSchema });
}

export const MAX_LIMIT = 1000;

/** Common list query: page, limit (capped), sort order. */
export const pageQuerySchema = z.object({
  page: intField(undefined, { min: 1 }).default(1),
  limit: intField(undefined, { min: 1, max: MAX_LIMIT }).default(50),
  sortOrder: z
    .enum(['asc', 'desc', 'ASC', 'DESC'])
    .default('asc')
    .transform((v) => v.toLowerCase() as 'asc' | 'desc'),
});

/**
 * A search counts its matches up to this many past the page asked; beyond, the total says "more
 * than" and the pages go on (the next page counts further).
 */
export const SEARCH_COUNT_CAP = 200;

export function paginate(page: number, limit: number, total: number, totalExact = true): Pagination {
  return { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)), totalExact };
}
