import {
  formatFCFA,
  type LigneReleve,
  RAPPROCHEMENT_MESSAGES,
  type Rapprochement,
  type Role,
  type Suggestion,
  VERSEMENT_MESSAGES,
  type Versement,
} from '@app/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerBreaches } from '../src/modules/banques/ledger.repository.ts';
import { buildTestApp, type loginAs, ROLES_ALL, type TestContext } from './helpers.ts';
import {
  type Auth,
  auditOf,
  type Client,
  createBanque,
  declare,
  moneyCast,
  postReleve,
  releveCsv,
  validateVersement,
  versementBody,
  versementRow,
} from './money-helpers.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let comptable: Awaited<ReturnType<typeof loginAs>>;
let client: Client;
let tokens: Record<Role, Auth>;

beforeAll(async () => {
  ctx = await buildTestApp();
  ({ admin, comptable, client, tokens } = await moneyCast(ctx));
});
afterAll(async () => {
  await ctx.close();
});
afterEach(async () => {
  expect(await ledgerBreaches(ctx.db)).toEqual([]);
});

async function importLines(banqueId: number, rows: string[]): Promise<LigneReleve[]> {
  const response = await postReleve(ctx, comptable.auth, banqueId, releveCsv('Date;Libellé;Débit;Crédit', rows));
  expect(response.statusCode, response.body).toBe(201);
  const releveId = response.json().data.id;
  const lines = await ctx.app.inject({
    method: 'GET',
    url: `/api/banques/${banqueId}/lignes?limit=100`,
    headers: comptable.auth,
  });
  // This import's, oldest first, as the rows were written.
  return (lines.json().data as LigneReleve[]).filter((l) => l.releve_id === releveId).reverse();
}

/** A payment the member declares and the comptable validates; answers it with its credit movement's id. */
async function validated(banqueId: number, montant: number, date_recu: string) {
  const v = await declare(ctx, client.auth, versementBody(client, banqueId, { montant, date_recu }));
  expect((await validateVersement(ctx, comptable.auth, v.id)).statusCode).toBe(200);
  return { versement: v, mouvement: await creditOf(v.id) };
}

async function creditOf(versementId: number) {
  const row = await ctx.db
    .selectFrom('mouvements_bancaires')
    .select(['id', 'date_valeur'])
    .where('source_table', '=', 'versements')
    .where('source_id', '=', versementId)
    .where('operation', '=', 'versement_valide')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), date_valeur: row.date_valeur };
}

const match = (body: object, auth: Auth = comptable.auth) =>
  ctx.app.inject({ method: 'POST', url: '/api/rapprochements', headers: auth, payload: body });

