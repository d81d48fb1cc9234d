import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Mailer, MailMessage } from './mailer.ts';

/** How often the job looks whether today's e-mails went: the day changes at the company's midnight. */
export const DAILY_MAIL_INTERVAL_MS = 60 * 60 * 1000;

/** What one kind of e-mail's run did, for the log and the tests. */
export interface MailRun {
  /** The company's day it ran for. */
  date: string;
  /** False when the settings turn this kind off: nothing was looked at. */
  active: boolean;
  envoyes: number;
  echecs: number;
  /** False when the server's closing stopped it before the end. */
  complete: boolean;
}

/**
 * One kind of e-mail the job sends (reminders, monthly statements): each sends what is due on the
 * day, once, by a unique key of its own table (docs/decisions/0019-rappels.md).
 */
export interface DailyMail {
  readonly name: string;
  run(options: { today: string; signal?: AbortSignal }): Promise<MailRun>;
}

/** How one kind of e-mail goes once: its row claimed first, then the e-mail, then the outcome. */
export interface ClaimedMail<T> {
  /** Writes the e-mail's row, or takes back a failed one: its id, or undefined when another run has it. */
  claim(item: T): Promise<number | undefined>;
  compose(item: T): Promise<MailMessage>;
  record(id: number, statut: 'envoye' | 'echec'): Promise<void>;
}

/**
 * Sends each item's e-mail that this run claims, counting into `run`; only the run that wrote the
 * row sends, so two runs never send one twice. A mail server's refusal (or a failed composition) is
 * recorded `echec` and logged without the message. Stops between two e-mails when asked.
 */
export async function sendClaimed<T>(
  items: Iterable<T>,
  run: MailRun,
  mail: ClaimedMail<T>,
  { mailer, log, signal }: { mailer: Mailer; log: FastifyBaseLogger; signal?: AbortSignal | undefined },
): Promise<void> {
  for (const item of items) {
    if (signal?.aborted) {
      run.complete = false;
      return;
    }
    const id = await mail.claim(item);
    if (id === undefined) continue;
    let sent = false;
    try {
      await mailer.send(await mail.compose(item));
      sent = true;
    } catch (error) {
      log.error({ err: error, id }, 'e-mail aux membres non envoyé');
    }
    await mail.record(id, sent ? 'envoye' : 'echec');
    if (sent) run.envoyes += 1;
    else run.echecs += 1;
  }
}

/** Told each run of a job and whether it went through (the metrics). */
export type JobRecord = (job: string, ok: boolean) => void;

/**
 * The members' e-mails' daily job, inside the server: a run at start, then a look every hour; a
 * company day whose runs all went through without a failure is not run again by this process.
 * Another run the same day (a restart, a second server) sends nothing twice: the rows' unique keys
 * decide. Closing the server stops it between two e-mails.
 */
export class DailyMailJob {
  private timer: NodeJS.Timeout | undefined;
  private readonly stopping = new AbortController();
  private current: Promise<void> | null = null;
  /** The company day whose e-mails all went. */
  private doneFor: string | null = null;

  constructor(
    private readonly mails: readonly DailyMail[],
    private readonly today: () => Promise<string>,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = DAILY_MAIL_INTERVAL_MS,
    private readonly record: JobRecord = () => {},
  ) {}

  /** The first run now, then a look every interval; the timer never keeps the process alive. */
  start(): void {
    if (this.timer || this.stopping.signal.aborted) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
    void this.tick();
  }

  /** Runs today's e-mails unless done; a look while a run is on waits for that run. */
  tick(): Promise<void> {
    if (!this.current) {
      this.current = this.check().finally(() => {
        this.current = null;
      });
    }
    return this.current;
  }

  private async check(): Promise<void> {
    let today: string;
    try {
      today = await this.today();
    } catch (error) {
      this.log.error({ err: error }, 'tâche des e-mails aux membres en échec');
      return;
    }
    if (today === this.doneFor) return;
    let done = true;
    for (const mail of this.mails) {
      if (this.stopping.signal.aborted) return;
      try {
        const run = await mail.run({ today, signal: this.stopping.signal });
        this.record(mail.name, run.echecs === 0);
        // Turned off, a failed send or a stop: looked at again at the next tick.
        if (!(run.active && run.complete && run.echecs === 0)) done = false;
        if (run.envoyes > 0 || run.echecs > 0) this.log.info({ [mail.name]: run }, 'e-mails aux membres envoyés');
      } catch (error) {
        done = false;
        this.record(mail.name, false);
        this.log.error({ err: error, tache: mail.name }, 'tâche des e-mails aux membres en échec');
      }
    }
    if (done) this.doneFor = today;
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
export function registerDailyMailJob(
  app: FastifyInstance,
  mails: readonly DailyMail[],
  today: () => Promise<string>,
  enabled: boolean,
  record?: JobRecord,
): void {
  if (!enabled) return;
  const job = new DailyMailJob(mails, today, app.log, DAILY_MAIL_INTERVAL_MS, record);
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', () => job.stop());
}
