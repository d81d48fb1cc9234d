import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { migrateToLatest, openDatabase } from './database.ts';

/**
 * An empty embedded database with every migration applied, written by `npm run build`: a first start
 * loads it instead of running PGlite's initdb, which is most of a first start on a small machine.
 */
export const PGDATA_TEMPLATE = path.join(import.meta.dirname, '../../dist/pgdata-template.tar');

export async function writeTemplate(file: string): Promise<void> {
  const database = await openDatabase({});
  await migrateToLatest(database.db);
  const dump = await database.dump?.();
  await database.close();
  if (!dump) throw new Error('PGlite dump unavailable');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
}
