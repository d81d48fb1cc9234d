import { CLOTURE_MESSAGES, type Cloture, type EtatRapprochement, type LigneReleve, type Role } from '@app/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerBreaches } from '../src/modules/banques/ledger.repository.ts';
import { buildTestApp, type loginAs, ROLES_ALL, type TestContext } from './helpers.ts';
import {
  type Auth,
  auditOf,
  bankState,
  type Client,
  createBanque,
  declare,
  deleteVersement,
  moneyCast,
  postReleve,
  releveCsv,
  validateVersement,
  versementBody,
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

/** October 2026: a month long past whenever these tests run. */
const MOIS = '2026-10';

const statement = (rows: string[]) => releveCsv('Date;Libellé;Débit;Crédit;Solde', rows);

async function importStatement(banqueId: number, rows: string[]) {
  const response = await postReleve(ctx, comptable.auth, banqueId, statement(rows));
  expect(response.statusCode, response.body).toBe(201);
}

async function validated(banqueId: number, montant: number, date_recu: string) {
  const v = await declare(ctx, client.auth, versementBody(client, banqueId, { montant, date_recu }));
  expect((await validateVersement(ctx, comptable.auth, v.id)).statusCode).toBe(200);
  return v;
}

async function etat(banqueId: number, date: string): Promise<EtatRapprochement> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/banques/${banqueId}/rapprochement?date=${date}`,
    headers: comptable.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const cloturer = (banqueId: number, mois: string, auth: Auth = comptable.auth) =>
  ctx.app.inject({ method: 'POST', url: `/api/banques/${banqueId}/clotures`, headers: auth, payload: { mois } });

const rouvrir = (banqueId: number, mois: string, auth: Auth, motif = 'Frais bancaires oubliés') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/banques/${banqueId}/clotures/${mois}/reouverture`,
    headers: auth,
    payload: { motif },
  });

