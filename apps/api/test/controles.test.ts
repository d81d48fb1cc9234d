import type { ControleIntegrite } from '@app/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { ControlesService } from '../src/modules/controles/controles.service.ts';
import { buildTestApp, loginAs, ROLES_ALL, type TestContext } from './helpers.ts';
import { createBanque } from './money-helpers.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let comptable: Awaited<ReturnType<typeof loginAs>>;
let controles: ControlesService;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, 'admin');
  comptable = await loginAs(ctx, 'comptable');
  controles = new ControlesService(ctx.db, ctx.mail, ctx.app.log);
});
afterAll(async () => {
  await ctx.close();
});

const dernier = async (auth = comptable.auth): Promise<ControleIntegrite | null> => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/controles/dernier', headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('the ledger’s daily check', () => {
  it('keeps each run; a broken invariant is a notification and an e-mail naming the rows, to the admins and comptables', async () => {
    expect(await dernier()).toBeNull();
    const sain = await controles.run();
    expect(sain).toMatchObject({ grand_livre_ok: true, audit_ok: true, ecarts: [] });
    expect(await dernier()).toMatchObject({ id: sain.id, grand_livre_ok: true });

    // A balance changed behind the ledger's back.
    const banque = await createBanque(ctx, admin.auth);
    await sql`UPDATE banques SET solde = solde + 1000 WHERE id = ${banque.id}`.execute(ctx.db);
    try {
      const rompu = await controles.run();
      expect(rompu.grand_livre_ok).toBe(false);
      expect(rompu.audit_ok).toBe(true);
      expect(rompu.ecarts).toContainEqual({
        invariant: 'solde_banque',
        detail: expect.stringContaining(`banque ${banque.id}`),
      });
      expect(await dernier(admin.auth)).toMatchObject({ id: rompu.id, grand_livre_ok: false });
      const mail = await ctx.mail.waitFor(comptable.account.email, /Écart dans le grand livre/);
      expect(mail.text).toContain(`[solde_banque] banque ${banque.id}`);
      await ctx.mail.waitFor(admin.account.email, /Écart dans le grand livre/);
      const bell = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: comptable.auth });
      expect(JSON.stringify(bell.json().data)).toContain('Écart dans le grand livre');
    } finally {
      await sql`UPDATE banques SET solde = solde - 1000 WHERE id = ${banque.id}`.execute(ctx.db);
    }
    expect((await controles.run()).grand_livre_ok).toBe(true);
  });

  it('runs by default, not with NODE_ENV=test or INTEGRITY_CHECK=0', () => {
    const env = { DATA_DIR: ctx.dataDir };
    expect(loadConfig(env).integrityCheck).toBe(true);
    expect(loadConfig({ ...env, NODE_ENV: 'test' }).integrityCheck).toBe(false);
    expect(loadConfig({ ...env, NODE_ENV: 'test', INTEGRITY_CHECK: '1' }).integrityCheck).toBe(true);
    expect(loadConfig({ ...env, INTEGRITY_CHECK: '0' }).integrityCheck).toBe(false);
  });

  it('shows the last run to the admin and the comptable only', async () => {
    for (const role of ROLES_ALL) {
      const { auth } = await loginAs(ctx, role);
      const response = await ctx.app.inject({ method: 'GET', url: '/api/controles/dernier', headers: auth });
      expect(response.statusCode, role).toBe(role === 'admin' || role === 'comptable' ? 200 : 403);
    }
  });
});
