import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import type { FileStore } from '../../media/file-store.ts';
import { pingDatabase } from './health.repository.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });

const readySchema = z.object({
  success: z.boolean(),
  data: z.object({
    database: z.enum(['ok', 'erreur']),
    redis: z.enum(['ok', 'absent', 'erreur']),
    stockage: z.enum(['ok', 'local', 'erreur']),
  }),
});

/** How long a proxy's check waits for an engine before calling it down. */
const READY_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('délai dépassé')), READY_TIMEOUT_MS).unref()),
  ]);
}

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; redis: Redis | undefined; files: FileStore }> = async (
  app,
  { db, redis, files },
) => {
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

  // A proxy's check: this instance can serve, every engine it needs answering.
  app.get(
    '/ready',
    {
      config: { public: true, rateLimit: false },
      schema: {
        tags: ['system'],
        operationId: 'getReady',
        summary: 'Instance prête\u00a0: base, Redis et stockage joignables',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const [database, cache, store] = await Promise.allSettled([
        within(pingDatabase(db)),
        redis ? within(redis.ping()) : Promise.resolve(null),
        files.kind === 's3' ? within(files.ping()) : Promise.resolve(null),
      ]);
      const data = {
        database: database.status === 'fulfilled' ? ('ok' as const) : ('erreur' as const),
        redis: !redis ? ('absent' as const) : cache.status === 'fulfilled' ? ('ok' as const) : ('erreur' as const),
        stockage:
          files.kind === 'local'
            ? ('local' as const)
            : store.status === 'fulfilled'
              ? ('ok' as const)
              : ('erreur' as const),
      };
      const success = data.database === 'ok' && data.redis !== 'erreur' && data.stockage !== 'erreur';
      if (!success) app.log.warn({ engines: data }, 'instance pas prête');
      return reply.status(success ? 200 : 503).send({ success, data });
    },
  );
};
