import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { openDatabase } from '../src/db/database.ts';
import { auditHead, firstBrokenLink } from '../src/modules/audit/audit.repository.ts';
import { buildTestApp, createAccount, login, type TestContext } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A change made by hand, as someone with the database's keys could (the append-only trigger set aside). */
async function tamper(db: Database, change: string) {
  await sql`ALTER TABLE audit DISABLE TRIGGER audit_no_change`.execute(db);
  try {
    await sql.raw(change).execute(db);
  } finally {
    await sql`ALTER TABLE audit ENABLE TRIGGER audit_no_change`.execute(db);
  }
}

async function chain(db: Database) {
  const rows = await db.selectFrom('audit').select(['id', 'position']).orderBy('position').execute();
  return rows.map((r) => Number(r.position));
}

describe('the audit journal’s chain', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
    // Sign-ins and failures write journal rows.
    const account = await createAccount(ctx.db, { role: 'comptable' });
    for (let i = 0; i < 3; i++) await login(ctx.app, account.email);
    await login(ctx.app, account.email, 'mauvais-mot-de-passe');
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('links every row to the one before, in consecutive positions', async () => {
    const positions = await chain(ctx.db);
    expect(positions.length).toBeGreaterThanOrEqual(4);
    expect(positions).toEqual(positions.map((_, i) => i + 1));
    expect(await firstBrokenLink(ctx.db)).toBeNull();
    const head = await auditHead(ctx.db);
    expect(head?.empreinte).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps the chain whole when many changes write at once', async () => {
    const account = await createAccount(ctx.db, { role: 'admin' });
    await Promise.all(Array.from({ length: 12 }, () => login(ctx.app, account.email)));
    const positions = await chain(ctx.db);
    expect(positions).toEqual(positions.map((_, i) => i + 1));
    expect(await firstBrokenLink(ctx.db)).toBeNull();
  });

  it('names the first row changed by hand, then a row removed from the middle', async () => {
    const [, second, third] = await ctx.db
      .selectFrom('audit')
      .select(['id', 'position'])
      .orderBy('position')
      .limit(3)
      .execute();
    if (!second || !third) throw new Error('journal trop court');
    await tamper(ctx.db, `UPDATE audit SET ip_address = '10.0.0.66' WHERE id = ${second.id}`);
    expect(await firstBrokenLink(ctx.db)).toEqual({
      position: second.position,
      id: second.id,
      raison: 'empreinte différente',
    });
    // Its fingerprint recomputed too, as a careful forger would: the next link no longer holds.
    await tamper(
      ctx.db,
      `UPDATE audit SET empreinte = audit_empreinte(a, p.empreinte) FROM audit a JOIN audit p ON p.position = a.position - 1
       WHERE audit.id = a.id AND a.id = ${second.id}`,
    );
    expect(await firstBrokenLink(ctx.db)).toMatchObject({ position: third.position, raison: 'empreinte différente' });
    await tamper(ctx.db, `DELETE FROM audit WHERE id = ${third.id}`);
    expect(await firstBrokenLink(ctx.db)).toMatchObject({
      position: String(Number(third.position) + 1),
      raison: 'ligne précédente absente',
    });
  });
});

/** `npm run check:audit` as an operator runs it, on the embedded database of a DATA_DIR. */
function checkAudit(dataDir: string) {
  const { DATABASE_URL: _, ...env } = process.env;
  const run = spawnSync(process.execPath, ['apps/api/dist/check-audit.js'], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('npm run check:audit', () => {
  let dataDir: string;
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints the last link of a sound journal and exits 0; names the altered row and exits 1', {
    timeout: 120_000,
  }, async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', 'api', 'template'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'audit-'));

    const empty = checkAudit(dataDir);
    expect(empty.status, empty.output).toBe(0);
    const database = await openDatabase({ dataDir });
    for (const action of ['LOGIN_SUCCESS', 'LOGOUT', 'LOGIN_SUCCESS']) {
      await database.db
        .insertInto('audit')
        .values({ action, table_name: 'utilisateurs', ip_address: '127.0.0.1' })
        .execute();
    }
    await database.close();
    const sound = checkAudit(dataDir);
    expect(sound.status, sound.output).toBe(0);
    expect(sound.output).toMatch(/Journal d’audit intègre\u00a0: 3 lignes chaînées, dernière empreinte [0-9a-f]{64}/);

    const altered = await openDatabase({ dataDir });
    await tamper(altered.db, `UPDATE audit SET action = 'LOGIN_FAILED' WHERE position = 2`);
    await altered.close();
    const broken = checkAudit(dataDir);
    expect(broken.status, broken.output).toBe(1);
    expect(broken.output).toContain('première ligne en défaut, position 2');
  });
});
