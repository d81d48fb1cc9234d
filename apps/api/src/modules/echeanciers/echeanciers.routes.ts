import {
  ECHEANCIER_MESSAGES,
  echeancierDebutSchema,
  echeancierSchema,
  idParamsSchema,
  reechelonnementSchema,
  successSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import type { EcheanciersService } from './echeanciers.service.ts';

/** A member's schedule (issue 15): read in the member file's scope, changed by an admin. */
export const echeanciersRoutes: FastifyPluginAsyncZod<{ echeanciers: EcheanciersService }> = async (
  app,
  { echeanciers },
) => {
  app.get(
    '/membres/moi/echeancier',
    {
      config: { right: 'membres.own' },
      schema: {
        tags: ['echeanciers'],
        operationId: 'getMonEcheancier',
        summary: 'L’échéancier du membre connecté, réglé par ses versements validés',
        response: { 200: successSchema(echeancierSchema), ...errorResponses(404) },
      },
    },
    async (request) => ({ success: true as const, data: await echeanciers.own(callerOf(request)) }),
  );

  app.get(
    '/membres/:id/echeancier',
    {
      config: { right: 'echeanciers.read' },
      schema: {
        tags: ['echeanciers'],
        operationId: 'getEcheancierMembre',
        summary: 'L’échéancier d’un membre, ses retards et son historique',
        params: idParamsSchema,
        response: { 200: successSchema(echeancierSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await echeanciers.get(callerOf(request), request.params.id),
    }),
  );

  app.put(
    '/membres/:id/echeancier/debut',
    {
      config: { right: 'echeanciers.update' },
      schema: {
        tags: ['echeanciers'],
        operationId: 'updateEcheancierDebut',
        summary: 'Déplacer la première échéance (avant tout versement validé)',
        params: idParamsSchema,
        body: echeancierDebutSchema,
        response: { 200: successSchema(echeancierSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await echeanciers.changeDebut(callerOf(request), request.params.id, request.body),
      message: ECHEANCIER_MESSAGES.debutChanged,
    }),
  );

  app.post(
    '/membres/:id/echeancier/reechelonnement',
    {
      config: { right: 'echeanciers.update' },
      schema: {
        tags: ['echeanciers'],
        operationId: 'rescheduleEcheancier',
        summary: 'Réaménager ce qui reste à payer\u00a0: nouvelle durée ou nouveau montant mensuel',
        params: idParamsSchema,
        body: reechelonnementSchema,
        response: { 200: successSchema(echeancierSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await echeanciers.reschedule(callerOf(request), request.params.id, request.body),
      message: ECHEANCIER_MESSAGES.rescheduled,
    }),
  );
};
