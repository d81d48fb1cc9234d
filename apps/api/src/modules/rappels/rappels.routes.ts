import { idParamsSchema, listSchema, rappelListQuerySchema, rappelSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import type { RappelsService } from './rappels.service.ts';

/** The reminder e-mails sent to a member (issue 15), on his file: the member file's scope. */
export const rappelsRoutes: FastifyPluginAsyncZod<{ rappels: RappelsService }> = async (app, { rappels }) => {
  app.get(
    '/membres/:id/rappels',
    {
      config: { right: 'rappels.read' },
      schema: {
        tags: ['rappels'],
        operationId: 'listRappelsMembre',
        summary: 'Les rappels d’échéance envoyés à un membre, du plus récent au plus ancien',
        description:
          'Rappels J-7 et J-1 avant une échéance, relance J+3 après une échéance non réglée\u00a0: type, échéance, montant restant dû alors, adresse, date et statut de l’envoi.',
        params: idParamsSchema,
        querystring: rappelListQuerySchema,
        response: { 200: listSchema(rappelSchema), ...errorResponses(404) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await rappels.list(callerOf(request), request.params.id, request.query)),
    }),
  );
};
