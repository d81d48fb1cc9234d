import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Role, Sauvegarde } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Transaction } from 'kysely';
import pg from 'pg';
import { inject, vi } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import {
  createSchema,
  type Database,
  type DatabaseHandle,
  dropSchema,
  migrateToLatest,
  openDatabase,
} from '../src/db/database.ts';
import type { DB } from '../src/db/schema.ts';
import { createMailer, type Mailer, type MailMessage } from '../src/mail/mailer.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { behindProxy, startEngines, THROUGH_PROXY } from './through-proxy.ts';

export const PASSWORD = 'Test@2026!';
export const ROLES_ALL: Role[] = ['admin', 'gestionnaire', 'comptable', 'commercial', 'membre', 'demandeur'];

export interface TestContext {
  app: App;
  /** Through the proxy (test/through-proxy.ts): nginx's address, in front of the file's two instances. */
  url?: string | undefined;
  db: Database;
  /** The database's handle and the app's configuration: another instance on the same data. */
  handle: DatabaseHandle;
  config: Config;
  dataDir: string;
  /** What the app mailed. */
  mail: TestMailer;
  close(): Promise<void>;
}

/**
 * A real app on a real database: a fresh PGlite copy of the migrated dump, or, when
 * DATABASE_URL is set, a schema of its own on PostgreSQL, dropped at the end. With
 * TEST_THROUGH_PROXY=1 it is two instances behind nginx (test/through-proxy.ts), unless the file
 * tests one instance's own machinery (`alone`: its socket, its metrics, its disk, its engines).
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  { alone = false }: { alone?: boolean } = {},
): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-test-'));
  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  if (databaseUrl && schema) {
    const admin = await openDatabase({ databaseUrl });
    await createSchema(admin.db, schema);
    await admin.close();
  }
  const database = databaseUrl
    ? await openDatabase({ databaseUrl, schema })
    : await openDatabase({ loadDataDir: new Blob([await readFile(inject('pgliteDump'))]) });
  if (databaseUrl) await migrateToLatest(database.db, schema);
  const engines = THROUGH_PROXY && !alone ? await startEngines(dataDir) : undefined;
  const config = testConfig(dataDir, { databaseUrl, ...engines?.config, ...overrides });
  const mail = new TestMailer(createMailer({ from: config.mailFrom, dataDir, log: QUIET }));
  const instance = (handle: DatabaseHandle) =>
    buildApp({
      config,
      db: handle.db,
      dbKind: handle.kind,
      mailer: mail,
      logger: false,
      listen: handle.listen,
      inTurn: handle.inTurn,
      poolStats: handle.poolStats,
    });
  const app = await instance(database);
  await app.ready();
  // Through the proxy: a second instance on its own connections to the same schema.
  const other = engines ? await openDatabase({ databaseUrl, schema }) : undefined;
  const second = other ? await instance(other) : undefined;
  const proxy = second ? await behindProxy(dataDir, app, second) : undefined;
  return {
    app: proxy?.app ?? app,
    url: proxy?.url,
    db: database.db,
    handle: database,
    config,
    dataDir,
    mail,
    async close() {
      await proxy?.stop();
      await second?.close();
      await other?.close();
      await app.close();
      await engines?.stop();
      if (databaseUrl && schema) await dropSchema(database.db, schema);
      await database.close();
      // A mail handed over in the background (a registration's link) may still be writing its file.
      await mail.settled();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * An empty database of its own on the DATABASE_URL server, for processes that work in its default
 * schema (a restore's target, started instances); `drop` removes it, connections and all.
 */
