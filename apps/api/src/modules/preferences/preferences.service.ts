import { applyPreferencesPatch, mergePreferences, type Preferences, type PreferencesPatch } from '@app/shared';
import type { Caller } from '../../caller.ts';
import type { Database, Executor } from '../../db/database.ts';
import { changedFields, insertAudit } from '../audit/audit.repository.ts';
import { findPreferences, upsertPreferences } from './preferences.repository.ts';

/** An account's preferences: what it stored laid over the defaults. */
export async function preferencesOf(db: Executor, utilisateurId: number): Promise<Preferences> {
  return mergePreferences(await findPreferences(db, utilisateurId));
}

/** One field per choice, the notifications' as `notifications.newDemande`: what the journal compares and shows. */
function flat({ notifications, ...rest }: Preferences): Record<string, unknown> {
  return {
    ...rest,
    ...Object.fromEntries(Object.entries(notifications).map(([key, value]) => [`notifications.${key}`, value])),
  };
}

/** Each account reads and changes its own preferences, and only them. */
export class PreferencesService {
  constructor(private readonly db: Database) {}

  async get(caller: Caller): Promise<Preferences> {
    return preferencesOf(this.db, caller.id);
  }

  async update(caller: Caller, patch: PreferencesPatch): Promise<Preferences> {
    return this.db.transaction().execute(async (trx) => {
      const current = await preferencesOf(trx, caller.id);
      const next = applyPreferencesPatch(current, patch);
      const { old_values, new_values } = changedFields(flat(current), flat(next));
      if (Object.keys(new_values).length === 0) return current;
      await upsertPreferences(trx, caller.id, next);
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'preferences',
        record_id: caller.id,
        old_values,
        new_values,
      });
      return next;
    });
  }
}
