import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { jobsSchemaOf } from '../src/db/database.ts';
import { Jobs, type RecurringTask } from '../src/engines/jobs.ts';
import { buildTestApp, loginAs, type TestContext } from './helpers.ts';

/** The recurring tasks on pg-boss (issue 25), on PGlite and, where DATABASE_URL is set, PostgreSQL. */
let ctx: TestContext;
let schema: string;
beforeAll(async () => {
  ctx = await buildTestApp();
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(ctx.db);
  schema = jobsSchemaOf(rows[0]?.schema as string);
});
afterAll(async () => {
  await ctx.close();
});

/** A task counting its runs; its cron's slot (new year's midnight) never comes during the test. */
function countingTask(name: string): RecurringTask & { runs: number } {
  return {
    name,
    cron: '0 0 1 1 *',
    runs: 0,
    async run() {
      this.runs += 1;
    },
  };
}

/** The queue's jobs of one task, as pg-boss keeps them. */
async function jobsOf(name: string) {
  const { rows } = await sql<{
    state: string;
  }>`SELECT state FROM ${sql.table(`${schema}.job`)} WHERE name = ${name}`.execute(ctx.db);
  return rows.map((row) => row.state);
}

describe('the job queue', () => {
  it('runs a task once when two instances start together, and follows the company’s time zone', async () => {
    const first = countingTask('essai-demarrage');
    const second = countingTask('essai-demarrage');
    const a = new Jobs(ctx.db, [first], ctx.app.log);
    const b = new Jobs(ctx.db, [second], ctx.app.log);
    try {
      await Promise.all([a.start('Africa/Abidjan'), b.start('Africa/Abidjan')]);
      // Both asked for the start's run: the queue made one job, and one of them ran it.
      await vi.waitFor(async () => expect(await jobsOf('essai-demarrage')).toEqual(['completed']), { timeout: 15_000 });
      expect(first.runs + second.runs).toBe(1);

      const schedule = () =>
        sql<{ timezone: string; cron: string }>`SELECT timezone, cron FROM ${sql.table(`${schema}.schedule`)}
          WHERE name = 'essai-demarrage'`.execute(ctx.db);
      expect((await schedule()).rows).toEqual([{ timezone: 'Africa/Abidjan', cron: '0 0 1 1 *' }]);
      await b.schedule('Africa/Douala');
      expect((await schedule()).rows).toEqual([{ timezone: 'Africa/Douala', cron: '0 0 1 1 *' }]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('waits at the stop for the run under way, after asking it to end', async () => {
    let finish = () => {};
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const order: string[] = [];
    const task: RecurringTask = {
      name: 'essai-arret',
      cron: '0 0 1 1 *',
      run: () =>
        new Promise<void>((resolve) => {
          started();
          finish = () => {
            order.push('run ended');
            resolve();
          };
        }),
      async stop() {
        order.push('asked to end');
        finish();
      },
    };
    const jobs = new Jobs(ctx.db, [task], ctx.app.log);
    await jobs.start('Africa/Abidjan');
    await running;
    await jobs.stop();
    order.push('stopped');
    expect(order).toEqual(['asked to end', 'run ended', 'stopped']);
    expect(await jobsOf('essai-arret')).toEqual(['completed']);
  });

  it('schedules the server’s tasks in the company’s time zone, again when an admin changes it', async () => {
    const server = await buildApp({
      config: { ...ctx.config, reminders: true },
      db: ctx.db,
      mailer: ctx.mail,
      logger: false,
    });
    try {
      await server.ready();
      const zoneOf = async () =>
        (
          await sql<{ timezone: string }>`SELECT timezone FROM ${sql.table(`${schema}.schedule`)}
            WHERE name = 'courriels-membres'`.execute(ctx.db)
        ).rows[0]?.timezone;
      const before = (await ctx.app.settings.get()).general.timeZone;
      expect(await zoneOf()).toBe(before);

      const { auth } = await loginAs(ctx, 'admin');
      const changed = await server.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: auth,
        payload: { general: { timeZone: 'Africa/Douala' } },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      await vi.waitFor(async () => expect(await zoneOf()).toBe('Africa/Douala'), { timeout: 10_000 });
    } finally {
      await server.close();
    }
  });
});