export async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = new URL(process.env.DATABASE_URL as string);
  const name = `e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server.href });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The file mailer logs each message it writes; the tests' logs are off. */
const QUIET = { info() {} } as unknown as FastifyBaseLogger;

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    databasePoolMax: 10,
    jwtSecret: randomBytes(32).toString('hex'),
    sessionHours: 8,
    seedDemo: false,
    smtpUrl: undefined,
    mailFrom: 'Test <test@example.test>',
    logLevel: 'silent',
    loginRateLimit: 10_000,
    forgotRateLimit: 10_000,
    demandeRateLimit: 10_000,
    registerRateLimit: 10_000,
    webDist: path.join(dataDir, 'no-web'),
    trustProxy: false,
    publicUrl: 'http://backoffice.test',
    apiDocs: 'public',
    backupDir: path.join(dataDir, 'backups'),
    backupKey: undefined,
    ...overrides,
  };
}

let sequence = 0;
function unique(): string {
  sequence += 1;
  return `${process.pid}${sequence}${randomBytes(2).toString('hex')}`;
}

const CODE_PREFIX: Partial<Record<Role, string>> = {
  admin: 'ADM',
  gestionnaire: 'GES',
  comptable: 'CPT',
  commercial: 'COM',
};
let cachedHash: Promise<string> | undefined;

export interface AccountOptions {
  role?: Role;
  statut?: 'actif' | 'inactif' | 'suspendu';
  password?: string;
  must_change_password?: boolean;
  email?: string;
}

/** Inserts an account (and its staff profile for staff roles); returns its row. */
export async function createAccount(db: Database, options: AccountOptions = {}) {
  const role = options.role ?? 'admin';
  const id = unique();
  cachedHash ??= hashPassword(PASSWORD);
  const password_hash = options.password ? await hashPassword(options.password) : await cachedHash;
  const account = await db
    .insertInto('utilisateurs')
    .values({
      email: options.email ?? `${role}.${id}@test.example`,
      password_hash,
      role,
      statut: options.statut ?? 'actif',
      nom: 'Kouamé',
      prenom: 'Awa',
      telephone: '+225 07 00 00 00 00',
      photo_profil: null,
      must_change_password: options.must_change_password ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const prefix = CODE_PREFIX[role];
  let code_employe: string | null = null;
  if (prefix) {
    code_employe = `CHES-${prefix}-${String(account.id * 7919)
      .slice(-6)
      .padStart(6, '0')}`;
    await db
      .insertInto('personnel')
      .values({
        utilisateur_id: account.id,
        code_employe,
        num_cni: `CI${id}`.padEnd(13, '0').slice(0, 13),
        departement: 'Direction',
        poste: 'Test',
        date_embauche: '2024-01-01',
        salaire: 500000,
      })
      .execute();
  }
  return { ...account, code_employe, password: options.password ?? PASSWORD };
}

export async function login(
  app: App,
  identifier: string,
  password: string = PASSWORD,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/personnel-auth/login',
    payload: { identifier, password },
    headers: { 'user-agent': 'vitest-agent', ...headers },
  });
}

/** Creates an account of the role and signs it in; returns its tokens. */
export async function loginAs(ctx: TestContext, role: Role, options: AccountOptions = {}) {
  const account = await createAccount(ctx.db, { ...options, role });
  const response = await login(ctx.app, account.email, account.password);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const data = response.json().data as { token: string; refreshToken: string };
  return {
    account,
    token: data.token,
    refreshToken: data.refreshToken,
    auth: { authorization: `Bearer ${data.token}` },
  };
}

/**
 * The tests' mailer: it keeps every message the app hands over, and delivers it as the app's own
 * file mailer does (DATA_DIR/mail). The app hands a message over before it answers, the delivery
 * going on after: once an answer is in, `to` lists every message it caused.
 */
export class TestMailer implements Mailer {
  private readonly handed: { message: MailMessage; delivered: Promise<void> }[] = [];
  private readonly watchers = new Set<() => void>();

  constructor(private readonly delivery: Mailer) {}

  send(message: MailMessage): Promise<void> {
    const delivered = this.delivery.send(message);
    this.handed.push({ message, delivered });
    for (const watcher of this.watchers) watcher();
    return delivered;
  }

  /** Once every message handed over is delivered or has failed. */
  async settled(): Promise<void> {
    await Promise.allSettled(this.handed.map(({ delivered }) => delivered));
  }

  /** The messages handed over for the address, oldest first. */
  to(address: string): MailMessage[] {
    return this.handed.filter(({ message }) => message.to === address).map(({ message }) => message);
  }

  /**
   * The one e-mail to the address whose subject or text matches, once delivered, whatever else the
   * address gets and in whatever order. Fails, saying what the address got, when none comes within
   * `timeoutMs` or when several match (the test must then say which one it means).
   */
  async waitFor(address: string, matching: RegExp, timeoutMs = 10_000): Promise<MailMessage> {
    const got = () => JSON.stringify(this.to(address).map((m) => m.subject));
    const found = await new Promise<{ message: MailMessage; delivered: Promise<void> }>((resolve, reject) => {
      const settle = (outcome: () => void) => {
        clearTimeout(timer);
        this.watchers.delete(look);
        outcome();
      };
      const look = () => {
        const matches = this.handed.filter(
          ({ message }) => message.to === address && (matching.test(message.subject) || matching.test(message.text)),
        );
        const [only] = matches;
        if (matches.length > 1)
          settle(() => reject(new Error(`several e-mails to ${address} match ${matching}: ${got()}`)));
        else if (only) settle(() => resolve(only));
      };
      const timer = setTimeout(
        () =>
          settle(() =>
            reject(new Error(`no e-mail to ${address} matches ${matching} after ${timeoutMs} ms: ${got()}`)),
          ),
        timeoutMs,
      );
      this.watchers.add(look);
      look();
    });
    await found.delivered;
    return found.message;
  }
}

const MAIL_CODE = /^Code\u00a0: (\d{6})$/m;

/** The 6-digit code of the reset-code e-mail to the address. */
export async function mailedCode(mail: TestMailer, email: string): Promise<string> {
  const match = (await mail.waitFor(email, MAIL_CODE)).text.match(MAIL_CODE);
  if (!match?.[1]) throw new Error('no code in mail');
  return match[1];
}

/**
 * On PostgreSQL, waits until `count` other sessions wait on the transaction's locks, directly or in
 * line behind one another: the requests a test holds back are then really held, whatever the load,
 * when the transaction lets them go.
 */
export async function heldBack(db: Database, holder: Transaction<DB>, count: number): Promise<void> {
  const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(holder);
  const pid = rows[0]?.pid;
  await vi.waitFor(
    async () => {
      const { rows: waiting } = await sql<{ n: number }>`
        WITH RECURSIVE waiting(pid) AS (
          SELECT pid FROM pg_locks WHERE NOT granted AND ${pid}::int = ANY(pg_blocking_pids(pid))
          UNION
          SELECT l.pid FROM pg_locks l JOIN waiting w ON w.pid = ANY(pg_blocking_pids(l.pid)) WHERE NOT l.granted
        )
        SELECT count(*)::int AS n FROM waiting`.execute(db);
      const n = waiting[0]?.n ?? 0;
      if (n < count) throw new Error(`${n} of ${count} sessions wait on the transaction`);
    },
    { timeout: 10_000, interval: 20 },
  );
}

export async function auditRows(db: Database, filter: { action?: string; user_id?: number }) {
  let query = db.selectFrom('audit').selectAll().orderBy('id', 'asc');
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.user_id !== undefined) query = query.where('user_id', '=', filter.user_id);
  return query.execute();
}

/**
 * Waits for a backup to end (written, then verified in a process of its own), asking four times a
 * second: a slow machine's minute of verification stays well under the API's limit per account.
 */
export async function backupEnded(ctx: TestContext, auth: Record<string, string>, id: number): Promise<Sauvegarde> {
  for (;;) {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/sauvegardes/${id}`, headers: auth });
    if (res.statusCode !== 200) throw new Error(`GET /api/sauvegardes/${id}: ${res.statusCode} ${res.body}`);
    const row = res.json().data as Sauvegarde;
    if (row.statut !== 'en_cours') return row;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