const operation = (banqueId: number, body: object) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/banques/${banqueId}/solde`,
    headers: comptable.auth,
    payload: { commentaire: 'Frais de tenue de compte', ...body },
  });

/**
 * A bank whose October the statement and the ledger both know, but for the month's fee, which the
 * statement has and the ledger not yet; a payment booked by the bank two days after its slip.
 */
async function octobre() {
  const banque = await createBanque(ctx, admin.auth);
  const premier = await validated(banque.id, 100_000, '2026-10-05');
  const second = await validated(banque.id, 50_000, '2026-10-28');
  await validated(banque.id, 30_000, '2026-11-03');
  await importStatement(banque.id, [
    '05/10/2026;Versement espèces;;100 000;100 000',
    '15/10/2026;Frais de tenue de compte;2 500;;97 500',
    '30/10/2026;Versement espèces;;50 000;147 500',
    '04/11/2026;Versement espèces;;30 000;177 500',
  ]);
  return { banque, premier, second };
}

describe('the balance at a date', () => {
  it('sets the ledger by value dates against the statement, and the unmatched items that explain the difference', async () => {
    const { banque } = await octobre();
    const finOctobre = await etat(banque.id, '2026-10-31');
    expect(finOctobre).toMatchObject({
      date: '2026-10-31',
      solde_comptable: 150_000,
      solde_releve: 147_500,
      ecart: 2_500,
      ecart_inexplique: 0,
      cloture: null,
    });
    expect(finOctobre.mouvements_en_suspens).toMatchObject({ nombre: 2, total: 150_000 });
    expect(finOctobre.lignes_en_suspens).toMatchObject({ nombre: 3, total: 147_500 });
    expect(finOctobre.lignes_en_suspens.elements.map((l: LigneReleve) => l.date_operation)).toEqual([
      '2026-10-30',
      '2026-10-15',
      '2026-10-05',
    ]);

    // The slip of the 28th, booked by the bank on the 30th: on the 29th, the ledger is ahead.
    expect(await etat(banque.id, '2026-10-29')).toMatchObject({
      solde_comptable: 150_000,
      solde_releve: 97_500,
      ecart: 52_500,
      ecart_inexplique: 0,
    });
    // Counted back from the statement's closing balance, or on from it.
    expect(await etat(banque.id, '2026-11-30')).toMatchObject({ solde_comptable: 180_000, solde_releve: 177_500 });
    expect(await etat(banque.id, '2026-09-30')).toMatchObject({ solde_comptable: 0, solde_releve: 0, ecart: 0 });
  });

  it('has no statement balance before a statement is imported, and answers 400 on a bad date', async () => {
    const banque = await createBanque(ctx, admin.auth);
    expect(await etat(banque.id, '2026-10-31')).toMatchObject({ solde_releve: null, ecart: null });
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/api/banques/${banque.id}/rapprochement?date=31/10/2026`,
      headers: comptable.auth,
    });
    expect(bad.statusCode).toBe(400);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/banques/999999/rapprochement?date=2026-10-31',
      headers: comptable.auth,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('closing a month', () => {
  it('closes only when the ledger and the statement agree, then refuses every movement dated in it until the admin reopens it', async () => {
    const { banque, premier } = await octobre();
    const refused = await cloturer(banque.id, MOIS);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CLOTURE_MESSAGES.ecart(MOIS, 2_500));

    // The fee, recorded at its date: the two agree.
    expect(
      (await operation(banque.id, { type: 'retrait', montant: 2_500, date_valeur: '2026-10-15' })).statusCode,
    ).toBe(200);
    const closed = await cloturer(banque.id, MOIS);
    expect(closed.statusCode, closed.body).toBe(201);
    const cloture: Cloture = closed.json().data;
    expect(cloture).toMatchObject({ mois: MOIS, solde: 147_500, rouverte_le: null });
    expect(closed.json().message).toBe(CLOTURE_MESSAGES.closed(MOIS));
    expect((await auditOf(ctx, 'clotures_bancaires', cloture.id)).map((a) => a.action)).toEqual(['created']);
    expect((await etat(banque.id, '2026-10-31')).cloture?.id).toBe(cloture.id);
    expect((await cloturer(banque.id, MOIS)).statusCode).toBe(409);

    const before = await bankState(ctx, banque.id);
    const moisClos = CLOTURE_MESSAGES.moisClos(MOIS);
    // A payment whose slip is dated in October cannot be validated…
    const late = await declare(
      ctx,
      client.auth,
      versementBody(client, banque.id, { montant: 7_000, date_recu: '2026-10-20' }),
    );
    const validation = await validateVersement(ctx, comptable.auth, late.id);
    expect(validation.statusCode).toBe(409);
    expect(validation.json().message).toBe(moisClos);
    // …nor a manual operation dated in it, nor the deletion of a payment credited in it.
    const manual = await operation(banque.id, { type: 'depot', montant: 1_000, date_valeur: '2026-10-31' });
    expect(manual.statusCode).toBe(409);
    expect(manual.json().message).toBe(moisClos);
    const deletion = await deleteVersement(ctx, comptable.auth, premier.id);
    expect(deletion.statusCode).toBe(409);
    expect(deletion.json().message).toBe(moisClos);
    expect(await bankState(ctx, banque.id)).toEqual(before);
    // A statement adding a line to October is refused whole; one that only repeats it adds nothing and passes.
    const lateImport = await postReleve(
      ctx,
      comptable.auth,
      banque.id,
      statement(['20/10/2026;Frais oubliés;500;;147 000']),
    );
    expect(lateImport.statusCode).toBe(409);
    expect(lateImport.json().message).toBe(CLOTURE_MESSAGES.releveMoisClos(MOIS));
    const againImport = await postReleve(
      ctx,
      comptable.auth,
      banque.id,
      statement(['05/10/2026;Versement espèces;;100 000;100 000']),
    );
    expect(againImport.statusCode, againImport.body).toBe(201);
    expect(againImport.json().data.lignes_nouvelles).toBe(0);
    // The open month takes them.
    expect((await operation(banque.id, { type: 'depot', montant: 1_000, date_valeur: '2026-11-02' })).statusCode).toBe(
      200,
    );

    // Only the admin reopens, with a reason; the closure stays on record.
    expect((await rouvrir(banque.id, MOIS, comptable.auth)).statusCode).toBe(403);
    const noReason = await rouvrir(banque.id, MOIS, admin.auth, ' ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.motif).toBe(CLOTURE_MESSAGES.motifRequis);
    const reopened = await rouvrir(banque.id, MOIS, admin.auth);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data).toMatchObject({ id: cloture.id, motif_reouverture: 'Frais bancaires oubliés' });
    expect(reopened.json().data.rouverte_par).toContain(admin.account.nom);
    expect((await auditOf(ctx, 'clotures_bancaires', cloture.id)).map((a) => a.action)).toContain('updated');
    expect((await rouvrir(banque.id, MOIS, admin.auth)).statusCode).toBe(404);
    expect((await validateVersement(ctx, comptable.auth, late.id)).statusCode).toBe(200);

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/banques/${banque.id}/clotures`,
      headers: comptable.auth,
    });
    expect(list.json().data.map((c: Cloture) => [c.mois, c.rouverte_le !== null])).toEqual([[MOIS, true]]);
  });

  it('refuses the current month, a future one and a malformed one', async () => {
    const banque = await createBanque(ctx, admin.auth);
    const now = new Date();
    const courant = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    for (const mois of [courant, '2099-01']) {
      const response = await cloturer(banque.id, mois);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(CLOTURE_MESSAGES.moisNonEcoule);
    }
    for (const mois of ['2026-13', '10/2026', '']) {
      const response = await cloturer(banque.id, mois);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(CLOTURE_MESSAGES.moisInvalide);
    }
    const sansReleve = await cloturer(banque.id, '2026-09');
    expect(sansReleve.statusCode).toBe(409);
    expect(sansReleve.json().message).toBe(CLOTURE_MESSAGES.sansReleve('2026-09'));
  });

  it('keeps the matches of a closed month', async () => {
    const { banque } = await octobre();
    const lignes = await ctx.app.inject({
      method: 'GET',
      url: `/api/banques/${banque.id}/suggestions`,
      headers: comptable.auth,
    });
    const first = lignes.json().data.find((s: { ligne: LigneReleve }) => s.ligne.date_operation === '2026-10-05');
    const matched = await ctx.app.inject({
      method: 'POST',
      url: '/api/rapprochements',
      headers: comptable.auth,
      payload: { lignes: [first.ligne.id], mouvements: [first.mouvements[0].id] },
    });
    expect(matched.statusCode, matched.body).toBe(201);
    // Matched, its two sides leave the unmatched items.
    expect((await etat(banque.id, '2026-10-31')).mouvements_en_suspens).toMatchObject({ nombre: 1, total: 50_000 });
    expect(
      (await operation(banque.id, { type: 'retrait', montant: 2_500, date_valeur: '2026-10-15' })).statusCode,
    ).toBe(200);
    expect((await cloturer(banque.id, MOIS)).statusCode).toBe(201);
    const undo = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/rapprochements/${matched.json().data.id}`,
      headers: comptable.auth,
    });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().message).toBe(CLOTURE_MESSAGES.rapprochementClos);
  });
});

