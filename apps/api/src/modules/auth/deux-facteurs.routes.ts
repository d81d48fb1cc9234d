import {
  DEUX_FACTEURS_MESSAGES,
  deuxFacteursActivationBodySchema,
  deuxFacteursActivationSchema,
  deuxFacteursEnrolementSchema,
  idParamsSchema,
  messageOnlySchema,
  successSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { callerOf } from '../../plugins/auth.ts';
import { routeLimit } from '../../plugins/limits.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import type { DeuxFacteursService } from './deux-facteurs.service.ts';

interface DeuxFacteursRoutesOptions {
  deuxFacteurs: DeuxFacteursService;
  config: Pick<Config, 'loginRateLimit'>;
}

/** Two-factor sign-in (issue 26, decision 0028): enrolment and an admin's reset (the code step is a sign-in's, in auth.routes). */
export const deuxFacteursRoutes: FastifyPluginAsyncZod<DeuxFacteursRoutesOptions> = async (
  app,
  { deuxFacteurs, config },
) => {
  app.post(
    '/personnel-auth/2fa/enrolement',
    {
      config: { right: 'profile.two_factor', duringTwoFactorEnrolment: true },
      schema: {
        tags: ['auth'],
        operationId: 'enrolDeuxFacteurs',
        summary: 'Commencer l’activation de la double authentification (secret et code QR)',
        response: { 200: successSchema(deuxFacteursEnrolementSchema), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      // The secret is shown once: no cache anywhere keeps it.
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: await deuxFacteurs.enrol(callerOf(request)) };
    },
  );

  app.post(
    '/personnel-auth/2fa/activation',
    {
      config: { right: 'profile.two_factor', duringTwoFactorEnrolment: true, rateLimit: false },
      // Guessing codes with a stolen session is slowed like a sign-in.
      onRequest: routeLimit(app, 'deux-facteurs', config.loginRateLimit, '1 minute'),
      schema: {
        tags: ['auth'],
        operationId: 'activateDeuxFacteurs',
        summary: 'Activer la double authentification avec un premier code (codes de secours en retour)',
        body: deuxFacteursActivationBodySchema,
        response: { 200: successSchema(deuxFacteursActivationSchema), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const codes_secours = await deuxFacteurs.activate(callerOf(request), request.body.code);
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: { codes_secours }, message: DEUX_FACTEURS_MESSAGES.activated };
    },
  );

  app.delete(
    '/utilisateurs/:id/2fa',
    {
      config: { right: 'utilisateurs.reset_two_factor' },
      schema: {
        tags: ['utilisateurs'],
        operationId: 'resetDeuxFacteurs',
        summary: 'Réinitialiser la double authentification d’un compte (téléphone perdu)',
        params: idParamsSchema,
        response: { 200: messageOnlySchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await deuxFacteurs.reset(callerOf(request), request.params.id);
      return { success: true as const, message: DEUX_FACTEURS_MESSAGES.reset };
    },
  );
};
