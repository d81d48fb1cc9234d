import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RappelsService } from './rappels.service.ts';

/** How often the job looks whether today's reminders went: the day changes at the company's midnight. */
export const RAPPELS_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The reminders' daily job, inside the server (docs/decisions/0019-rappels.md): a run at start,
 * then a look every hour; a company day whose run went through without a failure is not run again
 * by this process. Another run the same day (a restart, a second server) sends nothing twice: the
 * rows' unique key decides (RappelsService.run). Closing the server stops it between two e-mails.
 */
export class RappelsJob {
  private timer: NodeJS.Timeout | undefined;
  private readonly stopping = new AbortController();
  private current: Promise<void> | null = null;
  /** The company day whose reminders all went. */
  private doneFor: string | null = null;

  constructor(
    private readonly rappels: RappelsService,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = RAPPELS_INTERVAL_MS,
  ) {}

  /** The first run now, then a look every interval; the timer never keeps the process alive. */
  start(): void {
    if (this.timer || this.stopping.signal.aborted) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
    void this.tick();
  }

  /** Runs today's reminders unless done; a look while a run is on waits for that run. */
  tick(): Promise<void> {
    if (!this.current) {
      this.current = this.check().finally(() => {
        this.current = null;
      });
    }
    return this.current;
  }

  private async check(): Promise<void> {
    try {
      const today = await this.rappels.today();
      if (today === this.doneFor) return;
      const run = await this.rappels.run({ today, signal: this.stopping.signal });
      // Reminders turned off, a failed send or a stop: looked at again at the next tick.
      if (run.active && run.complete && run.echecs === 0) this.doneFor = today;
      if (run.envoyes > 0 || run.echecs > 0) this.log.info({ rappels: run }, 'rappels d’échéance envoyés');
    } catch (error) {
      this.log.error({ err: error }, 'tâche des rappels d’échéance en échec');
    }
  }

  /** No more ticks; the run under way stops after its current e-mail, and is waited for. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.stopping.abort();
    await this.current;
  }
}

/**
 * The job, when the configuration asks for it (REMINDERS, on by default outside tests): started
 * once the server is ready (after the demo seed), stopped when it closes, before the database.
 */
export function registerRappelsJob(app: FastifyInstance, rappels: RappelsService, enabled: boolean): void {
  if (!enabled) return;
  const job = new RappelsJob(rappels, app.log);
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', () => job.stop());
}
