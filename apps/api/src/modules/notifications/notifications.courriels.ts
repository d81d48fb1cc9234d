import { courrielDu, mergePreferences } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { RecurringTask } from '../../engines/jobs.ts';
import type { JobRecord } from '../../mail/daily-mail-job.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { claimEmails, dropEmails, pendingEmails, recordEmails } from './notifications.repository.ts';

/** Rows looked at per run: more wait for the next minute. */
const BATCH = 2000;

type Pending = Awaited<ReturnType<typeof pendingEmails>>[number];

/** What a run sent: e-mails, and the notifications they carried. */
export interface DeliveryRun {
  courriels: number;
  notifications: number;
  echecs: number;
}

/**
 * The notifications' e-mails: each run sends every recipient, in one e-mail, his notifications due
 * by then (at once, or his digest's slot, after his quiet hours; `courrielDu`). A row is claimed
 * before its e-mail goes, so none goes twice, whichever instance runs and whatever the restarts.
 */
export class NotificationEmails {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async deliver(now = new Date()): Promise<DeliveryRun> {
    const run: DeliveryRun = { courriels: 0, notifications: 0, echecs: 0 };
    const { general } = await this.settings.get();
    const byRecipient = new Map<number, Pending[]>();
    for (const row of await pendingEmails(this.db, BATCH)) {
      byRecipient.set(row.utilisateur_id, [...(byRecipient.get(row.utilisateur_id) ?? []), row]);
    }
    for (const rows of byRecipient.values()) {
      const prefs = mergePreferences(rows[0]?.preferences).notifications;
      if (!prefs.emailEnabled) {
        await dropEmails(
          this.db,
          rows.map((row) => row.id),
        );
        continue;
      }
      const due = rows.filter((row) => courrielDu(new Date(row.created_at), prefs, general.timeZone) <= now);
      const claimed = new Set(
        await claimEmails(
          this.db,
          due.map((row) => row.id),
        ),
      );
      const sending = due.filter((row) => claimed.has(row.id));
      if (sending.length === 0) continue;
      const ids = sending.map((row) => row.id);
      try {
        await this.mailer.send(this.compose(sending, general.companyName));
        await recordEmails(this.db, ids, 'envoye');
        run.courriels += 1;
        run.notifications += ids.length;
      } catch (error) {
        // Told in the bell all the same; the mail server's answer is logged, not the message.
        this.log.error({ err: error, notifications: ids }, 'notifications non envoyées par e-mail');
        await recordEmails(this.db, ids, 'echec');
        run.echecs += 1;
      }
    }
    return run;
  }

  private compose(rows: Pending[], companyName: string): MailMessage {
    const [first] = rows as [Pending, ...Pending[]];
    const lines = rows.flatMap((row) => [
      `• ${row.titre}\u00a0: ${row.message}`,
      ...(row.lien ? [`  ${this.publicUrl}${row.lien}`] : []),
    ]);
    return {
      to: first.email,
      subject: rows.length === 1 ? first.titre : `${rows.length} notifications – ${companyName}`,
      text: [
        `Bonjour ${first.prenom},`,
        '',
        ...lines,
        '',
        'Vous recevez ce message selon vos choix de notifications (Paramètres → Notifications).',
        '',
        companyName,
      ].join('\n'),
    };
  }
}

/** Every minute, once across instances: what became due goes within the minute. */
export function notificationEmailsTask(
  emails: NotificationEmails,
  log: FastifyBaseLogger,
  record: JobRecord,
): RecurringTask {
  return {
    name: 'courriels-notifications',
    cron: '* * * * *',
    async run() {
      try {
        await emails.deliver();
        record('courriels-notifications', true);
      } catch (error) {
        record('courriels-notifications', false);
        log.error({ err: error }, 'envoi des notifications en échec');
      }
    },
  };
}
