import type { notificationsQuerySchema } from '@app/shared';
import { NOTIFICATION_MESSAGES, NOTIFICATIONS_COUNT_CAP, type Notification, paginate } from '@app/shared';
import type { z } from 'zod';
import type { Caller } from '../../caller.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { countNotifications, listNotifications, markAllRead, markRead } from './notifications.repository.ts';

type ListQuery = z.output<typeof notificationsQuerySchema>;

/**
 * The bell: each account reads and marks only its own notifications (no id of an account in any
 * path). Marking read is the account's own view of them, not a change of the company's data: it is
 * not written to the audit journal (docs/decisions/0027-notifications.md).
 */
export class NotificationsService {
  constructor(private readonly db: Database) {}

  async list(caller: Caller, { non_lues: nonLues, page, limit }: ListQuery) {
    const [rows, unread, all] = await Promise.all([
      listNotifications(this.db, caller.id, { nonLues, limit, offset: (page - 1) * limit }),
      countNotifications(this.db, caller.id, true),
      // The unread page's total is the unread count: counted once.
      nonLues ? undefined : countNotifications(this.db, caller.id, false),
    ]);
    const total = all ?? unread;
    const data: Notification[] = rows.map((row) => ({
      id: row.id,
      type: row.type,
      titre: row.titre,
      message: row.message,
      lien: row.lien,
      lue: row.lue_at !== null,
      created_at: new Date(row.created_at).toISOString(),
    }));
    return { data, pagination: paginate(page, limit, total, total <= NOTIFICATIONS_COUNT_CAP), non_lues: unread };
  }

  async markRead(caller: Caller, id: number): Promise<void> {
    if (!(await markRead(this.db, caller.id, id))) throw new AppError('NOT_FOUND', NOTIFICATION_MESSAGES.notFound);
  }

  async markAllRead(caller: Caller): Promise<void> {
    await markAllRead(this.db, caller.id);
  }
}
