import { controleIntegriteSchema, successSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ControlesService } from './controles.service.ts';

/** The last daily check of the ledger and the audit journal: admin and comptable. */
export const controlesRoutes: FastifyPluginAsyncZod<{ controles: ControlesService }> = async (app, { controles }) => {
  app.get(
    '/controles/dernier',
    {
      config: { right: 'comptabilite.read' },
      schema: {
        tags: ['comptabilite'],
        operationId: 'getDernierControle',
        summary: 'Le dernier contrôle quotidien du grand livre et du journal d’audit (null avant le premier)',
        response: { 200: successSchema(controleIntegriteSchema.nullable()) },
      },
    },
    async () => ({ success: true as const, data: await controles.dernier() }),
  );
};
