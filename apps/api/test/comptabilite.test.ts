import { type BalanceGenerale, can, EXPORTS, type Role } from '@app/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerBreaches } from '../src/modules/banques/ledger.repository.ts';
import { buildTestApp, type loginAs, ROLES_ALL, type TestContext } from './helpers.ts';
import {
  type Auth,
  type Client,
  createBanque,
  csvRows,
  declare,
  deleteVersement,
  moneyCast,
  validateVersement,
  versementBody,
} from './money-helpers.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let comptable: Awaited<ReturnType<typeof loginAs>>;
let client: Client;
let tokens: Record<Role, Auth>;
let banqueId: number;
let recu: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  ({ admin, comptable, client, tokens } = await moneyCast(ctx));
  banqueId = (await createBanque(ctx, admin.auth)).id;
  // October: a payment validated, another validated (then deleted today), a deposit and a fee.
  const kept = await declare(
    ctx,
    client.auth,
    versementBody(client, banqueId, { montant: 150_000, date_recu: '2026-10-05' }),
  );
  recu = kept.numero_recu;
  expect((await validateVersement(ctx, comptable.auth, kept.id)).statusCode).toBe(200);
  const wrong = await declare(
    ctx,
    client.auth,
    versementBody(client, banqueId, { montant: 40_000, date_recu: '2026-10-06' }),
  );
  expect((await validateVersement(ctx, comptable.auth, wrong.id)).statusCode).toBe(200);
  expect((await deleteVersement(ctx, comptable.auth, wrong.id)).statusCode).toBe(200);
  for (const [type, montant, date_valeur] of [
    ['depot', 500_000, '2026-10-10'],
    ['retrait', 2_500, '2026-10-31'],
  ] as const) {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/banques/${banqueId}/solde`,
      headers: comptable.auth,
      payload: { type, montant, commentaire: `${type} d’octobre`, date_valeur },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
});
afterAll(async () => {
  await ctx.close();
});
afterEach(async () => {
  expect(await ledgerBreaches(ctx.db)).toEqual([]);
});

const OCTOBRE = 'date_debut=2026-10-01&date_fin=2026-10-31';
const membre = () => `411${client.code_esv.replace(/[^0-9A-Za-z]/g, '').toUpperCase()}`;

async function journal(query: string, auth: Auth = comptable.auth) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/comptabilite/journal?${query}`, headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  const [header, ...rows] = csvRows(response.body);
  return {
    header,
    rows: rows.map((r) => ({
      date: r[0],
      journal: r[1],
      piece: r[2],
      compte: r[3],
      debit: Number(r[5] || 0),
      credit: Number(r[6] || 0),
    })),
  };
}

