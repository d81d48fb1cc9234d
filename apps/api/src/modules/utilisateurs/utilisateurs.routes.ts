import {
  idParamsSchema,
  listSchema,
  messageOnlySchema,
  successSchema,
  tempPasswordSchema,
  utilisateurCreateSchema,
  utilisateurListQuerySchema,
  utilisateurSchema,
  utilisateurStatsSchema,
  utilisateurUpdateSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import type { UtilisateursService } from './utilisateurs.service.ts';

const STATUT_ACTIONS = [
  ['activate', 'actif', 'Utilisateur activé'],
  ['deactivate', 'inactif', 'Utilisateur désactivé'],
  ['suspend', 'suspendu', 'Utilisateur suspendu'],
] as const;

/** User accounts (spec 3 §7): admin only. */
export const utilisateursRoutes: FastifyPluginAsyncZod<{ utilisateurs: UtilisateursService }> = async (
  app,
  { utilisateurs },
) => {
  app.get(
    '/utilisateurs',
    {
      config: { right: 'utilisateurs.read' },
      schema: {
        tags: ['utilisateurs'],
        operationId: 'listUtilisateurs',
        summary: 'Liste des comptes (recherche, rôle, statut, tri, pagination)',
        querystring: utilisateurListQuerySchema,
        response: { 200: listSchema(utilisateurSchema) },
      },
    },
    async (request) => ({ success: true as const, ...(await utilisateurs.list(callerOf(request), request.query)) }),
  );

  app.get(
    '/utilisateurs/stats',
    {
      config: { right: 'utilisateurs.read' },
      schema: {
        tags: ['utilisateurs'],
        operationId: 'getUtilisateurStats',
        summary: 'Statistiques des comptes',
        response: { 200: successSchema(utilisateurStatsSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await utilisateurs.stats(callerOf(request)) }),
  );

  app.post(
    '/utilisateurs',
    {
      config: { right: 'utilisateurs.manage' },
      schema: {
        tags: ['utilisateurs'],
        operationId: 'createUtilisateur',
        summary:
          'Créer un compte demandeur (un compte du personnel se crée depuis /admin/personnel, un compte membre naît de la validation d’une demande)',
        body: utilisateurCreateSchema,
        response: { 201: successSchema(utilisateurSchema), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const created = await utilisateurs.create(callerOf(request), request.body);
      return reply.status(201).send({ success: true as const, data: created, message: 'Utilisateur créé avec succès' });
    },
  );

  app.get(
    '/utilisateurs/:id',
    {
      config: { right: 'utilisateurs.read' },
      schema: {
        tags: ['utilisateurs'],
        operationId: 'getUtilisateur',
        summary: 'Un compte (pour un membre du personnel, le même id que dans /personnel)',
        params: idParamsSchema,
        response: { 200: successSchema(utilisateurSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await utilisateurs.get(callerOf(request), request.params.id) }),
  );

  app.put(
    '/utilisateurs/:id',
    {
      config: { right: 'utilisateurs.manage' },
      schema: {
        tags: ['utilisateurs'],
        operationId: 'updateUtilisateur',
        summary: 'Modifier un compte (identité, rôle)',
        params: idParamsSchema,
        body: utilisateurUpdateSchema,
        response: { 200: successSchema(utilisateurSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await utilisateurs.update(callerOf(request), request.params.id, request.body),
      message: 'Utilisateur mis à jour avec succès',
    }),
  );

  app.delete(
    '/utilisateurs/:id',
    {
      config: { right: 'utilisateurs.manage' },
      schema: {
        tags: ['utilisateurs'],
        operationId: 'deleteUtilisateur',
        summary: 'Supprimer un compte (jamais un compte membre)',
        params: idParamsSchema,
        response: { 200: messageOnlySchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      await utilisateurs.remove(callerOf(request), request.params.id);
      return { success: true as const, message: 'Utilisateur supprimé avec succès' };
    },
  );

  for (const [action, statut, message] of STATUT_ACTIONS) {
    app.put(
      `/utilisateurs/:id/${action}`,
      {
        config: { right: 'utilisateurs.manage' },
        schema: {
          tags: ['utilisateurs'],
          operationId: `${action}Utilisateur`,
          summary: `Passer le compte au statut « ${statut} »`,
          params: idParamsSchema,
          response: { 200: successSchema(utilisateurSchema), ...errorResponses(409) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await utilisateurs.setStatut(callerOf(request), request.params.id, statut),
        message,
      }),
    );
  }

  app.post(
    '/utilisateurs/:id/reset-password',
    {
      config: { right: 'utilisateurs.reset_password' },
      schema: {
        tags: ['utilisateurs'],
        operationId: 'resetPasswordUtilisateur',
        summary: 'Mot de passe temporaire, montré une seule fois, à changer à la prochaine connexion',
        params: idParamsSchema,
        response: { 200: successSchema(tempPasswordSchema), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const tempPassword = await utilisateurs.resetPassword(callerOf(request), request.params.id);
      // Shown once: no cache anywhere keeps it.
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: { tempPassword }, message: 'Mot de passe réinitialisé avec succès !' };
    },
  );
};
