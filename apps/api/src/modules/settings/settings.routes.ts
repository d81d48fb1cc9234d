import { publicSettingsSchema, SETTINGS_SAVED, settingsPatchSchema, settingsSchema, successSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.ts';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/public',
    {
      config: { public: true },
      schema: {
        tags: ['settings'],
        operationId: 'getPublicSettings',
        summary: 'Coordonnées de l’entreprise et règles de mot de passe',
        response: { 200: successSchema(publicSettingsSchema) },
      },
    },
    async () => ({ success: true as const, data: await app.settings.get() }),
  );

  app.get(
    '/settings',
    {
      config: { right: 'settings.read' },
      schema: {
        tags: ['settings'],
        operationId: 'getSettings',
        summary: 'Paramètres',
        response: { 200: successSchema(settingsSchema) },
      },
    },
    async () => ({ success: true as const, data: await app.settings.get() }),
  );

  app.put(
    '/settings',
    {
      config: { right: 'settings.update' },
      schema: {
        tags: ['settings'],
        operationId: 'updateSettings',
        summary: 'Modifier les paramètres',
        body: settingsPatchSchema,
        response: { 200: successSchema(settingsSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await app.settings.update(callerOf(request), request.body),
      message: SETTINGS_SAVED,
    }),
  );
};
