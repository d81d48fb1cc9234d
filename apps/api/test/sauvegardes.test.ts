import type { Sauvegarde } from '@app/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await buildTestApp();
});
afterEach(async () => {
  await ctx.close();
});

/** Waits for the backup to end (written, then verified in a process of its own). */
async function ended(auth: { authorization: string }, id: number): Promise<Sauvegarde> {
  for (;;) {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/sauvegardes/${id}`, headers: auth });
    const row = res.json().data as Sauvegarde;
    if (row.statut !== 'en_cours') return row;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('sauvegardes', () => {
  it('an admin takes a backup: 202, then it is written and verified by a restore', async () => {
    const { auth } = await loginAs(ctx, 'admin');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/sauvegardes', headers: auth });
    expect(res.statusCode, res.body).toBe(202);
    const row = await ended(auth, res.json().data.id);
    expect(row, JSON.stringify(row)).toMatchObject({ statut: 'verifiee', motif: null, chiffree: false });
    expect(row.taille).toBeGreaterThan(0);
  }, 120_000);
});
