import {
  AMOUNT_MESSAGES,
  BANQUE_MESSAGES,
  type Banque,
  MESSAGES,
  MONTANT_MAX,
  type Mouvement,
  type Role,
} from '@app/shared';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerBreaches } from '../src/modules/banques/ledger.repository.ts';
import { buildTestApp, heldBack, loginAs, ROLES_ALL, type TestContext } from './helpers.ts';
import {
  type Auth,
  auditOf,
  bankState,
  banqueBody,
  createBanque,
  createClient,
  declare,
  rejectVersement,
  uniqueTag,
  validateVersement,
  versementBody,
} from './money-helpers.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let comptable: Awaited<ReturnType<typeof loginAs>>;
let tokens: Record<Role, Auth>;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, 'admin');
  comptable = await loginAs(ctx, 'comptable');
  const gestionnaire = await loginAs(ctx, 'gestionnaire');
  const membre = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id });
  tokens = {
    admin: admin.auth,
    comptable: comptable.auth,
    gestionnaire: gestionnaire.auth,
    commercial: (await loginAs(ctx, 'commercial')).auth,
    membre: membre.auth,
    demandeur: (await loginAs(ctx, 'demandeur')).auth,
  };
});
afterAll(async () => {
  await ctx.close();
});
// Whatever a scenario did, the ledger still holds (the invariants of `npm run check:ledger`).
afterEach(async () => {
  expect(await ledgerBreaches(ctx.db)).toEqual([]);
});

/** The spec's rights table (spec 3 §6 "Audit and banks"), and who files a payment (the forms' bank choice). */
const BANK_ROLES: Role[] = ['admin', 'comptable'];
const CHOOSERS: Role[] = ['admin', 'gestionnaire', 'comptable', 'membre'];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, auth: Auth = comptable.auth, payload?: object) =>
  ctx.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
const operation = (id: number, payload: object, auth: Auth = comptable.auth) =>
  call('PATCH', `/api/banques/${id}/solde`, auth, payload);

async function principaleIds() {
  const rows = await ctx.db.selectFrom('banques').select('id').where('est_principale', '=', true).execute();
  return rows.map((r) => r.id);
}

