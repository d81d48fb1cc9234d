import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { deleteDeadSessions, deleteExpiredCodes, deleteOldNotifications } from './entretien.repository.ts';

/** What a night's maintenance removed; null where the settings turned it off. */
export interface Entretien {
  sessions: number | null;
  codes: number | null;
  notifications: number;
}

/**
 * The daily maintenance (issue 26): with the settings' `sessionCleanup`, sessions that can no longer
 * be used, with their refresh tokens, and the reset codes and unlock links past their end; always,
 * the notifications read and settled older than `logRetention` days. Nothing else: the audit
 * journal is kept whole.
 */
export class EntretienService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async run(now = new Date()): Promise<Entretien> {
    // Read afresh: a change made through another instance is in force at once.
    const { sessionCleanup, logRetention } = (await this.settings.fresh()).system;
    const done = await this.db.transaction().execute(async (trx) => {
      const removed = {
        sessions: sessionCleanup ? await deleteDeadSessions(trx, now) : null,
        codes: sessionCleanup ? await deleteExpiredCodes(trx, now) : null,
        notifications: await deleteOldNotifications(trx, new Date(now.getTime() - logRetention * 86_400_000)),
      };
      // The journal says what the night removed, by the server itself (no caller, no address).
      await insertAudit(
        trx,
        { ip: null, userAgent: null },
        { action: 'deleted', table_name: 'sessions', old_values: removed },
      );
      return removed;
    });
    this.log.info(done, 'entretien : sessions, codes et notifications périmés supprimés');
    return done;
  }
}
