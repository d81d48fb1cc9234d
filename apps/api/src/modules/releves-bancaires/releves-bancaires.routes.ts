import {
  CLOTURE_MESSAGES,
  clotureCreateSchema,
  clotureListQuerySchema,
  clotureMoisParamsSchema,
  clotureReouvertureSchema,
  clotureSchema,
  etatRapprochementSchema,
  exceptionsRapprochementSchema,
  idParamsSchema,
  ligneReleveListQuerySchema,
  ligneReleveSchema,
  listSchema,
  messageOnlySchema,
  RAPPROCHEMENT_MESSAGES,
  RELEVE_MESSAGES,
  rapprochementAuQuerySchema,
  rapprochementCreateSchema,
  rapprochementSchema,
  releveImportSchema,
  successSchema,
  suggestionListQuerySchema,
  suggestionSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { type FileFields, readForm } from '../../plugins/files.ts';
import { errorResponses, formBody } from '../../plugins/openapi.ts';
import type { CloturesService } from './clotures.service.ts';
import type { RapprochementsService } from './rapprochements.service.ts';
import type { RelevesBancairesService } from './releves-bancaires.service.ts';

const RELEVE_FILE: FileFields = { fichier: { kind: 'releve', word: 'releve', max: 1 } };

/** The form beside the file: the columns chosen on the preview, as JSON (a CSV's only). */
const releveFormSchema = z.object({
  colonnes: z
    .string()
    .max(2000)
    .optional()
    .describe('Colonnes choisies (JSON00a0: { date, libelle, montant | debit et credit, … } → en-tête du fichier)'),
});

/** A bank's statements (issue 27): admin and comptable. */
export const relevesBancairesRoutes: FastifyPluginAsyncZod<{ releves: RelevesBancairesService }> = async (
  app,
  { releves },
) => {
  app.post(
    '/banques/:id/releves',
    {
      config: { right: 'banques.releves' },
      schema: {
        tags: ['banques'],
        operationId: 'importReleveBancaire',
        summary: 'Importer un relevé (CSV ou camt.053)00a0: seules les lignes jamais vues sont ajoutées',
        params: idParamsSchema,
        ...formBody(releveFormSchema, RELEVE_FILE, ['fichier']),
        response: { 201: successSchema(releveImportSchema), ...errorResponses(404, 413, 415) },
      },
    },
    async (request, reply) => {
      const data = await releves.importer(callerOf(request), request.params.id, await readForm(request, RELEVE_FILE));
      return reply.status(201).send({ success: true as const, data, message: RELEVE_MESSAGES.imported });
    },
  );

  app.get(
    '/banques/:id/lignes',
    {
      config: { right: 'banques.releves' },
      schema: {
        tags: ['banques'],
        operationId: 'listLignesReleve',
        summary: 'Lignes des relevés d’une banque, de la plus récente à la plus ancienne',
        params: idParamsSchema,
        querystring: ligneReleveListQuerySchema,
        response: { 200: listSchema(ligneReleveSchema), ...errorResponses(404) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await releves.lignes(callerOf(request), request.params.id, request.query)),
    }),
  );
};

/** Reconciliation (issue 27): admin and comptable. */
export const rapprochementsRoutes: FastifyPluginAsyncZod<{ rapprochements: RapprochementsService }> = async (
  app,
  { rapprochements },
) => {
  app.get(
    '/banques/:id/suggestions',
    {
      config: { right: 'banques.releves' },
      schema: {
        tags: ['banques'],
        operationId: 'listSuggestionsRapprochement',
        summary:
          'Lignes non rapprochées d’une banque et, pour chacune, les mouvements et versements en attente qu’elle peut être',
        params: idParamsSchema,
        querystring: suggestionListQuerySchema,
        response: { 200: listSchema(suggestionSchema), ...errorResponses(404) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await rapprochements.suggestions(callerOf(request), request.params.id, request.query)),
    }),
  );

  app.post(
    '/rapprochements',
    {
      config: { right: 'banques.releves' },
      schema: {
        tags: ['banques'],
        operationId: 'createRapprochement',
        summary:
          'Rapprocher des lignes du relevé de mouvements (et de versements en attente, ainsi validés), sommes égales',
        body: rapprochementCreateSchema,
        response: { 201: successSchema(rapprochementSchema), ...errorResponses(403, 404, 409) },
      },
    },
    async (request, reply) => {
      const data = await rapprochements.create(callerOf(request), request.body);
      return reply.status(201).send({ success: true as const, data, message: RAPPROCHEMENT_MESSAGES.created });
    },
  );

  app.delete(
    '/rapprochements/:id',
    {
      config: { right: 'banques.releves' },
      schema: {
        tags: ['banques'],
        operationId: 'deleteRapprochement',
        summary: 'Annuler un rapprochement (les versements qu’il a validés le restent)',
        params: idParamsSchema,
        response: { 200: messageOnlySchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await rapprochements.remove(callerOf(request), request.params.id);
      return { success: true as const, message: RAPPROCHEMENT_MESSAGES.deleted };
    },
  );
};

/** A bank's balance at a date and its closed months (issue 27): admin and comptable; reopening, the admin. */
export const cloturesRoutes: FastifyPluginAsyncZod<{ clotures: CloturesService }> = async (app, { clotures }) => {
  app.get(
    '/banques/:id/rapprochement',
    {
      config: { right: 'banques.releves' },
      schema: {
        tags: ['banques'],
        operationId: 'getEtatRapprochement',
        summary:
          'Soldes du grand livre et du relevé au soir d’une date, leur écart et les éléments non rapprochés qui l’expliquent',
        params: idParamsSchema,
        querystring: rapprochementAuQuerySchema,
        response: { 200: successSchema(etatRapprochementSchema), ...errorResponses(404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await clotures.etat(callerOf(request), request.params.id, request.query.date),
    }),
  );

  app.get(
    '/banques/:id/exceptions',
    {
      config: { right: 'banques.releves' },
      schema: {
        tags: ['banques'],
        operationId: 'getExceptionsRapprochement',
        summary:
          'Exceptions d’une banque\u00a0: lignes du relevé et mouvements non rapprochés depuis plus de jours que le paramètre, avec leurs totaux',
        params: idParamsSchema,
        response: { 200: successSchema(exceptionsRapprochementSchema), ...errorResponses(404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await clotures.exceptions(callerOf(request), request.params.id),
    }),
  );

  app.get(
    '/banques/:id/clotures',
    {
      config: { right: 'banques.releves' },
      schema: {
        tags: ['banques'],
        operationId: 'listCloturesBancaires',
        summary: 'Mois clôturés d’une banque (rouverts compris), du plus récent au plus ancien',
        params: idParamsSchema,
        querystring: clotureListQuerySchema,
        response: { 200: listSchema(clotureSchema), ...errorResponses(404) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await clotures.list(callerOf(request), request.params.id, request.query)),
    }),
  );

  app.post(
    '/banques/:id/clotures',
    {
      config: { right: 'banques.releves' },
      schema: {
        tags: ['banques'],
        operationId: 'createClotureBancaire',
        summary: 'Clôturer un mois écoulé dont le solde du grand livre égale celui du relevé',
        params: idParamsSchema,
        body: clotureCreateSchema,
        response: { 201: successSchema(clotureSchema), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const data = await clotures.cloturer(callerOf(request), request.params.id, request.body.mois);
      return reply
        .status(201)
        .send({ success: true as const, data, message: CLOTURE_MESSAGES.closed(request.body.mois) });
    },
  );

  app.post(
    '/banques/:id/clotures/:mois/reouverture',
    {
      config: { right: 'banques.clotures.rouvrir' },
      schema: {
        tags: ['banques'],
        operationId: 'rouvrirClotureBancaire',
        summary: 'Rouvrir un mois clôturé (administrateur), avec son motif',
        params: clotureMoisParamsSchema,
        body: clotureReouvertureSchema,
        response: { 200: successSchema(clotureSchema), ...errorResponses(404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await clotures.rouvrir(callerOf(request), request.params.id, request.params.mois, request.body.motif),
      message: CLOTURE_MESSAGES.reopened(request.params.mois),
    }),
  );
};
