import {
  idParamsSchema,
  listSchema,
  messageOnlySchema,
  REMBOURSEMENT_MESSAGES,
  remboursementCreateSchema,
  remboursementListQuerySchema,
  remboursementMembreSchema,
  remboursementMembresQuerySchema,
  remboursementSchema,
  remboursementStatsSchema,
  remboursementTraiterSchema,
  successSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MediaStore } from '../../media/media-store.ts';
import { sendPrivateFile } from '../../media/private-file.ts';
import { callerOf } from '../../plugins/auth.ts';
import { type FileFields, readForm } from '../../plugins/files.ts';
import { errorResponses, formBody } from '../../plugins/openapi.ts';
import type { RemboursementsService } from './remboursements.service.ts';

/** The justificatif is checked like a payment's scan: 5 MB at most, PDF, JPEG or PNG by its bytes. */
const JUSTIFICATIF: FileFields = { fichier_justificatif: { kind: 'scan', word: 'scan', max: 1 } };

/** Refunds (spec 3 §7 Reimbursements): the list in the caller's scope, the request, the processing. */
export const remboursementsRoutes: FastifyPluginAsyncZod<{
  remboursements: RemboursementsService;
  media: MediaStore;
}> = async (app, { remboursements, media }) => {
  app.get(
    '/remboursements',
    {
      config: { right: 'remboursements.read' },
      schema: {
        tags: ['remboursements'],
        operationId: 'listRemboursements',
        summary: 'Demandes de remboursement visibles par l’appelant (filtres membre et statut, pagination)',
        querystring: remboursementListQuerySchema,
        response: { 200: listSchema(remboursementSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await remboursements.list(callerOf(request), request.query)),
    }),
  );

  app.get(
    '/remboursements/stats',
    {
      config: { right: 'remboursements.read' },
      schema: {
        tags: ['remboursements'],
        operationId: 'getRemboursementStats',
        summary: 'Nombre de demandes par statut et montants, dans le périmètre de l’appelant',
        response: { 200: successSchema(remboursementStatsSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await remboursements.stats(callerOf(request)) }),
  );

  app.get(
    '/remboursements/membres',
    {
      config: { right: 'remboursements.read' },
      schema: {
        tags: ['remboursements'],
        operationId: 'listMembresRemboursables',
        summary: 'Les membres pour qui l’appelant peut demander un remboursement, avec le montant remboursable',
        description:
          'Un membre : lui-même ; un gestionnaire : ses clients ; les autres : tous (recherche par nom, e-mail ou code).',
        querystring: remboursementMembresQuerySchema,
        response: { 200: successSchema(z.array(remboursementMembreSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await remboursements.membres(callerOf(request), request.query),
    }),
  );

  app.post(
    '/remboursements',
    {
      config: { right: 'remboursements.create' },
      schema: {
        tags: ['remboursements'],
        operationId: 'createRemboursement',
        summary: 'Demander un remboursement (JSON, ou multipart avec le fichier « fichier_justificatif »)',
        description:
          'Le montant ne dépasse pas ce que le membre a payé, net des remboursements approuvés ou en attente.',
        ...formBody(remboursementCreateSchema, JUSTIFICATIF),
        response: { 201: successSchema(remboursementSchema), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const remboursement = await remboursements.create(callerOf(request), await readForm(request, JUSTIFICATIF));
      return reply
        .status(201)
        .send({ success: true as const, data: remboursement, message: REMBOURSEMENT_MESSAGES.created });
    },
  );

  app.post(
    '/remboursements/total/:id',
    {
      config: { right: 'remboursements.total' },
      schema: {
        tags: ['remboursements'],
        operationId: 'createRemboursementTotal',
        summary: 'Remboursement total d’un membre qui quitte le programme (montant calculé par le serveur)',
        description: 'Le paramètre est l’identifiant du membre. Rien à rembourser : 409.',
        params: idParamsSchema,
        response: { 201: successSchema(remboursementSchema), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const remboursement = await remboursements.total(callerOf(request), request.params.id);
      return reply
        .status(201)
        .send({ success: true as const, data: remboursement, message: REMBOURSEMENT_MESSAGES.totalCreated });
    },
  );

  app.get(
    '/remboursements/:id',
    {
      config: { right: 'remboursements.read' },
      schema: {
        tags: ['remboursements'],
        operationId: 'getRemboursement',
        summary: 'Une demande de remboursement',
        params: idParamsSchema,
        response: { 200: successSchema(remboursementSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await remboursements.get(callerOf(request), request.params.id),
    }),
  );

  app.get(
    '/remboursements/:id/justificatif',
    {
      config: { right: 'remboursements.read' },
      schema: {
        tags: ['remboursements'],
        operationId: 'getJustificatifRemboursement',
        summary: 'Le justificatif d’une demande (pour qui peut voir la demande)',
        params: idParamsSchema,
        response: { 200: z.unknown().describe('Le fichier (PDF, JPEG ou PNG)') },
      },
    },
    async (request, reply) =>
      sendPrivateFile(reply, media.files, await remboursements.justificatif(callerOf(request), request.params.id)),
  );

  app.put(
    '/remboursements/:id/traiter',
    {
      config: { right: 'remboursements.process' },
      schema: {
        tags: ['remboursements'],
        operationId: 'processRemboursement',
        summary:
          'Approuver (la banque principale est débitée, le total payé du membre baisse) ou rejeter (avec un commentaire)',
        description:
          'Déjà traitée, solde insuffisant ou pas de banque principale : 409. Refusé (403) à celui qui l’a déposée.',
        params: idParamsSchema,
        body: remboursementTraiterSchema,
        response: { 200: successSchema(remboursementSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await remboursements.traiter(callerOf(request), request.params.id, request.body),
      message: request.body.statut === 'approuve' ? REMBOURSEMENT_MESSAGES.approved : REMBOURSEMENT_MESSAGES.rejected,
    }),
  );

  app.delete(
    '/remboursements/:id',
    {
      config: { right: 'remboursements.cancel' },
      schema: {
        tags: ['remboursements'],
        operationId: 'cancelRemboursement',
        summary: 'Annuler une demande en attente (un responsable, ou le membre qui l’a faite)',
        params: idParamsSchema,
        response: { 200: messageOnlySchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      await remboursements.cancel(callerOf(request), request.params.id);
      return { success: true as const, message: REMBOURSEMENT_MESSAGES.cancelled };
    },
  );
};
