import {
  DEMANDE_MESSAGES,
  demandeCreateSchema,
  demandeListQuerySchema,
  demandePublicSchema,
  demandeRejectSchema,
  demandeSchema,
  demandeStatsSchema,
  demandeUpdateSchema,
  demandeValidateSchema,
  idParamsSchema,
  listSchema,
  messageOnlySchema,
  publicProduitSchema,
  successSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { callerOf, visitorOf } from '../../plugins/auth.ts';
import { routeLimit } from '../../plugins/limits.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import type { DemandesService } from './demandes.service.ts';

interface DemandesRoutesOptions {
  demandes: DemandesService;
  config: Pick<Config, 'demandeRateLimit'>;
}

/** Registration requests (spec 1 §7): the public form, then the staff's workflow. */
export const demandesRoutes: FastifyPluginAsyncZod<DemandesRoutesOptions> = async (app, { demandes, config }) => {
  app.get(
    '/demandes/public/produits',
    {
      config: { public: true },
      schema: {
        tags: ['demandes'],
        operationId: 'listPublicProduits',
        summary: 'Produits disponibles pour le formulaire public (titre, type, prix, site)',
        response: { 200: successSchema(z.array(publicProduitSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await demandes.listPublicProduits(visitorOf(request)) }),
  );

  app.post(
    '/demandes/public',
    {
      // Its own per-IP budget, counted before the body is read (a malformed one counts too);
      // the global API limit does not apply twice.
      config: { public: true, rateLimit: false },
      onRequest: routeLimit(app, 'demande', config.demandeRateLimit, '1 hour'),
      schema: {
        tags: ['demandes'],
        operationId: 'submitPublicDemande',
        summary: 'Demande d’inscription depuis l’écran de connexion (sans compte)',
        body: demandePublicSchema,
        response: { 201: messageOnlySchema },
      },
    },
    async (request, reply) => {
      await demandes.submitPublic(visitorOf(request), request.body);
      return reply.status(201).send({ success: true as const, message: DEMANDE_MESSAGES.submitted });
    },
  );

  app.get(
    '/demandes',
    {
      config: { right: 'demandes.read' },
      schema: {
        tags: ['demandes'],
        operationId: 'listDemandes',
        summary: 'Liste des demandes (recherche, statut, pagination)\u202f; pour un commercial, celles qu’il a créées',
        querystring: demandeListQuerySchema,
        response: { 200: listSchema(demandeSchema) },
      },
    },
    async (request) => ({ success: true as const, ...(await demandes.list(callerOf(request), request.query)) }),
  );

  app.post(
    '/demandes',
    {
      config: { right: 'demandes.create' },
      schema: {
        tags: ['demandes'],
        operationId: 'createDemande',
        summary: 'Créer une demande (personnel)',
        body: demandeCreateSchema,
        response: { 201: successSchema(demandeSchema), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const created = await demandes.create(callerOf(request), request.body);
      return reply.status(201).send({ success: true as const, data: created, message: DEMANDE_MESSAGES.created });
    },
  );

  app.get(
    '/demandes/stats',
    {
      config: { right: 'demandes.read_all' },
      schema: {
        tags: ['demandes'],
        operationId: 'getDemandeStats',
        summary: 'Nombre de demandes par statut (dont celles en attente)',
        response: { 200: successSchema(demandeStatsSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await demandes.stats(callerOf(request)) }),
  );

  app.get(
    '/demandes/:id',
    {
      config: { right: 'demandes.read' },
      schema: {
        tags: ['demandes'],
        operationId: 'getDemande',
        summary: 'Une demande',
        params: idParamsSchema,
        response: { 200: successSchema(demandeSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await demandes.get(callerOf(request), request.params.id) }),
  );

  app.put(
    '/demandes/:id',
    {
      config: { right: 'demandes.update' },
      schema: {
        tags: ['demandes'],
        operationId: 'updateDemande',
        summary: 'Modifier une demande en attente (champs envoyés seulement)',
        params: idParamsSchema,
        body: demandeUpdateSchema,
        response: { 200: successSchema(demandeSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await demandes.update(callerOf(request), request.params.id, request.body),
      message: DEMANDE_MESSAGES.updated,
    }),
  );

  app.delete(
    '/demandes/:id',
    {
      config: { right: 'demandes.delete' },
      schema: {
        tags: ['demandes'],
        operationId: 'deleteDemande',
        summary: 'Supprimer une demande non validée',
        params: idParamsSchema,
        response: { 200: messageOnlySchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      await demandes.remove(callerOf(request), request.params.id);
      return { success: true as const, message: DEMANDE_MESSAGES.deleted };
    },
  );

  app.put(
    '/demandes/:id/validate',
    {
      config: { right: 'demandes.validate' },
      schema: {
        tags: ['demandes'],
        operationId: 'validateDemande',
        summary:
          'Valider avec un gestionnaire (gere_par : id de son compte) : crée le membre, son compte (mot de passe temporaire envoyé) et réserve le produit',
        params: idParamsSchema,
        body: demandeValidateSchema,
        response: { 200: successSchema(demandeSchema), ...errorResponses(409) },
      },
    },
    async (request) => {
      const { id } = request.body;
      if (id !== undefined && id !== request.params.id) {
        throw new AppError('VALIDATION_ERROR', DEMANDE_MESSAGES.invalidId, { id: DEMANDE_MESSAGES.invalidId });
      }
      return {
        success: true as const,
        data: await demandes.validate(callerOf(request), request.params.id, request.body),
        message: DEMANDE_MESSAGES.validated,
      };
    },
  );

  app.put(
    '/demandes/:id/reject',
    {
      config: { right: 'demandes.reject' },
      schema: {
        tags: ['demandes'],
        operationId: 'rejectDemande',
        summary: 'Rejeter avec un des six motifs ; le demandeur est prévenu par e-mail',
        params: idParamsSchema,
        body: demandeRejectSchema,
        response: { 200: successSchema(demandeSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await demandes.reject(callerOf(request), request.params.id, request.body),
      message: DEMANDE_MESSAGES.rejected,
    }),
  );
};
