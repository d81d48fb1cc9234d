import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { ledgerBreaches } from '../src/modules/banques/ledger.repository.ts';
import { buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { createMembre } from './people-helpers.ts';

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

describe('the ledger invariants of expenses and refunds', () => {
  let ctx: TestContext;
  afterAll(async () => {
    await ctx.close();
  });

  it('name an approved expense or refund without its debit, and a paid total the refunds do not explain', async () => {
    ctx = await buildTestApp();
    const comptable = await createAccount(ctx.db, { role: 'comptable' });
    const membre = await createMembre(ctx.db);
    const { id: banque } = await ctx.db
      .insertInto('banques')
      .values({ nom: 'Banque témoin', code_banque: 'BT', numero_compte: '7', solde_initial: 0, solde: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await ledgerBreaches(ctx.db)).toEqual([]);

    // Decisions written by hand, as a faulty script would: approved, with no movement.
    const decided = { statut: 'approuvee' as const, date_approbation: new Date(), traite_par: comptable.id };
    const { id: depense } = await ctx.db
      .insertInto('depenses')
      .values({
        montant: 5000,
        categorie: 'Transport',
        description: 'Taxi',
        date_depense: '2026-11-02',
        banque_id: banque,
        created_by: membre.account.id,
        ...decided,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: remboursement } = await ctx.db
      .insertInto('remboursements')
      .values({
        membre_id: membre.id,
        montant: 7000,
        raison: 'Trop-perçu',
        created_by: membre.account.id,
        statut: 'approuve',
        date_traitement: new Date(),
        traite_par: comptable.id,
        banque_id: banque,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const breaches = await ledgerBreaches(ctx.db);
    expect(breaches).toContainEqual({
      invariant: 'mouvement_depense',
      detail: `dépense ${depense} (approuvee)\u00a0: 0 débit(s) pour 0`,
    });
    expect(breaches).toContainEqual({
      invariant: 'mouvement_remboursement',
      detail: `remboursement ${remboursement} (approuve)\u00a0: 0 débit(s) pour 0`,
    });
    expect(breaches).toContainEqual({
      invariant: 'total_paye_membre',
      detail: `membre ${membre.id} (${membre.code_esv})\u00a0: montant_deja_paye 0, versements validés − remboursements = -7000`,
    });
  });
});

describe('the ledger invariants of schedules', () => {
  let ctx: TestContext;
  afterAll(async () => {
    await ctx.close();
  });

  it('names a schedule whose total no longer matches the contract and a kept unpaid due date that drifted', async () => {
    ctx = await buildTestApp();
    const membre = await createMembre(ctx.db, { gestionnaire_id: null, produit_id: null, nom: 'Échéancier' });
    const clean = (await ledgerBreaches(ctx.db)).filter((b) => b.detail.startsWith(`membre ${membre.id} `));
    expect(clean).toEqual([]);

    const schedule = await ctx.db
      .selectFrom('echeanciers')
      .select('id')
      .where('membre_id', '=', membre.id)
      .executeTakeFirstOrThrow();
    // An instalment changed by hand, outside a rescheduling.
    await ctx.db
      .updateTable('echeances')
      .set({ montant: 1 })
      .where('echeancier_id', '=', schedule.id)
      .where('numero', '=', 2)
      .execute();
    await sql`UPDATE membres SET echeance_impayee = DATE '2001-01-01' WHERE id = ${membre.id}`.execute(ctx.db);
    const row = await ctx.db
      .selectFrom('membres')
      .select(['engagement_mensuel', 'duree_paiement'])
      .where('id', '=', membre.id)
      .executeTakeFirstOrThrow();
    const contract = Number(row.engagement_mensuel) * row.duree_paiement;
    const breaches = await ledgerBreaches(ctx.db);
    expect(breaches).toContainEqual({
      invariant: 'echeancier_membre',
      detail: `membre ${membre.id} (${membre.code_esv})\u00a0: total ${contract - Number(row.engagement_mensuel) + 1} pour un contrat de ${contract}`,
    });
    expect(
      breaches.find((b) => b.invariant === 'echeance_impayee' && b.detail.startsWith(`membre ${membre.id} `))?.detail,
    ).toMatch(/gardée 2001-01-01, 0, recomptée \d{4}-\d{2}-\d{2}, 0$/);
  });

  it('names a member who owes other than the price his contract was made at', async () => {
    const membre = await createMembre(ctx.db, { gestionnaire_id: null, produit_id: null, nom: 'Contrat' });
    await sql`UPDATE membres SET prix_produit = 12000000 WHERE id = ${membre.id}`.execute(ctx.db);
    expect(await ledgerBreaches(ctx.db)).toContainEqual({
      invariant: 'contrat_prix',
      detail: `membre ${membre.id} (${membre.code_esv})\u00a0: doit 9000000 pour un produit de 12000000`,
    });
  });
});