describe('creating a bank (POST /banques)', () => {
  it('creates a bank with its opening balance as its balance, answers 201 with the spec message, and audits it', async () => {
    const body = banqueBody({ solde_initial: 2_500_000, email: 'Agence.Plateau@Banque.TEST' });
    const response = await call('POST', '/api/banques', admin.auth, { ...body, solde: 99, statut: 'suspendue' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(BANQUE_MESSAGES.created);
    const banque: Banque = response.json().data;
    expect(banque).toMatchObject({
      nom: body.nom,
      code_banque: body.code_banque,
      numero_compte: body.numero_compte,
      email: 'agence.plateau@banque.test',
      devise: 'XOF',
      type_compte: 'courant',
      statut: 'active',
      est_actif: true,
      est_principale: false,
      solde_initial: 2_500_000,
      solde: 2_500_000,
      nombre_mouvements: 0,
    });
    expect(await bankState(ctx, banque.id)).toMatchObject({ solde: 2_500_000, statut: 'active', mouvements: [] });
    const [audit] = await auditOf(ctx, 'banques', banque.id);
    expect(audit).toMatchObject({ action: 'created', user_id: admin.account.id });
    expect(audit?.new_values).toMatchObject({ nom: body.nom, solde_initial: 2_500_000 });
  });

  it("answers each missing or invalid field with the spec's message", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nom: undefined }, 'nom', BANQUE_MESSAGES.nomRequired],
      [{ nom: '  ' }, 'nom', BANQUE_MESSAGES.nomRequired],
      [{ code_banque: undefined }, 'code_banque', BANQUE_MESSAGES.codeRequired],
      [{ code_banque: '' }, 'code_banque', BANQUE_MESSAGES.codeRequired],
      [{ numero_compte: undefined }, 'numero_compte', BANQUE_MESSAGES.compteRequired],
      [{ numero_compte: '' }, 'numero_compte', BANQUE_MESSAGES.compteRequired],
      [{ adresse: undefined }, 'adresse', BANQUE_MESSAGES.adresseRequired],
      [{ adresse: '' }, 'adresse', BANQUE_MESSAGES.adresseRequired],
      [{ telephone: undefined }, 'telephone', BANQUE_MESSAGES.telephoneRequired],
      [{ telephone: '' }, 'telephone', BANQUE_MESSAGES.telephoneRequired],
      [{ email: undefined }, 'email', BANQUE_MESSAGES.emailRequired],
      [{ email: '' }, 'email', BANQUE_MESSAGES.emailRequired],
      [{ email: 'pas-un-email' }, 'email', BANQUE_MESSAGES.emailInvalid],
      [{ solde_initial: -1 }, 'solde_initial', BANQUE_MESSAGES.soldeInvalid],
      [{ solde_initial: 10.5 }, 'solde_initial', BANQUE_MESSAGES.soldeInvalid],
      [{ solde_initial: 'mille' }, 'solde_initial', BANQUE_MESSAGES.soldeInvalid],
    ];
    for (const [overrides, field, message] of cases) {
      const body = { ...banqueBody(), ...overrides };
      const response = await call('POST', '/api/banques', comptable.auth, body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors?.[field], field).toBe(message);
      const stored = await ctx.db
        .selectFrom('banques')
        .select('id')
        .where('numero_compte', '=', String(body.numero_compte))
        .execute();
      expect(stored, field).toEqual([]);
    }
    for (const [field, value] of [
      ['devise', 'FCFA'],
      ['type_compte', 'titres'],
    ]) {
      const response = await call('POST', '/api/banques', comptable.auth, {
        ...banqueBody(),
        [field as string]: value,
      });
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().errors ?? {}), field).toContain(field);
    }
  });

  it('refuses an account number already registered for the bank code (any case) with 409 on the field', async () => {
    const first = await createBanque(ctx, comptable.auth);
    const again = await call('POST', '/api/banques', comptable.auth, {
      ...banqueBody(),
      code_banque: first.code_banque.toLowerCase(),
      numero_compte: first.numero_compte.toLowerCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: BANQUE_MESSAGES.compteTaken,
      errors: { numero_compte: BANQUE_MESSAGES.compteTaken },
    });
    // The same account number under another bank code is another account.
    const elsewhere = await call('POST', '/api/banques', comptable.auth, {
      ...banqueBody(),
      numero_compte: first.numero_compte,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it('moves est_principale to the bank created or edited as principal: one principal at a time', async () => {
    const a = await createBanque(ctx, comptable.auth, { est_principale: true });
    expect(a.est_principale).toBe(true);
    expect(await principaleIds()).toEqual([a.id]);
    expect((await call('GET', '/api/banques/principale')).json().data.id).toBe(a.id);

    const b = await createBanque(ctx, admin.auth, { est_principale: true });
    expect(await principaleIds()).toEqual([b.id]);
    expect((await call('GET', `/api/banques/${a.id}`)).json().data.est_principale).toBe(false);
    // The former principal's change has its own audit row.
    expect((await auditOf(ctx, 'banques', a.id)).at(-1)).toMatchObject({
      action: 'updated',
      new_values: { est_principale: false },
    });
    expect((await call('GET', '/api/banques/principale')).json().data).toMatchObject({ id: b.id, nom: b.nom });

    const c = await createBanque(ctx, comptable.auth);
    const put = await call('PUT', `/api/banques/${c.id}`, comptable.auth, { est_principale: true });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.est_principale).toBe(true);
    expect(await principaleIds()).toEqual([c.id]);
    expect((await call('GET', '/api/banques/principale', admin.auth)).json().data.id).toBe(c.id);
  });

  it('refuses a deposit or a withdrawal on a bank that is not active (409), its balance unchanged', async () => {
    const banque = await createBanque(ctx, comptable.auth, { solde_initial: 1000 });
    expect((await call('PUT', `/api/banques/${banque.id}`, comptable.auth, { statut: 'suspendue' })).statusCode).toBe(
      200,
    );
    for (const type of ['depot', 'retrait'] as const) {
      const response = await call('PATCH', `/api/banques/${banque.id}/solde`, comptable.auth, {
        type,
        montant: 10,
        commentaire: 'Opération',
      });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(BANQUE_MESSAGES.inactive);
    }
    expect((await call('GET', `/api/banques/${banque.id}`)).json().data).toMatchObject({
      solde: 1000,
      nombre_mouvements: 0,
    });
  });

  it('keeps a principal bank: it is neither unmarked nor deactivated until another takes its place (409)', async () => {
    const principale = await createBanque(ctx, comptable.auth, { est_principale: true });
    for (const [patch, message] of [
      [{ est_principale: false }, BANQUE_MESSAGES.principaleRequired],
      [{ statut: 'inactive' }, BANQUE_MESSAGES.principaleActive],
    ] as const) {
      const response = await call('PUT', `/api/banques/${principale.id}`, comptable.auth, patch);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(message);
    }
    expect(await principaleIds()).toEqual([principale.id]);
  });
});

describe('reading banks', () => {
  it('answers 404 for the principal bank when there is none (a fresh database without demo data)', async () => {
    const fresh = await buildTestApp();
    try {
      const who = await loginAs(fresh, 'comptable');
      const response = await fresh.app.inject({ method: 'GET', url: '/api/banques/principale', headers: who.auth });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: BANQUE_MESSAGES.noPrincipale });
    } finally {
      await fresh.close();
    }
  });

  it('lists the principal bank first, then by name, with the totals of all banks, paged and filtered by status', async () => {
    const tag = uniqueTag('L');
    const principale = await createBanque(ctx, comptable.auth, { nom: `${tag} Zeta`, est_principale: true });
    const gamma = await createBanque(ctx, comptable.auth, { nom: `${tag} Gamma`, solde_initial: 300 });
    const alpha = await createBanque(ctx, comptable.auth, { nom: `${tag} Alpha`, solde_initial: 100 });
    const beta = await createBanque(ctx, comptable.auth, { nom: `${tag} Beta` });
    expect((await call('PUT', `/api/banques/${beta.id}`, comptable.auth, { statut: 'inactive' })).statusCode).toBe(200);

    const response = await call('GET', '/api/banques?limit=1000');
    expect(response.statusCode).toBe(200);
    const data: Banque[] = response.json().data;
    expect(data[0]?.id).toBe(principale.id);
    const mine = data.filter((b) => b.nom.startsWith(tag)).map((b) => b.id);
    expect(mine).toEqual([principale.id, alpha.id, beta.id, gamma.id]);
    expect(data.find((b) => b.id === beta.id)).toMatchObject({ statut: 'inactive', est_actif: false });

    const all = await ctx.db
      .selectFrom('banques')
      .select([
        sql<string>`count(*)`.as('nombre'),
        sql<string>`count(*) FILTER (WHERE statut = 'active')`.as('actives'),
        sql<string>`sum(solde)`.as('solde_total'),
      ])
      .executeTakeFirstOrThrow();
    expect(response.json().totaux).toEqual({
      nombre: Number(all.nombre),
      actives: Number(all.actives),
      solde_total: Number(all.solde_total),
    });
    expect(response.json().pagination).toMatchObject({ page: 1, total: Number(all.nombre), totalExact: true });

    const paged = (await call('GET', '/api/banques?limit=2&page=1')).json();
    expect(paged.data).toHaveLength(2);
    expect(paged.pagination).toMatchObject({ limit: 2, total: Number(all.nombre) });
    expect(paged.pagination.totalPages).toBe(Math.ceil(Number(all.nombre) / 2));

    const inactives: Banque[] = (await call('GET', '/api/banques?statut=inactive&limit=1000')).json().data;
    expect(inactives.map((b) => b.id)).toContain(beta.id);
    expect(inactives.every((b) => b.statut === 'inactive')).toBe(true);
    expect((await call('GET', '/api/banques?statut=fermee')).statusCode).toBe(400);
  });

  it('offers the forms only the active banks, principal first, by name only', async () => {
    const principale = await createBanque(ctx, comptable.auth, { est_principale: true });
    const inactive = await createBanque(ctx, comptable.auth);
    await call('PUT', `/api/banques/${inactive.id}`, comptable.auth, { statut: 'suspendue' });
    const response = await call('GET', '/api/banques/choix', tokens.membre);
    expect(response.statusCode).toBe(200);
    const choix: { id: number }[] = response.json().data;
    expect(choix[0]).toEqual({ id: principale.id, nom: principale.nom, est_principale: true });
    expect(choix.map((b) => b.id)).not.toContain(inactive.id);
    // Names only: no balance or account number reaches the members.
    for (const bank of choix) expect(Object.keys(bank).sort()).toEqual(['est_principale', 'id', 'nom']);
    const actives = await ctx.db.selectFrom('banques').select('id').where('statut', '=', 'active').execute();
    expect(choix.map((b) => b.id).sort()).toEqual(actives.map((b) => b.id).sort());
  });

  it('answers one bank, 404 for an unknown one, 400 for an id that is not one', async () => {
    const banque = await createBanque(ctx, comptable.auth, { solde_initial: 7 });
    const response = await call('GET', `/api/banques/${banque.id}`, admin.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(banque);
    for (const [method, url, payload] of [
      ['GET', '/api/banques/999999', undefined],
      ['PUT', '/api/banques/999999', { nom: 'X' }],
      ['DELETE', '/api/banques/999999', undefined],
      ['PATCH', '/api/banques/999999/solde', { type: 'depot', montant: 1, commentaire: 'x' }],
      ['GET', '/api/banques/999999/mouvements', undefined],
    ] as const) {
      const missing = await call(method, url, comptable.auth, payload);
      expect(missing.statusCode, `${method} ${url}`).toBe(404);
      expect(missing.json().message, `${method} ${url}`).toBe(BANQUE_MESSAGES.notFound);
    }
    expect((await call('GET', '/api/banques/abc')).statusCode).toBe(400);
  });
});

