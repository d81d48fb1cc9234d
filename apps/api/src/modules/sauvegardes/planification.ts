import type { FastifyBaseLogger } from 'fastify';
import type { RecurringTask } from '../../engines/jobs.ts';
import type { JobRecord } from '../../mail/daily-mail-job.ts';
import type { SauvegardesService } from './sauvegardes.service.ts';

/**
 * The backups' schedule, a job of the queue (BACKUPS, on by default outside tests): a look every
 * minute. Each slot is one row, unique, so a restart or another instance never takes it twice; a
 * server down at a slot's time takes it when it comes back. The backup itself runs on after the
 * look, and the server's closing waits for it (SauvegardesService.termine).
 */
export function sauvegardesTask(
  sauvegardes: SauvegardesService,
  log: FastifyBaseLogger,
  record: JobRecord = () => {},
): RecurringTask {
  return {
    name: 'sauvegardes',
    cron: '* * * * *',
    async run() {
      try {
        await sauvegardes.planifier();
        record('sauvegardes', true);
      } catch (error) {
        record('sauvegardes', false);
        log.error({ err: error }, 'planification des sauvegardes en échec');
      }
    },
  };
}
