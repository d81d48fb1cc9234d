import { AUDIT_TOP_DAYS, AUDIT_USERS_MAX, type AuditListQuery } from '@app/shared';
import { sql } from 'kysely';
import type { Caller, Visitor } from '../../caller.ts';
import type { Executor } from '../../db/database.ts';
import { type ListQuery, listOf, pageOf } from '../../db/paging.ts';
import { containsPattern } from '../../db/search.ts';

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
const asText = (value: unknown) =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

export function changedFields<T extends Record<string, unknown>>(
  before: T,
  patch: Partial<T>,
): { old_values: Partial<T>; new_values: Partial<T> } {
  const old_values: Partial<T> = {};
  const new_values: Partial<T> = {};
  for (const key of Object.keys(patch) as (keyof T)[]) {
    // Compared as text: a bigint column reads as "150000" and the form sends 150000; an object
    // (a setting's table of accounts) by its JSON.
    if (patch[key] !== undefined && asText(patch[key]) !== asText(before[key])) {
      old_values[key] = before[key];
      new_values[key] = patch[key];
    }
  }
  return { old_values, new_values };
}

/** The chain's last link: its position and fingerprint, to note down and compare at the next check. */
export async function auditHead(db: Executor) {
  return db
    .selectFrom('audit')
    .select(['position', 'empreinte', 'id'])
    .orderBy('position', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The first row whose link does not hold (docs/decisions/0015-audit-chaine.md): its fingerprint is
 * not that of its content and of the row before, or the row before is missing. Null when every
 * link holds. The whole journal is read: an operator's check, never a request's.
 */
export async function firstBrokenLink(db: Executor) {
  const { rows } = await sql<{ position: string; id: string; raison: string }>`
    SELECT a.position, a.id,
      CASE WHEN a.position > 1 AND p.id IS NULL THEN 'ligne précédente absente' ELSE 'empreinte différente' END AS raison
    FROM audit a LEFT JOIN audit p ON p.position = a.position - 1
    WHERE (a.position > 1 AND p.id IS NULL)
      OR a.empreinte <> audit_empreinte(a, coalesce(p.empreinte, ''))
    ORDER BY a.position
    LIMIT 1`.execute(db);
  return rows[0] ?? null;
}

/** A journal row with its author's account (the journal has no foreign keys: a deleted account leaves none). */
function withAuthor(db: Executor) {
  return db
    .selectFrom('audit as a')
    .leftJoin('utilisateurs as u', 'u.id', 'a.user_id')
    .selectAll('a')
    .select(['u.nom as user_nom', 'u.prenom as user_prenom', 'u.email as user_email']);
}

export type AuditRow = NonNullable<Awaited<ReturnType<typeof findAudit>>>;

export async function findAudit(db: Executor, id: number) {
  return withAuthor(db).where('a.id', '=', String(id)).executeTakeFirst();
}

/**
 * The journal newest first, in the chain's order, on an index under each filter. Unfiltered, the
 * total is the last position (the journal only grows); filtered, a capped count.
 */
export function auditList(db: Executor, query: ListQuery<AuditListQuery>) {
  let matching = db.selectFrom('audit as a');
  if (query.user_id) matching = matching.where('a.user_id', '=', query.user_id);
  if (query.table_name) matching = matching.where('a.table_name', '=', query.table_name);
  if (query.action) matching = matching.where('a.action', '=', query.action);
  if (query.date_from) matching = matching.where('a.created_at', '>=', new Date(`${query.date_from}T00:00:00Z`));
  if (query.date_to) {
    matching = matching.where('a.created_at', '<', sql<Date>`${query.date_to}::date + 1`);
  }
  const filtered = query.user_id || query.table_name || query.action || query.date_from || query.date_to;
  return listOf({
    matching,
    key: 'a.id',
    order: [['a.position', 'desc']],
    details: (inPage) => withAuthor(db).where(inPage),
    total: filtered ? 'search' : { kept: sql<string | null>`(SELECT max(position) FROM audit)` },
  });
}

export async function listAudit(db: Executor, query: AuditListQuery) {
  return pageOf(db, { ...auditList(db, query), page: query.page, limit: query.limit });
}

/**
 * The tiles (all rows, today's, this week's from Monday, this month's) and the five most active
 * users and most audited tables of the last AUDIT_TOP_DAYS days: each a range of the time index,
 * never the whole journal.
 */
export async function auditStats(db: Executor) {
  const since = (unit: 'day' | 'week' | 'month') =>
    sql<string>`(SELECT count(*) FROM audit WHERE created_at >= date_trunc(${unit}, now()))`;
  const tiles = await db
    .selectNoFrom([
      sql<string | null>`(SELECT max(position) FROM audit)`.as('total'),
      since('day').as('today'),
      since('week').as('week'),
      since('month').as('month'),
    ])
    .executeTakeFirstOrThrow();
  const recent = db
    .selectFrom('audit as a')
    .where('a.created_at', '>=', sql<Date>`now() - make_interval(days => ${AUDIT_TOP_DAYS})`);
  const users = await recent
    .innerJoin('utilisateurs as u', 'u.id', 'a.user_id')
    .select(['u.id', 'u.nom', 'u.prenom', sql<string>`count(*)`.as('n')])
    .groupBy('u.id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('u.id')
    .limit(5)
    .execute();
  const tables = await recent
    .select(['a.table_name', sql<string>`count(*)`.as('n')])
    .groupBy('a.table_name')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('a.table_name')
    .limit(5)
    .execute();
  return { tiles, users, tables };
}

/**
 * The user filter's choices: accounts the journal names (no one else's identity is disclosed to
 * its readers), found by name or e-mail, twenty at most.
 */
export async function searchAuditUsers(db: Executor, search: string) {
  const pattern = containsPattern(search);
  return db
    .selectFrom('utilisateurs')
    .select(['id', 'nom', 'prenom', 'email', 'role'])
    .where((w) =>
      w.or([
        w('nom', 'ilike', pattern),
        w('prenom', 'ilike', pattern),
        w(sql`prenom || ' ' || nom`, 'ilike', pattern),
        w('email', 'ilike', pattern),
      ]),
    )
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('audit').select(sql`1`.as('one')).whereRef('audit.user_id', '=', 'utilisateurs.id')),
    )
    .orderBy('nom')
    .orderBy('prenom')
    .orderBy('id')
    .limit(AUDIT_USERS_MAX)
    .execute();
}