describe('editing and deleting a bank', () => {
  it('changes only the fields sent, never the balance, and audits old and new values', async () => {
    const banque = await createBanque(ctx, comptable.auth, { solde_initial: 1_000 });
    const response = await call('PUT', `/api/banques/${banque.id}`, admin.auth, {
      nom: `${banque.nom} Cocody`,
      contact_principal: 'Mme Koné',
      devise: 'XAF',
      telephone: banque.telephone,
      solde: 5_000_000,
      solde_initial: 5_000_000,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(BANQUE_MESSAGES.updated);
    expect(response.json().data).toMatchObject({
      nom: `${banque.nom} Cocody`,
      contact_principal: 'Mme Koné',
      devise: 'XAF',
      code_banque: banque.code_banque,
      solde: 1_000,
      solde_initial: 1_000,
    });
    const [, audit] = await auditOf(ctx, 'banques', banque.id);
    expect(audit).toMatchObject({ action: 'updated', user_id: admin.account.id });
    expect(audit?.old_values).toEqual({ nom: banque.nom, contact_principal: null, devise: 'XOF' });
    expect(audit?.new_values).toEqual({ nom: `${banque.nom} Cocody`, contact_principal: 'Mme Koné', devise: 'XAF' });
  });

  it("answers the edit form's invalid fields with the spec's messages, and a taken account number with 409", async () => {
    const banque = await createBanque(ctx, comptable.auth);
    const other = await createBanque(ctx, comptable.auth);
    const cases: [object, string, string][] = [
      [{ nom: '' }, 'nom', BANQUE_MESSAGES.nomRequired],
      [{ email: 'pas-un-email' }, 'email', BANQUE_MESSAGES.emailInvalid],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('PUT', `/api/banques/${banque.id}`, comptable.auth, payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors?.[field], field).toBe(message);
    }
    // Only the name is required: emptying the address is allowed.
    const emptied = await call('PUT', `/api/banques/${banque.id}`, comptable.auth, { adresse: '', email: '' });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.json().data).toMatchObject({ adresse: null, email: null });
    const taken = await call('PUT', `/api/banques/${banque.id}`, comptable.auth, {
      code_banque: other.code_banque,
      numero_compte: other.numero_compte.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ numero_compte: BANQUE_MESSAGES.compteTaken });
    expect((await call('GET', `/api/banques/${banque.id}`)).json().data.numero_compte).toBe(banque.numero_compte);
  });

  it('keeps the principal bank active, and refuses to make an inactive bank principal (409)', async () => {
    const principale = await createBanque(ctx, comptable.auth, { est_principale: true });
    const inactive = await createBanque(ctx, comptable.auth);
    await call('PUT', `/api/banques/${inactive.id}`, comptable.auth, { statut: 'inactive' });
    for (const [id, payload] of [
      [principale.id, { statut: 'inactive' }],
      [principale.id, { statut: 'suspendue' }],
      [inactive.id, { est_principale: true }],
    ] as const) {
      const response = await call('PUT', `/api/banques/${id}`, comptable.auth, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(409);
      expect(response.json().message).toBe(BANQUE_MESSAGES.principaleActive);
    }
    expect(await principaleIds()).toEqual([principale.id]);
    expect((await bankState(ctx, principale.id)).statut).toBe('active');
  });

  it('deletes a bank nothing refers to, and audits it', async () => {
    const banque = await createBanque(ctx, comptable.auth, { solde_initial: 10 });
    const response = await call('DELETE', `/api/banques/${banque.id}`, admin.auth);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: BANQUE_MESSAGES.deleted });
    expect((await call('GET', `/api/banques/${banque.id}`)).statusCode).toBe(404);
    const audits = await auditOf(ctx, 'banques', banque.id);
    expect(audits.map((a) => a.action)).toEqual(['created', 'deleted']);
    expect(audits[1]?.old_values).toMatchObject({ nom: banque.nom });
  });

  it('deactivates, rather than deletes, a bank with movements or payments', async () => {
    const moved = await createBanque(ctx, comptable.auth);
    expect((await operation(moved.id, { type: 'depot', montant: 500, commentaire: 'Ouverture' })).statusCode).toBe(200);
    const paid = await createBanque(ctx, comptable.auth);
    const c = await createClient(ctx);
    const pending = await declare(ctx, c.auth, versementBody(c, paid.id));
    // A bank stays active while payments wait there.
    for (const [method, body] of [
      ['DELETE', undefined],
      ['PUT', { statut: 'inactive' }],
    ] as const) {
      const refused = await call(method, `/api/banques/${paid.id}`, comptable.auth, body);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(BANQUE_MESSAGES.pendingDecisions);
    }
    expect((await rejectVersement(ctx, comptable.auth, pending.id)).statusCode).toBe(200);
    for (const banque of [moved, paid]) {
      const response = await call('DELETE', `/api/banques/${banque.id}`, comptable.auth);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().message).toBe(BANQUE_MESSAGES.deactivated);
      const kept = (await call('GET', `/api/banques/${banque.id}`)).json().data;
      expect(kept).toMatchObject({ statut: 'inactive', est_actif: false, solde: banque.id === moved.id ? 500 : 0 });
      const last = (await auditOf(ctx, 'banques', banque.id)).at(-1);
      expect(last).toMatchObject({ action: 'updated', new_values: { statut: 'inactive' } });
    }
    // Its history stays readable.
    expect((await call('GET', `/api/banques/${moved.id}/mouvements`)).json().data).toHaveLength(1);
  });

  it('refuses to delete the principal bank with 409, even unused', async () => {
    const principale = await createBanque(ctx, comptable.auth, { est_principale: true });
    const response = await call('DELETE', `/api/banques/${principale.id}`, comptable.auth);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: BANQUE_MESSAGES.principaleUndeletable });
    expect(await bankState(ctx, principale.id)).toMatchObject({ statut: 'active', est_principale: true });
    expect(await auditOf(ctx, 'banques', principale.id)).toHaveLength(1);
  });
});

