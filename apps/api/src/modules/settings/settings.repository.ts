import type { Executor } from '../../db/database.ts';

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
