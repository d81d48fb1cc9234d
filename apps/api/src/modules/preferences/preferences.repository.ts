import type { Executor } from '../../db/database.ts';

export async function findPreferences(db: Executor, utilisateurId: number) {
  const row = await db
    .selectFrom('preferences')
    .select('value')
    .where('utilisateur_id', '=', utilisateurId)
    .executeTakeFirst();
  return row?.value;
}

export async function upsertPreferences(db: Executor, utilisateurId: number, value: unknown) {
  const json = JSON.stringify(value);
  await db
    .insertInto('preferences')
    .values({ utilisateur_id: utilisateurId, value: json })
    .onConflict((oc) => oc.column('utilisateur_id').doUpdateSet({ value: json, updated_at: new Date() }))
    .execute();
}
