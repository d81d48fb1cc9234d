import {
  BANQUE_MESSAGES,
  banqueChoixSchema,
  banqueCreateSchema,
  banqueListQuerySchema,
  banqueSchema,
  banqueSoldeSchema,
  banqueTotauxSchema,
  banqueUpdateSchema,
  idParamsSchema,
  listSchema,
  messageOnlySchema,
  mouvementListQuerySchema,
  mouvementSchema,
  successSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import type { BanquesService } from './banques.service.ts';

/** Banks (spec 3 §7 Banks): admin and comptable; the forms' bank choice for whoever files a payment. */
export const banquesRoutes: FastifyPluginAsyncZod<{ banques: BanquesService }> = async (app, { banques }) => {
  app.get(
    '/banques',
    {
      config: { right: 'banques.read' },
      schema: {
        tags: ['banques'],
        operationId: 'listBanques',
        summary: 'Liste des banques (la principale d’abord) et leurs totaux',
        querystring: banqueListQuerySchema,
        response: { 200: listSchema(banqueSchema).extend({ totaux: banqueTotauxSchema }) },
      },
    },
    async (request) => ({ success: true as const, ...(await banques.list(callerOf(request), request.query)) }),
  );

  app.get(
    '/banques/choix',
    {
      config: { right: 'banques.choose' },
      schema: {
        tags: ['banques'],
        operationId: 'listBanquesChoix',
        summary: 'Banques actives proposées par les formulaires (nom seulement)',
        response: { 200: successSchema(z.array(banqueChoixSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await banques.choix(callerOf(request)) }),
  );

  app.get(
    '/banques/principale',
    {
      config: { right: 'banques.read' },
      schema: {
        tags: ['banques'],
        operationId: 'getBanquePrincipale',
        summary: 'La banque principale (404 s’il n’y en a pas)',
        response: { 200: successSchema(banqueSchema), ...errorResponses(404) },
      },
    },
    async (request) => ({ success: true as const, data: await banques.principale(callerOf(request)) }),
  );

  app.post(
    '/banques',
    {
      config: { right: 'banques.manage' },
      schema: {
        tags: ['banques'],
        operationId: 'createBanque',
        summary: 'Créer une banque avec son solde initial',
        body: banqueCreateSchema,
        response: { 201: successSchema(banqueSchema), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const data = await banques.create(callerOf(request), request.body);
      return reply.status(201).send({ success: true as const, data, message: BANQUE_MESSAGES.created });
    },
  );

  app.get(
    '/banques/:id',
    {
      config: { right: 'banques.read' },
      schema: {
        tags: ['banques'],
        operationId: 'getBanque',
        summary: 'Une banque',
        params: idParamsSchema,
        response: { 200: successSchema(banqueSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await banques.get(callerOf(request), request.params.id) }),
  );

  app.put(
    '/banques/:id',
    {
      config: { right: 'banques.manage' },
      schema: {
        tags: ['banques'],
        operationId: 'updateBanque',
        summary: 'Modifier une banque (champs envoyés ; le solde ne change que par un mouvement)',
        params: idParamsSchema,
        body: banqueUpdateSchema,
        response: { 200: successSchema(banqueSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await banques.update(callerOf(request), request.params.id, request.body),
      message: BANQUE_MESSAGES.updated,
    }),
  );

  app.delete(
    '/banques/:id',
    {
      config: { right: 'banques.manage' },
      schema: {
        tags: ['banques'],
        operationId: 'deleteBanque',
        summary: 'Supprimer une banque sans historique ; une banque avec des mouvements est désactivée',
        params: idParamsSchema,
        response: { 200: messageOnlySchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { deleted } = await banques.remove(callerOf(request), request.params.id);
      return { success: true as const, message: deleted ? BANQUE_MESSAGES.deleted : BANQUE_MESSAGES.deactivated };
    },
  );

  app.patch(
    '/banques/:id/solde',
    {
      config: { right: 'banques.manage' },
      schema: {
        tags: ['banques'],
        operationId: 'adjustBanqueSolde',
        summary: 'Dépôt ou retrait manuel : un mouvement avec son commentaire (jamais sous zéro)',
        params: idParamsSchema,
        body: banqueSoldeSchema,
        response: { 200: successSchema(banqueSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await banques.operation(callerOf(request), request.params.id, request.body),
      message: BANQUE_MESSAGES.soldeUpdated,
    }),
  );

  app.get(
    '/banques/:id/mouvements',
    {
      config: { right: 'banques.read' },
      schema: {
        tags: ['banques'],
        operationId: 'listMouvementsBanque',
        summary: 'Mouvements d’une banque, du plus récent au plus ancien',
        params: idParamsSchema,
        querystring: mouvementListQuerySchema,
        response: { 200: listSchema(mouvementSchema), ...errorResponses(404) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await banques.mouvements(callerOf(request), request.params.id, request.query)),
    }),
  );
};