describe('balance operations (PATCH /banques/{id}/solde) and movements', () => {
  it('deposits and withdraws: one movement each with its comment, author and balance after; audited', async () => {
    const banque = await createBanque(ctx, comptable.auth, { solde_initial: 100_000 });
    const depot = await operation(banque.id, { type: 'depot', montant: 50_000, commentaire: 'Apport de trésorerie' });
    expect(depot.statusCode, depot.body).toBe(200);
    expect(depot.json().message).toBe(BANQUE_MESSAGES.soldeUpdated);
    expect(depot.json().data).toMatchObject({ solde: 150_000, solde_initial: 100_000, nombre_mouvements: 1 });
    const retrait = await operation(banque.id, { type: 'retrait', montant: '30000', commentaire: 'Frais' }, admin.auth);
    expect(retrait.statusCode, retrait.body).toBe(200);
    expect(retrait.json().data.solde).toBe(120_000);

    const state = await bankState(ctx, banque.id);
    expect(state.solde).toBe(120_000);
    expect(state.mouvements).toMatchObject([
      {
        type: 'credit',
        operation: 'depot',
        montant: '50000',
        solde_apres: '150000',
        source_table: 'banques',
        source_id: banque.id,
        commentaire: 'Apport de trésorerie',
        created_by: comptable.account.id,
      },
      {
        type: 'debit',
        operation: 'retrait',
        montant: '30000',
        solde_apres: '120000',
        commentaire: 'Frais',
        created_by: admin.account.id,
      },
    ]);
    const audits = (await auditOf(ctx, 'banques', banque.id)).slice(1);
    expect(audits.map((a) => [a.action, a.user_id])).toEqual([
      ['updated', comptable.account.id],
      ['updated', admin.account.id],
    ]);
    expect(audits[0]?.old_values).toEqual({ solde: 100_000 });
    expect(audits[0]?.new_values).toMatchObject({
      solde: 150_000,
      operation: 'depot',
      montant: 50_000,
      commentaire: 'Apport de trésorerie',
    });
  });

  it("refuses a withdrawal below zero with 409 'Solde insuffisant' and changes nothing; down to zero is fine", async () => {
    const banque = await createBanque(ctx, comptable.auth, { solde_initial: 40_000 });
    const before = await bankState(ctx, banque.id);
    const audits = await auditOf(ctx, 'banques', banque.id);
    const response = await operation(banque.id, { type: 'retrait', montant: 40_001, commentaire: 'Trop' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      message: BANQUE_MESSAGES.soldeInsuffisant,
      errors: { montant: BANQUE_MESSAGES.soldeInsuffisant },
    });
    expect(await bankState(ctx, banque.id)).toEqual(before);
    expect(await auditOf(ctx, 'banques', banque.id)).toEqual(audits);
    const exact = await operation(banque.id, { type: 'retrait', montant: 40_000, commentaire: 'Clôture' });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json().data.solde).toBe(0);
  });

  it('requires a comment, a whole amount above zero and a known operation', async () => {
    const banque = await createBanque(ctx, comptable.auth, { solde_initial: 1_000 });
    const cases: [object, string, string][] = [
      [{ type: 'depot', montant: 100 }, 'commentaire', BANQUE_MESSAGES.operationInvalid],
      [{ type: 'depot', montant: 100, commentaire: '   ' }, 'commentaire', BANQUE_MESSAGES.operationInvalid],
      [{ type: 'depot', montant: 0, commentaire: 'x' }, 'montant', BANQUE_MESSAGES.montantInvalid],
      [{ type: 'depot', montant: -10, commentaire: 'x' }, 'montant', BANQUE_MESSAGES.montantInvalid],
      [{ type: 'depot', montant: 10.5, commentaire: 'x' }, 'montant', AMOUNT_MESSAGES.whole],
      [{ type: 'depot', montant: MONTANT_MAX + 1, commentaire: 'x' }, 'montant', AMOUNT_MESSAGES.tooLarge(MONTANT_MAX)],
      [{ type: 'depot', montant: 'cent', commentaire: 'x' }, 'montant', BANQUE_MESSAGES.montantInvalid],
      [{ type: 'depot', commentaire: 'x' }, 'montant', BANQUE_MESSAGES.montantInvalid],
      [{ type: 'virement', montant: 10, commentaire: 'x' }, 'type', BANQUE_MESSAGES.operationInvalid],
      [{ montant: 10, commentaire: 'x' }, 'type', BANQUE_MESSAGES.operationInvalid],
    ];
    for (const [payload, field, message] of cases) {
      const response = await operation(banque.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors?.[field], JSON.stringify(payload)).toBe(message);
    }
    expect(await bankState(ctx, banque.id)).toMatchObject({ solde: 1_000, mouvements: [] });
  });

  it("lists a bank's movements newest first, paged, with the total and each author", async () => {
    const banque = await createBanque(ctx, comptable.auth, { solde_initial: 0 });
    const amounts = [1_000, 2_000, 3_000, 4_000, 5_000];
    for (const montant of amounts) {
      expect((await operation(banque.id, { type: 'depot', montant, commentaire: `Dépôt ${montant}` })).statusCode).toBe(
        200,
      );
    }
    const page1 = await call('GET', `/api/banques/${banque.id}/mouvements?limit=2`);
    expect(page1.statusCode).toBe(200);
    const first: Mouvement[] = page1.json().data;
    expect(first.map((m) => m.montant)).toEqual([5_000, 4_000]);
    expect(first.map((m) => m.solde_apres)).toEqual([15_000, 10_000]);
    expect(first[0]).toMatchObject({
      banque_id: banque.id,
      type: 'credit',
      operation: 'depot',
      commentaire: 'Dépôt 5000',
      source_table: 'banques',
      source_id: banque.id,
      auteur: { id: comptable.account.id, nom: 'Kouamé', prenom: 'Awa' },
    });
    expect(page1.json().pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3, totalExact: true });
    const page3 = (await call('GET', `/api/banques/${banque.id}/mouvements?limit=2&page=3`)).json();
    expect(page3.data.map((m: Mouvement) => m.montant)).toEqual([1_000]);
    const past = (await call('GET', `/api/banques/${banque.id}/mouvements?limit=2&page=9`)).json();
    expect(past.data).toEqual([]);
    expect(past.pagination.total).toBe(5);
    expect((await call('GET', `/api/banques/${banque.id}`)).json().data.nombre_mouvements).toBe(5);
    // Another bank's movements are not in this one's history.
    const other = await createBanque(ctx, comptable.auth);
    expect((await call('GET', `/api/banques/${other.id}/mouvements`)).json()).toMatchObject({
      data: [],
      pagination: { total: 0 },
    });
  });

  it('never takes a balance below zero when two withdrawals race', async () => {
    const banque = await createBanque(ctx, comptable.auth, { solde_initial: 100_000 });
    const responses = await Promise.all([
      operation(banque.id, { type: 'retrait', montant: 60_000, commentaire: 'Premier' }),
      operation(banque.id, { type: 'retrait', montant: 60_000, commentaire: 'Second' }, admin.auth),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const state = await bankState(ctx, banque.id);
    expect(state.solde).toBe(40_000);
    expect(state.mouvements).toHaveLength(1);
  });

  it('keeps the movements append-only: the database refuses to change or remove one', async () => {
    const banque = await createBanque(ctx, comptable.auth);
    await operation(banque.id, { type: 'depot', montant: 800, commentaire: 'Dépôt' });
    const [mouvement] = (await bankState(ctx, banque.id)).mouvements;
    const id = mouvement?.id ?? '0';
    await expect(
      ctx.db.updateTable('mouvements_bancaires').set({ montant: 1 }).where('id', '=', id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(ctx.db.deleteFrom('mouvements_bancaires').where('id', '=', id).execute()).rejects.toThrow(
      /append-only/,
    );
    expect((await bankState(ctx, banque.id)).mouvements).toEqual([mouvement]);
  });

  it('names the bank whose balance was written by hand (ledgerBreaches)', async () => {
    const banque = await createBanque(ctx, comptable.auth, { solde_initial: 1_000 });
    await operation(banque.id, { type: 'depot', montant: 500, commentaire: 'Dépôt' });
    let breaches: Awaited<ReturnType<typeof ledgerBreaches>> = [];
    const rolledBack = new Error('rollback');
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('banques').set({ solde: 9_999 }).where('id', '=', banque.id).execute();
        breaches = await ledgerBreaches(trx);
        throw rolledBack;
      })
      .catch((error) => {
        if (error !== rolledBack) throw error;
      });
    expect(breaches).toEqual([
      {
        invariant: 'solde_banque',
        detail: expect.stringContaining(`banque ${banque.id} (${banque.nom})`),
      },
    ]);
    expect(breaches[0]?.detail).toContain('solde 9999, solde initial + mouvements = 1500');
    expect((await bankState(ctx, banque.id)).solde).toBe(1_500);
  });
});

