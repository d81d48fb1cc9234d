import {
  CHANTIER_FORM_FIELDS,
  CHANTIER_MESSAGES,
  chantierCreateSchema,
  chantierListQuerySchema,
  chantierSchema,
  chantierStatsSchema,
  chantierUpdateSchema,
  idField,
  idParamsSchema,
  listSchema,
  MEDIA_LIMITS,
  messageOnlySchema,
  successSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { type FileFields, readForm } from '../../plugins/files.ts';
import { errorResponses, formBody } from '../../plugins/openapi.ts';
import type { ChantiersService } from './chantiers.service.ts';

const CHANTIER_PHOTOS: FileFields = { photo: { kind: 'photo', word: 'photo', max: MEDIA_LIMITS.chantier.photos.max } };

/** Chantiers (spec 2 §7): the list, its figures, a product's, and the changes of admin and gestionnaire. */
export const chantiersRoutes: FastifyPluginAsyncZod<{ chantiers: ChantiersService }> = async (app, { chantiers }) => {
  app.get(
    '/chantiers',
    {
      config: { right: 'chantiers.read' },
      schema: {
        tags: ['chantiers'],
        operationId: 'listChantiers',
        summary: 'Chantiers (filtres, recherche, tri, pagination) ; un membre : ceux de son produit ou de son site',
        querystring: chantierListQuerySchema,
        response: { 200: listSchema(chantierSchema) },
      },
    },
    async (request) => ({ success: true as const, ...(await chantiers.list(callerOf(request), request.query)) }),
  );

  app.get(
    '/chantiers/stats',
    {
      config: { right: 'chantiers.read' },
      schema: {
        tags: ['chantiers'],
        operationId: 'getChantierStats',
        summary: 'Nombre par statut et par ville, budgets prévu et utilisé, avancement moyen, chantiers en retard',
        response: { 200: successSchema(chantierStatsSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await chantiers.stats(callerOf(request)) }),
  );

  app.get(
    '/chantiers/product/:produitId',
    {
      config: { right: 'chantiers.read' },
      schema: {
        tags: ['chantiers'],
        operationId: 'listChantiersProduit',
        summary: 'Les chantiers d’un produit',
        params: z.object({ produitId: idField() }),
        response: { 200: successSchema(z.array(chantierSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await chantiers.ofProduit(callerOf(request), request.params.produitId),
    }),
  );

  app.post(
    '/chantiers',
    {
      config: { right: 'chantiers.manage' },
      schema: {
        tags: ['chantiers'],
        operationId: 'createChantier',
        summary: 'Créer un chantier (planifié ou en cours)',
        description: `Corps : ${CHANTIER_FORM_FIELDS.join(', ')}. Les contrôles de la spécification, dans son ordre : le premier qui échoue est renvoyé.`,
        body: chantierCreateSchema.in.describe('Le formulaire « Nouveau chantier »'),
        response: { 201: successSchema(chantierSchema) },
      },
    },
    async (request, reply) => {
      const chantier = await chantiers.create(callerOf(request), request.body);
      return reply.status(201).send({ success: true as const, data: chantier, message: CHANTIER_MESSAGES.created });
    },
  );

  app.get(
    '/chantiers/:id',
    {
      config: { right: 'chantiers.read' },
      schema: {
        tags: ['chantiers'],
        operationId: 'getChantier',
        summary: 'Un chantier',
        params: idParamsSchema,
        response: { 200: successSchema(chantierSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await chantiers.get(callerOf(request), request.params.id) }),
  );

  app.put(
    '/chantiers/:id',
    {
      config: { right: 'chantiers.manage' },
      schema: {
        tags: ['chantiers'],
        operationId: 'updateChantier',
        summary: 'Modifier un chantier, dont son statut (planifié → en cours → terminé, en cours ↔ suspendu, annulé)',
        description: `Corps : ${CHANTIER_FORM_FIELDS.join(', ')}. Un changement de statut hors de ces transitions : 409.`,
        params: idParamsSchema,
        body: chantierUpdateSchema.in.describe('Le formulaire de modification'),
        response: { 200: successSchema(chantierSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await chantiers.update(callerOf(request), request.params.id, request.body),
      message: CHANTIER_MESSAGES.updated,
    }),
  );

  app.delete(
    '/chantiers/:id',
    {
      config: { right: 'chantiers.manage' },
      schema: {
        tags: ['chantiers'],
        operationId: 'deleteChantier',
        summary: 'Supprimer un chantier',
        params: idParamsSchema,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      await chantiers.remove(callerOf(request), request.params.id);
      return { success: true as const, message: CHANTIER_MESSAGES.deleted };
    },
  );

  app.post(
    '/chantiers/:id/photos',
    {
      config: { right: 'chantiers.manage' },
      schema: {
        tags: ['chantiers'],
        operationId: 'addChantierPhotos',
        summary: 'Ajouter des photos au chantier (JPEG, PNG ou WebP, 10 au plus en tout)',
        params: idParamsSchema,
        ...formBody(z.object({}), CHANTIER_PHOTOS, ['photo']),
        response: { 200: successSchema(chantierSchema), ...errorResponses(404, 413, 415) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await chantiers.addPhotos(callerOf(request), request.params.id, await readForm(request, CHANTIER_PHOTOS)),
      message: CHANTIER_MESSAGES.photosAdded,
    }),
  );

  app.delete(
    '/chantiers/:id/photos/:photoId',
    {
      config: { right: 'chantiers.manage' },
      schema: {
        tags: ['chantiers'],
        operationId: 'removeChantierPhoto',
        summary: 'Retirer une photo du chantier',
        params: idParamsSchema.extend({ photoId: idField() }),
        response: { 200: successSchema(chantierSchema), ...errorResponses(404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await chantiers.removePhoto(callerOf(request), request.params.id, request.params.photoId),
      message: CHANTIER_MESSAGES.photoRemoved,
    }),
  );
};
