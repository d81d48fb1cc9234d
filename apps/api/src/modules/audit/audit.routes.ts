import {
  auditEntrySchema,
  auditListQuerySchema,
  auditStatsSchema,
  auditUserSchema,
  auditUsersQuerySchema,
  idParamsSchema,
  listSchema,
  pageQuerySchema,
  successSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditService } from './audit.service.ts';

const pageOnly = pageQuerySchema.pick({ page: true }).extend({ limit: auditListQuerySchema.shape.limit });

/** The audit journal (spec 3 §7 Audit): read only; no route changes it. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  const list = { 200: listSchema(auditEntrySchema) };

  app.get(
    '/audit',
    {
      config: { right: 'audit.read' },
      schema: {
        tags: ['audit'],
        operationId: 'listAudit',
        summary: 'Le journal d’audit, le plus récent d’abord (filtres utilisateur, table, action, période)',
        querystring: auditListQuerySchema,
        response: list,
      },
    },
    async (request) => ({ success: true as const, ...(await audit.list(request.query)) }),
  );

  app.get(
    '/audit/stats',
    {
      config: { right: 'audit.read' },
      schema: {
        tags: ['audit'],
        operationId: 'getAuditStats',
        summary:
          'Total, aujourd’hui, cette semaine, ce mois ; les cinq utilisateurs et tables les plus actifs sur 30 jours',
        response: { 200: successSchema(auditStatsSchema) },
      },
    },
    async () => ({ success: true as const, data: await audit.stats() }),
  );

  app.get(
    '/audit/users',
    {
      config: { right: 'audit.read' },
      schema: {
        tags: ['audit'],
        operationId: 'listUtilisateursAudit',
        summary:
          'Les comptes que propose le filtre « Utilisateur » : ceux que nomme le journal, vingt au plus, trouvés par nom ou e-mail',
        querystring: auditUsersQuerySchema,
        response: { 200: successSchema(z.array(auditUserSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await audit.users(request.query.search) }),
  );

  app.get(
    '/audit/user/:id',
    {
      config: { right: 'audit.read' },
      schema: {
        tags: ['audit'],
        operationId: 'listAuditUtilisateur',
        summary: 'Les entrées d’un utilisateur',
        params: idParamsSchema,
        querystring: pageOnly,
        response: list,
      },
    },
    async (request) => ({
      success: true as const,
      ...(await audit.list(auditListQuerySchema.parse({ ...request.query, user_id: request.params.id }))),
    }),
  );

  app.get(
    '/audit/table/:name',
    {
      config: { right: 'audit.read' },
      schema: {
        tags: ['audit'],
        operationId: 'listAuditTable',
        summary: 'Les entrées d’une table',
        params: z.object({ name: z.string().trim().min(1).max(60) }),
        querystring: pageOnly,
        response: list,
      },
    },
    async (request) => ({
      success: true as const,
      ...(await audit.list(auditListQuerySchema.parse({ ...request.query, table_name: request.params.name }))),
    }),
  );

  app.get(
    '/audit/:id',
    {
      config: { right: 'audit.read' },
      schema: {
        tags: ['audit'],
        operationId: 'getAudit',
        summary: 'Une entrée du journal, avec ses valeurs avant et après',
        params: idParamsSchema,
        response: { 200: successSchema(auditEntrySchema) },
      },
    },
    async (request) => ({ success: true as const, data: await audit.get(request.params.id) }),
  );
};
