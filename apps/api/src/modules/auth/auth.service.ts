import { randomUUID } from 'node:crypto';
import { type LoginData, MESSAGES, type Profile, type ProfileUpdateBody, type Role } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/database.ts';
import type { Utilisateur } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Mailer, sendInBackground } from '../../mail/mailer.ts';
import { type AuditActor, changedFields, insertAudit } from '../audit/audit.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { assertPasswordPolicy } from '../utilisateurs/accounts.ts';
import {
  findUtilisateurByEmail,
  findUtilisateurById,
  findUtilisateurByIdentifier,
  recordFailedLogin,
  recordSuccessfulLogin,
  updateUtilisateur,
} from '../utilisateurs/utilisateurs.repository.ts';
import {
  consumeSessionToken,
  extendSession,
  findLiveResetCode,
  findSessionToken,
  findSessionWithAccount,
  hasTokenUsedSince,
  insertResetCode,
  insertSession,
  insertSessionToken,
  invalidateResetCodes,
  recordResetAttempt,
  revokeAccountSessions,
  revokeSession,
  touchSession,
} from './auth.repository.ts';
import { hashPassword, resetCode, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { hashToken, newOpaqueToken, type TokenSigner } from './tokens.ts';

/** Who is calling, resolved from a valid access token and a live session. */
export interface RequestUser {
  id: number;
  role: Role;
  sessionId: string;
  mustChangePassword: boolean;
}

const RESET_CODE_MINUTES = 15;
const RESET_MAX_ATTEMPTS = 5;
/** A rotated refresh token still works this long if its successor has not been used (lost answer). */
const REFRESH_REUSE_GRACE_MS = 30_000;
/** last_activity_at is written at most once a minute per session. */
const TOUCH_INTERVAL_MS = 60_000;

export function toProfile(row: Utilisateur): Profile {
  return {
    id: row.id,
    email: row.email,
    nom: row.nom,
    prenom: row.prenom,
    telephone: row.telephone,
    role: row.role,
    photo_profil: row.photo_profil,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    password_changed_at: row.password_changed_at.toISOString(),
    must_change_password: row.must_change_password,
  };
}

type SessionState = NonNullable<Awaited<ReturnType<typeof findSessionWithAccount>>>;

const sessionExpired = () => new AppError('SESSION_EXPIRED', MESSAGES.sessionExpired);

export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly config: Pick<Config, 'sessionHours'>,
    private readonly settings: SettingsService,
    private readonly signer: TokenSigner,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  async login(identifier: string, password: string, actor: AuditActor): Promise<LoginData> {
    const { security, system } = await this.settings.get();
    // One answer for an unknown account, a wrong password and a locked account, after the same
    // scrypt work: nobody can tell from outside which accounts exist (decisions §3).
    const refused = () => new AppError('INVALID_CREDENTIALS', MESSAGES.badCredentials);
    const account = await findUtilisateurByIdentifier(this.db, identifier);
    if (!account) {
      await verifyAgainstDummy(password);
      await insertAudit(this.db, actor, {
        action: 'LOGIN_FAILED',
        table_name: 'utilisateurs',
        new_values: { identifier: identifier.slice(0, 254), reason: 'unknown_account' },
      });
      throw refused();
    }
    const accountActor = { ...actor, user_id: account.id };
    const loginFailed = (reason: string) => ({
      action: 'LOGIN_FAILED',
      table_name: 'utilisateurs',
      record_id: account.id,
      new_values: { reason },
    });
    if (account.locked_until && account.locked_until > new Date()) {
      await verifyAgainstDummy(password);
      await insertAudit(this.db, accountActor, loginFailed('locked'));
      throw refused();
    }
    if (!(await verifyPassword(password, account.password_hash))) {
      const lockedNow = await this.db.transaction().execute(async (trx) => {
        const after = await recordFailedLogin(trx, account.id, security.loginAttempts);
        const locked = after.failed_login_count === 0 && after.locked_until !== null && after.locked_until > new Date();
        await insertAudit(trx, accountActor, loginFailed(locked ? 'bad_password_locked' : 'bad_password'));
        return locked;
      });
      if (lockedNow) {
        sendInBackground(this.mailer, this.log, {
          to: account.email,
          subject: 'Votre compte est temporairement verrouillé',
          text: [
            `Bonjour ${account.prenom} ${account.nom},`,
            '',
            `Après ${security.loginAttempts} tentatives de connexion échouées, votre compte est verrouillé pendant 15 minutes.`,
            "Si ce n'était pas vous, changez votre mot de passe dès que possible (« Mot de passe oublié ? »).",
          ].join('\n'),
        });
      }
      throw refused();
    }
    if (account.statut !== 'actif') {
      await insertAudit(this.db, accountActor, loginFailed(`statut_${account.statut}`));
      throw new AppError('ACCOUNT_DISABLED', MESSAGES.accountDisabled);
    }
    if (system.maintenanceMode && account.role !== 'admin') {
      throw new AppError('MAINTENANCE', MESSAGES.maintenance);
    }
    return this.db.transaction().execute(async (trx) => {
      // Refused if a lock started while the password was being checked (parallel attempts).
      const updated = await recordSuccessfulLogin(trx, account.id);
      if (!updated) throw refused();
      const tokens = await this.openSession(trx, updated, actor);
      await insertAudit(trx, accountActor, {
        action: 'LOGIN_SUCCESS',
        table_name: 'utilisateurs',
        record_id: account.id,
      });
      return { ...tokens, personnel: toProfile(updated), must_change_password: updated.must_change_password };
    });
  }

  private async openSession(trx: Executor, account: Utilisateur, actor: AuditActor) {
    const sessionId = randomUUID();
    const expiresAt = new Date(Date.now() + this.config.sessionHours * 3_600_000);
    await insertSession(trx, {
      id: sessionId,
      utilisateur_id: account.id,
      expires_at: expiresAt,
      ip_address: actor.ip_address,
      user_agent: actor.user_agent?.slice(0, 500) ?? null,
    });
    const refreshToken = newOpaqueToken();
    await insertSessionToken(trx, sessionId, hashToken(refreshToken));
    const token = await this.signer.sign({ sub: account.id, sid: sessionId, role: account.role });
    return { token, refreshToken, sessionExpiresAt: expiresAt.toISOString() };
  }

  /** Resolves an access token to its caller; the session must still be live (logout, inactivity, status). */
  async authenticate(token: string): Promise<RequestUser> {
    const claims = await this.signer.verify(token);
    if (!claims) throw sessionExpired();
    const session = await findSessionWithAccount(this.db, claims.sid);
    if (!session || session.utilisateur_id !== claims.sub) throw sessionExpired();
    await this.assertLive(session);
    if (Date.now() - session.last_activity_at.getTime() > TOUCH_INTERVAL_MS) {
      await touchSession(this.db, session.id);
    }
    return {
      id: session.utilisateur_id,
      role: session.role,
      sessionId: session.id,
      mustChangePassword: session.must_change_password,
    };
  }

  /** Throws (and ends the session) when it is revoked, past its end, idle too long, or its account is not active. */
  private async assertLive(session: SessionState) {
    const reason = await this.endReason(session);
    if (!reason) return;
    if (reason !== 'revoked') await revokeSession(this.db, session.id, reason);
    throw sessionExpired();
  }

  private async endReason(session: SessionState): Promise<string | null> {
    if (session.revoked_at) return 'revoked';
    const { security } = await this.settings.get();
    if (session.expires_at <= new Date()) return 'expired';
    if (Date.now() - session.last_activity_at.getTime() > security.sessionTimeout * 60_000) return 'inactivity';
    if (session.statut !== 'actif') return `statut_${session.statut}`;
    return null;
  }

  /**
   * Rotates the refresh token. Presenting an already-rotated token revokes the whole session,
   * except within a short grace after its rotation while its successor is still unused: a lost
   * answer (timeout, flaky network) must not sign the person out.
   */
  async refresh(refreshToken: string, actor: AuditActor) {
    const tokenHash = hashToken(refreshToken);
    const next = newOpaqueToken();
    const session = await this.db.transaction().execute(async (trx) => {
      let sessionId = (await consumeSessionToken(trx, tokenHash))?.session_id;
      if (!sessionId) {
        const known = await findSessionToken(trx, tokenHash);
        if (!known?.used_at) return null;
        const rotatedAt = known.used_at;
        if (
          Date.now() - rotatedAt.getTime() > REFRESH_REUSE_GRACE_MS ||
          (await hasTokenUsedSince(trx, known.session_id, rotatedAt))
        ) {
          await revokeSession(trx, known.session_id, 'refresh_token_reuse');
          await insertAudit(trx, actor, {
            action: 'SESSION_REVOKED',
            table_name: 'sessions',
            record_id: known.session_id,
            new_values: { reason: 'refresh_token_reuse' },
          });
          return null;
        }
        sessionId = known.session_id;
      }
      const live = await findSessionWithAccount(trx, sessionId);
      if (!live) return null;
      const reason = await this.endReason(live);
      if (reason) {
        if (reason !== 'revoked') await revokeSession(trx, live.id, reason);
        return null;
      }
      await insertSessionToken(trx, live.id, hashToken(next));
      return live;
    });
    if (!session) throw sessionExpired();
    const account = await findUtilisateurById(this.db, session.utilisateur_id);
    if (!account) throw sessionExpired();
    const token = await this.signer.sign({ sub: account.id, sid: session.id, role: account.role });
    return {
      token,
      refreshToken: next,
      sessionExpiresAt: session.expires_at.toISOString(),
      user: { id: account.id, email: account.email },
      profile: toProfile(account),
    };
  }

  /** "Prolonger": the session runs for a full working day again from now. */
  async extend(user: RequestUser, actor: AuditActor) {
    const expiresAt = new Date(Date.now() + this.config.sessionHours * 3_600_000);
    await this.db.transaction().execute(async (trx) => {
      await extendSession(trx, user.sessionId, expiresAt);
      await insertAudit(trx, actor, {
        action: 'SESSION_EXTENDED',
        table_name: 'sessions',
        record_id: user.sessionId,
        new_values: { expires_at: expiresAt.toISOString() },
      });
    });
    return { sessionExpiresAt: expiresAt.toISOString() };
  }

  /** Ends the session of a valid access token or, failing that, of the refresh token; nothing to end is fine. */
  async logout(tokens: { accessToken?: string | undefined; refreshToken?: string | undefined }, actor: AuditActor) {
    let session: { id: string; userId: number } | null = null;
    if (tokens.accessToken) {
      const user = await this.authenticate(tokens.accessToken).catch(() => null);
      if (user) session = { id: user.sessionId, userId: user.id };
    }
    if (!session && tokens.refreshToken) {
      const known = await findSessionToken(this.db, hashToken(tokens.refreshToken));
      const owner = known ? await findSessionWithAccount(this.db, known.session_id) : undefined;
      if (owner && !owner.revoked_at) session = { id: owner.id, userId: owner.utilisateur_id };
    }
    if (!session) return;
    const { id, userId } = session;
    await this.db.transaction().execute(async (trx) => {
      await revokeSession(trx, id, 'logout');
      await insertAudit(
        trx,
        { ...actor, user_id: userId },
        { action: 'LOGOUT', table_name: 'utilisateurs', record_id: userId },
      );
    });
  }

  async profile(userId: number): Promise<Profile> {
    const account = await findUtilisateurById(this.db, userId);
    if (!account) throw sessionExpired();
    return toProfile(account);
  }

  async updateProfile(userId: number, body: ProfileUpdateBody, actor: AuditActor): Promise<Profile> {
    return this.db.transaction().execute(async (trx) => {
      const before = await findUtilisateurById(trx, userId);
      if (!before) throw sessionExpired();
      const other = await findUtilisateurByEmail(trx, body.email);
      if (other && other.id !== userId)
        throw new AppError('CONFLICT', MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
      const { old_values, new_values } = changedFields(before, body);
      if (Object.keys(new_values).length === 0) return toProfile(before);
      const after = await updateUtilisateur(trx, userId, { ...new_values, updated_by: userId });
      await insertAudit(trx, actor, {
        action: 'updated',
        table_name: 'utilisateurs',
        record_id: userId,
        old_values,
        new_values,
      });
      if (new_values.email) {
        // The previous address hears of it: a stolen session cannot quietly take the account.
        sendInBackground(this.mailer, this.log, {
          to: before.email,
          subject: 'Adresse e-mail de votre compte modifiée',
          text: [
            `Bonjour ${before.prenom} ${before.nom},`,
            '',
            `L'adresse e-mail de votre compte a été remplacée par ${after.email}.`,
            "Si vous n'êtes pas à l'origine de ce changement, contactez immédiatement un administrateur.",
          ].join('\n'),
        });
      }
      return toProfile(after);
    });
  }

  /** Changes one's own password; the other sessions of the account end. */
  async changePassword(user: RequestUser, currentPassword: string, newPassword: string, actor: AuditActor) {
    const account = await findUtilisateurById(this.db, user.id);
    if (!account) throw sessionExpired();
    if (!(await verifyPassword(currentPassword, account.password_hash))) {
      throw new AppError('VALIDATION_ERROR', MESSAGES.currentPasswordWrong, {
        currentPassword: MESSAGES.currentPasswordWrong,
      });
    }
    await assertPasswordPolicy(this.settings, newPassword, 'newPassword');
    if (currentPassword === newPassword) {
      const message = "Le nouveau mot de passe doit être différent de l'actuel";
      throw new AppError('VALIDATION_ERROR', message, { newPassword: message });
    }
    const password_hash = await hashPassword(newPassword);
    await this.db.transaction().execute(async (trx) => {
      await updateUtilisateur(trx, user.id, {
        password_hash,
        must_change_password: false,
        password_changed_at: new Date(),
        updated_by: user.id,
      });
      await revokeAccountSessions(trx, user.id, 'password_changed', user.sessionId);
      await insertAudit(trx, actor, {
        action: 'PASSWORD_CHANGED',
        table_name: 'utilisateurs',
        record_id: user.id,
        new_values: { must_change_password: false },
      });
    });
  }

  /** Sends a 6-digit code when the account exists and is active; the caller answers the same either way. */
  async requestReset(email: string, actor: AuditActor) {
    const account = await findUtilisateurByEmail(this.db, email);
    if (account?.statut !== 'actif') return;
    const code = resetCode();
    await this.db.transaction().execute(async (trx) => {
      await invalidateResetCodes(trx, account.id);
      await insertResetCode(
        trx,
        account.id,
        hashToken(`${account.id}:${code}`),
        new Date(Date.now() + RESET_CODE_MINUTES * 60_000),
      );
      await insertAudit(
        trx,
        { ...actor, user_id: account.id },
        {
          action: 'PASSWORD_RESET_REQUESTED',
          table_name: 'utilisateurs',
          record_id: account.id,
        },
      );
    });
    sendInBackground(this.mailer, this.log, {
      to: account.email,
      subject: 'Code de réinitialisation de votre mot de passe',
      text: [
        `Bonjour ${account.prenom} ${account.nom},`,
        '',
        'Vous avez demandé la réinitialisation de votre mot de passe. Voici votre code :',
        '',
        `Code : ${code}`,
        '',
        `Ce code est valable ${RESET_CODE_MINUTES} minutes et ne peut servir qu'une fois.`,
        "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
      ].join('\n'),
    });
  }

  /** Sets a new password with a valid code: single use, 15 minutes, 5 tries; every session of the account ends. */
  async resetPassword(email: string, code: string, newPassword: string, actor: AuditActor) {
    const invalidCode = () =>
      new AppError('INVALID_RESET_CODE', MESSAGES.resetCodeInvalid, { code: MESSAGES.resetCodeInvalid });
    // Policy and hashing come first, so a known and an unknown address take the same path and time.
    await assertPasswordPolicy(this.settings, newPassword, 'password');
    const password_hash = await hashPassword(newPassword);
    const account = await findUtilisateurByEmail(this.db, email);
    if (account?.statut !== 'actif') throw invalidCode();
    const accepted = await this.db.transaction().execute(async (trx) => {
      const live = await findLiveResetCode(trx, account.id);
      if (!live || live.attempts >= RESET_MAX_ATTEMPTS) return false;
      const matches = live.code_hash === hashToken(`${account.id}:${code.trim()}`);
      await recordResetAttempt(trx, live.id, matches);
      if (!matches) return false;
      await updateUtilisateur(trx, account.id, {
        password_hash,
        must_change_password: false,
        password_changed_at: new Date(),
        failed_login_count: 0,
        locked_until: null,
      });
      await revokeAccountSessions(trx, account.id, 'password_reset');
      await insertAudit(
        trx,
        { ...actor, user_id: account.id },
        {
          action: 'PASSWORD_RESET',
          table_name: 'utilisateurs',
          record_id: account.id,
        },
      );
      return true;
    });
    if (!accepted) throw invalidCode();
  }
}
