import type { FastifyBaseLogger } from 'fastify';
import type { RecurringTask } from '../../engines/jobs.ts';
import type { JobRecord } from '../../mail/daily-mail-job.ts';
import type { EntretienService } from './entretien.service.ts';

/** The maintenance's slot: every night at 03:30 in the company's time zone, once across instances. */
export function entretienTask(entretien: EntretienService, log: FastifyBaseLogger, record: JobRecord): RecurringTask {
  return {
    name: 'entretien',
    cron: '30 3 * * *',
    async run() {
      try {
        await entretien.run();
        record('entretien', true);
      } catch (error) {
        record('entretien', false);
        log.error({ err: error }, 'entretien en échec');
      }
    },
  };
}
