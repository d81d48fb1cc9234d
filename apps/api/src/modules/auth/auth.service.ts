import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CHALLENGE_MINUTES,
  DEUX_FACTEURS_MESSAGES,
  type DeuxFacteursChallenge,
  fullName,
  INSCRIPTION_MESSAGES,
  isStaffRole,
  isTwoFactorRequired,
  type LoginAnswer,
  type LoginData,
  MESSAGES,
  type Profile,
  type ProfileUpdateBody,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller, Visitor } from '../../caller.ts';
import type { Config } from '../../config.ts';
import type { Database, Executor, InTurn } from '../../db/database.ts';
import type { Utilisateur } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Mailer, sendInBackground } from '../../mail/mailer.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { changedFields, insertAudit } from '../audit/audit.repository.ts';
import { securite } from '../notifications/notifications.evenements.ts';
import { notifier } from '../notifications/notifications.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { assertPasswordPolicy } from '../utilisateurs/accounts.ts';
import {
  findUtilisateurByEmail,
  findUtilisateurById,
  findUtilisateurByIdentifier,
  updateUtilisateur,
} from '../utilisateurs/utilisateurs.repository.ts';
import {
  consumeSessionToken,
  consumeUnlockToken,
  deleteLoginThrottle,
  deleteStaleLoginThrottles,
  extendSession,
  findLiveResetCode,
  findLoginThrottle,
  findSessionToken,
  findSessionWithAccount,
  hasLiveUnlockToken,
  hasTokenUsedSince,
  insertResetCode,
  insertSession,
  insertSessionToken,
  invalidateResetCodes,
  isNewSignInAddress,
  KNOWN_ADDRESS_DAYS,
  liftLoginLocks,
  lockLoginThrottle,
  recordResetAttempt,
  recordSignIn,
  replaceUnlockToken,
  revokeAccountSessions,
  revokeSession,
  touchSession,
  updateLoginThrottle,
} from './auth.repository.ts';
import {
  acceptStep,
  consumeChallenge,
  countRecoveryCodesLeft,
  findChallenge,
  insertChallenge,
  spendRecoveryCode,
} from './deux-facteurs.repository.ts';
import { TotpSecrets, totpStep, typedRecoveryCodeHash } from './deux-facteurs.ts';
import { afterFailure, durationText, isLocked, THROTTLE_FORGET_MS, throttleAddress } from './login-throttle.ts';
import { hashPassword, resetCode, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { hashToken, newOpaqueToken, type TokenSigner } from './tokens.ts';

/** Who is calling, resolved from a valid access token and a live session. */
export type RequestUser = Pick<Caller, 'id' | 'role' | 'sessionId' | 'mustChangePassword' | 'mustEnrolTwoFactor'>;

const RESET_CODE_MINUTES = 15;
const RESET_MAX_ATTEMPTS = 5;
/**
 * A forgot-password answer never comes sooner: a known and an unknown address do the same
 * database work, and this floor, far above that work and the mail (tens of milliseconds on a
 * busy PGlite), hides what differs. At 100 ms the known address's tail still showed.
 */
export const RESET_REQUEST_MIN_MS = 250;
/** The lock notice's unlock link works once, for a day. */
const UNLOCK_LINK_HOURS = 24;
/** A rotated refresh token still works this long if its successor has not been used (lost answer). */
const REFRESH_REUSE_GRACE_MS = 30_000;
/** last_activity_at is written at most once a minute per session. */
const TOUCH_INTERVAL_MS = 60_000;

/** `mustEnrol`: the session asking may only enrol in two-factor sign-in; the photo at its signed address. */
export function toProfile(row: Utilisateur, mustEnrol: boolean, media: MediaStore): Profile {
  return {
    id: row.id,
    email: row.email,
    nom: row.nom,
    prenom: row.prenom,
    telephone: row.telephone,
    role: row.role,
    photo_profil: row.photo_profil ? media.url(row.photo_profil) : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    password_changed_at: row.password_changed_at.toISOString(),
    must_change_password: row.must_change_password,
    deux_facteurs: row.totp_active_at !== null,
    deux_facteurs_a_activer: mustEnrol,
  };
}

type SessionState = NonNullable<Awaited<ReturnType<typeof findSessionWithAccount>>>;

const sessionExpired = () => new AppError('SESSION_EXPIRED', MESSAGES.sessionExpired);
const challengeExpired = () => new AppError('SESSION_EXPIRED', DEUX_FACTEURS_MESSAGES.challengeExpired);

/** Why a session is over (revoked, past its end, idle too long, its account not active), or null. */
function endReason(session: SessionState, timeoutMinutes: number): string | null {
  if (session.revoked_at) return 'revoked';
  if (session.expires_at <= new Date()) return 'expired';
  if (Date.now() - session.last_activity_at.getTime() > timeoutMinutes * 60_000) return 'inactivity';
  if (session.statut !== 'actif') return `statut_${session.statut}`;
  return null;
}

/** A visitor acting on an account (signing in, resetting its password): the journal names the account. */
type AccountVisitor = Visitor & Pick<Caller, 'id'>;
const onAccount = (visitor: Visitor, id: number): AccountVisitor => ({ ...visitor, id });

const loginFailed = (id: number, reason: string) => ({
  action: 'LOGIN_FAILED',
  table_name: 'utilisateurs',
  record_id: id,
  new_values: { reason },
});

/**
 * One answer for an unknown account, a wrong password and a locked address, after the same
 * scrypt work: nobody can tell from outside which accounts exist (decisions §3).
 */
const refused = () => new AppError('INVALID_CREDENTIALS', MESSAGES.badCredentials);

/** Runs the tasks of one key one after the other (tasks of other keys run freely). */
class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.catch(() => undefined).then(task);
    this.tails.set(key, current);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === current) this.tails.delete(key);
    }
  }
}

