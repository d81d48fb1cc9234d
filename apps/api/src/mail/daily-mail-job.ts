import type { FastifyBaseLogger } from 'fastify';
import type { RecurringTask } from '../engines/jobs.ts';
import type { Mailer, MailMessage } from './mailer.ts';

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
 * The members' e-mails' daily task, a job of the queue (src/engines/jobs.ts): at the server's start,
 * then every hour of the company's day, whichever instance takes it. Each run looks at the whole day
 * again: what became due since (a schedule changed) goes within the hour, a failed send is tried
 * again, and nothing goes twice, since the rows' unique keys decide. Stopping it stops the run
 * between two e-mails.
 */
export class DailyMailJob implements RecurringTask {
  readonly name = 'courriels-membres';
  /** Every hour: the day changes at the company's midnight. */
  readonly cron = '0 * * * *';
  private readonly stopping = new AbortController();
  private current: Promise<void> | null = null;

  constructor(
    private readonly mails: readonly DailyMail[],
    private readonly today: () => Promise<string>,
    private readonly log: FastifyBaseLogger,
    private readonly record: JobRecord = () => {},
  ) {}

  /** Runs today's e-mails; a run asked while one is on waits for that one. */
  run(): Promise<void> {
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
    for (const mail of this.mails) {
      if (this.stopping.signal.aborted) return;
      try {
        const run = await mail.run({ today, signal: this.stopping.signal });
        this.record(mail.name, run.echecs === 0);
        if (run.envoyes > 0 || run.echecs > 0) this.log.info({ [mail.name]: run }, 'e-mails aux membres envoyés');
      } catch (error) {
        this.record(mail.name, false);
        this.log.error({ err: error, tache: mail.name }, 'tâche des e-mails aux membres en échec');
      }
    }
  }

  /** No more runs; the run under way stops after its current e-mail, and is waited for. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.current;
  }
}
