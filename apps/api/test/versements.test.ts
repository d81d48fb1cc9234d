import { randomUUID } from 'node:crypto';
import {
  AMOUNT_MESSAGES,
  BANQUE_MESSAGES,
  type Banque,
  INPUT_MESSAGES,
  MESSAGES,
  MONTANT_MAX,
  type Role,
  VERSEMENT_MESSAGES,
  type Versement,
  type VersementStats,
} from '@app/shared';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/database.ts';
import { ledgerBreaches } from '../src/modules/banques/ledger.repository.ts';
import { multipart, PDF, PNG } from './catalogue-helpers.ts';
import { buildTestApp, createAccount, heldBack, loginAs, ROLES_ALL, type TestContext } from './helpers.ts';
import {
  type Auth,
  auditOf,
  bankState,
  type Client,
  createBanque,
  createClient,
  declare,
  deleteVersement,
  GIF,
  gestionnaireBody,
  JPEG,
  membreTotals,
  postVersement,
  postVersementForm,
  rejectVersement,
  uniqueTag,
  validateVersement,
  versementBody,
  versementRow,
} from './money-helpers.ts';
import { expectStoredPrivately, storedFiles } from './stored-files.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let comptable: Awaited<ReturnType<typeof loginAs>>;
let gestionnaire: Awaited<ReturnType<typeof loginAs>>;
let commercial: Awaited<ReturnType<typeof loginAs>>;
let demandeur: Awaited<ReturnType<typeof loginAs>>;
/** An active bank every test may use for payments it does not weigh. */
let banque: Banque;
/** The gestionnaire's client, signed in as the 'membre' of the rights matrix. */
let client: Client;
/** A member of nobody's portfolio, signed in. */
let outsider: Client;
let tokens: Record<Role, Auth>;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, 'admin');
  comptable = await loginAs(ctx, 'comptable');
  gestionnaire = await loginAs(ctx, 'gestionnaire');
  commercial = await loginAs(ctx, 'commercial');
  demandeur = await loginAs(ctx, 'demandeur');
  banque = await createBanque(ctx, comptable.auth);
  client = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id });
  outsider = await createClient(ctx);
  tokens = {
    admin: admin.auth,
    gestionnaire: gestionnaire.auth,
    comptable: comptable.auth,
    commercial: commercial.auth,
    membre: client.auth,
    demandeur: demandeur.auth,
  };
});
afterAll(async () => {
  await ctx.close();
});
// Whatever a scenario did, the ledger still holds (the invariants of `npm run check:ledger`).
afterEach(async () => {
  expect(await ledgerBreaches(ctx.db)).toEqual([]);
});

/** The spec's rights table (spec 3 §6), written out rather than read from the shared table. */
const READERS: Role[] = ['admin', 'gestionnaire', 'comptable', 'membre'];
const DECLARERS: Role[] = ['gestionnaire', 'membre'];
const DECIDERS: Role[] = ['gestionnaire', 'comptable'];

const get = (url: string, auth: Auth) => ctx.app.inject({ method: 'GET', url, headers: auth });
const idsOf = (response: { json(): { data: Versement[] } }) => response.json().data.map((v) => v.id);

async function countRows(numero_recu: string) {
  const row = await ctx.db
    .selectFrom('versements')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('numero_recu', '=', numero_recu)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function stats(auth: Auth) {
  const response = await get('/api/versements/stats', auth);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as VersementStats;
}

/** A pending payment the client declared at the shared bank. */
const pending = (overrides = {}) => declare(ctx, client.auth, versementBody(client, banque.id, overrides));

class Rollback extends Error {}
/** Runs a change by hand in a transaction that is then rolled back; returns what `change` answered inside it. */
async function insideRolledBack<T>(change: (trx: Executor) => Promise<T>): Promise<T | undefined> {
  let seen: T | undefined;
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      seen = await change(trx);
      throw new Rollback();
    })
    .catch((error) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return seen;
}

