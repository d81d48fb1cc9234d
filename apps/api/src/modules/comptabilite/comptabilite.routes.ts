import { balanceGeneraleSchema, EXPORT_FORMATS, EXPORT_MESSAGES, journalQuerySchema, successSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { streamRows } from '../../db/cursor.ts';
import type { Database } from '../../db/database.ts';
import { callerOf } from '../../plugins/auth.ts';
import { sendExport } from '../exports/export-route.ts';
import { CONTENT_TYPES } from '../exports/export-writer.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { mouvementsComptables } from './comptabilite.repository.ts';
import { balanceGenerale, lignesJournal } from './comptabilite.service.ts';

const journalExportSchema = journalQuerySchema.safeExtend({
  format: z.enum(EXPORT_FORMATS, { error: EXPORT_MESSAGES.format }).default('csv'),
});

/** The accounting journal and the trial balance (issue 27, decisions 0031): admin and comptable. */
export const comptabiliteRoutes: FastifyPluginAsyncZod<{ db: Database; settings: SettingsService }> = async (
  app,
  { db, settings },
) => {
  app.get(
    '/comptabilite/balance',
    {
      config: { right: 'comptabilite.read' },
      schema: {
        tags: ['comptabilite'],
        operationId: 'getBalanceGenerale',
        summary: 'Balance générale d’une période (débits, crédits et solde de chaque compte)',
        querystring: journalQuerySchema,
        response: { 200: successSchema(balanceGeneraleSchema) },
      },
    },
    async (request) => {
      const { comptabilite } = await settings.get();
      return {
        success: true as const,
        data: await balanceGenerale(db, comptabilite, request.query.date_debut, request.query.date_fin),
      };
    },
  );

  app.get(
    '/comptabilite/journal',
    {
      config: { right: 'comptabilite.read' },
      schema: {
        tags: ['comptabilite'],
        operationId: 'exportJournalComptable',
        summary:
          'Journal comptable SYSCOHADA d’une période (CSV ou XLSX)\u00a0: une écriture équilibrée par mouvement bancaire',
        querystring: journalExportSchema,
        produces: Object.values(CONTENT_TYPES),
        response: { 200: z.unknown().describe('Le journal (csv ou xlsx), en téléchargement') },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { format, date_debut, date_fin } = request.query;
      const { general, comptabilite } = await settings.get();
      const lignes = lignesJournal(streamRows(db, mouvementsComptables(db, date_debut, date_fin)), comptabilite);
      return sendExport(reply, db, caller, {
        list: 'journal',
        format,
        filtres: { date_debut, date_fin },
        rows: lignes as AsyncIterable<unknown> as AsyncIterable<Record<string, unknown>>,
        timeZone: general.timeZone,
        fileName: `journal-${date_debut}-${date_fin}.${format}`,
      });
    },
  );
};
