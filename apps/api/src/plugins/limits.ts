import { MESSAGES } from '@app/shared';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { throttleAddress } from '../modules/auth/login-throttle.ts';
import type { SettingsService } from '../modules/settings/settings.service.ts';

/**
 * The API limit from the settings, per account (or per address before sign-in), after
 * authentication; counted in Redis when there is one, so once across instances, and let through
 * (skipOnError) while Redis cannot answer. The web app's files do not count (an office behind one
 * address loads them at every page); the signed media addresses opt out on their route.
 */
export async function registerRateLimits(app: FastifyInstance, settings: SettingsService, redis?: Redis) {
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    allowList: (request) => !request.url.startsWith('/api/'),
    timeWindow: '1 hour',
    max: async () => (await settings.get()).system.apiRateLimit,
    keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
    errorResponseBuilder: () => ({ statusCode: 429, message: MESSAGES.tooManyRequests }),
    ...(redis ? { redis, nameSpace: 'limite:' } : {}),
    skipOnError: true,
  });
}

/**
 * A route's own limit, per client address (an IPv6 /64 as one). Its name is part of every key:
 * in Redis all limits share one store, and a forgotten-password request must not count against
 * sign-in.
 */
export function routeLimit(
  app: FastifyInstance,
  name: string,
  max: number,
  timeWindow: string,
  key: (request: FastifyRequest) => string = (request) => throttleAddress(request.ip),
) {
  return app.rateLimit({ max, timeWindow, keyGenerator: (request) => `${name}:${key(request)}` });
}
