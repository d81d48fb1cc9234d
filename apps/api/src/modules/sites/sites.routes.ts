import {
  idParamsSchema,
  listSchema,
  MEDIA_LIMITS,
  messageOnlySchema,
  siteBodySchema,
  siteListQuerySchema,
  siteSchema,
  siteStatsSchema,
  successSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.ts';
import { type FileFields, readForm } from '../../plugins/files.ts';
import { errorResponses, formBody } from '../../plugins/openapi.ts';
import type { SitesService } from './sites.service.ts';

const SITE_FILES: FileFields = {
  photo: { kind: 'photo', word: 'photo', max: MEDIA_LIMITS.site.photos.max },
  plan: { kind: 'plan', word: 'plan', max: MEDIA_LIMITS.site.plans.max },
};

/** Sites (spec 2 §7): read by all six roles, managed by admin and gestionnaire. */
export const sitesRoutes: FastifyPluginAsyncZod<{ sites: SitesService }> = async (app, { sites }) => {
  for (const [url, operationId] of [
    ['/sites', 'listSites'],
    ['/sites/search', 'searchSites'],
  ] as const) {
    app.get(
      url,
      {
        config: { right: 'sites.read' },
        schema: {
          tags: ['sites'],
          operationId,
          summary: 'Liste des sites (recherche, tri, pagination)',
          querystring: siteListQuerySchema,
          response: { 200: listSchema(siteSchema) },
        },
      },
      async (request) => ({ success: true as const, ...(await sites.list(callerOf(request), request.query)) }),
    );
  }

  app.get(
    '/sites/stats',
    {
      config: { right: 'sites.read' },
      schema: {
        tags: ['sites'],
        operationId: 'getSiteStats',
        summary: 'Statistiques des sites',
        response: { 200: successSchema(siteStatsSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await sites.stats(callerOf(request)) }),
  );

  app.get(
    '/sites/:id',
    {
      config: { right: 'sites.read' },
      schema: {
        tags: ['sites'],
        operationId: 'getSite',
        summary: 'Un site',
        params: idParamsSchema,
        response: { 200: successSchema(siteSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await sites.get(callerOf(request), request.params.id),
    }),
  );

  app.post(
    '/sites',
    {
      config: { right: 'sites.manage' },
      schema: {
        tags: ['sites'],
        operationId: 'createSite',
        summary: 'Créer un site (champs + fichiers « photo » 1 à 5 et « plan » 0 à 5)',
        ...formBody(siteBodySchema, SITE_FILES, ['photo']),
        response: { 201: successSchema(siteSchema) },
      },
    },
    async (request, reply) => {
      const site = await sites.create(callerOf(request), await readForm(request, SITE_FILES));
      return reply.status(201).send({ success: true as const, data: site, message: 'Site créé avec succès' });
    },
  );

  app.put(
    '/sites/:id',
    {
      config: { right: 'sites.manage' },
      schema: {
        tags: ['sites'],
        operationId: 'updateSite',
        summary: 'Modifier un site (les photos ou plans envoyés remplacent les actuels)',
        ...formBody(siteBodySchema.partial(), SITE_FILES),
        params: idParamsSchema,
        response: { 200: successSchema(siteSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await sites.update(callerOf(request), request.params.id, await readForm(request, SITE_FILES)),
      message: 'Site modifié avec succès',
    }),
  );

  app.delete(
    '/sites/:id',
    {
      config: { right: 'sites.manage' },
      schema: {
        tags: ['sites'],
        operationId: 'deleteSite',
        summary: 'Supprimer un site sans produits',
        params: idParamsSchema,
        response: { 200: messageOnlySchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      await sites.remove(callerOf(request), request.params.id);
      return { success: true as const, message: 'Site supprimé avec succès' };
    },
  );

  for (const [action, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    app.put(
      `/sites/:id/${action}`,
      {
        config: { right: 'sites.manage' },
        schema: {
          tags: ['sites'],
          operationId: `${action}Site`,
          summary: active ? 'Activer un site' : 'Désactiver un site',
          params: idParamsSchema,
          response: { 200: successSchema(siteSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await sites.setActive(callerOf(request), request.params.id, active),
        message: active ? 'Site activé' : 'Site désactivé',
      }),
    );
  }
};
