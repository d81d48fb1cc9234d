import { dashboardSchema, successSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import type { DashboardService } from './dashboard.service.ts';

const row = z.record(z.string(), z.unknown());

/** 'Tableau de bord' (spec 1 §2.7, §7, §9). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get(
    '/dashboard',
    {
      config: { right: 'dashboard.view' },
      schema: {
        tags: ['dashboard'],
        operationId: 'getDashboard',
        summary:
          'Le tableau de bord du rôle en un appel : ce qui attend, chiffres, activité récente, performance, finances, alertes, 12 derniers mois ; le compte d’un membre ; les demandes d’un demandeur',
        response: { 200: successSchema(dashboardSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await dashboard.forCaller(callerOf(request)) }),
  );

  app.get(
    '/dashboard/admin',
    {
      config: { right: 'dashboard.admin' },
      schema: {
        tags: ['dashboard'],
        operationId: 'getDashboardAdmin',
        summary:
          'Les dernières dépenses, les banques, les derniers chantiers, les gestionnaires, les dernières entrées d’audit',
        response: {
          200: successSchema(
            z.object({
              depenses: z.array(row),
              banques: z.array(row),
              chantiers: z.array(row),
              gestionnaires: z.array(row),
              audits: z.array(row),
            }),
          ),
        },
      },
    },
    async () => ({ success: true as const, data: await dashboard.adminLists() }),
  );
};
