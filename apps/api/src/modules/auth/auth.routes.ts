import {
  changePasswordBodySchema,
  DEUX_FACTEURS_MESSAGES,
  deuxFacteursVerificationBodySchema,
  loginAnswerSchema,
  loginBodySchema,
  loginDataSchema,
  logoutBodySchema,
  MESSAGES,
  memberForgotBodySchema,
  memberResetOtpBodySchema,
  messageOnlySchema,
  profileSchema,
  profileUpdateBodySchema,
  refreshBodySchema,
  refreshResponseSchema,
  staffForgotBodySchema,
  staffResetBodySchema,
  successSchema,
  unlockBodySchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { callerOf, visitorOf } from '../../plugins/auth.ts';
import { routeLimit } from '../../plugins/limits.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import type { AuthService } from './auth.service.ts';

interface AuthRoutesOptions {
  auth: AuthService;
  config: Pick<Config, 'loginRateLimit' | 'forgotRateLimit'>;
}

const ok = (message: string) => ({ success: true as const, message });

/** Sign-in, sessions and passwords: staff paths (/personnel-auth) and member paths (/membre-auth). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, config }) => {
  // One budget per kind of action and address (an IPv6 /64 as one, like the sign-in throttle:
  // a burst from many addresses of one network shares it), shared by its staff and member paths
  // (one limiter, one store, used by each of its routes; the routes opt out of the global limit).
  const limiter = (name: string, max: number, timeWindow: string) => ({
    config: { public: true, rateLimit: false as const },
    onRequest: routeLimit(app, name, max, timeWindow),
  });
  const loginLimit = limiter('connexion', config.loginRateLimit, '1 minute');
  const resetLimit = limiter('reinitialisation', config.loginRateLimit, '1 minute');
  // Every open tab refreshes, and an office may share one address.
  const refreshLimit = limiter('session', Math.max(60, config.loginRateLimit), '1 minute');
  const forgotLimit = limiter('oubli', config.forgotRateLimit, '15 minutes');

  for (const [prefix, operationId] of [
    ['/personnel-auth', 'loginPersonnel'],
    ['/membre-auth', 'loginMembre'],
  ] as const) {
    app.post(
      `${prefix}/login`,
      {
        ...loginLimit,
        schema: {
          tags: ['auth'],
          operationId,
          summary: 'Connexion (e-mail, code employé ou code membre)',
          body: loginBodySchema,
          response: { 200: successSchema(loginAnswerSchema), ...errorResponses(401, 403, 503) },
        },
      },
      async (request) => {
        const data = await auth.login(visitorOf(request), request.body.identifier, request.body.password);
        const message = 'deux_facteurs_requis' in data ? DEUX_FACTEURS_MESSAGES.codeAsked : 'Connexion réussie';
        return { success: true as const, data, message };
      },
    );
  }

  app.post(
    '/personnel-auth/2fa/verification',
    {
      // The sign-in's budget: a code is a second password.
      ...loginLimit,
      schema: {
        tags: ['auth'],
        operationId: 'verifyDeuxFacteurs',
        summary: 'Terminer une connexion avec le code de l’application ou un code de secours',
        body: deuxFacteursVerificationBodySchema,
        response: { 200: successSchema(loginDataSchema), ...errorResponses(401, 403, 503) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await auth.verifySecondFactor(visitorOf(request), request.body.jeton_2fa, request.body.code),
      message: 'Connexion réussie',
    }),
  );

  for (const [path, operationId] of [
    ['/personnel-auth/refresh-token', 'refreshToken'],
    ['/personnel-auth/refresh', 'refreshSession'],
  ] as const) {
    app.post(
      path,
      {
        ...refreshLimit,
        schema: {
          tags: ['auth'],
          operationId,
          summary: 'Renouveler le jeton (rotation du jeton de rafraîchissement)',
          body: refreshBodySchema,
          response: { 200: refreshResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        const result = await auth.refresh(visitorOf(request), request.body.refreshToken);
        const data = {
          token: result.token,
          refreshToken: result.refreshToken,
          sessionExpiresAt: result.sessionExpiresAt,
        };
        return { success: true as const, ...result, data };
      },
    );
  }

  app.post(
    '/personnel-auth/logout',
    {
      // Public: an expired access token must not keep the session alive; the refresh token names it.
      ...refreshLimit,
      schema: {
        tags: ['auth'],
        operationId: 'logout',
        summary: 'Déconnexion (fin de la session du jeton présenté ou du jeton de rafraîchissement)',
        body: logoutBodySchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      const header = request.headers.authorization;
      const accessToken = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      await auth.logout(visitorOf(request), { accessToken, refreshToken: request.body?.refreshToken });
      return ok(MESSAGES.loggedOut);
    },
  );

  app.post(
    '/personnel-auth/extend-session',
    {
      config: { right: 'profile.read' },
      schema: {
        tags: ['auth'],
        operationId: 'extendSession',
        summary: 'Prolonger la session',
        response: { 200: successSchema(z.object({ sessionExpiresAt: z.string() })) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await auth.extend(callerOf(request)),
      message: 'Session prolongée',
    }),
  );

  app.get(
    '/personnel-auth/profile',
    {
      config: { right: 'profile.read', duringPasswordChange: true, duringTwoFactorEnrolment: true },
      schema: {
        tags: ['auth'],
        operationId: 'getProfile',
        summary: 'Mon profil',
        response: { 200: successSchema(profileSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await auth.profile(callerOf(request)) }),
  );

  app.put(
    '/personnel-auth/profile',
    {
      config: { right: 'profile.update' },
      schema: {
        tags: ['auth'],
        operationId: 'updateProfile',
        summary: 'Modifier mon profil',
        body: profileUpdateBodySchema,
        response: { 200: successSchema(profileSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await auth.updateProfile(callerOf(request), request.body),
      message: MESSAGES.profileSaved,
    }),
  );

  app.post(
    '/personnel-auth/change-password',
    {
      config: {
        right: 'profile.change_password',
        duringPasswordChange: true,
        duringTwoFactorEnrolment: true,
        rateLimit: false,
      },
      // Guessing the current password with a stolen token is slowed like a sign-in.
      onRequest: routeLimit(app, 'mot-de-passe', config.loginRateLimit, '1 minute'),
      schema: {
        tags: ['auth'],
        operationId: 'changePassword',
        summary: 'Changer mon mot de passe',
        body: changePasswordBodySchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      await auth.changePassword(callerOf(request), currentPassword, newPassword);
      return ok(MESSAGES.passwordChanged);
    },
  );

  // Forgotten password: the same answer whether the account exists or not (decisions §3).
  const forgotRoutes = [
    ['/personnel-auth/forgot-password', staffForgotBodySchema, 'forgotPasswordPersonnel'],
    ['/membre-auth/forgot-password', memberForgotBodySchema, 'forgotPasswordMembre'],
    ['/membre-auth/reset-password', memberForgotBodySchema, 'resetPasswordMembre'],
  ] as const;
  for (const [path, body, operationId] of forgotRoutes) {
    app.post(
      path,
      {
        ...forgotLimit,
        schema: {
          tags: ['auth'],
          operationId,
          summary: 'Recevoir un code de réinitialisation par e-mail',
          body,
          response: { 200: messageOnlySchema },
        },
      },
      async (request) => {
        await auth.requestReset(visitorOf(request), request.body.email);
        return ok(MESSAGES.resetRequested);
      },
    );
  }

  app.post(
    '/personnel-auth/reset-password',
    {
      ...resetLimit,
      schema: {
        tags: ['auth'],
        operationId: 'resetPasswordPersonnel',
        summary: 'Nouveau mot de passe avec le code reçu',
        body: staffResetBodySchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      const { email, token, password } = request.body;
      await auth.resetPassword(visitorOf(request), email, token, password);
      return ok(MESSAGES.passwordReset);
    },
  );

  app.post(
    '/membre-auth/reset-password-otp',
    {
      ...resetLimit,
      schema: {
        tags: ['auth'],
        operationId: 'resetPasswordOtpMembre',
        summary: 'Nouveau mot de passe avec le code reçu (membres)',
        body: memberResetOtpBodySchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      const { email, otp_code, new_password } = request.body;
      await auth.resetPassword(visitorOf(request), email, otp_code, new_password);
      return ok(MESSAGES.passwordReset);
    },
  );

  app.post(
    '/personnel-auth/unlock',
    {
      ...resetLimit,
      schema: {
        tags: ['auth'],
        operationId: 'unlockLogin',
        summary: 'Débloquer les connexions avec le lien reçu par e-mail (verrouillage après des échecs)',
        body: unlockBodySchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      await auth.unlock(visitorOf(request), request.body.token);
      return ok(MESSAGES.accountUnlocked);
    },
  );
};
