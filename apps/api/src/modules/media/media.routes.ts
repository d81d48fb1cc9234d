import { intField } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { sendStored } from '../../media/private-file.ts';

const IMAGE = /\.(jpe?g|png|webp)$/;

/**
 * Photos and plans at the signed addresses the catalogue JSON gives to signed-in people, and the
 * accounts' profile photos (an <img> cannot send a bearer token). Unsigned or expired addresses
 * answer 404.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaStore }> = async (app, { media }) => {
  app.get(
    '/media/*',
    {
      config: { public: true, rateLimit: false },
      schema: {
        hide: true,
        params: z.object({
          '*': z.string().regex(/^(produits|sites|utilisateurs|chantiers)\/\d+\/[0-9a-f-]{36}\.[a-z]{2,4}$/),
        }),
        querystring: z.object({ exp: intField(undefined, { max: Number.MAX_SAFE_INTEGER }), sig: z.string().max(64) }),
        response: { 200: z.unknown().describe('Le fichier') },
      },
    },
    async (request, reply) => {
      const relative = request.params['*'];
      if (!media.verify(relative, request.query.exp, request.query.sig)) {
        throw new AppError('NOT_FOUND', 'Fichier non trouvé');
      }
      reply.header('Cache-Control', 'private, max-age=86400, immutable');
      // A plan (PDF, Word) is downloaded, never opened in the product's origin: a PDF may carry
      // scripts. Photos show inline; the type is never guessed from the bytes.
      reply.header('Content-Disposition', IMAGE.test(relative) ? 'inline' : 'attachment');
      reply.header('X-Content-Type-Options', 'nosniff');
      return sendStored(reply, media.files, relative);
    },
  );
};