describe('rights (spec 3 §6): each of the six roles on each bank endpoint', () => {
  it('lets admin and comptable read banks, their movements and the principal; every payer the forms’ choice', async () => {
    const banque = await createBanque(ctx, comptable.auth, { est_principale: true });
    const routes: [string, Role[]][] = [
      ['/api/banques', BANK_ROLES],
      ['/api/banques/principale', BANK_ROLES],
      [`/api/banques/${banque.id}`, BANK_ROLES],
      [`/api/banques/${banque.id}/mouvements`, BANK_ROLES],
      ['/api/banques/choix', CHOOSERS],
    ];
    for (const [url, allowed] of routes) {
      for (const role of ROLES_ALL) {
        const response = await call('GET', url, tokens[role]);
        const label = `${role} GET ${url}`;
        if (allowed.includes(role)) {
          expect(response.statusCode, label).toBe(200);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json(), label).toMatchObject({ code: 'FORBIDDEN', message: MESSAGES.forbidden });
        }
      }
    }
  });

  it('lets only admin and comptable create, edit, operate on and delete a bank; 403 for the others, nothing changed', async () => {
    for (const role of ROLES_ALL) {
      const allowed = BANK_ROLES.includes(role);
      const body = banqueBody();
      const created = await call('POST', '/api/banques', tokens[role], body);
      expect(created.statusCode, `${role} POST`).toBe(allowed ? 201 : 403);
      const target = await createBanque(ctx, comptable.auth, { solde_initial: 1_000 });
      const edit = await call('PUT', `/api/banques/${target.id}`, tokens[role], { contact_principal: role });
      expect(edit.statusCode, `${role} PUT`).toBe(allowed ? 200 : 403);
      const depot = await operation(target.id, { type: 'depot', montant: 10, commentaire: role }, tokens[role]);
      expect(depot.statusCode, `${role} PATCH solde`).toBe(allowed ? 200 : 403);
      const removed = await call('DELETE', `/api/banques/${target.id}`, tokens[role]);
      expect(removed.statusCode, `${role} DELETE`).toBe(allowed ? 200 : 403);
      const after = await ctx.db.selectFrom('banques').selectAll().where('id', '=', target.id).executeTakeFirst();
      if (allowed) {
        // With a movement, the deletion deactivates it.
        expect(after, role).toMatchObject({ contact_principal: role, solde: '1010', statut: 'inactive' });
      } else {
        for (const response of [created, edit, depot, removed]) {
          expect(response.json().message, role).toBe(MESSAGES.forbidden);
        }
        expect(after, role).toMatchObject({ contact_principal: null, solde: '1000', statut: 'active' });
        const stored = await ctx.db
          .selectFrom('banques')
          .select('id')
          .where('numero_compte', '=', body.numero_compte)
          .execute();
        expect(stored, role).toEqual([]);
      }
    }
  });

  it('answers 401 without a token on every bank endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/banques'],
      ['POST', '/api/banques'],
      ['GET', '/api/banques/choix'],
      ['GET', '/api/banques/principale'],
      ['GET', '/api/banques/1'],
      ['PUT', '/api/banques/1'],
      ['DELETE', '/api/banques/1'],
      ['PATCH', '/api/banques/1/solde'],
      ['GET', '/api/banques/1/mouvements'],
    ] as const) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().message).toBe(MESSAGES.tokenMissing);
    }
  });
});