describe('declaring a payment (POST /versements)', () => {
  it("records a member's JSON declaration as pending, for himself, dated by its receipt, and audits it", async () => {
    const before = await membreTotals(ctx, client.id);
    const body = versementBody(client, banque.id, { montant: 175_000, commentaire: 'Mensualite de novembre' });
    // Fields a member may not set are ignored: he files for himself, pending.
    const response = await postVersement(ctx, client.auth, {
      ...body,
      membre_id: outsider.id,
      statut: 'valide',
      date_validation: '2026-11-02T10:00:00Z',
      created_by: admin.account.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(VERSEMENT_MESSAGES.created);
    const v: Versement = response.json().data;
    expect(v).toMatchObject({
      membre_id: client.id,
      produit_id: client.produit_id,
      banque_id: banque.id,
      montant: 175_000,
      type_versement: 'mensualite',
      numero_recu: body.numero_recu,
      date_recu: '2026-11-02',
      date_versement: '2026-11-02',
      commentaire: 'Mensualite de novembre',
      statut: 'en_attente',
      date_validation: null,
      date_rejet: null,
      motif: null,
      scan_recu: null,
      scan_type: null,
      membre: { id: client.id, nom: client.nom, prenom: 'Awa', code_esv: client.code_esv },
      produit: { id: client.produit_id, type: 'logement', prix: 9_000_000 },
      banque: { id: banque.id, nom: banque.nom },
      declare_par: { id: client.utilisateur_id, nom: client.nom, prenom: 'Awa' },
      traite_par: null,
    });
    const row = await versementRow(ctx, v.id);
    expect(row).toMatchObject({ created_by: client.utilisateur_id, statut: 'en_attente', date_validation: null });
    // Declaring moves no money.
    expect(await membreTotals(ctx, client.id)).toEqual(before);
    expect((await bankState(ctx, banque.id)).mouvements.filter((m) => m.source_id === v.id)).toEqual([]);
    const [audit, ...more] = await auditOf(ctx, 'versements', v.id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ action: 'created', user_id: client.utilisateur_id, membre_id: client.id });
    expect(audit?.new_values).toMatchObject({ numero_recu: body.numero_recu, montant: 175_000, membre_id: client.id });
  });

  it('records a gestionnaire’s declaration for his client with its own payment date', async () => {
    const body = gestionnaireBody(client, banque.id, { date_recu: '2026-10-30', date_versement: '2026-10-31' });
    const response = await postVersement(ctx, gestionnaire.auth, { ...body, type_versement: 'apport' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      membre_id: client.id,
      date_recu: '2026-10-30',
      date_versement: '2026-10-31',
      type_versement: 'apport',
      statut: 'en_attente',
      declare_par: { id: gestionnaire.account.id },
    });
  });

  it("answers each missing or invalid field of a member's form with the spec's message", async () => {
    const base = versementBody(client, banque.id);
    const cases: [object, string, string][] = [
      [{ ...base, produit_id: undefined }, 'produit_id', VERSEMENT_MESSAGES.produitRequired],
      [{ ...base, produit_id: '' }, 'produit_id', VERSEMENT_MESSAGES.produitRequired],
      [{ ...base, montant: undefined }, 'montant', VERSEMENT_MESSAGES.montantInvalid],
      [{ ...base, montant: 0 }, 'montant', VERSEMENT_MESSAGES.montantInvalid],
      [{ ...base, montant: -5000 }, 'montant', VERSEMENT_MESSAGES.montantInvalid],
      [{ ...base, montant: 'beaucoup' }, 'montant', VERSEMENT_MESSAGES.montantInvalid],
      [{ ...base, montant: 12_500.5 }, 'montant', AMOUNT_MESSAGES.whole],
      [{ ...base, montant: MONTANT_MAX + 1 }, 'montant', AMOUNT_MESSAGES.tooLarge(MONTANT_MAX)],
      [{ ...base, banque_id: undefined }, 'banque_id', VERSEMENT_MESSAGES.banqueRequired],
      [{ ...base, banque_id: '' }, 'banque_id', VERSEMENT_MESSAGES.banqueRequired],
      [{ ...base, numero_recu: undefined }, 'numero_recu', VERSEMENT_MESSAGES.numeroRecuRequired],
      [{ ...base, numero_recu: '   ' }, 'numero_recu', VERSEMENT_MESSAGES.numeroRecuRequired],
      [{ ...base, date_recu: undefined }, 'date_recu', VERSEMENT_MESSAGES.dateRecuRequired],
      [{ ...base, date_recu: '02/11/2026' }, 'date_recu', INPUT_MESSAGES.dateInvalid],
      [{ ...base, date_recu: '2026-02-31' }, 'date_recu', INPUT_MESSAGES.dateInvalid],
      [{ ...base, date_recu: '0000-01-01' }, 'date_recu', INPUT_MESSAGES.dateInvalid],
      [{ ...base, type_versement: 'especes' }, 'type_versement', VERSEMENT_MESSAGES.typeInvalid],
    ];
    for (const [payload, field, message] of cases) {
      const response = await postVersement(ctx, client.auth, payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors?.[field], field).toBe(message);
    }
    // An empty form names every required field.
    const empty = await postVersement(ctx, client.auth, { type_versement: 'mensualite' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({
      produit_id: VERSEMENT_MESSAGES.produitRequired,
      montant: VERSEMENT_MESSAGES.montantInvalid,
      banque_id: VERSEMENT_MESSAGES.banqueRequired,
      numero_recu: VERSEMENT_MESSAGES.numeroRecuRequired,
      date_recu: VERSEMENT_MESSAGES.dateRecuRequired,
    });
    expect(await countRows(base.numero_recu)).toBe(0);
  });

  it('asks a gestionnaire for the member and the payment date', async () => {
    const base = gestionnaireBody(client, banque.id);
    const cases: [object, string, string][] = [
      [{ ...base, membre_id: undefined }, 'membre_id', VERSEMENT_MESSAGES.membreRequired],
      [{ ...base, membre_id: '' }, 'membre_id', VERSEMENT_MESSAGES.membreRequired],
      [{ ...base, date_versement: undefined }, 'date_versement', VERSEMENT_MESSAGES.dateVersementRequired],
      [{ ...base, date_versement: 'hier' }, 'date_versement', INPUT_MESSAGES.dateInvalid],
    ];
    for (const [payload, field, message] of cases) {
      const response = await postVersement(ctx, gestionnaire.auth, payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors?.[field], field).toBe(message);
    }
    expect(await countRows(base.numero_recu)).toBe(0);
  });

  it("refuses a product that is not the member's, and a member without a product, on the product field", async () => {
    const other = versementBody(client, banque.id, { produit_id: outsider.produit_id });
    const response = await postVersement(ctx, client.auth, other);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ produit_id: VERSEMENT_MESSAGES.produitNotMembre });
    const sansProduit = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id, produit: false });
    const none = await postVersement(
      ctx,
      gestionnaire.auth,
      gestionnaireBody(sansProduit, banque.id, { produit_id: client.produit_id }),
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ produit_id: VERSEMENT_MESSAGES.membreWithoutProduit });
    expect(await countRows(other.numero_recu)).toBe(0);
  });

  it('refuses an inactive or unknown bank on the bank field', async () => {
    const inactive = await createBanque(ctx, comptable.auth);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/banques/${inactive.id}`,
      headers: comptable.auth,
      payload: { statut: 'inactive' },
    });
    expect(put.statusCode, put.body).toBe(200);
    // An account in euros or dollars takes no FCFA payment, and is not offered.
    const euros = await createBanque(ctx, comptable.auth, { devise: 'EUR' });
    const choix = await ctx.app.inject({ method: 'GET', url: '/api/banques/choix', headers: client.auth });
    expect(choix.json().data.map((b: { id: number }) => b.id)).not.toContain(euros.id);
    for (const banque_id of [inactive.id, euros.id, 999_999]) {
      const response = await postVersement(ctx, client.auth, versementBody(client, banque_id));
      expect(response.statusCode, String(banque_id)).toBe(400);
      expect(response.json().errors).toEqual({ banque_id: VERSEMENT_MESSAGES.banqueInactive });
    }
  });

  it("answers 404 to a gestionnaire filing for another gestionnaire's client (or nobody's), and records nothing", async () => {
    const otherGestionnaire = await createAccount(ctx.db, { role: 'gestionnaire' });
    const theirs = await createClient(ctx, { gestionnaire_id: otherGestionnaire.id });
    for (const target of [theirs, outsider]) {
      const body = gestionnaireBody(target, banque.id);
      const response = await postVersement(ctx, gestionnaire.auth, body);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
      expect(await countRows(body.numero_recu)).toBe(0);
    }
  });
});

describe('rights (spec 3 §6): each of the six roles on each endpoint', () => {
  it('lets the roles that see payments read the list, stats and one payment with its scan; 403 for the others', async () => {
    const created = await postVersementForm(ctx, client.auth, versementBody(client, banque.id), {
      name: 'recu.pdf',
      data: PDF,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const routes: [string, Role[]][] = [
      ['/api/versements', READERS],
      ['/api/versements/stats', READERS],
      ['/api/versements/gestionnaire', ['gestionnaire']],
      [`/api/versements/${id}`, READERS],
      [`/api/versements/${id}/scan`, READERS],
    ];
    for (const [url, allowed] of routes) {
      for (const role of ROLES_ALL) {
        const response = await get(url, tokens[role]);
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

  it('lets only a gestionnaire and a membre declare a payment; 403 for the others, with nothing recorded', async () => {
    for (const role of ROLES_ALL) {
      const body =
        role === 'membre' ? versementBody(client, banque.id) : gestionnaireBody(client, banque.id, { montant: 1000 });
      const response = await postVersement(ctx, tokens[role], body);
      if (DECLARERS.includes(role)) {
        expect(response.statusCode, role).toBe(201);
        expect(await countRows(body.numero_recu), role).toBe(1);
      } else {
        expect(response.statusCode, role).toBe(403);
        expect(response.json().message, role).toBe(MESSAGES.forbidden);
        expect(await countRows(body.numero_recu), role).toBe(0);
      }
    }
  });

  it('lets only a gestionnaire and a comptable validate, reject and delete; 403 for the others, nothing changed', async () => {
    const actions = {
      validate: (auth: Auth, id: number) => validateVersement(ctx, auth, id),
      reject: (auth: Auth, id: number) => rejectVersement(ctx, auth, id, { motif: 'Test' }),
      delete: (auth: Auth, id: number) => deleteVersement(ctx, auth, id),
    };
    for (const [action, run] of Object.entries(actions)) {
      for (const role of ROLES_ALL) {
        const v = await pending({ montant: 1000 });
        const response = await run(tokens[role], v.id);
        const row = await versementRow(ctx, v.id);
        const label = `${role} ${action}`;
        if (DECIDERS.includes(role)) {
          expect(response.statusCode, `${label}: ${response.body}`).toBe(200);
          if (action === 'delete') expect(row.date_suppression, label).not.toBeNull();
          else expect(row.statut, label).toBe(action === 'validate' ? 'valide' : 'rejete');
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json().message, label).toBe(MESSAGES.forbidden);
          expect(row, label).toMatchObject({ statut: 'en_attente', date_suppression: null, traite_par: null });
        }
      }
    }
  });

  it('answers 401 without a token on every payment endpoint', async () => {
    const v = await pending();
    const calls: [string, string][] = [
      ['GET', '/api/versements'],
      ['GET', '/api/versements/stats'],
      ['GET', '/api/versements/gestionnaire'],
      ['GET', `/api/versements/${v.id}`],
      ['GET', `/api/versements/${v.id}/scan`],
      ['POST', '/api/versements'],
      ['PATCH', `/api/versements/${v.id}/validate`],
      ['PATCH', `/api/versements/${v.id}/reject`],
      ['DELETE', `/api/versements/${v.id}`],
    ];
    for (const [method, url] of calls) {
      const response = await ctx.app.inject({ method: method as 'GET', url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().message).toBe(MESSAGES.tokenMissing);
    }
    expect((await versementRow(ctx, v.id)).statut).toBe('en_attente');
  });
});

describe('object scope (decisions §4)', () => {
  it("shows a member only his own payments: list, stats, detail and scan; another member's answers 404", async () => {
    const self = await createClient(ctx);
    const bank = await createBanque(ctx, comptable.auth);
    const mine = await declare(ctx, self.auth, versementBody(self, bank.id, { montant: 120_000 }));
    const theirs = await postVersementForm(ctx, outsider.auth, versementBody(outsider, bank.id), {
      name: 'recu.png',
      data: PNG,
    });
    expect(theirs.statusCode).toBe(201);
    const theirId = theirs.json().data.id;

    const list = await get('/api/versements?limit=1000', self.auth);
    expect(idsOf(list)).toEqual([mine.id]);
    expect(list.json().pagination.total).toBe(1);
    // Naming someone else in a filter reaches nothing more.
    expect(idsOf(await get(`/api/versements?membre_id=${outsider.id}`, self.auth))).toEqual([]);
    expect(await stats(self.auth)).toEqual({
      total_versements: 1,
      versements_en_attente: 1,
      versements_valides: 0,
      versements_rejetes: 0,
      montant_total: 0,
      montant_en_attente: 120_000,
    });
    expect((await get(`/api/versements/${mine.id}`, self.auth)).statusCode).toBe(200);
    for (const url of [`/api/versements/${theirId}`, `/api/versements/${theirId}/scan`]) {
      const response = await get(url, self.auth);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message, url).toBe(VERSEMENT_MESSAGES.notFound);
    }
  });

  it("shows a gestionnaire only his clients' payments, in /versements and /versements/gestionnaire", async () => {
    const own = await loginAs(ctx, 'gestionnaire');
    const bank = await createBanque(ctx, comptable.auth);
    const a = await createClient(ctx, { gestionnaire_id: own.account.id });
    const b = await createClient(ctx, { gestionnaire_id: own.account.id });
    const va = await declare(ctx, a.auth, versementBody(a, bank.id));
    const vb = await declare(ctx, own.auth, gestionnaireBody(b, bank.id));
    await declare(ctx, outsider.auth, versementBody(outsider, bank.id));
    await declare(ctx, client.auth, versementBody(client, bank.id));
    for (const url of ['/api/versements?limit=1000', '/api/versements/gestionnaire?limit=1000']) {
      const response = await get(url, own.auth);
      expect(idsOf(response), url).toEqual([vb.id, va.id]);
      expect(response.json().pagination.total, url).toBe(2);
    }
    expect((await stats(own.auth)).total_versements).toBe(2);
    // The comptable sees all four at that bank.
    expect(idsOf(await get(`/api/versements?banque_id=${bank.id}`, comptable.auth))).toHaveLength(4);
  });

  it("answers 404 when a gestionnaire gets, validates, rejects or deletes another's client's payment, changing nothing", async () => {
    const v = await declare(ctx, outsider.auth, versementBody(outsider, banque.id));
    const calls = [
      () => get(`/api/versements/${v.id}`, gestionnaire.auth),
      () => validateVersement(ctx, gestionnaire.auth, v.id),
      () => rejectVersement(ctx, gestionnaire.auth, v.id, { motif: 'Pas mon client' }),
      () => deleteVersement(ctx, gestionnaire.auth, v.id),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(VERSEMENT_MESSAGES.notFound);
    }
    expect(await versementRow(ctx, v.id)).toMatchObject({
      statut: 'en_attente',
      motif: null,
      date_suppression: null,
      traite_par: null,
    });
    expect(await auditOf(ctx, 'versements', v.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown payment and 400 for an id that is not one', async () => {
    for (const call of [
      () => get('/api/versements/999999', comptable.auth),
      () => validateVersement(ctx, comptable.auth, 999_999),
      () => rejectVersement(ctx, comptable.auth, 999_999),
      () => deleteVersement(ctx, comptable.auth, 999_999),
    ]) {
      const response = await call();
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(VERSEMENT_MESSAGES.notFound);
    }
    const bad = await get('/api/versements/abc', comptable.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors?.id).toBe(INPUT_MESSAGES.invalidId);
  });
});

describe('the list: filters, search, sort, paging; and the stats', () => {
  let tag: string;
  let g: Awaited<ReturnType<typeof loginAs>>;
  let bank: Banque;
  let m1: Client;
  let m2: Client;
  const p: Versement[] = [];
  let allBefore: VersementStats;

  beforeAll(async () => {
    tag = uniqueTag('Q');
    g = await loginAs(ctx, 'gestionnaire');
    bank = await createBanque(ctx, comptable.auth);
    m1 = await createClient(ctx, { gestionnaire_id: g.account.id, nom: `${tag}Assi` });
    m2 = await createClient(ctx, { gestionnaire_id: g.account.id, nom: `${tag}Bamba` });
    allBefore = await stats(comptable.auth);
    p.push(
      await declare(
        ctx,
        m1.auth,
        versementBody(m1, bank.id, { numero_recu: `${tag}-A1`, montant: 100_000, date_recu: '2026-01-10' }),
      ),
      await declare(
        ctx,
        m1.auth,
        versementBody(m1, bank.id, {
          numero_recu: `${tag}-A2`,
          montant: 300_000,
          date_recu: '2026-02-15',
          type_versement: 'apport',
        }),
      ),
      await declare(
        ctx,
        g.auth,
        gestionnaireBody(m2, bank.id, {
          numero_recu: `${tag}-B1`,
          montant: 200_000,
          date_recu: '2026-02-28',
          date_versement: '2026-03-05',
          type_versement: 'autre',
        }),
      ),
      await declare(
        ctx,
        g.auth,
        gestionnaireBody(m2, bank.id, {
          numero_recu: `${tag}-B2`,
          montant: 50_000,
          date_recu: '2026-04-20',
          date_versement: '2026-04-20',
        }),
      ),
    );
    expect((await validateVersement(ctx, comptable.auth, p[1]?.id ?? 0)).statusCode).toBe(200);
    expect((await rejectVersement(ctx, comptable.auth, p[2]?.id ?? 0, { motif: 'Montant illisible' })).statusCode).toBe(
      200,
    );
  });

  /** The fixture's payments a list answers, by their position in p (p[0] is the first declared). */
  async function listed(query: string, auth: Auth = comptable.auth, url = '/api/versements') {
    const response = await get(`${url}?${query}`, auth);
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    const ids: number[] = idsOf(response);
    return { order: ids.map((id) => p.findIndex((v) => v.id === id)), pagination: response.json().pagination };
  }

  it('filters by status, type, product, bank, member and payment dates (bounds included)', async () => {
    const b = `banque_id=${bank.id}`;
    expect((await listed(b)).order).toEqual([3, 2, 1, 0]);
    expect((await listed(`${b}&statut=`)).order).toEqual([3, 2, 1, 0]);
    expect((await listed(`${b}&statut=en_attente`)).order).toEqual([3, 0]);
    expect((await listed(`${b}&statut=valide`)).order).toEqual([1]);
    expect((await listed(`${b}&statut=rejete`)).order).toEqual([2]);
    expect((await listed(`${b}&type_versement=mensualite`)).order).toEqual([3, 0]);
    expect((await listed(`${b}&type_versement=apport`)).order).toEqual([1]);
    expect((await listed(`${b}&type_versement=autre`)).order).toEqual([2]);
    expect((await listed(`produit_id=${m1.produit_id}`)).order).toEqual([1, 0]);
    expect((await listed(`membre_id=${m2.id}`)).order).toEqual([3, 2]);
    expect((await listed(`membre_id=${m2.id}&statut=en_attente`)).order).toEqual([3]);
    // On the payment date: p[2] was received on 28 February but paid on 5 March.
    expect((await listed(`${b}&date_debut=2026-02-01&date_fin=2026-03-31`)).order).toEqual([2, 1]);
    expect((await listed(`${b}&date_debut=2026-03-05`)).order).toEqual([3, 2]);
    expect((await listed(`${b}&date_fin=2026-02-28`)).order).toEqual([1, 0]);
    expect((await listed(`${b}&date_debut=2026-01-10&date_fin=2026-01-10`)).order).toEqual([0]);
  });

  it('counts each filtered list exactly', async () => {
    const b = `banque_id=${bank.id}`;
    const totals: [string, number][] = [
      [b, 4],
      [`${b}&statut=en_attente`, 2],
      [`${b}&type_versement=mensualite&statut=en_attente`, 2],
      [`membre_id=${m1.id}`, 2],
      [`produit_id=${m2.produit_id}&statut=rejete`, 1],
      [`${b}&date_debut=2026-02-01`, 3],
    ];
    for (const [query, total] of totals) {
      const { pagination } = await listed(`${query}&limit=1`);
      expect(pagination, query).toMatchObject({ total, totalPages: total, totalExact: true });
    }
  });

  it("searches by receipt number (any case), member's name, first and last name, and member code", async () => {
    expect((await listed(`search=${tag}-A1`)).order).toEqual([0]);
    expect((await listed(`search=${tag.toLowerCase()}-b`)).order).toEqual([3, 2]);
    expect((await listed(`search=${tag}Assi`)).order).toEqual([1, 0]);
    expect((await listed(`search=${encodeURIComponent(`Awa ${tag}Bamba`)}`)).order).toEqual([3, 2]);
    expect((await listed(`search=${m2.code_esv}`)).order).toEqual([3, 2]);
    // A wildcard typed in the box is a character, not a pattern.
    expect((await listed(`search=%25&banque_id=${bank.id}`)).order).toEqual([]);
    expect((await listed(`search=_&banque_id=${bank.id}`)).order).toEqual([]);
    const found = await listed(`search=${tag}&statut=en_attente`);
    expect(found.order).toEqual([3, 0]);
    expect(found.pagination).toMatchObject({ total: 2, totalExact: true });
  });

  it('sorts by creation (newest first by default), payment date and amount, both ways', async () => {
    const b = `banque_id=${bank.id}`;
    expect((await listed(`${b}&sortBy=created_at&sortOrder=asc`)).order).toEqual([0, 1, 2, 3]);
    expect((await listed(`${b}&sortBy=date_versement&sortOrder=asc`)).order).toEqual([0, 1, 2, 3]);
    expect((await listed(`${b}&sortBy=date_versement`)).order).toEqual([3, 2, 1, 0]);
    expect((await listed(`${b}&sortBy=montant&sortOrder=asc`)).order).toEqual([3, 0, 2, 1]);
    expect((await listed(`${b}&sortBy=montant&sortOrder=desc`)).order).toEqual([1, 2, 0, 3]);
  });

  it('pages in SQL with the real total, also past the last page and within a scope', async () => {
    const b = `banque_id=${bank.id}`;
    const first = await listed(`${b}&limit=3`);
    expect(first.order).toEqual([3, 2, 1]);
    expect(first.pagination).toEqual({ page: 1, limit: 3, total: 4, totalPages: 2, totalExact: true });
    expect((await listed(`${b}&limit=3&page=2`)).order).toEqual([0]);
    const past = await listed(`${b}&limit=3&page=5`);
    expect(past.order).toEqual([]);
    expect(past.pagination.total).toBe(4);
    const own = await listed('limit=1&page=2', m1.auth);
    expect(own.order).toEqual([0]);
    expect(own.pagination).toMatchObject({ total: 2, totalPages: 2 });
    const clients = await listed('limit=3&page=2', g.auth, '/api/versements/gestionnaire');
    expect(clients.order).toEqual([0]);
    expect(clients.pagination).toMatchObject({ total: 4, totalPages: 2 });
  });

  it("answers each row with its member, product, bank, declarer and decider; the gestionnaire's list filters too", async () => {
    const response = await get(`/api/versements/${p[2]?.id}`, g.auth);
    expect(response.json().data).toMatchObject({
      statut: 'rejete',
      motif: 'Montant illisible',
      date_versement: '2026-03-05',
      date_recu: '2026-02-28',
      membre: { id: m2.id, nom: `${tag}Bamba`, prenom: 'Awa', code_esv: m2.code_esv },
      produit: { id: m2.produit_id, prix: 9_000_000 },
      banque: { id: bank.id, nom: bank.nom },
      declare_par: { id: g.account.id, nom: 'Kouamé', prenom: 'Awa' },
      traite_par: { id: comptable.account.id, nom: 'Kouamé', prenom: 'Awa' },
    });
    expect(response.json().data.date_rejet).not.toBeNull();
    expect((await listed('statut=en_attente', g.auth, '/api/versements/gestionnaire')).order).toEqual([3, 0]);
    expect((await listed('sortBy=montant&sortOrder=asc', g.auth, '/api/versements/gestionnaire')).order).toEqual([
      3, 0, 2, 1,
    ]);
  });

  it('refuses an unknown filter value, sort field or malformed date with 400', async () => {
    for (const query of [
      'statut=parti',
      'type_versement=especes',
      'sortBy=numero_recu',
      'sortOrder=up',
      'banque_id=abc',
      'membre_id=-1',
      'date_debut=10/01/2026',
      'date_fin=2026-13-45',
      'limit=0',
      'limit=5000',
    ]) {
      expect((await get(`/api/versements?${query}`, comptable.auth)).statusCode, query).toBe(400);
    }
  });

  it("counts a member's own and a gestionnaire's clients' payments, and everyone's for comptable and admin", async () => {
    expect(await stats(m1.auth)).toEqual({
      total_versements: 2,
      versements_en_attente: 1,
      versements_valides: 1,
      versements_rejetes: 0,
      montant_total: 300_000,
      montant_en_attente: 100_000,
    });
    const fixture = {
      total_versements: 4,
      versements_en_attente: 2,
      versements_valides: 1,
      versements_rejetes: 1,
      montant_total: 300_000,
      montant_en_attente: 150_000,
    };
    expect(await stats(g.auth)).toEqual(fixture);
    for (const who of [comptable, admin]) {
      const after = await stats(who.auth);
      const delta = Object.fromEntries(
        Object.entries(after).map(([k, v]) => [k, v - allBefore[k as keyof VersementStats]]),
      );
      expect(delta, who.account.role).toEqual(fixture);
    }
  });
});

describe('validation and rejection', () => {
  it('validates: stamps date_validation, credits the bank with its movement, raises the paid total, audits', async () => {
    const bank = await createBanque(ctx, comptable.auth, { solde_initial: 1_000_000 });
    const c = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id });
    const v = await declare(ctx, c.auth, versementBody(c, bank.id, { montant: 250_000 }));
    expect(await membreTotals(ctx, c.id)).toEqual({ montant_deja_paye: 0, montant_du: 9_000_000 });
    const start = Date.now();
    const response = await validateVersement(ctx, comptable.auth, v.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(VERSEMENT_MESSAGES.validated);
    const data: Versement = response.json().data;
    expect(data).toMatchObject({ statut: 'valide', traite_par: { id: comptable.account.id }, date_rejet: null });
    const stamped = Date.parse(data.date_validation ?? '');
    expect(stamped).toBeGreaterThanOrEqual(start - 1000);
    expect(stamped).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await versementRow(ctx, v.id)).toMatchObject({ statut: 'valide', traite_par: comptable.account.id });

    // The bank: its balance and one credit with the balance after it.
    const state = await bankState(ctx, bank.id);
    expect(state.solde).toBe(1_250_000);
    expect(state.mouvements).toHaveLength(1);
    expect(state.mouvements[0]).toMatchObject({
      type: 'credit',
      operation: 'versement_valide',
      montant: '250000',
      solde_apres: '1250000',
      source_table: 'versements',
      source_id: v.id,
      created_by: comptable.account.id,
    });
    const bankApi = (await get(`/api/banques/${bank.id}`, comptable.auth)).json().data;
    expect(bankApi).toMatchObject({ solde: 1_250_000, nombre_mouvements: 1 });
    const moves = (await get(`/api/banques/${bank.id}/mouvements`, comptable.auth)).json().data;
    expect(moves[0]).toMatchObject({
      operation: 'versement_valide',
      montant: 250_000,
      solde_apres: 1_250_000,
      source_id: v.id,
      auteur: { id: comptable.account.id },
    });

    // The member: paid total up, amount due down, in the database and as the API shows his file.
    expect(await membreTotals(ctx, c.id)).toEqual({ montant_deja_paye: 250_000, montant_du: 8_750_000 });
    for (const auth of [admin.auth, c.auth]) {
      const file = (await get(`/api/membres/${c.id}`, auth)).json().data;
      expect(file).toMatchObject({ montant_deja_paye: 250_000, montant_du: 8_750_000 });
    }
    const audits = await auditOf(ctx, 'versements', v.id);
    expect(audits.map((a) => a.action)).toEqual(['created', 'updated']);
    expect(audits[1]).toMatchObject({ user_id: comptable.account.id, membre_id: c.id });
    expect(audits[1]?.new_values).toMatchObject({ statut: 'valide', montant: 250_000, solde_banque: 1_250_000 });
  });

  it('lets a gestionnaire validate what his client declared', async () => {
    const v = await pending({ montant: 2000 });
    const response = await validateVersement(ctx, gestionnaire.auth, v.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.traite_par.id).toBe(gestionnaire.account.id);
  });

  it('rejects with a motif: records it and its date, moves no money, audits', async () => {
    const bank = await createBanque(ctx, comptable.auth, { solde_initial: 500 });
    const c = await createClient(ctx);
    const v = await declare(ctx, c.auth, versementBody(c, bank.id, { montant: 80_000 }));
    const response = await rejectVersement(ctx, comptable.auth, v.id, { motif: 'Reçu illisible' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(VERSEMENT_MESSAGES.rejected);
    expect(response.json().data).toMatchObject({
      statut: 'rejete',
      motif: 'Reçu illisible',
      date_validation: null,
      traite_par: { id: comptable.account.id },
    });
    expect(response.json().data.date_rejet).not.toBeNull();
    expect(await bankState(ctx, bank.id)).toMatchObject({ solde: 500, mouvements: [] });
    expect(await membreTotals(ctx, c.id)).toEqual({ montant_deja_paye: 0, montant_du: 9_000_000 });
    const [, audit] = await auditOf(ctx, 'versements', v.id);
    expect(audit).toMatchObject({ action: 'updated', user_id: comptable.account.id });
    expect(audit?.new_values).toMatchObject({ statut: 'rejete', motif: 'Reçu illisible' });
  });

  it('rejects without a motif: an empty body, a blank motif, or no body at all', async () => {
    for (const body of [{}, { motif: '   ' }, { motif: null }, undefined]) {
      const v = await pending({ montant: 1000 });
      const response = await rejectVersement(ctx, gestionnaire.auth, v.id, body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(200);
      expect(response.json().data).toMatchObject({ statut: 'rejete', motif: null });
    }
    const v = await pending({ montant: 1000 });
    const tooLong = await rejectVersement(ctx, gestionnaire.auth, v.id, { motif: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect((await versementRow(ctx, v.id)).statut).toBe('en_attente');
  });

  it('refuses payment validation by its own declarer with 403; the comptable can', async () => {
    const bank = await createBanque(ctx, comptable.auth);
    const v = await declare(ctx, gestionnaire.auth, gestionnaireBody(client, bank.id, { montant: 60_000 }));
    const before = await membreTotals(ctx, client.id);
    const own = await validateVersement(ctx, gestionnaire.auth, v.id);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'FORBIDDEN', message: VERSEMENT_MESSAGES.ownDeclaration });
    expect(await versementRow(ctx, v.id)).toMatchObject({ statut: 'en_attente', date_validation: null });
    expect(await bankState(ctx, bank.id)).toMatchObject({ solde: 0, mouvements: [] });
    expect(await membreTotals(ctx, client.id)).toEqual(before);

    const other = await validateVersement(ctx, comptable.auth, v.id);
    expect(other.statusCode, other.body).toBe(200);
    expect((await bankState(ctx, bank.id)).solde).toBe(60_000);
    expect((await membreTotals(ctx, client.id)).montant_deja_paye).toBe(before.montant_deja_paye + 60_000);
  });

  it('decides a payment once: a second validation or rejection answers 409 and changes nothing', async () => {
    const bank = await createBanque(ctx, comptable.auth);
    const c = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id });
    const validated = await declare(ctx, c.auth, versementBody(c, bank.id, { montant: 70_000 }));
    const rejected = await declare(ctx, c.auth, versementBody(c, bank.id, { montant: 30_000 }));
    expect((await validateVersement(ctx, comptable.auth, validated.id)).statusCode).toBe(200);
    expect((await rejectVersement(ctx, comptable.auth, rejected.id, { motif: 'Doublon' })).statusCode).toBe(200);

    const snapshot = async () => ({
      bank: await bankState(ctx, bank.id),
      membre: await membreTotals(ctx, c.id),
      validated: await versementRow(ctx, validated.id),
      rejected: await versementRow(ctx, rejected.id),
      audits:
        (await auditOf(ctx, 'versements', validated.id)).length +
        (await auditOf(ctx, 'versements', rejected.id)).length,
    });
    const before = await snapshot();
    const again = [
      () => validateVersement(ctx, comptable.auth, validated.id),
      () => rejectVersement(ctx, comptable.auth, validated.id, { motif: 'Trop tard' }),
      () => validateVersement(ctx, gestionnaire.auth, rejected.id),
      () => validateVersement(ctx, comptable.auth, rejected.id),
      () => rejectVersement(ctx, comptable.auth, rejected.id, { motif: 'Autre motif' }),
    ];
    for (const call of again) {
      const response = await call();
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'CONFLICT', message: VERSEMENT_MESSAGES.alreadyDecided });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('credits the bank exactly once when two validations of one payment race', async () => {
    const comptable2 = await loginAs(ctx, 'comptable');
    const bank = await createBanque(ctx, comptable.auth);
    const c = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id });
    const payments = [
      await declare(ctx, c.auth, versementBody(c, bank.id, { montant: 11_000 })),
      await declare(ctx, c.auth, versementBody(c, bank.id, { montant: 22_000 })),
      await declare(ctx, c.auth, versementBody(c, bank.id, { montant: 44_000 })),
    ];
    // Two different validators on each payment at once: on PostgreSQL a real race between connections.
    const responses = await Promise.all(
      payments.flatMap((v) => [
        validateVersement(ctx, comptable.auth, v.id),
        validateVersement(ctx, v.montant === 22_000 ? gestionnaire.auth : comptable2.auth, v.id),
      ]),
    );
    for (let i = 0; i < payments.length; i += 1) {
      const pair = [responses[2 * i], responses[2 * i + 1]];
      expect(pair.map((r) => r?.statusCode).sort()).toEqual([200, 409]);
      expect(pair.find((r) => r?.statusCode === 409)?.json().message).toBe(VERSEMENT_MESSAGES.alreadyDecided);
    }
    const state = await bankState(ctx, bank.id);
    expect(state.solde).toBe(77_000);
    expect(state.mouvements.map((m) => m.source_id).sort()).toEqual(payments.map((v) => v.id).sort());
    expect((await membreTotals(ctx, c.id)).montant_deja_paye).toBe(77_000);
  });

  it('keeps one decision when a validation and a rejection race, and the ledger when a validation races a deletion', async () => {
    const bank = await createBanque(ctx, comptable.auth);
    const c = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id });
    const decided = await declare(ctx, c.auth, versementBody(c, bank.id, { montant: 5_000 }));
    const [validation, rejection] = await Promise.all([
      validateVersement(ctx, comptable.auth, decided.id),
      rejectVersement(ctx, gestionnaire.auth, decided.id, { motif: 'Course' }),
    ]);
    expect([validation?.statusCode, rejection?.statusCode].sort()).toEqual([200, 409]);
    const row = await versementRow(ctx, decided.id);
    expect(row.statut).toBe(validation?.statusCode === 200 ? 'valide' : 'rejete');
    expect((await bankState(ctx, bank.id)).solde).toBe(row.statut === 'valide' ? 5_000 : 0);

    const raced = await declare(ctx, c.auth, versementBody(c, bank.id, { montant: 7_000 }));
    const outcome = await Promise.all([
      validateVersement(ctx, comptable.auth, raced.id),
      deleteVersement(ctx, gestionnaire.auth, raced.id),
    ]);
    expect(outcome[1]?.statusCode, outcome[1]?.body).toBe(200);
    expect([200, 404]).toContain(outcome[0]?.statusCode);
    // Validated then deleted: credit and reversal; deleted first: nothing. Either way the same balance.
    expect((await bankState(ctx, bank.id)).solde).toBe(row.statut === 'valide' ? 5_000 : 0);
  });
});

describe('deletion', () => {
  it('deletes a pending or rejected payment: it leaves the lists but stays on record, moves no money, audits', async () => {
    const bank = await createBanque(ctx, comptable.auth);
    const c = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id });
    const a = await declare(ctx, c.auth, versementBody(c, bank.id, { montant: 10_000 }));
    const b = await declare(ctx, c.auth, versementBody(c, bank.id, { montant: 20_000 }));
    expect((await rejectVersement(ctx, comptable.auth, b.id)).statusCode).toBe(200);
    for (const v of [a, b]) {
      const response = await deleteVersement(ctx, gestionnaire.auth, v.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ success: true, message: VERSEMENT_MESSAGES.deleted });
      expect((await get(`/api/versements/${v.id}`, comptable.auth)).statusCode).toBe(404);
      const row = await versementRow(ctx, v.id);
      expect(row.date_suppression).not.toBeNull();
      expect(row.supprime_par).toBe(gestionnaire.account.id);
      const last = (await auditOf(ctx, 'versements', v.id)).at(-1);
      expect(last).toMatchObject({ action: 'deleted', user_id: gestionnaire.account.id, membre_id: c.id });
      expect(last?.old_values).toMatchObject({ statut: v.id === a.id ? 'en_attente' : 'rejete' });
      // Deleted once: a second time it is not found.
      expect((await deleteVersement(ctx, gestionnaire.auth, v.id)).statusCode).toBe(404);
    }
    expect(idsOf(await get(`/api/versements?membre_id=${c.id}`, comptable.auth))).toEqual([]);
    expect(await bankState(ctx, bank.id)).toMatchObject({ solde: 0, mouvements: [] });
  });

  it('deletes a validated payment with a compensating debit, off the paid total, the lists and the stats', async () => {
    const bank = await createBanque(ctx, comptable.auth);
    const c = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id });
    const v = await declare(ctx, c.auth, versementBody(c, bank.id, { montant: 400_000 }));
    expect((await validateVersement(ctx, comptable.auth, v.id)).statusCode).toBe(200);
    const kept = await declare(ctx, c.auth, versementBody(c, bank.id, { montant: 1_000 }));
    const allBefore = await stats(comptable.auth);
    expect(await stats(c.auth)).toMatchObject({ total_versements: 2, versements_valides: 1, montant_total: 400_000 });

    const response = await deleteVersement(ctx, comptable.auth, v.id);
    expect(response.statusCode, response.body).toBe(200);

    const state = await bankState(ctx, bank.id);
    expect(state.solde).toBe(0);
    expect(state.mouvements.map((m) => [m.type, m.operation, Number(m.montant), Number(m.solde_apres)])).toEqual([
      ['credit', 'versement_valide', 400_000, 400_000],
      ['debit', 'versement_supprime', 400_000, 0],
    ]);
    expect(state.mouvements[1]).toMatchObject({
      source_table: 'versements',
      source_id: v.id,
      created_by: comptable.account.id,
    });
    expect(await membreTotals(ctx, c.id)).toEqual({ montant_deja_paye: 0, montant_du: 9_000_000 });
    expect(await versementRow(ctx, v.id)).toMatchObject({ statut: 'valide', supprime_par: comptable.account.id });

    expect(idsOf(await get(`/api/versements?membre_id=${c.id}`, comptable.auth))).toEqual([kept.id]);
    expect(idsOf(await get(`/api/versements?banque_id=${bank.id}&statut=valide`, comptable.auth))).toEqual([]);
    expect(idsOf(await get('/api/versements', c.auth))).toEqual([kept.id]);
    expect(await stats(c.auth)).toEqual({
      total_versements: 1,
      versements_en_attente: 1,
      versements_valides: 0,
      versements_rejetes: 0,
      montant_total: 0,
      montant_en_attente: 1_000,
    });
    const allAfter = await stats(comptable.auth);
    expect(allAfter.total_versements - allBefore.total_versements).toBe(-1);
    expect(allAfter.versements_valides - allBefore.versements_valides).toBe(-1);
    expect(allAfter.montant_total - allBefore.montant_total).toBe(-400_000);
    expect(allAfter.montant_en_attente).toBe(allBefore.montant_en_attente);
    const last = (await auditOf(ctx, 'versements', v.id)).at(-1);
    expect(last).toMatchObject({ action: 'deleted', user_id: comptable.account.id });
    expect(last?.old_values).toMatchObject({ statut: 'valide', montant: 400_000, banque_id: bank.id });
  });

  it("refuses with 409 'Solde insuffisant' to delete a validated payment its bank no longer holds; nothing changes", async () => {
    const bank = await createBanque(ctx, comptable.auth);
    const c = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id });
    const v = await declare(ctx, c.auth, versementBody(c, bank.id, { montant: 300_000 }));
    expect((await validateVersement(ctx, comptable.auth, v.id)).statusCode).toBe(200);
    const retrait = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/banques/${bank.id}/solde`,
      headers: comptable.auth,
      payload: { type: 'retrait', montant: 200_000, commentaire: 'Virement vers le compte principal' },
    });
    expect(retrait.statusCode, retrait.body).toBe(200);
    const before = {
      bank: await bankState(ctx, bank.id),
      membre: await membreTotals(ctx, c.id),
      row: await versementRow(ctx, v.id),
      audits: await auditOf(ctx, 'versements', v.id),
    };
    expect(before.bank.solde).toBe(100_000);

    const response = await deleteVersement(ctx, gestionnaire.auth, v.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      message: BANQUE_MESSAGES.soldeInsuffisant,
      errors: { montant: BANQUE_MESSAGES.soldeInsuffisant },
    });
    expect({
      bank: await bankState(ctx, bank.id),
      membre: await membreTotals(ctx, c.id),
      row: await versementRow(ctx, v.id),
      audits: await auditOf(ctx, 'versements', v.id),
    }).toEqual(before);
    expect((await get(`/api/versements/${v.id}`, comptable.auth)).json().data.statut).toBe('valide');
  });
});