export class AuthService {
  private readonly attempts = new KeyedQueue();
  private readonly totp: TotpSecrets;

  constructor(
    private readonly db: Database,
    private readonly config: Pick<Config, 'sessionHours' | 'publicUrl' | 'jwtSecret'>,
    private readonly settings: SettingsService,
    private readonly signer: TokenSigner,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly media: MediaStore,
    /** Other instances on the database (PostgreSQL): their attempts on the pair wait too. */
    private readonly inTurn?: InTurn,
  ) {
    this.totp = new TotpSecrets(config.jwtSecret);
  }

  async login(visitor: Visitor, identifier: string, password: string): Promise<LoginAnswer> {
    const account = await findUtilisateurByIdentifier(this.db, identifier);
    if (!account) {
      await verifyAgainstDummy(password);
      await insertAudit(this.db, visitor, {
        action: 'LOGIN_FAILED',
        table_name: 'utilisateurs',
        new_values: { identifier: identifier.slice(0, 254), reason: 'unknown_account' },
      });
      throw refused();
    }
    const who = onAccount(visitor, account.id);
    const address = throttleAddress(visitor.ip);
    // A burst waits in line, and once the pair is locked the rest are refused without trying the password.
    return this.inLine(`${account.id}|${address}`, () => this.attempt(visitor, who, account, address, password));
  }

  /** One attempt at a time per account and address, whatever the instance (a password or a code). */
  private inLine<T>(pair: string, attempt: () => Promise<T>): Promise<T> {
    return this.attempts.run(pair, () => (this.inTurn ? this.inTurn(`connexion|${pair}`, attempt) : attempt()));
  }

  private async attempt(
    visitor: Visitor,
    who: AccountVisitor,
    account: Utilisateur,
    address: string,
    password: string,
  ): Promise<LoginAnswer> {
    const { security } = await this.settings.get();
    if (isLocked(await findLoginThrottle(this.db, account.id, address))) {
      await verifyAgainstDummy(password);
      await insertAudit(this.db, who, loginFailed(account.id, 'locked'));
      throw refused();
    }
    if (!(await verifyPassword(password, account.password_hash))) {
      await this.recordFailure(who, account, address, security.loginAttempts, 'password');
      throw refused();
    }
    await this.assertMaySignIn(who, account);
    if (account.totp_active_at) return this.challenge(who, account);
    const mustEnrol = isTwoFactorRequired(account.role, security.twoFactorAuth);
    return this.db.transaction().execute((trx) => this.signIn(trx, visitor, who, account, address, mustEnrol));
  }

  /** An account that is not active, not verified, or not an admin's during maintenance, goes no further. */
  private async assertMaySignIn(who: AccountVisitor, account: Utilisateur) {
    if (account.statut !== 'actif') {
      await insertAudit(this.db, who, loginFailed(account.id, `statut_${account.statut}`));
      throw new AppError('ACCOUNT_DISABLED', MESSAGES.accountDisabled);
    }
    // A self-registered account waits for its e-mail's verification (issue 26); told only to whoever has its password.
    if (account.email_non_verifie) {
      await insertAudit(this.db, who, loginFailed(account.id, 'email_non_verifie'));
      throw new AppError('EMAIL_NON_VERIFIE', INSCRIPTION_MESSAGES.emailNotVerified);
    }
    if ((await this.settings.get()).system.maintenanceMode && account.role !== 'admin') {
      throw new AppError('MAINTENANCE', MESSAGES.maintenance);
    }
  }

