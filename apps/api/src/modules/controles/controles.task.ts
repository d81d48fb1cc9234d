import type { FastifyBaseLogger } from 'fastify';
import type { RecurringTask } from '../../engines/jobs.ts';
import type { JobRecord } from '../../mail/daily-mail-job.ts';
import type { ControlesService } from './controles.service.ts';

/** The ledger's own check: every day at 04:00 in the company's time zone, once across instances. */
export function controlesTask(controles: ControlesService, log: FastifyBaseLogger, record: JobRecord): RecurringTask {
  return {
    name: 'controles',
    cron: '0 4 * * *',
    async run() {
      try {
        await controles.run();
        record('controles', true);
      } catch (error) {
        record('controles', false);
        log.error({ err: error }, 'contrôle d’intégrité en échec');
      }
    },
  };
}