describe('deletions and declarations that race', () => {
  it('reverses a validated payment once when two deletions race', async () => {
    const bank = await createBanque(ctx, comptable.auth);
    const c = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id });
    const v = await declare(ctx, c.auth, versementBody(c, bank.id, { montant: 64_000 }));
    expect((await validateVersement(ctx, comptable.auth, v.id)).statusCode).toBe(200);
    const responses = await Promise.all([
      deleteVersement(ctx, comptable.auth, v.id),
      deleteVersement(ctx, gestionnaire.auth, v.id),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const state = await bankState(ctx, bank.id);
    expect(state.solde).toBe(0);
    expect(state.mouvements.map((m) => m.operation)).toEqual(['versement_valide', 'versement_supprime']);
    expect(await membreTotals(ctx, c.id)).toEqual({ montant_deja_paye: 0, montant_du: 9_000_000 });
  });

  it('records one of two declarations of the same receipt number sent at once; the other answers 409', async () => {
    const bank = await createBanque(ctx, comptable.auth);
    const numero = uniqueTag('REC-');
    const responses = await Promise.all([
      postVersement(ctx, client.auth, versementBody(client, bank.id, { numero_recu: numero })),
      postVersement(ctx, gestionnaire.auth, gestionnaireBody(client, bank.id, { numero_recu: numero })),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().errors).toEqual({
      numero_recu: VERSEMENT_MESSAGES.recuTaken,
    });
    expect(await countRows(numero)).toBe(1);
  });
});

describe('Idempotency-Key on POST /versements', () => {
  it('answers a replay of the same key and body with the first payment (201, Idempotent-Replayed), recorded once', async () => {
    const key = randomUUID();
    const body = versementBody(client, banque.id, { montant: 42_000 });
    const first = await postVersement(ctx, client.auth, body, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same fields in another order are the same body.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const replay = await postVersement(ctx, client.auth, reordered, { 'idempotency-key': key });
    expect(replay.statusCode, replay.body).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.id).toBe(first.json().data.id);
    expect(replay.json().data).toEqual(first.json().data);
    expect(await countRows(body.numero_recu)).toBe(1);
    expect(await auditOf(ctx, 'versements', first.json().data.id)).toHaveLength(1);
  });

  it('answers 409 to a replay whose payment was deleted since, and records nothing', async () => {
    const key = randomUUID();
    const body = versementBody(client, banque.id);
    const first = await postVersement(ctx, client.auth, body, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    expect((await deleteVersement(ctx, comptable.auth, first.json().data.id)).statusCode).toBe(200);
    const replay = await postVersement(ctx, client.auth, body, { 'idempotency-key': key });
    expect(replay.statusCode, replay.body).toBe(409);
    expect(replay.json().message).toBe(VERSEMENT_MESSAGES.replayDeleted);
    expect(await countRows(body.numero_recu)).toBe(1);
  });

  it('refuses the same key with another body (409) and records nothing for it', async () => {
    const key = randomUUID();
    const body = versementBody(client, banque.id);
    expect((await postVersement(ctx, client.auth, body, { 'idempotency-key': key })).statusCode).toBe(201);
    const other = { ...body, numero_recu: uniqueTag('R-'), montant: 1 };
    const response = await postVersement(ctx, client.auth, other, { 'idempotency-key': key });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: VERSEMENT_MESSAGES.idempotencyReused });
    expect(await countRows(other.numero_recu)).toBe(0);
  });

  it('refuses an invalid key with 400', async () => {
    for (const key of ['k'.repeat(200), 'deux mots', '']) {
      const body = versementBody(client, banque.id);
      const response = await postVersement(ctx, client.auth, body, { 'idempotency-key': key });
      expect(response.statusCode, key).toBe(400);
      expect(response.json().message, key).toBe(VERSEMENT_MESSAGES.idempotencyInvalid);
      expect(await countRows(body.numero_recu), key).toBe(0);
    }
    const longest = versementBody(client, banque.id);
    expect((await postVersement(ctx, client.auth, longest, { 'idempotency-key': 'k'.repeat(100) })).statusCode).toBe(
      201,
    );
  });

  it('lets different users use the same key independently', async () => {
    const key = `cle-${uniqueTag()}`;
    const a = await postVersement(ctx, client.auth, versementBody(client, banque.id), { 'idempotency-key': key });
    const b = await postVersement(ctx, outsider.auth, versementBody(outsider, banque.id), { 'idempotency-key': key });
    const c = await postVersement(ctx, gestionnaire.auth, gestionnaireBody(client, banque.id), {
      'idempotency-key': key,
    });
    for (const response of [a, b, c]) {
      expect(response.statusCode, response.body).toBe(201);
      expect(response.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(new Set([a, b, c].map((r) => r.json().data.id)).size).toBe(3);
    expect(b.json().data.membre_id).toBe(outsider.id);
  });

  it('forgets the key of a refused creation, so that the corrected retry is recorded', async () => {
    const key = randomUUID();
    const refused = await postVersement(ctx, client.auth, versementBody(client, 999_999), { 'idempotency-key': key });
    expect(refused.statusCode).toBe(400);
    const retry = await postVersement(ctx, client.auth, versementBody(client, banque.id), { 'idempotency-key': key });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });

  it('records once when the same keyed creation is sent twice at the same moment', async () => {
    const key = randomUUID();
    const body = versementBody(client, banque.id);
    const [a, b] = await Promise.all([
      postVersement(ctx, client.auth, body, { 'idempotency-key': key }),
      postVersement(ctx, client.auth, body, { 'idempotency-key': key }),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([201, 201]);
    expect(a?.json().data.id).toBe(b?.json().data.id);
    expect([a?.headers['idempotent-replayed'], b?.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    expect(await countRows(body.numero_recu)).toBe(1);
  });

  it('tells a multipart replay by its scan: the same file replays without a second copy, another file is refused', async () => {
    const key = randomUUID();
    const fields = versementBody(client, banque.id);
    const first = await postVersementForm(
      ctx,
      client.auth,
      fields,
      { name: 'recu.pdf', data: PDF },
      {
        'idempotency-key': key,
      },
    );
    expect(first.statusCode, first.body).toBe(201);
    const files = await storedFiles(ctx, 'versements');
    const replay = await postVersementForm(
      ctx,
      client.auth,
      fields,
      { name: 'recu.pdf', data: PDF },
      {
        'idempotency-key': key,
      },
    );
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.id).toBe(first.json().data.id);
    expect(await storedFiles(ctx, 'versements')).toEqual(files);
    const otherFile = await postVersementForm(
      ctx,
      client.auth,
      fields,
      { name: 'recu.pdf', data: PNG },
      {
        'idempotency-key': key,
      },
    );
    expect(otherFile.statusCode).toBe(409);
    expect(otherFile.json().message).toBe(VERSEMENT_MESSAGES.idempotencyReused);
    expect(await storedFiles(ctx, 'versements')).toEqual(files);
  });
});

describe('receipt numbers', () => {
  it('refuses a receipt number already declared at the bank, in any case, with 409 on the field', async () => {
    const bank = await createBanque(ctx, comptable.auth);
    const numero = uniqueTag('REC-');
    expect(
      (await postVersement(ctx, client.auth, versementBody(client, bank.id, { numero_recu: numero }))).statusCode,
    ).toBe(201);
    // The same receipt again, by the member, in lower case, or by another member at that bank.
    for (const [auth, body] of [
      [client.auth, versementBody(client, bank.id, { numero_recu: numero })],
      [client.auth, versementBody(client, bank.id, { numero_recu: numero.toLowerCase() })],
      [outsider.auth, versementBody(outsider, bank.id, { numero_recu: ` ${numero} ` })],
    ] as const) {
      const response = await postVersement(ctx, auth, body);
      expect(response.statusCode, body.numero_recu).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        message: VERSEMENT_MESSAGES.recuTaken,
        errors: { numero_recu: VERSEMENT_MESSAGES.recuTaken },
      });
    }
    const atBank = await ctx.db.selectFrom('versements').select('id').where('banque_id', '=', bank.id).execute();
    expect(atBank).toHaveLength(1);
  });

  it('accepts the same receipt number at another bank, and again once the payment holding it is deleted', async () => {
    const a = await createBanque(ctx, comptable.auth);
    const b = await createBanque(ctx, comptable.auth);
    const numero = uniqueTag('REC-');
    const first = await declare(ctx, client.auth, versementBody(client, a.id, { numero_recu: numero }));
    await declare(ctx, client.auth, versementBody(client, b.id, { numero_recu: numero }));
    expect(
      (await postVersement(ctx, client.auth, versementBody(client, a.id, { numero_recu: numero }))).statusCode,
    ).toBe(409);
    expect((await deleteVersement(ctx, comptable.auth, first.id)).statusCode).toBe(200);
    const again = await postVersement(ctx, client.auth, versementBody(client, a.id, { numero_recu: numero }));
    expect(again.statusCode, again.body).toBe(201);
  });

  it('frees the receipt number of a rejected payment, so that an illegible scan is declared again', async () => {
    const bank = await createBanque(ctx, comptable.auth);
    const numero = uniqueTag('REC-');
    const first = await declare(ctx, client.auth, versementBody(client, bank.id, { numero_recu: numero }));
    expect((await rejectVersement(ctx, comptable.auth, first.id, { motif: 'Scan illisible' })).statusCode).toBe(200);
    const again = await postVersement(ctx, client.auth, versementBody(client, bank.id, { numero_recu: numero }));
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('receipt scans', () => {
  it('accepts a real PDF, JPEG and PNG, stores each privately under media/versements and serves it back', async () => {
    const cases = [
      { name: 'recu.pdf', data: PDF, mime: 'application/pdf', disposition: 'attachment' },
      { name: 'reçu photo.jpg', data: JPEG, mime: 'image/jpeg', disposition: 'inline' },
      { name: 'recu.png', data: PNG, mime: 'image/png', disposition: 'inline' },
    ];
    for (const file of cases) {
      // The declared type is not trusted: the bytes are.
      const response = await postVersementForm(ctx, client.auth, versementBody(client, banque.id), {
        name: file.name,
        data: file.data,
        type: 'application/octet-stream',
      });
      expect(response.statusCode, `${file.name}: ${response.body}`).toBe(201);
      const v: Versement = response.json().data;
      expect(v).toMatchObject({ scan_recu: file.name, scan_type: file.mime, montant: 150_000 });

      const row = await versementRow(ctx, v.id);
      expect(row.scan_path).toMatch(new RegExp(`^versements/${v.id}/[0-9a-f-]{36}\\.(pdf|jpg|png)$`));
      await expectStoredPrivately(ctx, row.scan_path ?? '');

      const served = await get(`/api/versements/${v.id}/scan`, client.auth);
      expect(served.statusCode, file.name).toBe(200);
      expect(served.headers['content-type']).toBe(file.mime);
      expect(served.headers['content-disposition']).toBe(
        `${file.disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      );
      expect(served.headers['cache-control']).toBe('private, no-store');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(file.data)).toBe(true);
    }
  });

  it('serves a scan to whoever may see the payment, 404 to another member or gestionnaire, 404 without a scan', async () => {
    const created = await postVersementForm(ctx, client.auth, versementBody(client, banque.id), {
      name: 'recu.png',
      data: PNG,
    });
    const id = created.json().data.id;
    for (const auth of [client.auth, gestionnaire.auth, comptable.auth, admin.auth]) {
      const response = await get(`/api/versements/${id}/scan`, auth);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(PNG)).toBe(true);
    }
    const otherGestionnaire = await loginAs(ctx, 'gestionnaire');
    for (const auth of [outsider.auth, otherGestionnaire.auth]) {
      const response = await get(`/api/versements/${id}/scan`, auth);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(VERSEMENT_MESSAGES.notFound);
    }
    const without = await pending();
    const none = await get(`/api/versements/${without.id}/scan`, client.auth);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(VERSEMENT_MESSAGES.scanNotFound);
    // A deleted payment's scan is no longer served.
    expect((await deleteVersement(ctx, comptable.auth, id)).statusCode).toBe(200);
    expect((await get(`/api/versements/${id}/scan`, comptable.auth)).statusCode).toBe(404);
  });

  it('refuses a scan over 5 MB with 413 and the spec message, recording nothing; takes one of exactly 5 MB', async () => {
    const files = await storedFiles(ctx, 'versements');
    for (const megabytes of [6, 12]) {
      const body = versementBody(client, banque.id);
      const big = Buffer.concat([PDF, Buffer.alloc(megabytes * 1024 * 1024 - PDF.length, 0x20)]);
      const response = await postVersementForm(ctx, client.auth, body, { name: 'gros.pdf', data: big });
      expect(response.statusCode, `${megabytes} MB`).toBe(413);
      expect(response.json(), `${megabytes} MB`).toMatchObject({
        message: VERSEMENT_MESSAGES.scanTooLarge,
        errors: { scan_recu: VERSEMENT_MESSAGES.scanTooLarge },
      });
      expect(await countRows(body.numero_recu)).toBe(0);
    }
    expect(await storedFiles(ctx, 'versements')).toEqual(files);
    const limit = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 - PDF.length, 0x20)]);
    const atLimit = await postVersementForm(ctx, client.auth, versementBody(client, banque.id), {
      name: 'limite.pdf',
      data: limit,
    });
    expect(atLimit.statusCode, atLimit.body).toBe(201);
  });

  it('refuses, by its bytes, a text file named .png and a GIF with 415 and the spec message', async () => {
    const files = await storedFiles(ctx, 'versements');
    for (const file of [
      { name: 'recu.png', data: Buffer.from('ceci est un texte, pas une image'), type: 'image/png' },
      { name: 'recu.gif', data: GIF, type: 'image/gif' },
      { name: 'recu.pdf', data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), type: 'application/pdf' },
    ]) {
      const body = versementBody(client, banque.id);
      const response = await postVersementForm(ctx, client.auth, body, file);
      expect(response.statusCode, file.name).toBe(415);
      expect(response.json()).toMatchObject({
        message: VERSEMENT_MESSAGES.scanType,
        errors: { scan_recu: VERSEMENT_MESSAGES.scanType },
      });
      expect(await countRows(body.numero_recu)).toBe(0);
    }
    expect(await storedFiles(ctx, 'versements')).toEqual(files);
  });

  it('accepts one scan per payment', async () => {
    const body = versementBody(client, banque.id);
    const form = multipart(body, [
      { field: 'scan_recu', name: 'a.pdf', data: PDF },
      { field: 'scan_recu', name: 'b.pdf', data: PDF },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/versements',
      headers: { ...client.auth, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ scan_recu: VERSEMENT_MESSAGES.oneScan });
    expect(await countRows(body.numero_recu)).toBe(0);
  });

  it('leaves no file behind when a creation with a scan fails (receipt taken, or a failure after the file is written)', async () => {
    const numero = uniqueTag('REC-');
    expect(
      (await postVersement(ctx, client.auth, versementBody(client, banque.id, { numero_recu: numero }))).statusCode,
    ).toBe(201);
    const files = await storedFiles(ctx, 'versements');
    const taken = await postVersementForm(ctx, client.auth, versementBody(client, banque.id, { numero_recu: numero }), {
      name: 'recu.pdf',
      data: PDF,
    });
    expect(taken.statusCode).toBe(409);
    expect(await storedFiles(ctx, 'versements')).toEqual(files);

    // The audit row is written after the file: make it fail for one receipt number.
    await sql`
      CREATE FUNCTION test_echec_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.table_name = 'versements' AND NEW.new_values ->> 'numero_recu' LIKE 'ECHEC-%' THEN
          RAISE EXCEPTION 'échec simulé après l’écriture du fichier';
        END IF;
        RETURN NEW;
      END $$`.execute(ctx.db);
    await sql`CREATE TRIGGER test_echec_audit BEFORE INSERT ON audit FOR EACH ROW EXECUTE FUNCTION test_echec_audit()`.execute(
      ctx.db,
    );
    try {
      const body = versementBody(client, banque.id, { numero_recu: uniqueTag('ECHEC-') });
      const failed = await postVersementForm(ctx, client.auth, body, { name: 'recu.pdf', data: PDF });
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toContain('échec simulé');
      expect(await countRows(body.numero_recu)).toBe(0);
      expect(await storedFiles(ctx, 'versements')).toEqual(files);
    } finally {
      await sql`DROP TRIGGER test_echec_audit ON audit`.execute(ctx.db);
      await sql`DROP FUNCTION test_echec_audit()`.execute(ctx.db);
    }
  });
});

describe('the ledger check (ledgerBreaches)', () => {
  it('names the member whose paid total was written by hand', async () => {
    const v = await pending({ montant: 9_000 });
    expect((await validateVersement(ctx, comptable.auth, v.id)).statusCode).toBe(200);
    const breaches = await insideRolledBack(async (trx) => {
      await trx.updateTable('membres').set({ montant_deja_paye: 1 }).where('id', '=', client.id).execute();
      return ledgerBreaches(trx);
    });
    expect(breaches).toEqual([
      {
        invariant: 'total_paye_membre',
        detail: expect.stringContaining(`membre ${client.id} (${client.code_esv})`),
      },
    ]);
  });

  it('names a payment marked validated by hand without its credit, and a movement without its source', async () => {
    const v = await pending({ montant: 3_000 });
    const breaches = await insideRolledBack(async (trx) => {
      await trx
        .updateTable('versements')
        .set({ statut: 'valide', date_validation: new Date() })
        .where('id', '=', v.id)
        .execute();
      await trx
        .insertInto('mouvements_bancaires')
        .values({
          banque_id: banque.id,
          type: 'credit',
          operation: 'depot',
          montant: 5,
          solde_apres: 5,
          source_table: 'versements',
          source_id: 999_999,
          created_by: null,
        })
        .execute();
      return ledgerBreaches(trx);
    });
    const invariants = breaches?.map((b) => b.invariant);
    expect(invariants).toEqual(
      expect.arrayContaining(['mouvements_versement', 'total_paye_membre', 'source_mouvement', 'solde_banque']),
    );
    expect(breaches?.find((b) => b.invariant === 'mouvements_versement')?.detail).toContain(
      `versement ${v.id} (valide)`,
    );
    expect(breaches?.find((b) => b.invariant === 'source_mouvement')?.detail).toContain('source versements 999999');
  });
});

// Two connections that wait on one another: PGlite has a single connection, so only PostgreSQL can.
describe.runIf(process.env.DATABASE_URL)('on PostgreSQL: requests held back, then released together', () => {
  it('credits once when two validations wait on the same payment and then run together', async () => {
    const bank = await createBanque(ctx, comptable.auth);
    const c = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id });
    const v = await declare(ctx, c.auth, versementBody(c, bank.id, { montant: 33_000 }));
    let racing: Promise<{ statusCode: number; json(): { message: string } }[]> | undefined;
    await ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('versements').select('id').where('id', '=', v.id).forUpdate().execute();
      racing = Promise.all([
        validateVersement(ctx, comptable.auth, v.id),
        validateVersement(ctx, gestionnaire.auth, v.id),
      ]);
      await heldBack(ctx.db, trx, 2);
    });
    const responses = (await racing) ?? [];
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().message).toBe(VERSEMENT_MESSAGES.alreadyDecided);
    const state = await bankState(ctx, bank.id);
    expect(state.solde).toBe(33_000);
    expect(state.mouvements).toHaveLength(1);
    expect((await membreTotals(ctx, c.id)).montant_deja_paye).toBe(33_000);
  });

  it('records once when two creations with one key wait on that key, then run together', async () => {
    const key = randomUUID();
    const body = versementBody(client, banque.id);
    let racing: Promise<Awaited<ReturnType<typeof postVersement>>[]> | undefined;
    const held = new Error('released');
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        // Another request's claim of the key, not yet committed (and finally given up).
        await trx
          .insertInto('idempotence')
          .values({ utilisateur_id: client.utilisateur_id, cle: key, operation: 'versements.create', empreinte: 'x' })
          .execute();
        racing = Promise.all([
          postVersement(ctx, client.auth, body, { 'idempotency-key': key }),
          postVersement(ctx, client.auth, body, { 'idempotency-key': key }),
        ]);
        await heldBack(ctx.db, trx, 2);
        throw held;
      })
      .catch((error) => {
        if (error !== held) throw error;
      });
    const responses = (await racing) ?? [];
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(responses[0]?.json().data.id).toBe(responses[1]?.json().data.id);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
    expect(await countRows(body.numero_recu)).toBe(1);
  });
});
