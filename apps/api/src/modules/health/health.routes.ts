import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { pingDatabase } from './health.repository.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      config: { public: true, rateLimit: false },
      schema: {
        tags: ['system'],
        operationId: 'getHealth',
        summary: 'État du service',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      try {
        await pingDatabase(db);
        return { status: 'ok' as const, database: 'up' as const };
      } catch (error) {
        app.log.error({ err: error }, 'base de données injoignable');
        return reply.status(503).send({ status: 'unavailable', database: 'down' });
      }
    },
  );
};
