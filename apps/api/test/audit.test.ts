import { AUDIT_MESSAGES, AUDIT_TOP_DAYS, type AuditEntry, type Role } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, loginAs, ROLES_ALL, type TestContext } from './helpers.ts';

type Auth = { authorization: string };

describe('the audit journal API (GET /audit…)', () => {
  let ctx: TestContext;
  const auth = {} as Record<Role, Auth>;
  const ids = {} as Record<Role, number>;

  beforeAll(async () => {
    ctx = await buildTestApp();
    for (const role of ROLES_ALL) {
      const signedIn = await loginAs(ctx, role);
      auth[role] = signedIn.auth;
      ids[role] = signedIn.account.id;
    }
    // A few changes of another table, one dated last year (out of the month and of the tops).
    await ctx.db
      .insertInto('audit')
      .values([
        { action: 'created', table_name: 'sites', record_id: '7', user_id: ids.admin },
        {
          action: 'updated',
          table_name: 'sites',
          record_id: '7',
          user_id: ids.admin,
          old_values: '{"nom_site":"A"}',
          new_values: '{"nom_site":"B"}',
        },
        {
          action: 'deleted',
          table_name: 'banques',
          record_id: '3',
          user_id: ids.comptable,
          created_at: '2025-01-15T10:00:00Z',
        },
      ])
      .execute();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (url: string, role: Role = 'admin') => ctx.app.inject({ method: 'GET', url, headers: auth[role] });

  it('lets admin and comptable read every call; 403 for the four other roles', async () => {
    const urls = [
      '/api/audit',
      '/api/audit/stats',
      '/api/audit/1',
      `/api/audit/user/${1}`,
      '/api/audit/table/sites',
      '/api/audit/users?search=a',
    ];
    for (const role of ROLES_ALL) {
      for (const url of urls) {
        const response = await get(url, role);
        expect(response.statusCode, `${role} ${url}`).toBe(role === 'admin' || role === 'comptable' ? 200 : 403);
      }
    }
  });

  it('finds the accounts the user filter offers by name or e-mail, twenty at most; a search is required', async () => {
    const comptable = await ctx.db
      .selectFrom('utilisateurs')
      .select(['nom', 'email'])
      .where('id', '=', ids.comptable)
      .executeTakeFirstOrThrow();
    const byName = await get(`/api/audit/users?search=${encodeURIComponent(comptable.nom)}`, 'comptable');
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().data).toContainEqual(expect.objectContaining({ id: ids.comptable, role: 'comptable' }));
    const byEmail = await get(`/api/audit/users?search=${encodeURIComponent(comptable.email.toUpperCase())}`);
    expect(byEmail.json().data.map((u: { id: number }) => u.id)).toEqual([ids.comptable]);
    const everyone = await get('/api/audit/users?search=%40');
    expect(everyone.json().data.length).toBeLessThanOrEqual(20);
    expect(everyone.json().data.length).toBeGreaterThanOrEqual(ROLES_ALL.length);
    // An account the journal never names is not disclosed.
    const silent = await createAccount(ctx.db, { role: 'membre' });
    const unnamed = await get(`/api/audit/users?search=${encodeURIComponent(silent.email)}`);
    expect(unnamed.json().data).toEqual([]);
    const empty = await get('/api/audit/users?search=');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/[a-zàéè]/);
  });

  it('has no path that changes the journal, and the database refuses changes', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await ctx.app.inject({ method, url: '/api/audit/1', headers: auth.admin, payload: {} });
      expect(response.statusCode, method).toBe(404);
    }
    await expect(ctx.db.updateTable('audit').set({ action: 'x' }).execute()).rejects.toThrow(/append-only/);
    await expect(ctx.db.deleteFrom('audit').execute()).rejects.toThrow(/append-only/);
  });

  it('lists newest first with the author, the total being the whole journal', async () => {
    const count = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM audit`.execute(ctx.db)).rows[0]?.n);
    const response = await get('/api/audit?limit=5');
    const { data, pagination } = response.json() as {
      data: AuditEntry[];
      pagination: { total: number; totalExact: boolean };
    };
    expect(pagination).toMatchObject({ total: count, totalExact: true });
    expect(data).toHaveLength(5);
    const positions = data.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    const deleted = data.find((e) => e.table_name === 'banques');
    expect(deleted).toMatchObject({ action: 'deleted', record_id: '3', user: { id: ids.comptable } });
    expect(deleted?.empreinte).toMatch(/^[0-9a-f]{64}$/);
  });

  it('filters by user, table, action and dates (empty filters dropped), and refuses reversed dates', async () => {
    const byTable = (await get('/api/audit?table_name=sites&action=&user_id=')).json().data as AuditEntry[];
    expect(byTable.map((e) => e.action)).toEqual(['updated', 'created']);
    const byAction = (await get('/api/audit?table_name=sites&action=updated')).json().data as AuditEntry[];
    expect(byAction).toHaveLength(1);
    expect(byAction[0]).toMatchObject({ old_values: { nom_site: 'A' }, new_values: { nom_site: 'B' } });
    const byUser = (await get(`/api/audit?user_id=${ids.comptable}`)).json().data as AuditEntry[];
    expect(byUser.every((e) => e.user_id === ids.comptable)).toBe(true);
    expect(byUser.map((e) => e.action)).toEqual(expect.arrayContaining(['LOGIN_SUCCESS', 'deleted']));
    const lastYear = (await get('/api/audit?date_from=2025-01-01&date_to=2025-01-31')).json().data as AuditEntry[];
    expect(lastYear.map((e) => e.table_name)).toEqual(['banques']);
    const reversed = await get('/api/audit?date_from=2025-02-01&date_to=2025-01-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors?.date_to).toBe(AUDIT_MESSAGES.datesOrder);
  });

  it('answers one entry, a user’s and a table’s entries; 404 for an unknown entry', async () => {
    const [first] = (await get('/api/audit?table_name=banques')).json().data as AuditEntry[];
    const one = await get(`/api/audit/${first?.id}`);
    expect(one.json().data).toEqual(first);
    expect((await get('/api/audit/999999')).statusCode).toBe(404);
    expect((await get('/api/audit/999999')).json().message).toBe(AUDIT_MESSAGES.notFound);
    const mine = (await get(`/api/audit/user/${ids.admin}?limit=50`)).json().data as AuditEntry[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.user_id === ids.admin)).toBe(true);
    const sites = (await get('/api/audit/table/sites')).json().data as AuditEntry[];
    expect(sites.map((e) => e.action)).toEqual(['updated', 'created']);
  });

  it('counts the tiles and the tops as the rows say', async () => {
    const stats = (await get('/api/audit/stats')).json().data;
    const { rows } = await sql<{ total: string; today: string; week: string; month: string }>`
      SELECT count(*) AS total,
        count(*) FILTER (WHERE created_at >= date_trunc('day', now())) AS today,
        count(*) FILTER (WHERE created_at >= date_trunc('week', now())) AS week,
        count(*) FILTER (WHERE created_at >= date_trunc('month', now())) AS month
      FROM audit`.execute(ctx.db);
    const row = rows[0];
    expect(stats).toMatchObject({
      total_audits: Number(row?.total),
      audits_today: Number(row?.today),
      audits_this_week: Number(row?.week),
      audits_this_month: Number(row?.month),
    });
    // The last year's row counts in the total, not in the tops of the last AUDIT_TOP_DAYS days.
    expect(AUDIT_TOP_DAYS).toBe(30);
    expect(stats.most_audited_tables).not.toContainEqual(expect.objectContaining({ table_name: 'banques' }));
    expect(stats.most_audited_tables[0]).toEqual({ table_name: 'utilisateurs', audit_count: 6 });
    expect(stats.most_audited_tables).toContainEqual({ table_name: 'sites', audit_count: 2 });
    expect(stats.most_active_users[0]).toMatchObject({ user_id: ids.admin, audit_count: 3 });
    expect(stats.most_active_users.length).toBeLessThanOrEqual(5);
  });
});
