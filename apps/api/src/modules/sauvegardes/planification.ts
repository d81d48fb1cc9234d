import type { FastifyInstance } from 'fastify';
import type { JobRecord } from '../../mail/daily-mail-job.ts';
import type { SauvegardesService } from './sauvegardes.service.ts';

/** How often the schedule is looked at: a slot starts within a minute of its time. */
export const SAUVEGARDES_INTERVAL_MS = 60_000;

/**
 * The backups' schedule, inside the server (BACKUPS, on by default outside tests): a look at start,
 * then every minute. Each slot is one row, unique, so a restart or a second server never takes it
 * twice; a server down at a slot's time takes it when it comes back. Closing the server waits for
 * the backup under way.
 */
export function registerSauvegardesJob(
  app: FastifyInstance,
  sauvegardes: SauvegardesService,
  enabled: boolean,
  record: JobRecord = () => {},
): void {
  if (!enabled) return;
  let timer: NodeJS.Timeout | undefined;
  let looking: Promise<void> | null = null;
  const look = () => {
    looking ??= sauvegardes
      .planifier()
      .then(() => record('sauvegardes', true))
      .catch((error: unknown) => {
        record('sauvegardes', false);
        app.log.error({ err: error }, 'planification des sauvegardes en échec');
      })
      .finally(() => {
        looking = null;
      });
    return looking;
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void look(), SAUVEGARDES_INTERVAL_MS);
    timer.unref();
    void look();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await looking;
  });
}
