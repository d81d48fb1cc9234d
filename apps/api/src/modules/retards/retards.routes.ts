import { retardsPageSchema, retardsQuerySchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import type { RetardsService } from './retards.service.ts';

/** Members in arrears on a day (issue 15): buckets, totals, and the CSV export of the same filters. */
export const retardsRoutes: FastifyPluginAsyncZod<{ retards: RetardsService }> = async (app, { retards }) => {
  app.get(
    '/retards',
    {
      config: { right: 'retards.read' },
      schema: {
        tags: ['retards'],
        operationId: 'listRetards',
        summary: 'Membres en retard, du plus ancien retard au plus récent, et les totaux par tranche',
        querystring: retardsQuerySchema,
        response: { 200: retardsPageSchema },
      },
    },
    async (request) => retards.list(callerOf(request), request.query),
  );

  app.get(
    '/retards/export',
    {
      config: { right: 'retards.read' },
      schema: {
        tags: ['retards'],
        operationId: 'exportRetards',
        summary: 'Export CSV des membres en retard (mêmes filtres, toutes les pages)',
        querystring: retardsQuerySchema.omit({ page: true, limit: true, sortOrder: true }),
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV (UTF-8, point-virgule)') },
      },
    },
    async (request, reply) => {
      const { date, body } = await retards.csv(callerOf(request), {
        ...request.query,
        page: 1,
        limit: 1,
        sortOrder: 'asc',
      });
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="retards-${date}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );
};
