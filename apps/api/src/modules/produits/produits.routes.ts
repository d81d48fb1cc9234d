import {
  idField,
  idParamsSchema,
  listSchema,
  MEDIA_LIMITS,
  messageOnlySchema,
  produitBodySchema,
  produitFieldsSchema,
  produitListQuerySchema,
  produitSchema,
  produitStatsSchema,
  successSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { type FileFields, readForm } from '../../plugins/files.ts';
import { errorResponses, formBody } from '../../plugins/openapi.ts';
import type { ProduitsService } from './produits.service.ts';

const PRODUIT_FILES: FileFields = {
  image: { kind: 'photo', word: 'image', max: MEDIA_LIMITS.produit.photos.max },
  plan: { kind: 'plan', word: 'plan', max: MEDIA_LIMITS.produit.plans.max },
};

/** Products (spec 2 §7): read by all six roles, managed by admin and gestionnaire. */
export const produitsRoutes: FastifyPluginAsyncZod<{ produits: ProduitsService }> = async (app, { produits }) => {
  for (const [url, operationId] of [
    ['/produits', 'listProduits'],
    ['/produits/search', 'searchProduits'],
  ] as const) {
    app.get(
      url,
      {
        config: { right: 'produits.read' },
        schema: {
          tags: ['produits'],
          operationId,
          summary: 'Catalogue (recherche, filtres, tri, pagination)',
          querystring: produitListQuerySchema,
          response: { 200: listSchema(produitSchema) },
        },
      },
      async (request) => ({ success: true as const, ...(await produits.list(callerOf(request), request.query)) }),
    );
  }

  app.get(
    '/produits/stats',
    {
      config: { right: 'produits.read' },
      schema: {
        tags: ['produits'],
        operationId: 'getProduitStats',
        summary: 'Statistiques du catalogue',
        response: { 200: successSchema(produitStatsSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await produits.stats(callerOf(request)) }),
  );

  app.get(
    '/produits/site/:siteId',
    {
      config: { right: 'produits.read' },
      schema: {
        tags: ['produits'],
        operationId: 'listProduitsSite',
        summary: 'Produits d’un site',
        params: z.object({ siteId: idField() }),
        querystring: produitListQuerySchema.omit({ site_id: true }).extend({
          limit: produitListQuerySchema.shape.limit.default(10),
        }),
        response: { 200: listSchema(produitSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await produits.list(callerOf(request), { ...request.query, site_id: request.params.siteId })),
    }),
  );

  app.get(
    '/produits/:id',
    {
      config: { right: 'produits.read' },
      schema: {
        tags: ['produits'],
        operationId: 'getProduit',
        summary: 'Un produit',
        params: idParamsSchema,
        response: { 200: successSchema(produitSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await produits.get(callerOf(request), request.params.id),
    }),
  );

  app.post(
    '/produits',
    {
      config: { right: 'produits.manage' },
      schema: {
        tags: ['produits'],
        operationId: 'createProduit',
        summary: 'Créer un produit (champs + fichiers « image » 1 à 10 et « plan » 1 à 5)',
        ...formBody(produitBodySchema, PRODUIT_FILES, ['image', 'plan']),
        response: { 201: successSchema(produitSchema) },
      },
    },
    async (request, reply) => {
      const produit = await produits.create(callerOf(request), await readForm(request, PRODUIT_FILES));
      return reply.status(201).send({ success: true as const, data: produit, message: 'Produit créé avec succès' });
    },
  );

  app.put(
    '/produits/:id',
    {
      config: { right: 'produits.manage' },
      schema: {
        tags: ['produits'],
        operationId: 'updateProduit',
        summary: 'Modifier un produit (les images ou plans envoyés remplacent les actuels)',
        ...formBody(produitFieldsSchema.partial(), PRODUIT_FILES),
        params: idParamsSchema,
        response: { 200: successSchema(produitSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await produits.update(callerOf(request), request.params.id, await readForm(request, PRODUIT_FILES)),
      message: 'Produit modifié avec succès',
    }),
  );

  app.delete(
    '/produits/:id',
    {
      config: { right: 'produits.manage' },
      schema: {
        tags: ['produits'],
        operationId: 'deleteProduit',
        summary: 'Supprimer un produit non réservé',
        params: idParamsSchema,
        response: { 200: messageOnlySchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      await produits.remove(callerOf(request), request.params.id);
      return { success: true as const, message: 'Produit supprimé avec succès' };
    },
  );

  for (const [action, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    app.put(
      `/produits/:id/${action}`,
      {
        config: { right: 'produits.manage' },
        schema: {
          tags: ['produits'],
          operationId: `${action}Produit`,
          summary: active ? 'Activer un produit' : 'Désactiver un produit',
          params: idParamsSchema,
          response: { 200: successSchema(produitSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await produits.setActive(callerOf(request), request.params.id, active),
        message: active ? 'Produit activé' : 'Produit désactivé',
      }),
    );
  }
};
