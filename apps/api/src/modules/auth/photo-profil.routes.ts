import { PHOTO_PROFIL_MESSAGES, profileSchema, successSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { type FileFields, readForm } from '../../plugins/files.ts';
import { errorResponses, formBody } from '../../plugins/openapi.ts';
import type { PhotoProfilService } from './photo-profil.service.ts';

const PHOTO: FileFields = { photo: { kind: 'photo', word: 'photo', max: 1 } };

/** One's own profile photo: replaced by an upload, or removed (issue 26). */
export const photoProfilRoutes: FastifyPluginAsyncZod<{ photos: PhotoProfilService }> = async (app, { photos }) => {
  app.put(
    '/personnel-auth/profile/photo',
    {
      config: { right: 'profile.update' },
      schema: {
        tags: ['auth'],
        operationId: 'setPhotoProfil',
        summary: 'Remplacer ma photo de profil (une image JPEG, PNG ou WebP, recadrée carrée)',
        ...formBody(z.object({}), PHOTO, ['photo']),
        response: { 200: successSchema(profileSchema), ...errorResponses(413, 415) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await photos.set(callerOf(request), await readForm(request, PHOTO)),
      message: PHOTO_PROFIL_MESSAGES.saved,
    }),
  );

  app.delete(
    '/personnel-auth/profile/photo',
    {
      config: { right: 'profile.update' },
      schema: {
        tags: ['auth'],
        operationId: 'removePhotoProfil',
        summary: 'Retirer ma photo de profil',
        response: { 200: successSchema(profileSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await photos.remove(callerOf(request)),
      message: PHOTO_PROFIL_MESSAGES.removed,
    }),
  );
};
