import {
  addDays,
  formatDate,
  formatFCFA,
  formatLongDate,
  type Pagination,
  type Rappel,
  type RappelListQuery,
  type Settings,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../caller.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { type DailyMail, type MailRun, sendClaimed } from '../../mail/daily-mail-job.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { findMembre } from '../membres/membres.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  claimRappel,
  listRappels,
  listRappelsDus,
  type RappelDu,
  type RappelRow,
  recordOutcome,
} from './rappels.repository.ts';

function toRappel(row: RappelRow): Rappel {
  return {
    id: row.id,
    type_rappel: row.type_rappel,
    date_echeance: row.date_echeance,
    numero: row.numero,
    montant: Number(row.montant),
    email: row.email,
    statut: row.statut,
    tentatives: row.tentatives,
    sent_at: row.sent_at.toISOString(),
  };
}

/** "demain", "aujourd’hui", "dans 5 jours". */
function quand(jours: number): string {
  if (jours === 0) return 'aujourd’hui';
  if (jours === 1) return 'demain';
  return `dans ${jours} jours`;
}

/**
 * A reminder's e-mail, in French: the instalment (number, product, due date), what remains to pay
 * on it, for a J+3 what is overdue and whether the grace still runs, how to pay and whom to ask;
 * closed as the payments' notices are (the preference that allows it, the company's name).
 */
export function rappelMail(
  rappel: RappelDu,
  { general, graceDays, publicUrl }: { general: Settings['general']; graceDays: number; publicUrl: string },
): MailMessage {
  const reste = Number(rappel.reste);
  const montant = Number(rappel.montant);
  const retard = Number(rappel.retard);
  const echeance = `L’échéance n° ${rappel.numero} de votre échéancier${rappel.produit ? ` (${rappel.produit})` : ''}`;
  const lines = [`Bonjour ${rappel.prenom},`, ''];
  let subject: string;
  if (rappel.type_rappel === 'J+3') {
    subject = `Relance\u00a0: échéance du ${formatDate(rappel.date_echeance)} non réglée`;
    lines.push(
      `${echeance}, due le ${formatLongDate(rappel.date_echeance)}, n’est pas entièrement réglée.`,
      `Reste à payer sur cette échéance\u00a0: ${formatFCFA(reste)}.`,
    );
    if (retard > reste) lines.push(`Montant total en retard sur votre échéancier\u00a0: ${formatFCFA(retard)}.`);
    // Late once the due date is more than the settings' grace behind (as the 'Retards' screen counts).
    const limite = addDays(rappel.date_echeance, graceDays);
    lines.push(
      -rappel.jours > graceDays
        ? 'Elle est désormais comptée en retard.'
        : `Réglez-la au plus tard le ${formatDate(limite)} pour qu’elle ne soit pas comptée en retard.`,
    );
  } else {
    subject = `Rappel\u00a0: votre échéance du ${formatDate(rappel.date_echeance)}`;
    lines.push(
      `${echeance} est à régler ${quand(rappel.jours)}, le ${formatLongDate(rappel.date_echeance)}.`,
      `Montant à régler\u00a0: ${formatFCFA(reste)}${reste < montant ? ` (sur ${formatFCFA(montant)}, le reste est déjà réglé)` : ''}.`,
    );
  }
  const contact = [general.phone, general.email].filter(Boolean).join(' – ');
  lines.push(
    '',
    `Pour payer\u00a0: faites votre versement auprès de l’une de nos banques, puis déclarez-le avec le reçu de la banque dans votre espace membre, rubrique Versements\u00a0: ${publicUrl}/versements`,
    ...(contact ? [`Une question\u202f? Contactez-nous\u00a0: ${contact}`] : []),
    ...(general.address ? [general.address] : []),
    '',
    'Si vous avez déjà payé, ne tenez pas compte de ce message\u00a0: votre versement sera pris en compte dès sa validation.',
    '',
    'Vous recevez ce message car les notifications par e-mail sont activées dans vos paramètres (Paramètres → Notifications).',
    '',
    general.companyName,
  );
  return { to: rappel.email, subject, text: lines.join('\n') };
}

/**
 * Reminder e-mails of the instalments (issue 15, docs/decisions/0019-rappels.md): the daily job's
 * run, and a member's reminders on his file.
 */
export class RappelsService implements DailyMail {
  readonly name = 'rappels';

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Sends the reminders due on `today` (the company's day), each once: its row is inserted first
   * (or a failed one taken back) and only the run that wrote it sends it, so two runs, a restart or
   * two servers never send one twice. A failed send is recorded `echec`; the next runs try it again
   * while it still fits. The daily job runs it; no caller (a system task).
   */
  async run({ today, signal }: { today: string; signal?: AbortSignal }): Promise<MailRun> {
    const { general, recouvrement } = await this.settings.fresh();
    const result: MailRun = { date: today, active: recouvrement.reminders, envoyes: 0, echecs: 0, complete: true };
    if (!recouvrement.reminders) return result;
    await sendClaimed(
      await listRappelsDus(this.db, today),
      result,
      {
        claim: (rappel) => claimRappel(this.db, rappel),
        compose: async (rappel) =>
          rappelMail(rappel, { general, graceDays: recouvrement.graceDays, publicUrl: this.publicUrl }),
        record: (id, statut) => recordOutcome(this.db, id, statut),
      },
      { mailer: this.mailer, log: this.log, signal },
    );
    return result;
  }

  /** A member's reminders, newest first: in the member file's scope (404 outside it). */
  async list(
    caller: Caller,
    membreId: number,
    query: RappelListQuery,
  ): Promise<{ data: Rappel[]; pagination: Pagination }> {
    if (!(await findMembre(this.db, caller.scope, membreId))) throw new AppError('NOT_FOUND', 'Membre non trouvé');
    const { rows, pagination } = await listRappels(this.db, membreId, query.page, query.limit);
    return { data: rows.map(toRappel), pagination };
  }
}