  /**
   * Opens the session of a proven sign-in. Refused (and the transaction rolled back) if this
   * address got locked meanwhile: a burst of parallel attempts must not let a right one slip through.
   * `mustEnrol`: a password alone where two factors are required, the session may only enrol.
   */
  private async signIn(
    trx: Executor,
    visitor: Visitor,
    who: AccountVisitor,
    account: Utilisateur,
    address: string,
    mustEnrol: boolean,
    proof?: Record<string, unknown>,
  ): Promise<LoginData> {
    if (isLocked(await deleteLoginThrottle(trx, account.id, address))) throw refused();
    const updated = await recordSignIn(trx, account.id);
    if (!updated) throw refused();
    if (isStaffRole(account.role) && visitor.ip && (await isNewSignInAddress(trx, account.id, visitor.ip))) {
      await notifier(
        trx,
        securite(
          `adresse:${account.id}:${visitor.ip}:${Date.now()}`,
          'Connexion depuis une nouvelle adresse',
          `${fullName(account)} s’est connecté depuis l’adresse ${visitor.ip}, jamais utilisée par ce compte ces ${KNOWN_ADDRESS_DAYS} derniers jours.`,
        ),
        { roles: ['admin'], utilisateurs: [account.id] },
      );
    }
    const tokens = await this.openSession(trx, updated, visitor, mustEnrol);
    await insertAudit(trx, who, {
      action: 'LOGIN_SUCCESS',
      table_name: 'utilisateurs',
      record_id: account.id,
      new_values: proof,
    });
    return {
      ...tokens,
      personnel: toProfile(updated, mustEnrol, this.media),
      must_change_password: updated.must_change_password,
    };
  }

  /** The password was right on an account with two factors: the code step's token, single use, for a few minutes. */
  private async challenge(who: AccountVisitor, account: Utilisateur): Promise<DeuxFacteursChallenge> {
    const jeton = newOpaqueToken();
    await this.db.transaction().execute(async (trx) => {
      await insertChallenge(trx, hashToken(jeton), account.id, new Date(Date.now() + CHALLENGE_MINUTES * 60_000));
      await insertAudit(trx, who, { action: 'LOGIN_2FA_REQUESTED', table_name: 'utilisateurs', record_id: account.id });
    });
    return { deux_facteurs_requis: true, jeton_2fa: jeton };
  }

  /**
   * The code step of a sign-in: a TOTP code later than the last one accepted, or an unused
   * recovery code. A wrong code counts toward the throttle like a wrong password, so the lock
   * bounds the guesses; the pending sign-in serves once.
   */
  async verifySecondFactor(visitor: Visitor, jeton: string, code: string): Promise<LoginData> {
    const jetonHash = hashToken(jeton);
    const accountId = await findChallenge(this.db, jetonHash);
    if (accountId === null) throw challengeExpired();
    const who = onAccount(visitor, accountId);
    const address = throttleAddress(visitor.ip);
    return this.inLine(`${accountId}|${address}`, async () => {
      // Read in line: a code accepted by the attempt before this one moved the last step.
      const account = await findUtilisateurById(this.db, accountId);
      if (!account?.totp_secret || !account.totp_active_at) throw challengeExpired();
      const { security } = await this.settings.get();
      if (isLocked(await findLoginThrottle(this.db, account.id, address))) {
        await insertAudit(this.db, who, loginFailed(account.id, 'locked'));
        throw new AppError('CODE_2FA_INVALIDE', DEUX_FACTEURS_MESSAGES.locked);
      }
      await this.assertMaySignIn(who, account);
      const step = await totpStep(this.totp.open(account.totp_secret), code, account.totp_last_step);
      const recovery = step === null ? typedRecoveryCodeHash(code) : null;
      const signedIn = await this.db.transaction().execute(async (trx) => {
        const proven =
          step !== null
            ? await acceptStep(trx, account.id, step)
            : recovery !== null && (await spendRecoveryCode(trx, account.id, recovery));
        if (!proven) return null;
        if (!(await consumeChallenge(trx, jetonHash))) throw challengeExpired();
        const proof =
          step !== null
            ? { deux_facteurs: 'totp' }
            : { deux_facteurs: 'code_secours', codes_restants: await countRecoveryCodesLeft(trx, account.id) };
        return this.signIn(trx, visitor, who, account, address, false, proof);
      });
      if (signedIn) return signedIn;
      await this.recordFailure(who, account, address, security.loginAttempts, '2fa_code');
      throw new AppError('CODE_2FA_INVALIDE', DEUX_FACTEURS_MESSAGES.codeInvalid, {
        code: DEUX_FACTEURS_MESSAGES.codeInvalid,
      });
    });
  }

