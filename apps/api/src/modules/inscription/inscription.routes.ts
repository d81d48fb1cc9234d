import {
  INSCRIPTION_MESSAGES,
  messageOnlySchema,
  registerBodySchema,
  resendVerificationBodySchema,
  verifyEmailBodySchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { visitorOf } from '../../plugins/auth.ts';
import { routeLimit } from '../../plugins/limits.ts';
import type { InscriptionService } from './inscription.service.ts';

interface InscriptionRoutesOptions {
  inscription: InscriptionService;
  config: Pick<Config, 'registerRateLimit' | 'loginRateLimit'>;
}

const ok = (message: string) => ({ success: true as const, message });

/** Self-registration (issue 26): register, verify the e-mail, ask for a new link. Public, limited per address. */
export const inscriptionRoutes: FastifyPluginAsyncZod<InscriptionRoutesOptions> = async (
  app,
  { inscription, config },
) => {
  // Registering and asking for a new link share one budget per address: each sends an e-mail.
  const mailing = {
    config: { public: true, rateLimit: false as const },
    onRequest: routeLimit(app, 'inscription', config.registerRateLimit, '1 hour'),
  };

  app.post(
    '/personnel-auth/register',
    {
      ...mailing,
      schema: {
        tags: ['auth'],
        operationId: 'registerDemandeur',
        summary:
          'Créer son compte demandeur ; un lien de vérification est envoyé par e-mail, sans session avant la vérification (une adresse déjà inscrite reçoit un avis, la réponse est la même)',
        body: registerBodySchema,
        response: { 201: messageOnlySchema },
      },
    },
    async (request, reply) => {
      await inscription.register(visitorOf(request), request.body);
      return reply.status(201).send(ok(INSCRIPTION_MESSAGES.registered));
    },
  );

  app.post(
    '/personnel-auth/verify-email',
    {
      config: { public: true, rateLimit: false as const },
      onRequest: routeLimit(app, 'verification', config.loginRateLimit, '1 minute'),
      schema: {
        tags: ['auth'],
        operationId: 'verifyEmail',
        summary: 'Vérifier son adresse e-mail avec le lien reçu (une fois, 24 heures) : le compte peut se connecter',
        body: verifyEmailBodySchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      await inscription.verify(visitorOf(request), request.body.token);
      return ok(INSCRIPTION_MESSAGES.verified);
    },
  );

  app.post(
    '/personnel-auth/resend-verification',
    {
      ...mailing,
      schema: {
        tags: ['auth'],
        operationId: 'resendVerification',
        summary: 'Recevoir un nouveau lien de vérification (la réponse est la même pour toute adresse)',
        body: resendVerificationBodySchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      await inscription.resend(request.body.email);
      return ok(INSCRIPTION_MESSAGES.resent);
    },
  );
};
