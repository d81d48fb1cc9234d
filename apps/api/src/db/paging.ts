import { type SelectQueryBuilder, sql } from 'kysely';

type Counted<O> = O & { total: string };

/**
 * One page of a filtered list and the filter's total in one round trip: `count(*) over()` rides
 * along each row. A page past the end has no row to carry it, so it is counted apart (the pager
 * can then go back).
 */
export async function pageOf<DB, TB extends keyof DB, O>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  { page, limit }: { page: number; limit: number },
  order: (query: SelectQueryBuilder<DB, TB, Counted<O>>) => SelectQueryBuilder<DB, TB, Counted<O>>,
): Promise<{ rows: Counted<O>[]; total: number }> {
  const counted = filtered.select(sql<string>`count(*) over()`.as('total')) as SelectQueryBuilder<DB, TB, Counted<O>>;
  const rows = await order(counted)
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  if (rows.length > 0 || page === 1) return { rows, total: Number(rows[0]?.total ?? 0) };
  const row = (await filtered.clearSelect().select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow()) as {
    total: string;
  };
  return { rows, total: Number(row.total) };
}
