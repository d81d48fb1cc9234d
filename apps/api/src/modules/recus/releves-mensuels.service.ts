import { formatDate, formatFCFA, releveMensuelPeriode, type Settings } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { type DailyMail, type MailRun, sendClaimed } from '../../mail/daily-mail-job.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { findMembre } from '../membres/membres.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { Releve, RelevesService } from './releves.service.ts';
import { claimReleve, listRelevesDus, type ReleveDu, recordReleveOutcome } from './releves-mensuels.repository.ts';

/** Members read at a time: a batch's statements are rendered one after the other. */
const BATCH = 100;

/** The monthly statement's e-mail, in French, its PDF attached. */
export function releveMail(
  membre: ReleveDu,
  releve: Releve,
  { mois, au, general, publicUrl }: { mois: string; au: string; general: Settings['general']; publicUrl: string },
): MailMessage {
  const lines = [
    `Bonjour ${membre.prenom},`,
    '',
    `Veuillez trouver ci-joint votre relevé de compte de ${mois}.`,
    `Total versé au ${formatDate(au)}\u00a0: ${formatFCFA(releve.cloture)}.`,
    `Reste à payer sur votre contrat\u00a0: ${formatFCFA(releve.reste)}.`,
    ...(releve.retard
      ? [`Montant en retard sur votre échéancier à ce jour\u00a0: ${formatFCFA(releve.retard.montant)}.`]
      : []),
    '',
    `Vos reçus et vos relevés sont aussi dans votre espace membre\u00a0: ${publicUrl}/dashboard`,
    '',
    'Vous recevez ce message car les notifications par e-mail sont activées dans vos paramètres (Paramètres → Notifications).',
    '',
    general.companyName,
  ];
  return {
    to: membre.email,
    subject: `Votre relevé de compte de ${mois}`,
    text: lines.join('\n'),
    attachments: [{ filename: releve.fileName, content: releve.pdf, contentType: 'application/pdf' }],
  };
}

/**
 * The monthly statements' e-mails (issue 15, settings recouvrement.monthlyStatements): during a
 * month, each member gets the statement of the month before once, the first day the job runs in
 * it; by the same claimed rows as the reminders (docs/decisions/0019-rappels.md).
 */
export class RelevesMensuelsService implements DailyMail {
  readonly name = 'releves_mensuels';

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly releves: RelevesService,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async run({ today, signal }: { today: string; signal?: AbortSignal }): Promise<MailRun> {
    const { general, recouvrement } = await this.settings.fresh();
    const result: MailRun = {
      date: today,
      active: recouvrement.monthlyStatements,
      envoyes: 0,
      echecs: 0,
      complete: true,
    };
    if (!recouvrement.monthlyStatements) return result;
    const { du, au, mois } = releveMensuelPeriode(today);
    const mail = {
      claim: (membre: ReleveDu) => claimReleve(this.db, membre, du),
      compose: async (membre: ReleveDu) => {
        const row = await findMembre(this.db, { kind: 'all' }, membre.membre_id);
        if (!row) throw new Error(`membre ${membre.membre_id} introuvable`);
        const releve = await this.releves.render(row, { du, au });
        return releveMail(membre, releve, { mois, au, general, publicUrl: this.publicUrl });
      },
      record: (id: number, statut: 'envoye' | 'echec') => recordReleveOutcome(this.db, id, statut),
    };
    let afterId = 0;
    for (;;) {
      const batch = await listRelevesDus(this.db, { mois: du, au, afterId, limit: BATCH });
      await sendClaimed(batch, result, mail, { mailer: this.mailer, log: this.log, signal });
      if (!result.complete || batch.length < BATCH) return result;
      afterId = batch[batch.length - 1]?.membre_id ?? afterId;
    }
  }
}
