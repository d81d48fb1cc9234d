import {
  DEFAULT_SETTINGS,
  mergeSettings,
  SETTINGS_GROUPS,
  type Settings,
  type SettingsPatch,
  STAFF_ROLES,
} from '@app/shared';
import type { Caller, Visitor } from '../../caller.ts';
import type { Database } from '../../db/database.ts';
import { changedFields, insertAudit } from '../audit/audit.repository.ts';
import { maintenance } from '../notifications/notifications.evenements.ts';
import { notifier } from '../notifications/notifications.repository.ts';
import { announceSettingsChange, listSettingRows, upsertSetting } from './settings.repository.ts';

const CACHE_MS = 5_000;

/**
 * Settings are read on hot paths (every request checks maintenance mode), so they are cached
 * briefly. A change made through this process is visible at once, and through another instance
 * as soon as its notice arrives (reload(); the short cache covers a notice lost with a connection).
 * Scheduled work reads them fresh: a task acts on what is committed, whichever instance took it.
 */
export class SettingsService {
  private cached: { value: Settings; at: number } | null = null;

  constructor(
    private readonly db: Database,
    private readonly onChange: (settings: Settings) => void = () => {},
  ) {}

  /** Read by the request hooks (maintenance, limits) as by the admin's page: no caller. */
  async get(): Promise<Settings> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.value;
    return this.fresh();
  }

  /** Read from the database, whatever the cache holds. */
  async fresh(): Promise<Settings> {
    const rows = await listSettingRows(this.db);
    // Stored values are laid over the defaults, so a setting added later gets its default.
    const value = mergeSettings(DEFAULT_SETTINGS, Object.fromEntries(rows.map((row) => [row.grp, row.value])));
    this.cached = { value, at: Date.now() };
    return value;
  }

  /** Another instance changed them: read them again, and follow them here too (log level). */
  async reload(): Promise<void> {
    this.onChange(await this.fresh());
  }

  /** The admin's change; a script (no account) passes a visitor. */
  async update(who: Caller | Visitor, patch: SettingsPatch): Promise<Settings> {
    const current = await this.get();
    const next = mergeSettings(current, patch);
    await this.db.transaction().execute(async (trx) => {
      let changed = false;
      for (const grp of SETTINGS_GROUPS) {
        const { old_values, new_values } = changedFields(current[grp], next[grp]);
        if (Object.keys(new_values).length === 0) continue;
        await upsertSetting(trx, grp, next[grp], 'id' in who ? who.id : null);
        await insertAudit(trx, who, {
          action: 'updated',
          table_name: 'settings',
          record_id: grp,
          old_values,
          new_values,
        });
        changed = true;
      }
      if (current.system.maintenanceMode !== next.system.maintenanceMode) {
        await notifier(trx, maintenance(next.system.maintenanceMode, new Date()), {
          roles: STAFF_ROLES,
          sauf: 'id' in who ? who.id : null,
        });
      }
      if (changed) await announceSettingsChange(trx);
    });
    this.cached = { value: next, at: Date.now() };
    this.onChange(next);
    return next;
  }
}
