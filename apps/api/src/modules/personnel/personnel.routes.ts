import {
  gestionnaireActifSchema,
  listSchema,
  messageOnlySchema,
  personnelCreateSchema,
  personnelListQuerySchema,
  personnelSchema,
  personnelSearchQuerySchema,
  personnelStatsSchema,
  personnelUpdateSchema,
  successSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '../../plugins/auth.ts';
import type { PersonnelService } from './personnel.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Staff (spec 3 §7): every call is the admin's. */
export const personnelRoutes: FastifyPluginAsyncZod<{ personnel: PersonnelService }> = async (app, { personnel }) => {
  app.get(
    '/personnel',
    {
      config: { right: 'personnel.read' },
      schema: {
        tags: ['personnel'],
        summary: 'Liste du personnel (recherche, filtres, tri, pagination)',
        querystring: personnelListQuerySchema,
        response: { 200: listSchema(personnelSchema) },
      },
    },
    async (request) => ({ success: true as const, ...(await personnel.list(request.query)) }),
  );

  app.get(
    '/personnel/stats',
    {
      config: { right: 'personnel.read' },
      schema: {
        tags: ['personnel'],
        summary: 'Statistiques du personnel',
        response: { 200: successSchema(personnelStatsSchema) },
      },
    },
    async () => ({ success: true as const, data: await personnel.stats() }),
  );

  app.get(
    '/personnel/search',
    {
      config: { right: 'personnel.read' },
      schema: {
        tags: ['personnel'],
        summary: 'Recherche rapide (20 résultats au plus)',
        querystring: personnelSearchQuerySchema,
        response: { 200: successSchema(z.array(personnelSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await personnel.search(request.query.q) }),
  );

  app.get(
    '/gestionnaires/actifs',
    {
      config: { right: 'gestionnaires.list_active' },
      schema: {
        tags: ['personnel'],
        summary: 'Gestionnaires actifs (nom, poste, département), pour valider une demande',
        response: { 200: successSchema(z.array(gestionnaireActifSchema)) },
      },
    },
    async () => ({ success: true as const, data: await personnel.activeGestionnaires() }),
  );

  app.get(
    '/personnel/:id',
    {
      config: { right: 'personnel.read' },
      schema: {
        tags: ['personnel'],
        summary: 'Un membre du personnel',
        params: idParams,
        response: { 200: successSchema(personnelSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await personnel.get(request.params.id) }),
  );

  app.post(
    '/admin/personnel',
    {
      config: { right: 'personnel.manage' },
      schema: {
        tags: ['personnel'],
        summary: 'Ajouter un membre du personnel et son compte (code employé tiré si absent)',
        body: personnelCreateSchema,
        response: { 201: successSchema(personnelSchema) },
      },
    },
    async (request, reply) => {
      const created = await personnel.create(request.body, auditActor(request));
      return reply.status(201).send({ success: true as const, data: created, message: 'Personnel ajouté' });
    },
  );

  app.put(
    '/personnel/:id',
    {
      config: { right: 'personnel.manage' },
      schema: {
        tags: ['personnel'],
        summary: 'Modifier un membre du personnel (activer/désactiver : { statut })',
        params: idParams,
        body: personnelUpdateSchema,
        response: { 200: successSchema(personnelSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await personnel.update(request.params.id, request.body, auditActor(request)),
      message: 'Personnel modifié',
    }),
  );

  app.delete(
    '/personnel/:id',
    {
      config: { right: 'personnel.manage' },
      schema: {
        tags: ['personnel'],
        summary: 'Supprimer un membre du personnel et son compte',
        params: idParams,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      await personnel.remove(request.params.id, auditActor(request));
      return { success: true as const, message: 'Personnel supprimé' };
    },
  );
};
