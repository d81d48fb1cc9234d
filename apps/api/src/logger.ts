import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const CENSOR = '[masqué]';

/** Keys whose values never reach a log line, up to three levels deep in a logged object. */
const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'password_hash',
  'hash',
  'token',
  'refreshToken',
  'secret',
  'authorization',
  'cookie',
];

/** Query parameters whose values are masked in the logged address (links with a token or code, signed media). */
const SECRET_QUERY = /^(token|code|sig|password|secret)$/i;

/** What of an error is logged: never a failed query's values (`params`) nor its failing row (`detail`). */
const ERROR_FIELDS = ['code', 'statusCode', 'table', 'column', 'constraint', 'syscall', 'address', 'port'] as const;

/** The pino options of every logger of the product (the server's and the app's default): secrets are redacted. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [
        ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
        // A reset or unlock code logged as such; `err.code` (the error's kind) stays.
        'code',
      ],
      censor: CENSOR,
    },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
  } satisfies FastifyServerOptions['logger'];
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** An error as logged: kind, message, stack, codes, and its causes the same way. */
export function serializeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const fields = error as Error & Record<string, unknown>;
  const logged: LoggedError = { type: error.constructor.name, message: error.message, stack: error.stack ?? '' };
  for (const key of ERROR_FIELDS) if (fields[key] !== undefined) logged[key] = fields[key];
  if (error instanceof AggregateError) logged.errors = error.errors.map(serializeError);
  if (error.cause !== undefined) logged.cause = serializeError(error.cause);
  return logged;
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function maskQuery(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = new URLSearchParams(url.slice(start + 1));
  for (const key of new Set(query.keys())) if (SECRET_QUERY.test(key)) query.set(key, CENSOR);
  return `${url.slice(0, start)}?${query}`;
}
