import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** Where a change is announced to the other instances (PostgreSQL's LISTEN/NOTIFY). */
export const SETTINGS_CHANNEL = 'parametres';

/** Sent when the caller's transaction commits; the payload names the schema the change is in. */
export async function announceSettingsChange(trx: Executor) {
  await sql`SELECT pg_notify(${SETTINGS_CHANNEL}, current_schema())`.execute(trx);
}

export async function listSettingRows(db: Executor) {
  return db.selectFrom('settings').select(['grp', 'value']).execute();
}

export async function upsertSetting(db: Executor, grp: string, value: unknown, updatedBy: number | null) {
  await db
    .insertInto('settings')
    .values({ grp, value: JSON.stringify(value), updated_by: updatedBy })
    .onConflict((oc) =>
      oc.column('grp').doUpdateSet({ value: JSON.stringify(value), updated_by: updatedBy, updated_at: new Date() }),
    )
    .execute();
}
