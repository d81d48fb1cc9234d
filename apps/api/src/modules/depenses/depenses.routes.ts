import {
  DEPENSE_MESSAGES,
  depenseApproveSchema,
  depenseCreateSchema,
  depenseListQuerySchema,
  depenseRejectSchema,
  depenseSchema,
  depenseStatsSchema,
  idParamsSchema,
  listSchema,
  messageOnlySchema,
  successSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MediaStore } from '../../media/media-store.ts';
import { sendPrivateFile } from '../../media/private-file.ts';
import { callerOf } from '../../plugins/auth.ts';
import { type FileFields, readForm } from '../../plugins/files.ts';
import { errorResponses, formBody } from '../../plugins/openapi.ts';
import type { DepensesService } from './depenses.service.ts';

/** The justificatif is checked like a payment's scan: 5 MB at most, PDF, JPEG or PNG by its bytes. */
const JUSTIFICATIF: FileFields = { fichier_justificatif: { kind: 'scan', word: 'scan', max: 1 } };

/** Expenses (spec 3 §7 Expenses): the list in the caller's scope, the filing, the decisions. */
export const depensesRoutes: FastifyPluginAsyncZod<{ depenses: DepensesService; media: MediaStore }> = async (
  app,
  { depenses, media },
) => {
  app.get(
    '/depenses',
    {
      config: { right: 'depenses.read' },
      schema: {
        tags: ['depenses'],
        operationId: 'listDepenses',
        summary: 'Dépenses visibles par l’appelant (filtres, recherche, tri, pagination)',
        querystring: depenseListQuerySchema,
        response: { 200: listSchema(depenseSchema) },
      },
    },
    async (request) => ({ success: true as const, ...(await depenses.list(callerOf(request), request.query)) }),
  );

  app.get(
    '/depenses/stats',
    {
      config: { right: 'depenses.read' },
      schema: {
        tags: ['depenses'],
        operationId: 'getDepenseStats',
        summary: 'Nombre et montants des dépenses par statut, catégories présentes, dans le périmètre de l’appelant',
        response: { 200: successSchema(depenseStatsSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await depenses.stats(callerOf(request)) }),
  );

  app.post(
    '/depenses',
    {
      config: { right: 'depenses.create' },
      schema: {
        tags: ['depenses'],
        operationId: 'createDepense',
        summary: 'Déclarer une dépense (JSON, ou multipart avec le fichier « fichier_justificatif »)',
        ...formBody(depenseCreateSchema, JUSTIFICATIF),
        response: { 201: successSchema(depenseSchema) },
      },
    },
    async (request, reply) => {
      const depense = await depenses.create(callerOf(request), await readForm(request, JUSTIFICATIF));
      return reply.status(201).send({ success: true as const, data: depense, message: DEPENSE_MESSAGES.created });
    },
  );

  app.get(
    '/depenses/:id',
    {
      config: { right: 'depenses.read' },
      schema: {
        tags: ['depenses'],
        operationId: 'getDepense',
        summary: 'Une dépense',
        params: idParamsSchema,
        response: { 200: successSchema(depenseSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await depenses.get(callerOf(request), request.params.id) }),
  );

  app.get(
    '/depenses/:id/justificatif',
    {
      config: { right: 'depenses.read' },
      schema: {
        tags: ['depenses'],
        operationId: 'getJustificatifDepense',
        summary: 'Le justificatif d’une dépense (pour qui peut voir la dépense)',
        params: idParamsSchema,
        response: { 200: z.unknown().describe('Le fichier (PDF, JPEG ou PNG)') },
      },
    },
    async (request, reply) =>
      sendPrivateFile(reply, media.files, await depenses.justificatif(callerOf(request), request.params.id)),
  );

  app.put(
    '/depenses/:id',
    {
      config: { right: 'depenses.update' },
      schema: {
        tags: ['depenses'],
        operationId: 'updateDepense',
        summary: 'Modifier sa dépense tant qu’elle est en attente (un nouveau justificatif remplace l’ancien)',
        ...formBody(depenseCreateSchema, JUSTIFICATIF),
        params: idParamsSchema,
        response: { 200: successSchema(depenseSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await depenses.update(callerOf(request), request.params.id, await readForm(request, JUSTIFICATIF)),
      message: DEPENSE_MESSAGES.updated,
    }),
  );

  app.delete(
    '/depenses/:id',
    {
      config: { right: 'depenses.delete' },
      schema: {
        tags: ['depenses'],
        operationId: 'deleteDepense',
        summary: 'Retirer une dépense en attente ou rejetée (une dépense approuvée est définitive)',
        params: idParamsSchema,
        response: { 200: messageOnlySchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      await depenses.remove(callerOf(request), request.params.id);
      return { success: true as const, message: DEPENSE_MESSAGES.deleted };
    },
  );

  app.patch(
    '/depenses/:id/approve',
    {
      config: { right: 'depenses.approve' },
      schema: {
        tags: ['depenses'],
        operationId: 'approveDepense',
        summary: 'Approuver une dépense en attente : sa banque est débitée',
        description: 'Solde insuffisant ou déjà traitée : 409. Refusé (403) à celui qui l’a déclarée.',
        params: idParamsSchema,
        body: depenseApproveSchema,
        response: { 200: successSchema(depenseSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await depenses.approve(callerOf(request), request.params.id, request.body.commentaire ?? null),
      message: DEPENSE_MESSAGES.approved,
    }),
  );

  app.patch(
    '/depenses/:id/reject',
    {
      config: { right: 'depenses.reject' },
      schema: {
        tags: ['depenses'],
        operationId: 'rejectDepense',
        summary: 'Rejeter une dépense en attente, avec son motif',
        params: idParamsSchema,
        body: depenseRejectSchema,
        response: { 200: successSchema(depenseSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await depenses.reject(callerOf(request), request.params.id, request.body),
      message: DEPENSE_MESSAGES.rejected,
    }),
  );
};
