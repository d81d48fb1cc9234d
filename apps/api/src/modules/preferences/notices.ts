import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { findAccount } from '../utilisateurs/utilisateurs.repository.ts';
import { preferencesOf } from './preferences.service.ts';

export interface Notice {
  /** The account told, whose preference decides. */
  utilisateurId: number;
  to: string;
  subject: string;
  /** The message's lines, before the closing ones this adds. */
  lines: string[];
}

/**
 * Notices are news (a payment, an expense or a refund decided), not security mail: an account that turned
 * e-mail notifications off in its preferences gets none. Security mail (reset codes, temporary
 * passwords, unlock links) goes through the mailer directly, always.
 */
export class NoticeMailer {
  /** Notices still on their way, which closing the server waits for. */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Sends it in the background unless the account said no; tells whether it went. Never throws:
   * the decision it tells of is already committed, and its answer must say so.
   */
  async send(notice: Notice): Promise<boolean> {
    try {
      return await this.post(notice);
    } catch (error) {
      this.log.error({ err: error }, 'avis par e-mail non envoyé');
      return false;
    }
  }

  private async post(notice: Notice): Promise<boolean> {
    const { emailNotifications } = await preferencesOf(this.db, notice.utilisateurId);
    if (!emailNotifications) return false;
    const { general } = await this.settings.get();
    // Not awaited by the caller's answer: a slow mail server must not slow a decision down.
    const sending = this.mailer.send({
      to: notice.to,
      subject: notice.subject,
      text: [
        ...notice.lines,
        '',
        'Vous recevez ce message car les notifications par e-mail sont activées dans vos paramètres (Paramètres → Notifications).',
        '',
        general.companyName,
      ].join('\n'),
    });
    const settled = sending
      .catch((error: unknown) => this.log.error({ err: error, to: notice.to }, 'échec d’envoi d’e-mail'))
      .finally(() => this.pending.delete(settled));
    this.pending.add(settled);
    return true;
  }

  /** A notice to an account by its id: its address and first name read here. */
  async tell(utilisateurId: number, subject: string, lines: string[]): Promise<boolean> {
    const account = await findAccount(this.db, utilisateurId);
    if (!account) return false;
    return this.send({
      utilisateurId,
      to: account.email,
      subject,
      lines: [`Bonjour ${account.prenom},`, '', ...lines],
    });
  }

  /** Waits for the notices on their way (the server closing). */
  async settled(): Promise<void> {
    await Promise.all(this.pending);
  }
}