describe('a bank credited by payments', () => {
  it('shows the validated payments among its movements, with the running balance', async () => {
    const gestionnaire = await loginAs(ctx, 'gestionnaire');
    const c = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id });
    const banque = await createBanque(ctx, comptable.auth, { solde_initial: 10_000 });
    const v = await declare(ctx, c.auth, versementBody(c, banque.id, { montant: 90_000 }));
    expect((await validateVersement(ctx, gestionnaire.auth, v.id)).statusCode).toBe(200);
    expect((await operation(banque.id, { type: 'retrait', montant: 25_000, commentaire: 'Frais' })).statusCode).toBe(
      200,
    );
    const moves: Mouvement[] = (await call('GET', `/api/banques/${banque.id}/mouvements`)).json().data;
    expect(moves.map((m) => [m.operation, m.montant, m.solde_apres])).toEqual([
      ['retrait', 25_000, 75_000],
      ['versement_valide', 90_000, 100_000],
    ]);
    expect(moves[1]).toMatchObject({
      source_table: 'versements',
      source_id: v.id,
      auteur: { id: gestionnaire.account.id },
    });
    const list: Banque[] = (await call('GET', '/api/banques?limit=1000')).json().data;
    expect(list.find((b) => b.id === banque.id)).toMatchObject({ solde: 75_000, nombre_mouvements: 2 });
  });
});

