import {
  gestionnaireActifSchema,
  listSchema,
  messageOnlySchema,
  personnelCreateSchema,
  personnelListQuerySchema,
  personnelParamsSchema,
  personnelSchema,
  personnelSearchQuerySchema,
  personnelStatsSchema,
  personnelUpdateSchema,
  successSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import type { PersonnelService } from './personnel.service.ts';

/** Staff (spec 3 §7): every call is the admin's. A staff member's id is his account id, as everywhere. */
export const personnelRoutes: FastifyPluginAsyncZod<{ personnel: PersonnelService }> = async (app, { personnel }) => {
  app.get(
    '/personnel',
    {
      config: { right: 'personnel.read' },
      schema: {
        tags: ['personnel'],
        operationId: 'listPersonnel',
        summary: 'Liste du personnel (recherche, filtres, tri, pagination) ; id = id du compte',
        querystring: personnelListQuerySchema,
        response: { 200: listSchema(personnelSchema) },
      },
    },
    async (request) => ({ success: true as const, ...(await personnel.list(callerOf(request), request.query)) }),
  );

  app.get(
    '/personnel/stats',
    {
      config: { right: 'personnel.read' },
      schema: {
        tags: ['personnel'],
        operationId: 'getPersonnelStats',
        summary: 'Statistiques du personnel',
        response: { 200: successSchema(personnelStatsSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await personnel.stats(callerOf(request)) }),
  );

  app.get(
    '/personnel/search',
    {
      config: { right: 'personnel.read' },
      schema: {
        tags: ['personnel'],
        operationId: 'searchPersonnel',
        summary: 'Recherche rapide (20 résultats au plus)',
        querystring: personnelSearchQuerySchema,
        response: { 200: successSchema(z.array(personnelSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await personnel.search(callerOf(request), request.query.q) }),
  );

  app.get(
    '/gestionnaires/actifs',
    {
      config: { right: 'gestionnaires.list_active' },
      schema: {
        tags: ['personnel'],
        operationId: 'listGestionnairesActifs',
        summary: 'Gestionnaires actifs (id du compte, nom, poste, département), pour valider une demande',
        response: { 200: successSchema(z.array(gestionnaireActifSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await personnel.activeGestionnaires(callerOf(request)) }),
  );

  app.get(
    '/personnel/:id',
    {
      config: { right: 'personnel.read' },
      schema: {
        tags: ['personnel'],
        operationId: 'getPersonnel',
        summary: 'Un membre du personnel, par l’id de son compte',
        params: personnelParamsSchema,
        response: { 200: successSchema(personnelSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await personnel.get(callerOf(request), request.params.id) }),
  );

  app.post(
    '/admin/personnel',
    {
      config: { right: 'personnel.manage' },
      schema: {
        tags: ['personnel'],
        operationId: 'createPersonnel',
        summary: 'Ajouter un membre du personnel et son compte (code employé tiré si absent)',
        body: personnelCreateSchema,
        response: { 201: successSchema(personnelSchema), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const created = await personnel.create(callerOf(request), request.body);
      return reply.status(201).send({ success: true as const, data: created, message: 'Personnel ajouté' });
    },
  );

  app.put(
    '/personnel/:id',
    {
      config: { right: 'personnel.manage' },
      schema: {
        tags: ['personnel'],
        operationId: 'updatePersonnel',
        summary: 'Modifier un membre du personnel, par l’id de son compte (activer/désactiver : { statut })',
        params: personnelParamsSchema,
        body: personnelUpdateSchema,
        response: { 200: successSchema(personnelSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await personnel.update(callerOf(request), request.params.id, request.body),
      message: 'Personnel modifié',
    }),
  );

  app.delete(
    '/personnel/:id',
    {
      config: { right: 'personnel.manage' },
      schema: {
        tags: ['personnel'],
        operationId: 'deletePersonnel',
        summary: 'Supprimer un membre du personnel et son compte, par l’id du compte',
        params: personnelParamsSchema,
        response: { 200: messageOnlySchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      await personnel.remove(callerOf(request), request.params.id);
      return { success: true as const, message: 'Personnel supprimé' };
    },
  );
};
