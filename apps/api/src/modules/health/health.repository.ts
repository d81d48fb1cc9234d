import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** Throws when the database does not answer. */
export async function pingDatabase(db: Executor): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
