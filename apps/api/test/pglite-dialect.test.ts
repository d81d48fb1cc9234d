import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/database.ts';
import { NESTED_QUERY_MESSAGE } from '../src/db/pglite-dialect.ts';

// PGlite is one connection: a read on the database inside a transaction's own calls would wait for
// the transaction forever, and every request after it (PostgreSQL's pool has other connections).
describe.skipIf(process.env.DATABASE_URL)('the PGlite connection, one user at a time', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({});
  });
  afterAll(async () => {
    await handle.close();
  });
  const one = () => sql<{ n: number }>`SELECT 1 AS n`.execute(handle.db);

  it('refuses at once a query on the database from inside a transaction, and stays usable', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
        await one();
      }),
    ).rejects.toThrow(NESTED_QUERY_MESSAGE);
    expect((await one()).rows).toEqual([{ n: 1 }]);
  });

  it('lets another request wait for a transaction and then run, before and after it', async () => {
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const order: string[] = [];
    const transaction = handle.db.transaction().execute(async (trx) => {
      inside();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await sql`SELECT 1`.execute(trx);
      order.push('transaction');
    });
    await entered;
    const waiting = one().then(() => order.push('other request'));
    await Promise.all([transaction, waiting]);
    expect(order).toEqual(['transaction', 'other request']);
    // After its commit the caller's own chain queries the database as usual.
    expect((await one()).rows).toEqual([{ n: 1 }]);
  });
});
