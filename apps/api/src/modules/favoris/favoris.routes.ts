import {
  favoriBodySchema,
  favoriSchema,
  idField,
  listSchema,
  messageOnlySchema,
  pageQuerySchema,
  successSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import type { FavorisService } from './favoris.service.ts';

/** "Mes Favoris": each account's own saved products. */
export const favorisRoutes: FastifyPluginAsyncZod<{ favoris: FavorisService }> = async (app, { favoris }) => {
  app.get(
    '/favoris',
    {
      config: { right: 'favoris.manage' },
      schema: {
        tags: ['favoris'],
        operationId: 'listFavoris',
        summary: 'Mes favoris (recherche titre, site, ville ; tri récents, prix, nom)',
        querystring: pageQuerySchema.omit({ sortOrder: true }).extend({
          search: z.string().trim().max(100).optional(),
          sort: z.enum(['recent', 'prix', 'titre']).default('recent'),
          limit: pageQuerySchema.shape.limit.default(100),
        }),
        response: { 200: listSchema(favoriSchema) },
      },
    },
    async (request) => ({ success: true as const, ...(await favoris.list(callerOf(request), request.query)) }),
  );

  app.post(
    '/favoris',
    {
      config: { right: 'favoris.manage' },
      schema: {
        tags: ['favoris'],
        operationId: 'addFavori',
        summary: 'Ajouter aux favoris',
        body: favoriBodySchema,
        response: { 201: successSchema(favoriSchema), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const favori = await favoris.add(callerOf(request), request.body.produit_id);
      return reply.status(201).send({ success: true as const, data: favori, message: 'Ajouté aux favoris' });
    },
  );

  app.delete(
    '/favoris/:produitId',
    {
      config: { right: 'favoris.manage' },
      schema: {
        tags: ['favoris'],
        operationId: 'removeFavori',
        summary: 'Retirer des favoris',
        params: z.object({ produitId: idField() }),
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      await favoris.remove(callerOf(request), request.params.produitId);
      return { success: true as const, message: 'Retiré des favoris' };
    },
  );

  app.delete(
    '/favoris',
    {
      config: { right: 'favoris.manage' },
      schema: {
        tags: ['favoris'],
        operationId: 'clearFavoris',
        summary: 'Vider les favoris',
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      const count = await favoris.clear(callerOf(request));
      return { success: true as const, message: `${count} favori(s) supprimé(s)` };
    },
  );
};