  /**
   * Counts a wrong password against the account and this address. When the pair locks, the owner
   * gets a notice with an unlock link, unless a link sent earlier is still live (one mail, not one per address).
   */
  private async recordFailure(
    who: AccountVisitor,
    account: Utilisateur,
    address: string,
    maxAttempts: number,
    what: 'password' | '2fa_code',
  ) {
    const notice = await this.db.transaction().execute(async (trx) => {
      await deleteStaleLoginThrottles(trx, new Date(Date.now() - THROTTLE_FORGET_MS));
      const { next, lockedMinutes } = afterFailure(await lockLoginThrottle(trx, account.id, address), maxAttempts);
      await updateLoginThrottle(trx, account.id, address, next);
      await insertAudit(trx, who, loginFailed(account.id, lockedMinutes ? `bad_${what}_locked` : `bad_${what}`));
      if (lockedMinutes && isStaffRole(account.role)) {
        await notifier(
          trx,
          securite(
            `blocage:${account.id}:${address}:${next.lockouts}`,
            'Connexions bloquées',
            `Après ${maxAttempts} tentatives échouées depuis l’adresse ${address}, les connexions au compte de ${fullName(account)} depuis cette adresse sont bloquées pendant ${durationText(lockedMinutes)}.`,
          ),
          { roles: ['admin'], utilisateurs: [account.id] },
        );
      }
      if (!lockedMinutes || (await hasLiveUnlockToken(trx, account.id))) return null;
      const token = newOpaqueToken();
      const expiresAt = new Date(Date.now() + UNLOCK_LINK_HOURS * 3_600_000);
      await replaceUnlockToken(trx, account.id, hashToken(token), expiresAt);
      return { minutes: lockedMinutes, token };
    });
    if (!notice) return;
    sendInBackground(this.mailer, this.log, {
      to: account.email,
      subject: 'Connexions à votre compte bloquées depuis une adresse',
      text: [
        `Bonjour ${fullName(account)},`,
        '',
        `Après ${maxAttempts} tentatives de connexion échouées depuis l’adresse ${address}, les connexions à votre compte depuis cette adresse sont bloquées pendant ${durationText(notice.minutes)}.`,
        'Depuis vos autres appareils et réseaux, vous pouvez toujours vous connecter.',
        '',
        `Si c’était vous, débloquez votre compte avec ce lien (valable ${UNLOCK_LINK_HOURS} heures, une seule fois), puis connectez-vous :`,
        `${this.config.publicUrl}/#deverrouillage=${notice.token}`,
        '',
        'Si ce n’était pas vous, changez votre mot de passe dès que possible (« Mot de passe oublié ? »).',
      ].join('\n'),
    });
  }

  private async openSession(trx: Executor, account: Utilisateur, visitor: Visitor, mustEnrol: boolean) {
    const sessionId = randomUUID();
    const expiresAt = new Date(Date.now() + this.config.sessionHours * 3_600_000);
    await insertSession(trx, {
      id: sessionId,
      utilisateur_id: account.id,
      expires_at: expiresAt,
      ip_address: visitor.ip,
      user_agent: visitor.userAgent?.slice(0, 500) ?? null,
      deux_facteurs_a_activer: mustEnrol,
    });
    const refreshToken = newOpaqueToken();
    await insertSessionToken(trx, sessionId, hashToken(refreshToken));
    const token = await this.signer.sign({ sub: account.id, sid: sessionId, role: account.role });
    return { token, refreshToken, sessionExpiresAt: expiresAt.toISOString() };
  }