describe('exceptions and the suggestions’ window', () => {
  it('lists what is still unmatched after the settings’ days, and suggests within the settings’ window', async () => {
    const { banque } = await octobre();
    const exceptions = await ctx.app.inject({
      method: 'GET',
      url: `/api/banques/${banque.id}/exceptions`,
      headers: comptable.auth,
    });
    expect(exceptions.statusCode, exceptions.body).toBe(200);
    const data = exceptions.json().data;
    const today = new Date();
    const limite = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 30));
    expect(data.jours).toBe(30);
    expect(data.date).toBe(limite.toISOString().slice(0, 10));
    expect(data.lignes_en_suspens.elements.every((l: LigneReleve) => l.date_operation <= data.date)).toBe(true);
    expect(data.lignes_en_suspens.elements.map((l: LigneReleve) => l.date_operation)).toContain('2026-10-05');

    const suggested = async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/banques/${banque.id}/suggestions`,
        headers: comptable.auth,
      });
      const line = response.json().data.find((s: { ligne: LigneReleve }) => s.ligne.date_operation === '2026-10-30');
      return line.mouvements.length;
    };
    // The slip of the 28th, booked on the 30th: within 5 days, not within 0.
    expect(await suggested()).toBe(1);
    const put = (comptabilite: object) =>
      ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.auth, payload: { comptabilite } });
    expect((await put({ fenetreRapprochementJours: 0 })).statusCode).toBe(200);
    try {
      expect(await suggested()).toBe(0);
    } finally {
      expect((await put({ fenetreRapprochementJours: 5 })).statusCode).toBe(200);
    }
    expect((await put({ exceptionsJours: 0 })).statusCode).toBe(400);
  });
});

describe('rights', () => {
  it('lets the admin and the comptable read and close, and only the admin reopen', async () => {
    const { banque } = await octobre();
    expect(
      (await operation(banque.id, { type: 'retrait', montant: 2_500, date_valeur: '2026-10-15' })).statusCode,
    ).toBe(200);
    for (const role of ROLES_ALL) {
      const allowed = role === 'admin' || role === 'comptable';
      const read = await ctx.app.inject({
        method: 'GET',
        url: `/api/banques/${banque.id}/rapprochement?date=2026-10-31`,
        headers: tokens[role],
      });
      expect(read.statusCode, role).toBe(allowed ? 200 : 403);
      const list = await ctx.app.inject({
        method: 'GET',
        url: `/api/banques/${banque.id}/clotures`,
        headers: tokens[role],
      });
      expect(list.statusCode, role).toBe(allowed ? 200 : 403);
      const exceptions = await ctx.app.inject({
        method: 'GET',
        url: `/api/banques/${banque.id}/exceptions`,
        headers: tokens[role],
      });
      expect(exceptions.statusCode, role).toBe(allowed ? 200 : 403);
      if (!allowed) {
        expect((await cloturer(banque.id, MOIS, tokens[role])).statusCode, role).toBe(403);
        expect((await rouvrir(banque.id, MOIS, tokens[role])).statusCode, role).toBe(403);
      }
    }
    expect((await cloturer(banque.id, MOIS, admin.auth)).statusCode).toBe(201);
    expect((await rouvrir(banque.id, MOIS, comptable.auth)).statusCode).toBe(403);
    expect((await rouvrir(banque.id, MOIS, admin.auth)).statusCode).toBe(200);
    expect((await cloturer(banque.id, MOIS, comptable.auth)).statusCode).toBe(201);
  });
});
