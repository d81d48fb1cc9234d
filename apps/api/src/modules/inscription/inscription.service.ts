import { fullName, INSCRIPTION_MESSAGES, passwordProblem, VERIFICATION_LINK_HOURS } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Visitor } from '../../caller.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { type Mailer, sendInBackground } from '../../mail/mailer.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import { hashPassword } from '../auth/passwords.ts';
import { hashToken, newOpaqueToken } from '../auth/tokens.ts';
import { linkDemandesToDemandeur } from '../demandes/demandes.repository.ts';
import { nouveauCompte } from '../notifications/notifications.evenements.ts';
import { notifier } from '../notifications/notifications.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  findUtilisateurByEmail,
  insertUtilisateur,
  updateUtilisateur,
} from '../utilisateurs/utilisateurs.repository.ts';
import { consumeVerification, replaceVerification } from './inscription.repository.ts';

type Registration = { email: string; password: string; nom: string; prenoms: string; telephone: string };

const linkInvalid = () =>
  new AppError('VALIDATION_ERROR', INSCRIPTION_MESSAGES.linkInvalid, { token: INSCRIPTION_MESSAGES.linkInvalid });

/**
 * Self-registration (issue 26, spec 1 §7; decisions win over the spec's answer: no session before
 * the e-mail is verified). A prospect creates a demandeur account, which signs in once the link
 * mailed to him (single use, a day) is opened; his requests filed from the public form with that
 * e-mail are then linked to it. No answer tells whether an address has an account: registering a
 * taken address mails its owner instead, and a new link is only sent to an account that waits.
 */
export class InscriptionService {
  constructor(
    private readonly db: Database,
    private readonly config: Pick<Config, 'publicUrl'>,
    private readonly settings: SettingsService,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  async register(visitor: Visitor, body: Registration): Promise<void> {
    const problem = passwordProblem(body.password, (await this.settings.get()).security);
    if (problem) throw new AppError('VALIDATION_ERROR', problem, { password: problem });
    // Hashed whatever follows: a taken address answers in the same time as a new one.
    const password_hash = await hashPassword(body.password);
    const token = newOpaqueToken();
    const created = await this.db.transaction().execute(async (trx) => {
      const existing = await findUtilisateurByEmail(trx, body.email);
      if (existing) return { account: existing, taken: true } as const;
      const account = await insertUtilisateur(trx, {
        email: body.email,
        password_hash,
        role: 'demandeur',
        nom: body.nom,
        prenom: body.prenoms,
        telephone: body.telephone,
        email_non_verifie: true,
        password_changed_at: new Date(),
      });
      await replaceVerification(trx, account.id, hashToken(token), this.linkExpiry());
      await insertAudit(trx, visitor, {
        action: 'created',
        table_name: 'utilisateurs',
        record_id: account.id,
        new_values: { email: account.email, role: 'demandeur', origine: 'inscription' },
      });
      await notifier(trx, nouveauCompte(account.id, fullName(account), 'demandeur', 'par inscription en ligne'), {
        roles: ['admin'],
      });
      return { account, taken: false } as const;
    });
    if (created.taken) {
      sendInBackground(this.mailer, this.log, {
        to: created.account.email,
        subject: 'Une inscription avec votre adresse e-mail',
        text: [
          `Bonjour ${fullName(created.account)},`,
          '',
          'Quelqu’un vient de demander la création d’un compte avec votre adresse e-mail. Vous avez déjà un compte : aucun autre n’a été créé.',
          `Pour vous connecter : ${this.config.publicUrl}/ (« Mot de passe oublié ? » si vous ne le retrouvez plus).`,
          '',
          'Si ce n’était pas vous, vous pouvez ignorer ce message.',
        ].join('\n'),
      });
      return;
    }
    this.sendLink(created.account, token);
  }

  async verify(visitor: Visitor, token: string): Promise<void> {
    const verified = await this.db.transaction().execute(async (trx) => {
      const link = await consumeVerification(trx, hashToken(token));
      if (!link) return undefined;
      // The link's account exists: its links go with it (ON DELETE CASCADE).
      const account = await updateUtilisateur(trx, link.utilisateur_id, { email_non_verifie: false });
      // Only now: whoever typed this address in the public form is its proven owner.
      await linkDemandesToDemandeur(trx, account.id, account.email);
      await insertAudit(
        trx,
        { ...visitor, id: account.id },
        {
          action: 'updated',
          table_name: 'utilisateurs',
          record_id: account.id,
          old_values: { email_non_verifie: true },
          new_values: { email_non_verifie: false },
        },
      );
      return account;
    });
    if (!verified) throw linkInvalid();
  }

  /** A new link for an account that waits for its verification; nothing else, and the same answer. */
  async resend(email: string): Promise<void> {
    const account = await findUtilisateurByEmail(this.db, email);
    if (!account?.email_non_verifie) return;
    const token = newOpaqueToken();
    // The earlier link goes and the new one comes together.
    await this.db
      .transaction()
      .execute((trx) => replaceVerification(trx, account.id, hashToken(token), this.linkExpiry()));
    this.sendLink(account, token);
  }

  private linkExpiry(): Date {
    return new Date(Date.now() + VERIFICATION_LINK_HOURS * 3_600_000);
  }

  private sendLink(account: { email: string; nom: string; prenom: string }, token: string) {
    sendInBackground(this.mailer, this.log, {
      to: account.email,
      subject: 'Vérifiez votre adresse e-mail',
      text: [
        `Bonjour ${fullName(account)},`,
        '',
        'Votre compte est créé. Pour l’activer, ouvrez ce lien (valable 24 heures, une seule fois) :',
        `${this.config.publicUrl}/#verification-email=${token}`,
        '',
        'Vous pourrez ensuite vous connecter avec votre adresse e-mail et votre mot de passe, déposer vos demandes et les suivre.',
        '',
        'Si vous n’avez pas demandé cette inscription, ignorez ce message : sans vérification, le compte ne peut pas servir.',
      ].join('\n'),
    });
  }
}
