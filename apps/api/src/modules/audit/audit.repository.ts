import type { Caller, Visitor } from '../../caller.ts';
import type { Executor } from '../../db/database.ts';

export interface AuditEntry {
  action: string;
  table_name: string;
  record_id?: string | number | null;
  old_values?: unknown;
  new_values?: unknown;
  membre_id?: number | null;
  personnel_id?: number | null;
}

/**
 * Appends one row to the journal, with who did it (the caller's account; none for a visitor) and
 * from where. Call it with the transaction of the change it records.
 */
export async function insertAudit(db: Executor, who: Visitor | Caller, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit')
    .values({
      action: entry.action,
      table_name: entry.table_name,
      record_id: entry.record_id == null ? null : String(entry.record_id),
      user_id: 'id' in who ? who.id : null,
      membre_id: entry.membre_id ?? null,
      personnel_id: entry.personnel_id ?? null,
      old_values: entry.old_values === undefined ? null : JSON.stringify(entry.old_values),
      new_values: entry.new_values === undefined ? null : JSON.stringify(entry.new_values),
      ip_address: who.ip,
      user_agent: who.userAgent?.slice(0, 500) ?? null,
    })
    .execute();
}

/** Only the fields that differ, for old_values/new_values. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  patch: Partial<T>,
): { old_values: Partial<T>; new_values: Partial<T> } {
  const old_values: Partial<T> = {};
  const new_values: Partial<T> = {};
  for (const key of Object.keys(patch) as (keyof T)[]) {
    // Compared as text: a bigint column reads as "150000" and the form sends 150000.
    if (patch[key] !== undefined && String(patch[key]) !== String(before[key])) {
      old_values[key] = before[key];
      new_values[key] = patch[key];
    }
  }
  return { old_values, new_values };
}