describe('the accounting journal', () => {
  it('writes each money event of the period as a balanced entry of the OHADA chart', async () => {
    const { header, rows } = await journal(`${OCTOBRE}&format=csv`);
    expect(header).toEqual(EXPORTS.journal.colonnes.map((c) => c.titre));
    // Four movements, two lines each; the deleted payment's reversal is dated the day it was deleted.
    expect(rows).toHaveLength(8);
    for (let i = 0; i < rows.length; i += 2) {
      const [a, b] = [rows[i], rows[i + 1]];
      expect(a?.debit, `écriture ${i / 2}`).toBe(b?.credit);
      expect(a?.piece).toBe(b?.piece);
    }
    const sum = (key: 'debit' | 'credit') => rows.reduce((s, r) => s + r[key], 0);
    expect(sum('debit')).toBe(sum('credit'));
    // The payment: the bank debited, the member credited, its receipt as the piece.
    const payment = rows.filter((r) => r.piece === recu);
    expect(payment.map((r) => [r.compte, r.debit, r.credit])).toEqual([
      [`5211${banqueId}`, 150_000, 0],
      [membre(), 0, 150_000],
    ]);
    expect(payment[0]).toMatchObject({ date: '05/10/2026', journal: `BQ${banqueId}` });
    // The fee: the suspense account debited, the bank credited.
    expect(rows.filter((r) => r.compte === '471').map((r) => [r.debit, r.credit])).toEqual([
      [0, 500_000],
      [2_500, 0],
    ]);
  });

  it('sums the period per account in the trial balance, debits equal to credits', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/comptabilite/balance?${OCTOBRE}`,
      headers: comptable.auth,
    });
    expect(response.statusCode, response.body).toBe(200);
    const balance: BalanceGenerale = response.json().data;
    expect(balance.total_debit).toBe(balance.total_credit);
    expect(balance.ecritures).toBe(4);
    const compte = (n: string) => balance.comptes.find((c) => c.compte === n);
    expect(compte(`5211${banqueId}`)).toMatchObject({ debit: 690_000, credit: 2_500, solde: 687_500 });
    // The member's own account is in the clients' collective one, which counts it.
    expect(compte(membre())).toBeUndefined();
    expect(compte('411')).toMatchObject({ debit: 0, credit: 190_000, solde: -190_000, auxiliaires: 1 });
    expect(compte('471')).toMatchObject({ auxiliaires: 0 });
    expect(compte('471')).toMatchObject({ solde: -497_500 });
    // Another period: nothing.
    const empty = await ctx.app.inject({
      method: 'GET',
      url: '/api/comptabilite/balance?date_debut=2026-09-01&date_fin=2026-09-30',
      headers: comptable.auth,
    });
    expect(empty.json().data).toMatchObject({ comptes: [], total_debit: 0, ecritures: 0 });
  });

  it('follows the admin’s accounts and journal codes', async () => {
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.auth,
      payload: { comptabilite: { comptesBanques: { [banqueId]: { compte: '52101', journal: 'ECO' } } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { rows } = await journal(OCTOBRE);
    expect(rows.filter((r) => r.piece === recu).map((r) => [r.journal, r.compte])).toEqual([
      ['ECO', '52101'],
      ['ECO', membre()],
    ]);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.auth,
      payload: { comptabilite: { compteAttente: 'caisse' } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('books a manual operation against the account chosen with it, else the suspense account', async () => {
    const operation = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/banques/${banqueId}/solde`,
        headers: comptable.auth,
        payload: { type: 'retrait', montant: 1_500, commentaire: 'Frais de tenue de compte', ...payload },
      });
    expect((await operation({ date_valeur: '2026-08-31', compte: '631' })).statusCode).toBe(200);
    expect((await operation({ date_valeur: '2026-08-31', compte: '' })).statusCode).toBe(200);
    const bad = await operation({ date_valeur: '2026-08-31', compte: 'frais' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.compte).toBe('Un compte est un numéro du plan OHADA (2 à 12 chiffres ou lettres).');
    const { rows } = await journal('date_debut=2026-08-01&date_fin=2026-08-31');
    // The withdrawals' debits (the bank, set to 52101 above, is credited).
    expect(rows.map((r) => [r.compte, r.debit, r.credit])).toEqual([
      ['631', 1_500, 0],
      ['52101', 0, 1_500],
      ['471', 1_500, 0],
      ['52101', 0, 1_500],
    ]);
    const balance = await ctx.app.inject({
      method: 'GET',
      url: '/api/comptabilite/balance?date_debut=2026-08-01&date_fin=2026-08-31',
      headers: comptable.auth,
    });
    expect(balance.json().data.comptes.map((c: { compte: string }) => c.compte)).toEqual(['471', '52101', '631']);
  });

  it('refuses a period that ends before it starts, and the roles without the right', async () => {
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/comptabilite/balance?date_debut=2026-10-31&date_fin=2026-10-01',
      headers: comptable.auth,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('La date de fin doit suivre la date de début.');
    for (const role of ROLES_ALL) {
      for (const path of ['/api/comptabilite/balance', '/api/comptabilite/journal']) {
        const response = await ctx.app.inject({ method: 'GET', url: `${path}?${OCTOBRE}`, headers: tokens[role] });
        expect(response.statusCode, `${role} ${path}`).toBe(can(role, 'comptabilite.read') ? 200 : 403);
      }
    }
  });
});