  /**
   * Resolves an access token to its caller; the session must still be live (logout, inactivity,
   * status). `activity: false` (a background read) checks the session without renewing its
   * inactivity clock.
   */
  async authenticate(token: string, activity = true): Promise<RequestUser> {
    const claims = await this.signer.verify(token);
    if (!claims) throw sessionExpired();
    const session = await findSessionWithAccount(this.db, claims.sid);
    if (!session || session.utilisateur_id !== claims.sub) throw sessionExpired();
    await this.assertLive(session);
    if (activity && Date.now() - session.last_activity_at.getTime() > TOUCH_INTERVAL_MS) {
      await touchSession(this.db, session.id);
    }
    return {
      id: session.utilisateur_id,
      role: session.role,
      sessionId: session.id,
      mustChangePassword: session.must_change_password,
      mustEnrolTwoFactor: session.deux_facteurs_a_activer,
    };
  }

  /** Throws (and ends the session) when it is revoked, past its end, idle too long, or its account is not active. */
  private async assertLive(session: SessionState) {
    const { security } = await this.settings.get();
    const reason = endReason(session, security.sessionTimeout);
    if (!reason) return;
    if (reason !== 'revoked') await revokeSession(this.db, session.id, reason);
    throw sessionExpired();
  }

  /**
   * Rotates the refresh token. Presenting an already-rotated token revokes the whole session,
   * except within a short grace after its rotation while its successor is still unused: a lost
   * answer (timeout, flaky network) must not sign the person out.
   */
  async refresh(visitor: Visitor, refreshToken: string) {
    const tokenHash = hashToken(refreshToken);
    const next = newOpaqueToken();
    // Read before the transaction: on PGlite a read on the database inside it would wait for it.
    const { security } = await this.settings.get();
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
          await insertAudit(trx, visitor, {
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
      const reason = endReason(live, security.sessionTimeout);
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
      profile: toProfile(account, session.deux_facteurs_a_activer, this.media),
    };
  }

  /** "Prolonger": the session runs for a full working day again from now. */
  async extend(caller: Caller) {
    const expiresAt = new Date(Date.now() + this.config.sessionHours * 3_600_000);
    await this.db.transaction().execute(async (trx) => {
      await extendSession(trx, caller.sessionId, expiresAt);
      await insertAudit(trx, caller, {
        action: 'SESSION_EXTENDED',
        table_name: 'sessions',
        record_id: caller.sessionId,
        new_values: { expires_at: expiresAt.toISOString() },
      });
    });
    return { sessionExpiresAt: expiresAt.toISOString() };
  }

  /**
   * Ends the session of a valid access token or, failing that, of the refresh token; nothing to
   * end is fine. A visitor: an expired access token must still end its session.
   */
  async logout(visitor: Visitor, tokens: { accessToken?: string | undefined; refreshToken?: string | undefined }) {
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
      await insertAudit(trx, onAccount(visitor, userId), {
        action: 'LOGOUT',
        table_name: 'utilisateurs',
        record_id: userId,
      });
    });
  }

  async profile(caller: Caller): Promise<Profile> {
    const account = await findUtilisateurById(this.db, caller.id);
    if (!account) throw sessionExpired();
    return toProfile(account, caller.mustEnrolTwoFactor, this.media);
  }

  async updateProfile(caller: Caller, body: ProfileUpdateBody): Promise<Profile> {
    return this.db.transaction().execute(async (trx) => {
      const before = await findUtilisateurById(trx, caller.id);
      if (!before) throw sessionExpired();
      const other = await findUtilisateurByEmail(trx, body.email);
      if (other && other.id !== caller.id)
        throw new AppError('CONFLICT', MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
      const { old_values, new_values } = changedFields(before, body);
      if (Object.keys(new_values).length === 0) return toProfile(before, caller.mustEnrolTwoFactor, this.media);
      const after = await updateUtilisateur(trx, caller.id, { ...new_values, updated_by: caller.id });
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'utilisateurs',
        record_id: caller.id,
        old_values,
        new_values,
      });
      if (new_values.email) {
        // The previous address hears of it: a stolen session cannot quietly take the account.
        sendInBackground(this.mailer, this.log, {
          to: before.email,
          subject: 'Adresse e-mail de votre compte modifiée',
          text: [
            `Bonjour ${fullName(before)},`,
            '',
            `L’adresse e-mail de votre compte a été remplacée par ${after.email}.`,
            'Si vous n’êtes pas à l’origine de ce changement, contactez immédiatement un administrateur.',
          ].join('\n'),
        });
      }
      return toProfile(after, caller.mustEnrolTwoFactor, this.media);
    });
  }

  /** Changes one's own password; the other sessions of the account end. */
  async changePassword(caller: Caller, currentPassword: string, newPassword: string) {
    const account = await findUtilisateurById(this.db, caller.id);
    if (!account) throw sessionExpired();
    if (!(await verifyPassword(currentPassword, account.password_hash))) {
      throw new AppError('VALIDATION_ERROR', MESSAGES.currentPasswordWrong, {
        currentPassword: MESSAGES.currentPasswordWrong,
      });
    }
    await assertPasswordPolicy(this.settings, newPassword, 'newPassword');
    if (currentPassword === newPassword) {
      const message = 'Le nouveau mot de passe doit être différent de l’actuel';
      throw new AppError('VALIDATION_ERROR', message, { newPassword: message });
    }
    const password_hash = await hashPassword(newPassword);
    await this.db.transaction().execute(async (trx) => {
      await updateUtilisateur(trx, caller.id, {
        password_hash,
        must_change_password: false,
        password_changed_at: new Date(),
        updated_by: caller.id,
      });
      await revokeAccountSessions(trx, caller.id, 'password_changed', caller.sessionId);
      await insertAudit(trx, caller, {
        action: 'PASSWORD_CHANGED',
        table_name: 'utilisateurs',
        record_id: caller.id,
        new_values: { must_change_password: false },
      });
    });
  }

  /**
   * Sends a 6-digit code when the account exists and is active; the caller answers the same
   * either way, and in the same time: both paths look the address up and write their audit row
   * in a transaction, the mail leaves while the answer waits out the floor.
   */
  async requestReset(visitor: Visitor, email: string) {
    const started = performance.now();
    try {
      const account = await findUtilisateurByEmail(this.db, email);
      const active = account?.statut === 'actif' ? account : undefined;
      const code = resetCode();
      await this.db.transaction().execute(async (trx) => {
        if (active) {
          await invalidateResetCodes(trx, active.id);
          const expiresAt = new Date(Date.now() + RESET_CODE_MINUTES * 60_000);
          await insertResetCode(trx, active.id, hashToken(`${active.id}:${code}`), expiresAt);
        }
        await insertAudit(trx, account ? onAccount(visitor, account.id) : visitor, {
          action: 'PASSWORD_RESET_REQUESTED',
          table_name: 'utilisateurs',
          record_id: account?.id ?? null,
          new_values: active ? undefined : { email, reason: account ? `statut_${account.statut}` : 'unknown_account' },
        });
      });
      if (!active) return;
      sendInBackground(this.mailer, this.log, {
        to: active.email,
        subject: 'Code de réinitialisation de votre mot de passe',
        text: [
          `Bonjour ${fullName(active)},`,
          '',
          'Vous avez demandé la réinitialisation de votre mot de passe. Voici votre code :',
          '',
          `Code : ${code}`,
          '',
          `Ce code est valable ${RESET_CODE_MINUTES} minutes et ne peut servir qu’une fois.`,
          'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
        ].join('\n'),
      });
    } finally {
      await sleep(Math.max(0, RESET_REQUEST_MIN_MS - (performance.now() - started)));
    }
  }

  /** Sets a new password with a valid code: single use, 15 minutes, 5 tries; every session of the account ends. */
  async resetPassword(visitor: Visitor, email: string, code: string, newPassword: string) {
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
      });
      await revokeAccountSessions(trx, account.id, 'password_reset');
      await liftLoginLocks(trx, account.id);
      await insertAudit(trx, onAccount(visitor, account.id), {
        action: 'PASSWORD_RESET',
        table_name: 'utilisateurs',
        record_id: account.id,
      });
      return true;
    });
    if (!accepted) throw invalidCode();
  }

  /** The lock notice's link: lifts the locks on the account's sign-in from every address, once. */
  async unlock(visitor: Visitor, token: string) {
    const unlocked = await this.db.transaction().execute(async (trx) => {
      const link = await consumeUnlockToken(trx, hashToken(token));
      if (!link) return false;
      await liftLoginLocks(trx, link.utilisateur_id);
      await insertAudit(trx, onAccount(visitor, link.utilisateur_id), {
        action: 'ACCOUNT_UNLOCKED',
        table_name: 'utilisateurs',
        record_id: link.utilisateur_id,
      });
      return true;
    });
    if (!unlocked) {
      throw new AppError('VALIDATION_ERROR', MESSAGES.unlockLinkInvalid, { token: MESSAGES.unlockLinkInvalid });
    }
  }
}
