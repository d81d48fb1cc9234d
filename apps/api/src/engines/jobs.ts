import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import { type Database, holdingLock, JOBS_LOCK, jobsSchemaOf } from '../db/database.ts';
import { PGliteKysely } from '../db/pglite-dialect.ts';

/** A task that comes back at each slot of its cron, in the company's time zone, run by one instance. */
export interface RecurringTask {
  readonly name: string;
  /** Minute hour day month weekday, read in the company's time zone. */
  readonly cron: string;
  run(): Promise<void>;
  /** Asks the run under way to end soon, and waits for it (the server stops). */
  stop?(): Promise<void>;
}

/** How long a run may last before the queue gives it up (an instance killed under it): the next slot comes anyway. */
const EXPIRE_SECONDS = 60 * 60;

/** What the queue's workers are left to finish when the server stops (SIGTERM exits within 10 s). */
const STOP_TIMEOUT_MS = 8_000;

/**
 * pg-boss's queries through the app's own database: PostgreSQL's pool, or PGlite's one connection
 * taken in turn with the app's transactions. Its scripts are several statements in one transaction;
 * one that fails is rolled back before its connection goes back to the pool. The queries under way
 * are kept: pg-boss marks a job done without waiting, and that write must end before the database
 * closes.
 */
class QueueDatabase implements PgBoss.Db {
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly db: Database) {}

  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    const query = this.execute(text, values);
    this.running.add(query);
    void query.catch(() => {}).finally(() => this.running.delete(query));
    return query;
  }

  private execute(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    const db = this.db;
    if (db instanceof PGliteKysely && !values?.length) return db.script(text);
    return db.connection().execute(async (connection) => {
      try {
        return await connection.executeQuery(CompiledQuery.raw(text, values ?? []));
      } catch (error) {
        await sql`ROLLBACK`.execute(connection).catch(() => {});
        throw error;
      }
    });
  }

  /** Once the queries under way, and the ones they started, have ended. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

/**
 * The server's recurring tasks on a job queue kept in the database (pg-boss, on PostgreSQL and on
 * PGlite): each slot of a task's cron makes one job whatever the number of instances, and one
 * instance runs it. A task's own once-only rows stay the last guard (docs/decisions/0024).
 */
export class Jobs {
  private boss: PgBoss | undefined;
  private readonly queue: QueueDatabase;

  constructor(
    private readonly db: Database,
    private readonly tasks: readonly RecurringTask[],
    private readonly log: FastifyBaseLogger,
  ) {
    this.queue = new QueueDatabase(db);
  }

  /**
   * Creates the queue's tables once, works each task's queue, schedules the tasks in `timeZone`, and
   * runs each once now (one job per minute across instances started together): a slot missed while
   * every instance was down is made up at the next start.
   */
  async start(timeZone: string): Promise<void> {
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(this.db);
    const boss = new PgBoss({ db: this.queue, schema: jobsSchemaOf(rows[0]?.schema ?? 'public') });
    boss.on('error', (error) => this.log.error({ err: error }, 'file des tâches en échec'));
    await this.creatingQueues(async () => {
      await boss.start();
      for (const task of this.tasks) {
        await boss.createQueue(task.name, { name: task.name, retryLimit: 0, expireInSeconds: EXPIRE_SECONDS });
      }
    });
    this.boss = boss;
    for (const task of this.tasks) {
      await boss.work(task.name, async () => {
        await task.run();
      });
    }
    await this.schedule(timeZone);
    for (const task of this.tasks) {
      await boss.send(task.name, {}, { singletonKey: 'demarrage', singletonSeconds: 60 });
    }
  }

  /**
   * Instances starting together would create the same queues at once, which PostgreSQL may end as a
   * deadlock: they take turns. PGlite is one instance, and its one connection is the queue's too.
   */
  private creatingQueues(work: () => Promise<void>): Promise<void> {
    return this.db instanceof PGliteKysely ? work() : holdingLock(this.db, JOBS_LOCK, work);
  }

  /** The tasks' slots read in `timeZone` (at start, and when the company's time zone changes). */
  async schedule(timeZone: string): Promise<void> {
    for (const task of this.tasks) await this.boss?.schedule(task.name, task.cron, {}, { tz: timeZone });
  }

  /** No new job; the runs under way are given until shortly before the server's forced exit. */
  async stop(): Promise<void> {
    await Promise.all(this.tasks.map((task) => task.stop?.()));
    await this.boss?.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
    await this.queue.settled();
    this.boss = undefined;
  }
}

/**
 * The queue, when some task is on (REMINDERS, BACKUPS): started once the server is ready (after the
 * demo seed), stopped when it closes, before the database. Returns it, to follow the time zone.
 */
export function registerJobs(
  app: FastifyInstance,
  db: Database,
  tasks: readonly RecurringTask[],
  timeZone: () => Promise<string>,
): Jobs | undefined {
  if (tasks.length === 0) return undefined;
  const jobs = new Jobs(db, tasks, app.log);
  app.addHook('onReady', async () => jobs.start(await timeZone()));
  app.addHook('onClose', () => jobs.stop());
  return jobs;
}