// Two connections that wait on one another: PGlite has a single connection, so only PostgreSQL can.
describe.runIf(process.env.DATABASE_URL)('on PostgreSQL: movements posted by overlapping transactions', () => {
  it('lists movements newest first in the order they moved the balance, when the earlier-begun one posts last', async () => {
    const gestionnaire = await loginAs(ctx, 'gestionnaire');
    const c = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id });
    const banque = await createBanque(ctx, comptable.auth);
    const v = await declare(ctx, c.auth, versementBody(c, banque.id, { montant: 1_000 }));
    let validation: ReturnType<typeof validateVersement> | undefined;
    await ctx.db.transaction().execute(async (trx) => {
      // The validation begins, then waits for the payment's row while a deposit is posted.
      await trx.selectFrom('versements').select('id').where('id', '=', v.id).forUpdate().execute();
      validation = validateVersement(ctx, comptable.auth, v.id);
      await heldBack(ctx.db, trx, 1);
      const depot = await operation(banque.id, { type: 'depot', montant: 500, commentaire: 'Pendant la validation' });
      expect(depot.statusCode, depot.body).toBe(200);
    });
    expect((await validation)?.statusCode).toBe(200);
    expect((await bankState(ctx, banque.id)).solde).toBe(1_500);
    const moves: Mouvement[] = (await call('GET', `/api/banques/${banque.id}/mouvements`)).json().data;
    // Newest first, the running balance reads down: the latest movement carries the current balance.
    expect(moves.map((m) => [m.operation, m.solde_apres])).toEqual([
      ['versement_valide', 1_500],
      ['depot', 500],
    ]);
  });
});
