import {
  idParamsSchema,
  listSchema,
  messageOnlySchema,
  NOTIFICATION_MESSAGES,
  notificationSchema,
  notificationsQuerySchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import type { NotificationsService } from './notifications.service.ts';

/** The signed-in account's own notifications: no account id in any path, nobody reaches another's. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.get(
    '/notifications',
    {
      config: { right: 'notifications.read' },
      schema: {
        tags: ['notifications'],
        operationId: 'listNotifications',
        summary: 'Mes notifications, de la plus récente à la plus ancienne',
        description:
          'Une page de notifications (10 par défaut, 50 au plus), toutes ou seulement les non lues (`non_lues=true`), et le nombre de non lues (`non_lues`, compté jusqu’à 1\u00a0001).',
        querystring: notificationsQuerySchema,
        response: { 200: listSchema(notificationSchema).extend({ non_lues: z.number().int() }) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await notifications.list(callerOf(request), request.query)),
    }),
  );

  app.patch(
    '/notifications/lues',
    {
      config: { right: 'notifications.read' },
      schema: {
        tags: ['notifications'],
        operationId: 'markAllNotificationsRead',
        summary: 'Marquer toutes mes notifications comme lues',
        response: { 200: messageOnlySchema },
      },
    },
    async (request) => {
      await notifications.markAllRead(callerOf(request));
      return { success: true as const, message: NOTIFICATION_MESSAGES.allRead };
    },
  );

  app.patch(
    '/notifications/:id/lue',
    {
      config: { right: 'notifications.read' },
      schema: {
        tags: ['notifications'],
        operationId: 'markNotificationRead',
        summary: 'Marquer une de mes notifications comme lue',
        params: idParamsSchema,
        response: { 200: messageOnlySchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await notifications.markRead(callerOf(request), request.params.id);
      return { success: true as const, message: NOTIFICATION_MESSAGES.read };
    },
  );
};
