import { DEUX_FACTEURS_MESSAGES, type DeuxFacteursEnrolement, fullName, isStaffRole } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../caller.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { type Mailer, sendInBackground } from '../../mail/mailer.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import { securite } from '../notifications/notifications.evenements.ts';
import { notifier } from '../notifications/notifications.repository.ts';
import { findUtilisateurById } from '../utilisateurs/utilisateurs.repository.ts';
import {
  activateSecret,
  clearSecondFactor,
  endEnrolmentOnly,
  replaceRecoveryCodes,
  setPendingSecret,
} from './deux-facteurs.repository.ts';
import { newEnrolment, newRecoveryCodes, TotpSecrets, totpStep } from './deux-facteurs.ts';

const notFound = () => new AppError('NOT_FOUND', 'Utilisateur non trouvé');
const alreadyActive = () => new AppError('CONFLICT', DEUX_FACTEURS_MESSAGES.alreadyActive);

/** Enrolling in two-factor sign-in, and an admin's reset of a lost second factor (decision 0028). */
export class DeuxFacteursService {
  private readonly totp: TotpSecrets;

  constructor(
    private readonly db: Database,
    config: Pick<Config, 'jwtSecret'>,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {
    this.totp = new TotpSecrets(config.jwtSecret);
  }

  /** A new pending secret for the caller's account (a scan started again replaces the previous one). */
  async enrol(caller: Caller): Promise<DeuxFacteursEnrolement> {
    const account = await findUtilisateurById(this.db, caller.id);
    if (!account) throw notFound();
    if (account.totp_active_at) throw alreadyActive();
    const enrolment = await newEnrolment(account.email);
    if (!(await setPendingSecret(this.db, caller.id, this.totp.seal(enrolment.secret)))) throw alreadyActive();
    return enrolment;
  }

  /** The first code confirms the pending secret; the answer holds the ten recovery codes, shown once. */
  async activate(caller: Caller, code: string): Promise<string[]> {
    const account = await findUtilisateurById(this.db, caller.id);
    if (!account) throw notFound();
    if (account.totp_active_at) throw alreadyActive();
    if (!account.totp_secret) throw new AppError('CONFLICT', DEUX_FACTEURS_MESSAGES.noEnrolment);
    const step = await totpStep(this.totp.open(account.totp_secret), code, null);
    if (step === null) {
      const message = DEUX_FACTEURS_MESSAGES.enrolmentCodeInvalid;
      throw new AppError('VALIDATION_ERROR', message, { code: message });
    }
    const { codes, hashes } = newRecoveryCodes();
    await this.db.transaction().execute(async (trx) => {
      if (!(await activateSecret(trx, caller.id, step))) throw alreadyActive();
      await replaceRecoveryCodes(trx, caller.id, hashes);
      await endEnrolmentOnly(trx, caller.id);
      await insertAudit(trx, caller, {
        action: 'DEUX_FACTEURS_ACTIVES',
        table_name: 'utilisateurs',
        record_id: caller.id,
      });
    });
    return codes;
  }

  /**
   * An admin removes someone's second factor (a lost phone): the owner is told by e-mail and
   * enrols again at his next sign-in where it is required. His open sessions stay.
   */
  async reset(caller: Caller, id: number): Promise<void> {
    const account = await findUtilisateurById(this.db, id);
    if (!account) throw notFound();
    await this.db.transaction().execute(async (trx) => {
      if (!(await clearSecondFactor(trx, id))) throw new AppError('CONFLICT', DEUX_FACTEURS_MESSAGES.notActive);
      await insertAudit(trx, caller, {
        action: 'DEUX_FACTEURS_REINITIALISES',
        table_name: 'utilisateurs',
        record_id: id,
      });
      if (isStaffRole(account.role)) {
        await notifier(
          trx,
          securite(
            `deux-facteurs:${id}:${Date.now()}`,
            'Double authentification réinitialisée',
            `La double authentification de ${fullName(account)} a été réinitialisée par un administrateur.`,
          ),
          { roles: ['admin'], utilisateurs: [id], sauf: caller.id },
        );
      }
    });
    sendInBackground(this.mailer, this.log, {
      to: account.email,
      subject: 'Double authentification de votre compte réinitialisée',
      text: [
        `Bonjour ${fullName(account)},`,
        '',
        'Un administrateur a réinitialisé la double authentification de votre compte : votre application d’authentification et vos codes de secours ne servent plus.',
        'Vous pourrez l’activer à nouveau depuis votre profil ; si elle est exigée pour votre rôle, elle vous sera demandée à votre prochaine connexion.',
        '',
        'Si vous n’avez rien demandé, contactez immédiatement un administrateur.',
      ].join('\n'),
    });
  }
}
