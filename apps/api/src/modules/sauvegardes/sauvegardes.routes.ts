import {
  idParamsSchema,
  listSchema,
  SAUVEGARDE_LANCEE,
  sauvegardeSchema,
  sauvegardesEtatSchema,
  sauvegardesQuerySchema,
  successSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStored } from '../../media/private-file.ts';
import { callerOf } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import type { SauvegardesService } from './sauvegardes.service.ts';

const fileResponse = z.unknown().describe('Le fichier de sauvegarde (application/octet-stream), en téléchargement');

/** Backups (issue 24): the admin's list, a backup now, one's progress, its file. */
export const sauvegardesRoutes: FastifyPluginAsyncZod<{ sauvegardes: SauvegardesService }> = async (
  app,
  { sauvegardes },
) => {
  app.get(
    '/sauvegardes',
    {
      config: { right: 'sauvegardes.manage' },
      schema: {
        tags: ['sauvegardes'],
        operationId: 'listSauvegardes',
        summary: 'Les sauvegardes, de la plus récente à la plus ancienne',
        description:
          'Date, déclenchement, statut (en cours, vérifiée par une restauration d’essai, ou en échec avec son motif), taille, chiffrement\u202f; et, à côté, si BACKUP_KEY chiffre les sauvegardes et quand vient la prochaine.',
        querystring: sauvegardesQuerySchema,
        response: { 200: listSchema(sauvegardeSchema).extend({ etat: sauvegardesEtatSchema }) },
      },
    },
    async (request) => ({ success: true as const, ...(await sauvegardes.list(request.query)) }),
  );

  app.post(
    '/sauvegardes',
    {
      config: { right: 'sauvegardes.manage' },
      schema: {
        tags: ['sauvegardes'],
        operationId: 'createSauvegarde',
        summary: 'Lance une sauvegarde maintenant',
        description:
          'Répond 202 avec son identifiant\u202f; elle s’écrit puis se vérifie en arrière-plan (GET /sauvegardes/{id} pour la suivre). Une seule à la fois\u00a0: 409 si une autre est en cours.',
        response: {
          202: successSchema(z.object({ id: z.number().int() })),
          ...errorResponses(409),
        },
      },
    },
    async (request, reply) => {
      const id = (await sauvegardes.demarrer(callerOf(request), 'manuelle')) as number;
      return reply.status(202).send({ success: true as const, data: { id }, message: SAUVEGARDE_LANCEE });
    },
  );

  app.get(
    '/sauvegardes/:id',
    {
      config: { right: 'sauvegardes.manage' },
      schema: {
        tags: ['sauvegardes'],
        operationId: 'getSauvegarde',
        summary: 'Une sauvegarde, avec son étape et sa progression tant qu’elle court',
        params: idParamsSchema,
        response: { 200: successSchema(sauvegardeSchema), ...errorResponses(404) },
      },
    },
    async (request) => ({ success: true as const, data: await sauvegardes.get(request.params.id) }),
  );

  app.get(
    '/sauvegardes/:id/fichier',
    {
      config: { right: 'sauvegardes.manage' },
      schema: {
        tags: ['sauvegardes'],
        operationId: 'downloadSauvegarde',
        summary: 'Télécharge le fichier d’une sauvegarde (journalisé)',
        description: '404 quand le fichier n’existe plus (supprimé par la rétention) ou n’a jamais été écrit.',
        params: idParamsSchema,
        response: { 200: fileResponse, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { files, name } = await sauvegardes.fichier(callerOf(request), request.params.id);
      reply
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'private, no-store');
      return sendStored(reply, files, name, 'application/octet-stream');
    },
  );
};
