import {
  type Capability,
  EXPORT_FORMATS,
  EXPORTS,
  type ExportFormat,
  type ExportListName,
  exportQuerySchema,
  localIsoDate,
} from '@app/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import type { Caller } from '../../caller.ts';
import { streamRows } from '../../db/cursor.ts';
import type { Database } from '../../db/database.ts';
import { callerOf } from '../../plugins/auth.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { CONTENT_TYPES, csvExport, xlsxExport } from './export-writer.ts';

type Query<S extends z.ZodObject> = Omit<z.output<S>, 'format'>;
type Rows = SelectQueryBuilder<never, never, Record<string, unknown>>;

export interface ExportRoute<S extends z.ZodObject, P extends z.ZodObject = z.ZodObject> {
  /** The list's path; the export answers at `<path>/export`. */
  path: string;
  list: ExportListName;
  right: Capability;
  tag: string;
  /** The list's own query schema: its filters and sort, the same validation. */
  querystring: S;
  /** The path's parameters (a bank's id), when the list is of one thing. */
  params?: P;
  /**
   * Every row of the list for these filters, in its order, within the caller's scope (db/paging.ts
   * allRowsOf); it may first refuse (a bank that does not exist: 404) before anything is sent.
   */
  rows: (caller: Caller, query: Query<S>, params: z.output<P>) => Rows | Promise<Rows>;
}

/** '/membres/mes-clients' → 'exportMembresMesClients', '/banques/:id/lignes' → 'exportBanquesLignes'. */
const operationIdOf = (path: string) =>
  `export${path
    .split(/[/-]/)
    .filter((part) => part !== '' && !part.startsWith(':'))
    .map((part) => `${part[0]?.toUpperCase()}${part.slice(1)}`)
    .join('')}`;

/**
 * Registers `GET <path>/export?format=csv|xlsx&…` for a list (issue 27): the caller's rights and
 * scope and the list's filters exactly as its pages, every row through a cursor, streamed as it is
 * read; audited once whole (who, which list and filters, how many rows).
 */
export function exportRoute<S extends z.ZodObject, P extends z.ZodObject = z.ZodObject>(
  app: FastifyInstance,
  deps: { db: Database; settings: SettingsService },
  route: ExportRoute<S, P>,
) {
  const list = EXPORTS[route.list];
  const schema = exportQuerySchema(route.querystring);
  (app as Parameters<FastifyPluginAsyncZod>[0]).get(
    `${route.path}/export`,
    {
      config: { right: route.right },
      schema: {
        tags: [route.tag],
        operationId: operationIdOf(route.path),
        summary: `Exporter la liste «\u00a0${list.titre}\u00a0» (CSV ou XLSX), mêmes filtres et tri, toutes les pages (page et limit ignorés)`,
        ...(route.params ? { params: route.params } : {}),
        querystring: schema,
        produces: Object.values(CONTENT_TYPES),
        response: { 200: z.unknown().describe(`Le fichier (${EXPORT_FORMATS.join(' ou ')}), en téléchargement`) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const {
        format,
        page: _page,
        limit: _limit,
        ...filtres
      } = request.query as Query<S> & {
        format: ExportFormat;
        page?: number;
        limit?: number;
      };
      const params = request.params as z.output<P>;
      const query = await route.rows(caller, filtres as Query<S>, params);
      const { general } = await deps.settings.get();
      return sendExport(reply, deps.db, caller, {
        list: route.list,
        format,
        filtres: { ...params, ...filtres },
        rows: streamRows(deps.db, query),
        timeZone: general.timeZone,
        fileName: `${list.fichier}-${localIsoDate()}.${format}`,
      });
    },
  );
}

/**
 * Sends an export as it is written (CSV or XLSX), audited once it ends: who, which list, which
 * filters, how many rows, whether whole. Its first rows are read before anything is sent, so that
 * a value the database refuses is a French 400, not a file cut short. The lists' exports, the
 * arrears' and the accounting journal go through it.
 */
export async function sendExport(
  reply: FastifyReply,
  db: Database,
  caller: Caller,
  e: {
    list: ExportListName;
    format: ExportFormat;
    filtres: Record<string, unknown>;
    rows: AsyncIterable<Record<string, unknown>>;
    timeZone: string;
    fileName: string;
  },
) {
  const iterator = e.rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* rows() {
    try {
      for (let next = first; !next.done; next = await iterator.next()) yield next.value;
    } finally {
      await iterator.return?.();
    }
  }
  const done = (lignes: number, complet: boolean) =>
    insertAudit(db, caller, {
      action: 'exported',
      table_name: e.list,
      new_values: { format: e.format, filtres: e.filtres, lignes, complet },
    });
  const write = e.format === 'xlsx' ? xlsxExport : csvExport;
  return reply
    .header('Content-Type', CONTENT_TYPES[e.format])
    .header('Content-Disposition', `attachment; filename="${e.fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .send(write(EXPORTS[e.list], rows(), e.timeZone, done));
}