describe('reconciliation', () => {
  it('suggests by amount, value date and the slip number, and matches one to many either way, sums equal', async () => {
    const banque = await createBanque(ctx, admin.auth);
    const a = await validated(banque.id, 150_000, '2026-11-02');
    // A movement's value date is its bank slip's date.
    expect(a.mouvement.date_valeur).toBe('2026-11-02');
    const b = await validated(banque.id, 40_000, '2026-11-03');
    const c = await validated(banque.id, 45_000, '2026-11-03');
    const deposit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/banques/${banque.id}/solde`,
      headers: comptable.auth,
      payload: { type: 'depot', montant: 50_000, commentaire: 'Remise de chèques' },
    });
    expect(deposit.statusCode).toBe(200);
    const depot = await ctx.db
      .selectFrom('mouvements_bancaires')
      .select('id')
      .where('banque_id', '=', banque.id)
      .where('operation', '=', 'depot')
      .executeTakeFirstOrThrow();
    const depotDay = (
      await ctx.db
        .selectFrom('mouvements_bancaires')
        .select('date_valeur')
        .where('id', '=', depot.id)
        .executeTakeFirstOrThrow()
    ).date_valeur;
    const [jj, mm, aaaa] = [depotDay.slice(8), depotDay.slice(5, 7), depotDay.slice(0, 4)];

    const [la, lbc, lc1, lc2] = await importLines(banque.id, [
      `04/11/2026;VERSEMENT ${a.versement.numero_recu};;150 000`,
      '04/11/2026;VIREMENTS GROUPES;;85 000',
      `${jj}/${mm}/${aaaa};REMISE CHEQUES 1;;20 000`,
      `${jj}/${mm}/${aaaa};REMISE CHEQUES 2;;30 000`,
    ]);

    const suggested = await ctx.app.inject({
      method: 'GET',
      url: `/api/banques/${banque.id}/suggestions`,
      headers: comptable.auth,
    });
    expect(suggested.statusCode).toBe(200);
    const byLine = new Map((suggested.json().data as Suggestion[]).map((s) => [s.ligne.id, s]));
    expect(byLine.get(la?.id ?? 0)?.mouvements.map((m) => m.id)).toEqual([a.mouvement.id]);
    expect(byLine.get(lbc?.id ?? 0)?.mouvements).toEqual([]);

    // One line to one movement, as suggested.
    const one = await match({ lignes: [la?.id], mouvements: [a.mouvement.id] });
    expect(one.statusCode, one.body).toBe(201);
    // One line to two payments.
    const unequal = await match({ lignes: [lbc?.id], mouvements: [b.mouvement.id] });
    expect(unequal.statusCode).toBe(400);
    expect(unequal.json().message).toBe(RAPPROCHEMENT_MESSAGES.ecart(85_000, 40_000));
    expect(unequal.json().message).toContain(formatFCFA(45_000));
    const oneToTwo = await match({ lignes: [lbc?.id], mouvements: [b.mouvement.id, c.mouvement.id] });
    expect(oneToTwo.statusCode, oneToTwo.body).toBe(201);
    expect(oneToTwo.json().data).toMatchObject({
      montant: 85_000,
      lignes: [lbc?.id],
      mouvements: [b.mouvement.id, c.mouvement.id].sort((x, y) => x - y),
    });
    // The reconciliation's choice of movements: the unmatched ones only.
    const libres = await ctx.app.inject({
      method: 'GET',
      url: `/api/banques/${banque.id}/mouvements?non_rapproches=true`,
      headers: comptable.auth,
    });
    expect(libres.json().data.map((m: { id: number }) => m.id)).toEqual([Number(depot.id)]);
    // Two lines to one deposit.
    const twoToOne = await match({ lignes: [lc1?.id, lc2?.id], mouvements: [Number(depot.id)] });
    expect(twoToOne.statusCode, twoToOne.body).toBe(201);
    const created: Rapprochement = twoToOne.json().data;

    // Two matches racing for one movement: one wins, the other is told, nothing half-done.
    const d = await validated(banque.id, 45_000, '2026-11-06');
    const [r1, r2] = await importLines(banque.id, ['06/11/2026;COURSE 1;;45 000', '06/11/2026;COURSE 2;;45 000']);
    const raced = await Promise.all([
      match({ lignes: [r1?.id], mouvements: [d.mouvement.id] }),
      match({ lignes: [r2?.id], mouvements: [d.mouvement.id] }),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const lost = raced.find((r) => r.statusCode === 409);
    expect(lost?.json().message).toBe(RAPPROCHEMENT_MESSAGES.mouvementIndisponible);
    const won: Rapprochement = raced.find((r) => r.statusCode === 201)?.json().data;
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/rapprochements/${won.id}`, headers: admin.auth }))
        .statusCode,
    ).toBe(200);
    // A line or a movement is matched once.
    expect((await match({ lignes: [la?.id], mouvements: [c.mouvement.id] })).json().message).toBe(
      RAPPROCHEMENT_MESSAGES.ligneIndisponible,
    );
    const [extra] = await importLines(banque.id, ['05/11/2026;AUTRE;;40 000']);
    const again = await match({ lignes: [extra?.id], mouvements: [b.mouvement.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RAPPROCHEMENT_MESSAGES.mouvementIndisponible);

    const lines = await ctx.app.inject({
      method: 'GET',
      url: `/api/banques/${banque.id}/lignes?statut=rapprochee`,
      headers: comptable.auth,
    });
    expect(lines.json().pagination.total).toBe(4);
    const [audit] = await auditOf(ctx, 'rapprochements', created.id);
    expect(audit).toMatchObject({ action: 'created', user_id: comptable.account.id });

    // Undone: the lines are free again, and the deposit can be matched anew.
    const undo = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/rapprochements/${created.id}`,
      headers: admin.auth,
    });
    expect(undo.statusCode).toBe(200);
    expect(undo.json().message).toBe(RAPPROCHEMENT_MESSAGES.deleted);
    const free = await ctx.app.inject({
      method: 'GET',
      url: `/api/banques/${banque.id}/lignes?statut=rapprochee`,
      headers: comptable.auth,
    });
    expect(free.json().pagination.total).toBe(2);
    expect((await match({ lignes: [lc1?.id, lc2?.id], mouvements: [Number(depot.id)] })).statusCode).toBe(201);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/rapprochements/${created.id}`, headers: admin.auth }))
        .statusCode,
    ).toBe(404);
  });

  it('validates the pending payments it matches, never its declarer’s own, and refuses lines of two banks', async () => {
    const banque = await createBanque(ctx, admin.auth);
    const pending = await declare(
      ctx,
      client.auth,
      versementBody(client, banque.id, { montant: 75_000, date_recu: '2026-11-05' }),
    );
    const [line, other] = await importLines(banque.id, [
      `06/11/2026;VIR ${pending.numero_recu};;75 000`,
      '07/11/2026;VIR;;60 000',
    ]);
    const suggested = await ctx.app.inject({
      method: 'GET',
      url: `/api/banques/${banque.id}/suggestions`,
      headers: comptable.auth,
    });
    const forLine = (suggested.json().data as Suggestion[]).find((s) => s.ligne.id === line?.id);
    expect(forLine?.versements.map((v) => v.id)).toEqual([pending.id]);

    const done = await match({ lignes: [line?.id], versements: [pending.id] });
    expect(done.statusCode, done.body).toBe(201);
    expect((await versementRow(ctx, pending.id))?.statut).toBe('valide');
    expect(done.json().data.mouvements).toEqual([(await creditOf(pending.id)).id]);
    // check:ledger sees a match whose sums no longer agree.
    const doneId: number = done.json().data.id;
    await ctx.db.updateTable('rapprochements').set({ montant: 1 }).where('id', '=', doneId).execute();
    expect((await ledgerBreaches(ctx.db)).map((b) => b.invariant)).toEqual(['rapprochement']);
    await ctx.db.updateTable('rapprochements').set({ montant: 75_000 }).where('id', '=', doneId).execute();

    // Four eyes: a payment the comptable declared (an account whose role changed) is not his to validate by a match.
    const own: Versement = await declare(
      ctx,
      client.auth,
      versementBody(client, banque.id, { montant: 60_000, date_recu: '2026-11-07' }),
    );
    await ctx.db.updateTable('versements').set({ created_by: comptable.account.id }).where('id', '=', own.id).execute();
    const refused = await match({ lignes: [other?.id], versements: [own.id] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(VERSEMENT_MESSAGES.ownDeclaration);
    expect((await versementRow(ctx, own.id))?.statut).toBe('en_attente');
    // Nor the admin's, who does not validate payments.
    const byAdmin = await match({ lignes: [other?.id], versements: [own.id] }, admin.auth);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(RAPPROCHEMENT_MESSAGES.validationInterdite);
    expect(
      (
        await ctx.db
          .selectFrom('lignes_releve')
          .select('statut')
          .where('id', '=', String(other?.id))
          .executeTakeFirstOrThrow()
      ).statut,
    ).toBe('non_rapprochee');

    const second = await createBanque(ctx, admin.auth);
    const [elsewhere] = await importLines(second.id, ['08/11/2026;VIR;;1 000']);
    const [mine] = await importLines(banque.id, ['08/11/2026;VIR B;;1 000']);
    const mixed = await match({ lignes: [elsewhere?.id, mine?.id], mouvements: [1] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(RAPPROCHEMENT_MESSAGES.uneBanque);
    const empty = await match({ lignes: [mine?.id] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors?.mouvements).toBe(RAPPROCHEMENT_MESSAGES.mouvementsRequis);
  });

  it('is for the admin and the comptable only', async () => {
    const banque = await createBanque(ctx, admin.auth);
    for (const role of ROLES_ALL) {
      const allowed = role === 'admin' || role === 'comptable';
      const suggestions = await ctx.app.inject({
        method: 'GET',
        url: `/api/banques/${banque.id}/suggestions`,
        headers: tokens[role],
      });
      expect(suggestions.statusCode, role).toBe(allowed ? 200 : 403);
      const post = await match({ lignes: [999_999], mouvements: [999_999] }, tokens[role]);
      expect(post.statusCode, role).toBe(allowed ? 409 : 403);
      const remove = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/rapprochements/999999',
        headers: tokens[role],
      });
      expect(remove.statusCode, role).toBe(allowed ? 404 : 403);
    }
  });
});
