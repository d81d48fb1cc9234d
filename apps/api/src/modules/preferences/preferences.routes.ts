import { preferencesPatchSchema, preferencesSchema, SETTINGS_SAVED, successSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.ts';
import type { PreferencesService } from './preferences.service.ts';

/** The signed-in account's own preferences: no id in the path, nobody reaches another's. */
export const preferencesRoutes: FastifyPluginAsyncZod<{ preferences: PreferencesService }> = async (
  app,
  { preferences },
) => {
  app.get(
    '/preferences',
    {
      config: { right: 'preferences.read' },
      schema: {
        tags: ['preferences'],
        operationId: 'getPreferences',
        summary: 'Mes préférences (thème, éléments par page, notifications par e-mail)',
        response: { 200: successSchema(preferencesSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await preferences.get(callerOf(request)) }),
  );

  app.put(
    '/preferences',
    {
      config: { right: 'preferences.update' },
      schema: {
        tags: ['preferences'],
        operationId: 'updatePreferences',
        summary: 'Modifier mes préférences',
        body: preferencesPatchSchema,
        response: { 200: successSchema(preferencesSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await preferences.update(callerOf(request), request.body),
      message: SETTINGS_SAVED,
    }),
  );
};
