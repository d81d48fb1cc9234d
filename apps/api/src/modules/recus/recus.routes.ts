import {
  idParamsSchema,
  recuTokenParamsSchema,
  recuVerificationSchema,
  releveQuerySchema,
  successSchema,
} from '@app/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, visitorOf } from '../../plugins/auth.ts';
import { routeLimit } from '../../plugins/limits.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import type { PdfFile, RecusService } from './recus.service.ts';
import type { RelevesService } from './releves.service.ts';

/**
 * Verifications per IP per minute: a desk checking receipts one by one stays far below; the
 * signature, not this limit, is what keeps tokens from being guessed.
 */
export const VERIFICATION_RATE_LIMIT = 30;

const pdfResponse = z.unknown().describe('Le document PDF (application/pdf), en téléchargement');

function sendPdf(reply: FastifyReply, { fileName, pdf }: PdfFile) {
  return reply
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .type('application/pdf')
    .send(pdf);
}

/** Receipts of validated payments, their public verification, members' statements (issue 15). */
export const recusRoutes: FastifyPluginAsyncZod<{ recus: RecusService; releves: RelevesService }> = async (
  app,
  { recus, releves },
) => {
  app.get(
    '/versements/:id/recu',
    {
      config: { right: 'recus.read' },
      schema: {
        tags: ['recus'],
        operationId: 'getRecuVersement',
        summary: 'Le reçu PDF d’un versement validé (pour qui peut voir le versement)',
        description: 'Un versement en attente ou rejeté n’a pas de reçu (404).',
        params: idParamsSchema,
        response: { 200: pdfResponse },
      },
    },
    async (request, reply) => sendPdf(reply, await recus.recu(callerOf(request), request.params.id)),
  );

  app.get(
    '/recus/verification/:token',
    {
      // Its own per-IP budget; the global API limit does not apply twice.
      config: { public: true, rateLimit: false },
      onRequest: routeLimit(app, 'verification-recu', VERIFICATION_RATE_LIMIT, '1 minute'),
      schema: {
        tags: ['recus'],
        operationId: 'verifyRecu',
        summary: 'Vérifier l’authenticité d’un reçu (adresse de son code QR, sans compte)',
        description:
          'Un reçu authentique\u00a0: son numéro, sa date de validation, son montant et les initiales du membre. Tout autre jeton (falsifié, modifié, deviné) ou un versement rejeté ou supprimé\u00a0: 404, sans autre détail.',
        params: recuTokenParamsSchema,
        response: { 200: successSchema(recuVerificationSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await recus.verify(visitorOf(request), request.params.token),
    }),
  );

  app.get(
    '/membres/moi/releve',
    {
      config: { right: 'releves.own' },
      schema: {
        tags: ['recus'],
        operationId: 'getMonReleve',
        summary: 'Le relevé PDF du membre connecté pour une période (du … au …, 5 ans au plus)',
        querystring: releveQuerySchema,
        response: { 200: pdfResponse, ...errorResponses(404) },
      },
    },
    async (request, reply) => sendPdf(reply, await releves.releve(callerOf(request), null, request.query)),
  );

  app.get(
    '/membres/:id/releve',
    {
      config: { right: 'releves.read' },
      schema: {
        tags: ['recus'],
        operationId: 'getReleveMembre',
        summary: 'Le relevé PDF d’un membre pour une période (du … au …, 5 ans au plus)',
        description:
          'Solde d’ouverture, versements validés et remboursements approuvés de la période avec le cumul, solde de clôture, total du contrat et reste à payer, position sur l’échéancier.',
        params: idParamsSchema,
        querystring: releveQuerySchema,
        response: { 200: pdfResponse },
      },
    },
    async (request, reply) => sendPdf(reply, await releves.releve(callerOf(request), request.params.id, request.query)),
  );
};
