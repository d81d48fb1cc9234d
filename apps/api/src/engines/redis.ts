import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The instances' shared Redis (REDIS_URL), where the rate limits count. A command never waits for
 * a lost connection: it fails at once and the limits let the request through; the outage and the
 * return are each logged once.
 */
export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 250, 2_000),
  });
  let down = false;
  const lost = (error?: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'Redis injoignable : limites de débit suspendues jusqu’à son retour');
  };
  redis.on('error', lost);
  redis.on('close', () => lost());
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis de nouveau joignable : limites de débit rétablies');
  });
  return redis;
}
