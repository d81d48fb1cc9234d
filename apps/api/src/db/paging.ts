import { type Pagination, paginate, SEARCH_COUNT_CAP } from '@app/shared';
import { type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { counterValue } from './counters.ts';
import type { Executor } from './database.ts';

/**
 * Where a list's total comes from: a counter kept by the triggers (`counterKey`); a total the table
 * keeps itself (the audit journal's last position); a count of the matching rows for a small
 * table; or, for a search, a count that stops SEARCH_COUNT_CAP rows past the page asked.
 */
export type TotalSource = { counter: string } | { kept: RawBuilder<string | null> } | 'count' | 'search';

/** A list's order as columns, the last one its key so that the order is total. */
export type ListOrder = readonly (readonly [column: string, direction: 'asc' | 'desc'])[];

export interface ListPage<DB, TB extends keyof DB, DD, DT extends keyof DD, O extends object> {
  /** The rows matching the filters, on the list's own table and the joins its filters and order need. */
  matching: SelectQueryBuilder<DB, TB, object>;
  /** The column naming a row of the list ('d.id'). */
  key: string;
  order: ListOrder;
  /** Everything a row shows, for the rows `inPage` keeps. */
  details: (inPage: Expression<SqlBool>) => SelectQueryBuilder<DD, DT, O>;
  total: TotalSource;
  page: number;
  limit: number;
}

function ordered<Q extends SelectQueryBuilder<never, never, object>>(query: Q, order: ListOrder): Q {
  return order.reduce((q, [column, direction]) => q.orderBy(sql.ref(column), direction) as Q, query);
}

/**
 * How far a search counts its matches for a page: SEARCH_COUNT_CAP past the page's last row. Each
 * page walks no further than its own depth plus that, and the next pages are always known to
 * exist: a search is paged to its end, however many rows match.
 */
const searchCap = (page: number, limit: number) => page * limit + SEARCH_COUNT_CAP;

/** The total as one scalar expression, so that it rides along with the page. */
function totalOf(
  matching: SelectQueryBuilder<never, never, object>,
  source: TotalSource,
  cap: number,
): RawBuilder<string | null> {
  if (source === 'count') return sql`(${matching.select(sql`count(*)`.as('n'))})`;
  if (source === 'search') {
    const capped = matching.select(sql`1`.as('one')).limit(sql.lit(cap + 1));
    return sql`(SELECT count(*) FROM (${capped}) AS capped)`;
  }
  return 'kept' in source ? source.kept : counterValue(source.counter);
}

/**
 * One page of a filtered list and its pagination in one round trip, never counting, joining or
 * sorting every row: the page's keys come from walking the index of the order on the list's own
 * table (a deep page skips index entries, not joined rows), then only those rows are joined for
 * display; the total (a kept counter, a small count, or a search's capped count) rides along.
 */
export async function pageOf<DB, TB extends keyof DB, DD, DT extends keyof DD, O extends object>(
  db: Executor,
  list: ListPage<DB, TB, DD, DT, O>,
): Promise<{ rows: O[]; pagination: Pagination }> {
  const matching = list.matching as SelectQueryBuilder<never, never, object>;
  // Limit and offset as literals (validated integers): with parameters, PostgreSQL's generic plan
  // of a prepared read guesses a tenth of the table and is never chosen, so every request was
  // planned again (1.8 ms of planning for 0.25 ms of execution on the payments page).
  const keys = ordered(matching.select(sql.ref(list.key).as('key')), list.order)
    .limit(sql.lit(list.limit))
    .offset(sql.lit((list.page - 1) * list.limit));
  const inPage = sql<SqlBool>`${sql.ref(list.key)} IN (${keys})`;
  const paged = ordered(list.details(inPage) as SelectQueryBuilder<never, never, O>, list.order);
  const cap = searchCap(list.page, list.limit);
  const total = totalOf(matching, list.total, cap);
  const rows = (await paged.select(total.as('total')).execute()) as (O & { total: string | null })[];
  // Past the last page no row carries the total.
  const counted =
    rows.length > 0 ? rows[0]?.total : (await db.selectNoFrom(total.as('total')).executeTakeFirst())?.total;
  const n = Number(counted ?? 0);
  const exact = list.total !== 'search' || n <= cap;
  return { rows, pagination: paginate(list.page, list.limit, exact ? n : cap, exact) };
}

/** A list as its filters, order and display define it, before a page is cut from it. */
export type ListDefinition<DB, TB extends keyof DB, DD, DT extends keyof DD, O extends object> = Omit<
  ListPage<DB, TB, DD, DT, O>,
  'page' | 'limit'
>;

/**
 * Every row of a list, in its order, for an export: the same filters, scope and joins as its
 * pages, read through a cursor (db/cursor.ts), never held all at once.
 */
export function allRowsOf<DB, TB extends keyof DB, DD, DT extends keyof DD, O extends object>(
  list: ListDefinition<DB, TB, DD, DT, O>,
): SelectQueryBuilder<DD, DT, O> {
  const matching = list.matching as SelectQueryBuilder<never, never, object>;
  const inList = sql<SqlBool>`${sql.ref(list.key)} IN (${matching.select(sql.ref(list.key).as('key'))})`;
  return ordered(list.details(inList) as SelectQueryBuilder<never, never, O>, list.order) as never;
}

/** A list's definition as written, its types inferred (the list's pages and its export share it). */
export function listOf<DB, TB extends keyof DB, DD, DT extends keyof DD, O extends object>(
  list: ListDefinition<DB, TB, DD, DT, O>,
): ListDefinition<DB, TB, DD, DT, O> {
  return list;
}

/** A list's query without its page: what its definition and its export read. */
export type ListQuery<Q> = Omit<Q, 'page' | 'limit'>;
