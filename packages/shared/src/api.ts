import { z } from 'zod';

/** Stable error codes of the API (decisions §2). */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'TOKEN_MISSING',
  'SESSION_EXPIRED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_DISABLED',
  'FORBIDDEN',
  'PASSWORD_CHANGE_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'INVALID_RESET_CODE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
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
});
export type Pagination = z.infer<typeof paginationSchema>;

export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), data: z.array(item), pagination: paginationSchema });
}

export const MAX_LIMIT = 1000;

/** Common list query: page, limit (capped), sort order. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(50),
  sortOrder: z
    .enum(['asc', 'desc', 'ASC', 'DESC'])
    .default('asc')
    .transform((v) => v.toLowerCase() as 'asc' | 'desc'),
});

export function paginate(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}
