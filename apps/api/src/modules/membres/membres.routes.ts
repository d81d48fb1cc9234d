import {
  listSchema,
  membreGestionnaireSchema,
  membreListQuerySchema,
  membreSchema,
  membreStatsSchema,
  membresGestionnaireSchema,
  membreUpdateSchema,
  messageOnlySchema,
  successSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor, currentUser } from '../../plugins/auth.ts';
import type { MembresService } from './membres.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Members (spec 3 §7): admin all, gestionnaire his clients read-only, membre his own file. */
export const membresRoutes: FastifyPluginAsyncZod<{ membres: MembresService }> = async (app, { membres }) => {
  app.get(
    '/membres',
    {
      config: { right: 'membres.read' },
      schema: {
        tags: ['membres'],
        summary: 'Liste des membres (un gestionnaire ne voit que ses clients)',
        querystring: membreListQuerySchema,
        response: { 200: listSchema(membreSchema) },
      },
    },
    async (request) => ({ success: true as const, ...(await membres.list(currentUser(request), request.query)) }),
  );

  app.get(
    '/membres/mes-clients',
    {
      config: { right: 'membres.mes_clients' },
      schema: {
        tags: ['membres'],
        summary: 'Les clients assignés au gestionnaire connecté',
        querystring: membreListQuerySchema,
        response: { 200: listSchema(membreSchema) },
      },
    },
    async (request) => ({ success: true as const, ...(await membres.list(currentUser(request), request.query)) }),
  );

  app.get(
    '/membres/stats',
    {
      config: { right: 'membres.read' },
      schema: {
        tags: ['membres'],
        summary: 'Statistiques des membres (ceux du gestionnaire pour un gestionnaire)',
        response: { 200: successSchema(membreStatsSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await membres.stats(currentUser(request)) }),
  );

  app.put(
    '/membres/gestionnaire',
    {
      config: { right: 'membres.assign' },
      schema: {
        tags: ['membres'],
        summary: 'Assigner plusieurs membres à un gestionnaire',
        body: membresGestionnaireSchema,
        response: { 200: successSchema(z.object({ updated: z.number().int() })) },
      },
    },
    async (request) => {
      const { membre_ids, gestionnaire_id } = request.body;
      const updated = await membres.assign(membre_ids, gestionnaire_id, auditActor(request));
      return { success: true as const, data: { updated }, message: `${updated} membre(s) réassigné(s)` };
    },
  );

  app.get(
    '/membres/:id',
    {
      config: { right: 'membres.detail' },
      schema: {
        tags: ['membres'],
        summary: 'Un membre',
        params: idParams,
        response: { 200: successSchema(membreSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await membres.get(currentUser(request), request.params.id) }),
  );

  app.put(
    '/membres/:id',
    {
      config: { right: 'membres.update' },
      schema: {
        tags: ['membres'],
        summary: 'Modifier un membre (champs modifiés seulement)',
        params: idParams,
        body: membreUpdateSchema,
        response: { 200: successSchema(membreSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await membres.update(request.params.id, request.body, auditActor(request)),
      message: 'Membre mis à jour avec succès',
    }),
  );

  app.put(
    '/membres/:id/gestionnaire',
    {
      config: { right: 'membres.assign' },
      schema: {
        tags: ['membres'],
        summary: 'Assigner un membre à un gestionnaire',
        params: idParams,
        body: membreGestionnaireSchema,
        response: { 200: successSchema(membreSchema) },
      },
    },
    async (request) => {
      const actor = auditActor(request);
      await membres.assign([request.params.id], request.body.gestionnaire_id, actor);
      return {
        success: true as const,
        data: await membres.get(currentUser(request), request.params.id),
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
        summary: 'Refusé : un membre n’est jamais supprimé (désactivez-le ou suspendez-le)',
        params: idParams,
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => membres.remove(request.params.id),
  );
};
