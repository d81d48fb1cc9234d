import {
  idParamsSchema,
  listSchema,
  membreGestionnaireSchema,
  membreListQuerySchema,
  membreSchema,
  membreStatsSchema,
  membresGestionnaireSchema,
  membreUpdateSchema,
  messageOnlySchema,
  plural,
  successSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import type { MembresService } from './membres.service.ts';

/** Members (spec 3 §7): admin all, gestionnaire his clients read-only, membre his own file. */
export const membresRoutes: FastifyPluginAsyncZod<{ membres: MembresService }> = async (app, { membres }) => {
  app.get(
    '/membres',
    {
      config: { right: 'membres.read' },
      schema: {
        tags: ['membres'],
        operationId: 'listMembres',
        summary: 'Liste des membres (un gestionnaire ne voit que ses clients)',
        querystring: membreListQuerySchema,
        response: { 200: listSchema(membreSchema) },
      },
    },
    async (request) => ({ success: true as const, ...(await membres.list(callerOf(request), request.query)) }),
  );

  app.get(
    '/membres/mes-clients',
    {
      config: { right: 'membres.mes_clients' },
      schema: {
        tags: ['membres'],
        operationId: 'listMesClients',
        summary: 'Les clients assignés au gestionnaire connecté',
        querystring: membreListQuerySchema,
        response: { 200: listSchema(membreSchema) },
      },
    },
    async (request) => ({ success: true as const, ...(await membres.list(callerOf(request), request.query)) }),
  );

  app.get(
    '/membres/stats',
    {
      config: { right: 'membres.read' },
      schema: {
        tags: ['membres'],
        operationId: 'getMembreStats',
        summary: 'Statistiques des membres (ceux du gestionnaire pour un gestionnaire)',
        response: { 200: successSchema(membreStatsSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await membres.stats(callerOf(request)) }),
  );

  app.put(
    '/membres/gestionnaire',
    {
      config: { right: 'membres.assign' },
      schema: {
        tags: ['membres'],
        operationId: 'assignMembresGestionnaire',
        summary: 'Assigner plusieurs membres à un gestionnaire (id de son compte)',
        body: membresGestionnaireSchema,
        response: { 200: successSchema(z.object({ updated: z.number().int() })), ...errorResponses(404) },
      },
    },
    async (request) => {
      const { membre_ids, gestionnaire_id } = request.body;
      const updated = await membres.assign(callerOf(request), membre_ids, gestionnaire_id);
      const message = `${plural(updated, 'membre')} ${updated > 1 ? 'réassignés' : 'réassigné'}`;
      return { success: true as const, data: { updated }, message };
    },
  );

  app.get(
    '/membres/moi',
    {
      config: { right: 'membres.own' },
      schema: {
        tags: ['membres'],
        operationId: 'getMonDossier',
        summary: 'Le dossier du membre connecté (son produit, ses montants)',
        response: { 200: successSchema(membreSchema), ...errorResponses(404) },
      },
    },
    async (request) => ({ success: true as const, data: await membres.own(callerOf(request)) }),
  );

  app.get(
    '/membres/:id',
    {
      config: { right: 'membres.detail' },
      schema: {
        tags: ['membres'],
        operationId: 'getMembre',
        summary: 'Un membre',
        params: idParamsSchema,
        response: { 200: successSchema(membreSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await membres.get(callerOf(request), request.params.id) }),
  );

  app.put(
    '/membres/:id',
    {
      config: { right: 'membres.update' },
      schema: {
        tags: ['membres'],
        operationId: 'updateMembre',
        summary: 'Modifier un membre (champs modifiés seulement)',
        params: idParamsSchema,
        body: membreUpdateSchema,
        response: { 200: successSchema(membreSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await membres.update(callerOf(request), request.params.id, request.body),
      message: 'Membre mis à jour avec succès',
    }),
  );

  app.put(
    '/membres/:id/gestionnaire',
    {
      config: { right: 'membres.assign' },
      schema: {
        tags: ['membres'],
        operationId: 'assignMembreGestionnaire',
        summary: 'Assigner un membre à un gestionnaire (id de son compte)',
        params: idParamsSchema,
        body: membreGestionnaireSchema,
        response: { 200: successSchema(membreSchema) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await membres.assign(caller, [request.params.id], request.body.gestionnaire_id);
      return {
        success: true as const,
        data: await membres.get(caller, request.params.id),
        message: 'Gestionnaire assigné avec succès',
      };
    },
  );

  app.delete(
    '/membres/:id',
    {
      config: { right: 'membres.update' },
      schema: {
        tags: ['membres'],
        operationId: 'deleteMembre',
        summary: 'Refusé : un membre n’est jamais supprimé (désactivez-le ou suspendez-le)',
        params: idParamsSchema,
        response: { 200: messageOnlySchema, ...errorResponses(409) },
      },
    },
    async (request) => membres.remove(callerOf(request), request.params.id),
  );
};
