import {
  idParamsSchema,
  listSchema,
  messageOnlySchema,
  successSchema,
  VERSEMENT_MESSAGES,
  versementCreateSchema,
  versementListQuerySchema,
  versementRejectSchema,
  versementSchema,
  versementStatsSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { sendPrivateFile } from '../../media/private-file.ts';
import { callerOf } from '../../plugins/auth.ts';
import { type FileFields, readForm } from '../../plugins/files.ts';
import { errorResponses, formBody } from '../../plugins/openapi.ts';
import type { VersementsService } from './versements.service.ts';

const SCAN_FILES: FileFields = { scan_recu: { kind: 'scan', word: 'scan', max: 1 } };
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,100}$/;

const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .describe('Une clé par déclaration (un UUID) : la même clé avec le même contenu renvoie le premier versement'),
});

/** Payments (spec 3 §7 Payments): the list in the caller's scope, the declaration, the decisions. */
export const versementsRoutes: FastifyPluginAsyncZod<{ versements: VersementsService; media: MediaStore }> = async (
  app,
  { versements, media },
) => {
  // The same list, in the caller's scope: GET /versements for everyone who reads payments, and the
  // path the spec's gestionnaire screen calls for his clients' payments.
  const lists = [
    {
      url: '/versements',
      operationId: 'listVersements',
      right: 'versements.read',
      summary: 'Versements visibles par l’appelant (filtres, recherche, tri, pagination)',
    },
    {
      url: '/versements/gestionnaire',
      operationId: 'listVersementsGestionnaire',
      right: 'versements.gestionnaire',
      summary: 'Versements des clients du gestionnaire connecté',
    },
  ] as const;
  for (const { url, operationId, right, summary } of lists) {
    app.get(
      url,
      {
        config: { right },
        schema: {
          tags: ['versements'],
          operationId,
          summary,
          querystring: versementListQuerySchema,
          response: { 200: listSchema(versementSchema) },
        },
      },
      async (request) => ({ success: true as const, ...(await versements.list(callerOf(request), request.query)) }),
    );
  }

  app.get(
    '/versements/stats',
    {
      config: { right: 'versements.read' },
      schema: {
        tags: ['versements'],
        operationId: 'getVersementStats',
        summary: 'Nombre et montants des versements par statut, dans le périmètre de l’appelant',
        response: { 200: successSchema(versementStatsSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await versements.stats(callerOf(request)) }),
  );

  app.post(
    '/versements',
    {
      config: { right: 'versements.create' },
      schema: {
        tags: ['versements'],
        operationId: 'createVersement',
        summary: 'Déclarer un versement (JSON, ou multipart avec le fichier « scan_recu »)',
        ...formBody(versementCreateSchema, SCAN_FILES),
        headers: idempotencyHeaders,
        response: { 201: successSchema(versementSchema), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
        throw new AppError('VALIDATION_ERROR', VERSEMENT_MESSAGES.idempotencyInvalid);
      }
      const { versement, replayed } = await versements.create(
        callerOf(request),
        await readForm(request, SCAN_FILES),
        key,
      );
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.status(201).send({ success: true as const, data: versement, message: VERSEMENT_MESSAGES.created });
    },
  );

  app.get(
    '/versements/:id',
    {
      config: { right: 'versements.read' },
      schema: {
        tags: ['versements'],
        operationId: 'getVersement',
        summary: 'Un versement',
        params: idParamsSchema,
        response: { 200: successSchema(versementSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await versements.get(callerOf(request), request.params.id) }),
  );

  app.get(
    '/versements/:id/scan',
    {
      config: { right: 'versements.read' },
      schema: {
        tags: ['versements'],
        operationId: 'getScanVersement',
        summary: 'Le reçu scanné d’un versement (pour qui peut voir le versement)',
        params: idParamsSchema,
        response: { 200: z.unknown().describe('Le fichier (PDF, JPEG ou PNG)') },
      },
    },
    async (request, reply) =>
      sendPrivateFile(reply, media.files, await versements.scan(callerOf(request), request.params.id)),
  );

  app.patch(
    '/versements/:id/validate',
    {
      config: { right: 'versements.validate' },
      schema: {
        tags: ['versements'],
        operationId: 'validateVersement',
        summary: 'Valider un versement en attente : la banque est créditée, le total payé du membre augmente',
        description: 'Refusé (403) à celui qui l’a déclaré : quatre yeux. Déjà traité : 409.',
        params: idParamsSchema,
        response: { 200: successSchema(versementSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await versements.validate(callerOf(request), request.params.id),
      message: VERSEMENT_MESSAGES.validated,
    }),
  );

  app.patch(
    '/versements/:id/reject',
    {
      config: { right: 'versements.reject' },
      schema: {
        tags: ['versements'],
        operationId: 'rejectVersement',
        summary: 'Rejeter un versement en attente, avec un motif facultatif',
        params: idParamsSchema,
        body: versementRejectSchema,
        response: { 200: successSchema(versementSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await versements.reject(callerOf(request), request.params.id, request.body),
      message: VERSEMENT_MESSAGES.rejected,
    }),
  );

  app.delete(
    '/versements/:id',
    {
      config: { right: 'versements.delete' },
      schema: {
        tags: ['versements'],
        operationId: 'deleteVersement',
        summary: 'Supprimer un versement (un versement validé est contrepassé sur sa banque)',
        params: idParamsSchema,
        response: { 200: messageOnlySchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      await versements.remove(callerOf(request), request.params.id);
      return { success: true as const, message: VERSEMENT_MESSAGES.deleted };
    },
  );
};
