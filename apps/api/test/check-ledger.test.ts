import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** `npm run check:ledger` as an operator runs it, on the embedded database of a DATA_DIR. */
function checkLedger(dataDir: string) {
  const { DATABASE_URL: _, ...env } = process.env;
  const run = spawnSync(process.execPath, ['apps/api/dist/check-ledger.js'], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('npm run check:ledger', () => {
  let dataDir: string;
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('exits 0 on a ledger that holds, then names the bank whose balance no movement explains and exits 1', {
    timeout: 120_000,
  }, async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', 'api', 'template'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ledger-'));

    const clean = checkLedger(dataDir);
    expect(clean.status, clean.output).toBe(0);
    expect(clean.output).toContain('Grand livre cohérent');

    // A balance written by hand, as a faulty script or a manual fix would.
    const database = await openDatabase({ dataDir });
    const { id } = await database.db
      .insertInto('banques')
      .values({ nom: 'Banque altérée', code_banque: 'X1', numero_compte: '42', solde_initial: 0, solde: 1000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.close();

    const broken = checkLedger(dataDir);
    expect(broken.status, broken.output).toBe(1);
    expect(broken.output).toContain(
      `[solde_banque] banque ${id} (Banque altérée)\u00a0: solde 1000, solde initial + mouvements = 0`,
    );
  });
});
