import {
  type ExportFormat,
  exportQuerySchema,
  type RetardsQuery,
  retardsPageSchema,
  retardsQuerySchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { callerOf } from '../../plugins/auth.ts';
import { sendExport } from '../exports/export-route.ts';
import { CONTENT_TYPES } from '../exports/export-writer.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { RetardsService } from './retards.service.ts';

/** Members in arrears on a day (issue 15): buckets, totals, and the export of the same filters. */
export const retardsRoutes: FastifyPluginAsyncZod<{
  retards: RetardsService;
  db: Database;
  settings: SettingsService;
}> = async (app, { retards, db, settings }) => {
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
        summary: 'Exporter les membres en retard (CSV ou XLSX), mêmes filtres, toutes les pages',
        querystring: exportQuerySchema(retardsQuerySchema),
        produces: Object.values(CONTENT_TYPES),
        response: { 200: z.unknown().describe('Le fichier (csv ou xlsx), en téléchargement') },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const query = request.query as RetardsQuery & { format: ExportFormat };
      const { format, page: _page, limit: _limit, ...filtres } = query;
      const { date, rows } = await retards.allRows(caller, query);
      return sendExport(reply, db, caller, {
        list: 'retards',
        format,
        filtres,
        // The arrears are computed per member (buckets, penalties): a few thousand rows at most.
        rows: (async function* () {
          yield* rows as unknown as Record<string, unknown>[];
        })(),
        timeZone: (await settings.get()).general.timeZone,
        fileName: `retards-${date}.${format}`,
      });
    },
  );
};
