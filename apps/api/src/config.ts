import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
// French zod messages before the first schema parses (the environment's).
import '@app/shared/zod-locale';
import { z } from 'zod';
import type { S3Settings } from './media/file-store.ts';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true'));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'doit commencer par postgres:// ou postgresql://')
    .optional(),
  DATABASE_POOL_MAX: z.coerce
    .number('doit être un nombre')
    .int('doit être un nombre entier')
    .min(1, 'doit valoir au moins 1')
    .max(100, 'doit valoir au plus 100')
    .default(10),
  JWT_SECRET: z.string().min(32, 'doit contenir au moins 32 caractères').optional(),
  SESSION_HOURS: z.coerce.number().min(1).max(24).default(8),
  SEED_DEMO: booleanFlag,
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Autopromotion Immobilière <no-reply@autopromotion.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  FORGOT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  DEMANDE_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  REGISTER_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.string().min(1).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'doit être une adresse http:// ou https://' }).optional(),
  API_DOCS: z.enum(['public', 'admin', 'off'], 'doit valoir public, admin ou off').optional(),
  REMINDERS: booleanFlag,
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEY: z.string().min(32, 'doit contenir au moins 32 caractères').optional(),
  BACKUPS: booleanFlag,
  CLEANUP: booleanFlag,
  INTEGRITY_CHECK: booleanFlag,
  NOTIFICATION_EMAILS: booleanFlag,
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'doit être une adresse http:// ou https://' }).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag,
  METRICS: booleanFlag,
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^/]/, 'doit être une adresse redis:// ou rediss://')
    .optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_POOL_MAX: this instance's PostgreSQL connections (default 10); several instances share the server's. */
  databasePoolMax: number;
  jwtSecret: string;
  sessionHours: number;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string | undefined;
  /** Sign-in attempts per IP per minute. */
  loginRateLimit: number;
  /** Forgot-password requests per IP per 15 minutes. */
  forgotRateLimit: number;
  /** Public registration requests per IP per hour. */
  demandeRateLimit: number;
  /** Self-registrations and new verification links per address per hour (REGISTER_RATE_LIMIT, issue 26). */
  registerRateLimit: number;
  webDist: string;
  /** Fastify trustProxy: hops to trust (number) or trusted proxy addresses; off unless set. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** The address people open the product at, without a trailing slash: links in e-mails. */
  publicUrl: string;
  /** The API reference (/api/docs, /api/openapi.json): for anyone, for admins (openapi.json with a token), or none. */
  apiDocs: 'public' | 'admin' | 'off';
  /** The reminders' daily job (REMINDERS; docs/decisions/0019-rappels.md): on unless NODE_ENV=test; unset is off (tests' configs). */
  reminders?: boolean;
  /** Where backups are written (BACKUP_DIR, default DATA_DIR/backups). */
  backupDir: string;
  /** BACKUP_KEY: the passphrase backups are encrypted with; unset, they are not. */
  backupKey: string | undefined;
  /** The backups' schedule (BACKUPS): on unless NODE_ENV=test, like the reminders; manual backups always work. */
  backups?: boolean;
  /** The nightly cleanup (CLEANUP): on unless NODE_ENV=test, like the reminders; the settings' `sessionCleanup` decides what it does. */
  cleanup?: boolean;
  /** The ledger's and the audit journal's daily check (INTEGRITY_CHECK): on unless NODE_ENV=test, like the reminders. */
  integrityCheck?: boolean;
  /** The staff notifications' e-mails, every minute (NOTIFICATION_EMAILS): on unless NODE_ENV=test, like the reminders. */
  notificationEmails?: boolean;
  /** S3_*: the object store the files live in, shared by the instances; unset, DATA_DIR/media. */
  s3?: S3Settings | undefined;
  /** METRICS=1: GET /metrics in the Prometheus format (never to be forwarded by the proxy). */
  metrics?: boolean;
  /** REDIS_URL: where the instances count their rate limits together; unset, each counts its own. */
  redisUrl?: string | undefined;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')} : ${issue.message}`);
    throw new ConfigError(`Configuration invalide :\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Configuration invalide\u00a0:\n  S3_BUCKET\u00a0: requis avec les autres réglages S3_*');
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Configuration invalide\u00a0:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY\u00a0: l’un ne va pas sans l’autre',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const jwtSecret = e.JWT_SECRET ?? (e.DATABASE_URL ? storedJwtSecret(dataDir) : embeddedJwtSecret(dataDir));
  if (jwtSecret === undefined) {
    throw new ConfigError(
      'Configuration invalide :\n  JWT_SECRET : requis avec DATABASE_URL (au moins 32 caractères), sauf si une restauration l’a remis dans DATA_DIR',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    jwtSecret,
    sessionHours: e.SESSION_HOURS,
    // Embedded: demo data on the first start unless SEED_DEMO=0; PostgreSQL: only with SEED_DEMO=1.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    forgotRateLimit: e.FORGOT_RATE_LIMIT,
    demandeRateLimit: e.DEMANDE_RATE_LIMIT,
    registerRateLimit: e.REGISTER_RATE_LIMIT,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    apiDocs: e.API_DOCS ?? (e.NODE_ENV === 'production' ? 'admin' : 'public'),
    reminders: e.REMINDERS ?? e.NODE_ENV !== 'test',
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    backupKey: e.BACKUP_KEY,
    backups: e.BACKUPS ?? e.NODE_ENV !== 'test',
    cleanup: e.CLEANUP ?? e.NODE_ENV !== 'test',
    integrityCheck: e.INTEGRITY_CHECK ?? e.NODE_ENV !== 'test',
    notificationEmails: e.NOTIFICATION_EMAILS ?? e.NODE_ENV !== 'test',
    metrics: e.METRICS ?? false,
    redisUrl: e.REDIS_URL,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
        }
      : undefined,
  };
}

/** "2" → trust two hops; "10.0.0.1,10.0.0.2" or "loopback" → those proxies; unset → none (X-Forwarded-For ignored). */
function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value) return false;
  if (!/^\d+$/.test(value)) return value;
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}

/** The secret kept in DATA_DIR: generated there by the embedded default, or put back by a restore. */
export const jwtSecretFile = (dataDir: string) => path.join(dataDir, 'jwt-secret');

function storedJwtSecret(dataDir: string): string | undefined {
  const file = jwtSecretFile(dataDir);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/** On the embedded default, a random secret generated once and kept in DATA_DIR. */
function embeddedJwtSecret(dataDir: string): string {
  const stored = storedJwtSecret(dataDir);
  if (stored) return stored;
  const file = jwtSecretFile(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
