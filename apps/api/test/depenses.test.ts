import {
  AMOUNT_MESSAGES,
  BANQUE_MESSAGES,
  type Banque,
  DEPENSE_MESSAGES,
  type Depense,
  type DepenseStats,
  INPUT_MESSAGES,
  MESSAGES,
  MONTANT_MAX,
  type Mouvement,
  type Role,
  VERSEMENT_MESSAGES,
} from '@app/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerBreaches } from '../src/modules/banques/ledger.repository.ts';
import { multipart, PDF, PNG } from './catalogue-helpers.ts';
import { buildTestApp, heldBack, loginAs, ROLES_ALL, type TestContext } from './helpers.ts';
import {
  type Auth,
  auditOf,
  bankState,
  type Client,
  createBanque,
  createClient,
  GIF,
  JPEG,
  uniqueTag,
  withoutPrincipal,
} from './money-helpers.ts';
import { expectStoredPrivately, storedFiles } from './stored-files.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let comptable: Awaited<ReturnType<typeof loginAs>>;
let gestionnaire: Awaited<ReturnType<typeof loginAs>>;
/** The principal bank: where an expense goes without a bank named. */
let principale: Banque;
/** A member, signed in as the 'membre' of the rights matrix. */
let client: Client;
/** Another member, signed in. */
let outsider: Client;
let tokens: Record<Role, Auth>;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, 'admin');
  comptable = await loginAs(ctx, 'comptable');
  gestionnaire = await loginAs(ctx, 'gestionnaire');
  principale = await createBanque(ctx, comptable.auth, { est_principale: true, solde_initial: 100_000_000 });
  client = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id });
  outsider = await createClient(ctx);
  tokens = {
    admin: admin.auth,
    gestionnaire: gestionnaire.auth,
    comptable: comptable.auth,
    commercial: (await loginAs(ctx, 'commercial')).auth,
    membre: client.auth,
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

/** The rights table (rights.ts, spec 3 §6), written out rather than read from the shared table. */
const READERS: Role[] = ['admin', 'comptable', 'membre'];
const FILERS: Role[] = ['membre'];
const DELETERS: Role[] = ['admin', 'comptable', 'membre'];
const DECIDERS: Role[] = ['admin', 'comptable'];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Fields = Record<string, string | number | null | undefined>;
type FileField = { name: string; data: Buffer; type?: string };

const get = (url: string, auth: Auth) => ctx.app.inject({ method: 'GET', url, headers: auth });
const idsOf = (response: { json(): { data: Depense[] } }) => response.json().data.map((d) => d.id);

/** A complete expense form, its description unique. */
function depenseBody(overrides: Fields = {}): Fields {
  return {
    montant: 25_000,
    categorie: 'Transport',
    description: `Taxi ${uniqueTag('D')}`,
    date_depense: '2026-11-05',
    ...overrides,
  };
}

/** A form in JSON, or in multipart when a file is given (or `form` is asked). */
function send(method: Method, url: string, auth: Auth, fields: Fields, file?: FileField, form = false) {
  if (!file && !form) return ctx.app.inject({ method, url, headers: auth, payload: fields });
  const present = Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string | number] => entry[1] != null),
  );
  const body = multipart(present, file ? [{ field: 'fichier_justificatif', ...file }] : []);
  return ctx.app.inject({ method, url, headers: { ...auth, ...body.headers }, payload: body.payload });
}

const postDepense = (auth: Auth, fields: Fields, file?: FileField) => send('POST', '/api/depenses', auth, fields, file);
const putDepense = (auth: Auth, id: number, fields: Fields, file?: FileField) =>
  send('PUT', `/api/depenses/${id}`, auth, fields, file);
const deleteDepense = (auth: Auth, id: number) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/depenses/${id}`, headers: auth });
const decide = (action: 'approve' | 'reject', auth: Auth, id: number, body?: object) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/depenses/${id}/${action}`,
    headers: auth,
    ...(body ? { payload: body } : {}),
  });
const approve = (auth: Auth, id: number, body?: object) => decide('approve', auth, id, body);
const reject = (auth: Auth, id: number, body: object = { commentaire: 'Hors budget' }) =>
  decide('reject', auth, id, body);

/** An expense filed through the API (201 expected). */
async function file(auth: Auth = client.auth, overrides: Fields = {}, justificatif?: FileField): Promise<Depense> {
  const response = await postDepense(auth, depenseBody(overrides), justificatif);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function depenseRow(id: number) {
  return ctx.db.selectFrom('depenses').selectAll().where('id', '=', id).executeTakeFirst();
}

async function countByDescription(description: unknown) {
  const rows = await ctx.db
    .selectFrom('depenses')
    .select('id')
    .where('description', '=', String(description))
    .execute();
  return rows.length;
}

async function stats(auth: Auth): Promise<DepenseStats> {
  const response = await get('/api/depenses/stats', auth);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function mouvementsOf(banqueId: number): Promise<Mouvement[]> {
  const response = await get(`/api/banques/${banqueId}/mouvements?limit=100`, comptable.auth);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('filing an expense (POST /depenses)', () => {
  it("records a member's JSON expense as pending, by him, on the principal bank, and audits it", async () => {
    const before = await bankState(ctx, principale.id);
    const body = depenseBody({ montant: 42_500, categorie: 'Repas et restauration', numero_recu: 'R-778' });
    // Fields a member may not set are ignored.
    const response = await postDepense(client.auth, {
      ...body,
      statut: 'approuvee',
      created_by: admin.account.id,
      date_approbation: '2026-11-05T10:00:00Z',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(DEPENSE_MESSAGES.created);
    const d: Depense = response.json().data;
    expect(d).toMatchObject({
      montant: 42_500,
      categorie: 'Repas et restauration',
      categorie_autre: null,
      description: body.description,
      date_depense: '2026-11-05',
      numero_recu: 'R-778',
      banque_id: principale.id,
      banque: { id: principale.id, nom: principale.nom },
      statut: 'en_attente',
      commentaire: null,
      date_approbation: null,
      date_rejet: null,
      fichier_justificatif: null,
      justificatif_type: null,
      createur: { id: client.utilisateur_id, nom: client.nom, prenom: 'Awa' },
      approbateur: null,
    });
    expect(await depenseRow(d.id)).toMatchObject({ created_by: client.utilisateur_id, traite_par: null });
    // Filing moves no money.
    expect(await bankState(ctx, principale.id)).toEqual(before);
    const [audit, ...more] = await auditOf(ctx, 'depenses', d.id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ action: 'created', user_id: client.utilisateur_id });
    expect(audit?.new_values).toMatchObject({
      montant: 42_500,
      banque_id: principale.id,
      description: body.description,
    });
  });

  it("takes the bank named, keeps 'Autre' with its precision and drops the precision of any other category", async () => {
    const bank = await createBanque(ctx, comptable.auth);
    const autre = await file(client.auth, {
      categorie: 'Autre',
      categorie_autre: 'Cadeaux clients',
      banque_id: bank.id,
    });
    expect(autre).toMatchObject({
      categorie: 'Autre',
      categorie_autre: 'Cadeaux clients',
      banque_id: bank.id,
      banque: { id: bank.id, nom: bank.nom },
    });
    const formation = await file(client.auth, { categorie: 'Formation', categorie_autre: 'Ignorée' });
    expect(formation).toMatchObject({ categorie: 'Formation', categorie_autre: null, banque_id: principale.id });
  });

  it("answers each missing or invalid field with the spec's message, on its field, recording nothing", async () => {
    const inactive = await createBanque(ctx, comptable.auth);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/banques/${inactive.id}`,
      headers: comptable.auth,
      payload: { statut: 'inactive' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const euros = await createBanque(ctx, comptable.auth, { devise: 'EUR' });
    const cases: [Fields, string, string][] = [
      [{ montant: undefined }, 'montant', DEPENSE_MESSAGES.montantInvalid],
      [{ montant: 0 }, 'montant', DEPENSE_MESSAGES.montantInvalid],
      [{ montant: -100 }, 'montant', DEPENSE_MESSAGES.montantInvalid],
      [{ montant: 'cent' }, 'montant', DEPENSE_MESSAGES.montantInvalid],
      [{ montant: 10.5 }, 'montant', AMOUNT_MESSAGES.whole],
      [{ montant: MONTANT_MAX + 1 }, 'montant', AMOUNT_MESSAGES.tooLarge(MONTANT_MAX)],
      [{ categorie: undefined }, 'categorie', DEPENSE_MESSAGES.categorieRequired],
      [{ categorie: '' }, 'categorie', DEPENSE_MESSAGES.categorieRequired],
      [{ categorie: 'Loisirs' }, 'categorie', DEPENSE_MESSAGES.categorieRequired],
      [{ categorie: 'Autre' }, 'categorie_autre', DEPENSE_MESSAGES.categorieAutreRequired],
      [{ categorie: 'Autre', categorie_autre: '   ' }, 'categorie_autre', DEPENSE_MESSAGES.categorieAutreRequired],
      [{ description: undefined }, 'description', DEPENSE_MESSAGES.descriptionRequired],
      [{ description: '  ' }, 'description', DEPENSE_MESSAGES.descriptionRequired],
      [{ date_depense: undefined }, 'date_depense', DEPENSE_MESSAGES.dateRequired],
      [{ date_depense: '' }, 'date_depense', DEPENSE_MESSAGES.dateRequired],
      [{ date_depense: '05/11/2026' }, 'date_depense', INPUT_MESSAGES.dateInvalid],
      [{ date_depense: '2026-02-30' }, 'date_depense', INPUT_MESSAGES.dateInvalid],
      [{ banque_id: 'abc' }, 'banque_id', DEPENSE_MESSAGES.banqueRequired],
      [{ banque_id: inactive.id }, 'banque_id', DEPENSE_MESSAGES.banqueInactive],
      [{ banque_id: euros.id }, 'banque_id', DEPENSE_MESSAGES.banqueInactive],
      [{ banque_id: 999_999 }, 'banque_id', DEPENSE_MESSAGES.banqueInactive],
    ];
    for (const [overrides, field, message] of cases) {
      const body = depenseBody(overrides);
      const label = `${field} ${JSON.stringify(overrides)}`;
      const response = await postDepense(client.auth, body);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().errors?.[field], label).toBe(message);
      expect(await countByDescription(body.description), label).toBe(0);
    }
    // The same messages in a multipart form: an empty one names every required field.
    const empty = await send('POST', '/api/depenses', client.auth, {}, undefined, true);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      montant: DEPENSE_MESSAGES.montantInvalid,
      categorie: DEPENSE_MESSAGES.categorieRequired,
      description: DEPENSE_MESSAGES.descriptionRequired,
      date_depense: DEPENSE_MESSAGES.dateRequired,
    });
    const body = depenseBody({ categorie: 'Autre', categorie_autre: '' });
    const autre = await send('POST', '/api/depenses', client.auth, body, undefined, true);
    expect(autre.statusCode).toBe(400);
    expect(autre.json().errors).toEqual({ categorie_autre: DEPENSE_MESSAGES.categorieAutreRequired });
    expect(await countByDescription(body.description)).toBe(0);
    // 'Autre' without its precision is said with the other fields' errors, not after them.
    const autreEmpty = await send('POST', '/api/depenses', client.auth, { categorie: 'Autre' }, undefined, true);
    expect(autreEmpty.json().errors).toEqual({
      montant: DEPENSE_MESSAGES.montantInvalid,
      categorie_autre: DEPENSE_MESSAGES.categorieAutreRequired,
      description: DEPENSE_MESSAGES.descriptionRequired,
      date_depense: DEPENSE_MESSAGES.dateRequired,
    });
  });

  it('debits the principal bank when the form leaves the bank empty', async () => {
    const response = await postDepense(client.auth, depenseBody({ banque_id: '' }));
    expect(response.statusCode, response.body).toBe(201);
    const principale = await ctx.db
      .selectFrom('banques')
      .select('id')
      .where('est_principale', '=', true)
      .executeTakeFirstOrThrow();
    expect(response.json().data.banque_id).toBe(principale.id);
  });

  it('asks for a bank when none is named and there is no principal bank', async () => {
    const body = depenseBody();
    const response = await withoutPrincipal(ctx, () => postDepense(client.auth, body));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ banque_id: DEPENSE_MESSAGES.banqueRequired });
    expect(await countByDescription(body.description)).toBe(0);
  });

  it('takes a multipart form with its justificatif: PDF, JPEG, PNG told by their bytes, stored privately, served back', async () => {
    const cases = [
      { name: 'facture.pdf', data: PDF, mime: 'application/pdf', disposition: 'attachment' },
      { name: 'ticket caisse.jpg', data: JPEG, mime: 'image/jpeg', disposition: 'inline' },
      { name: 'ticket.png', data: PNG, mime: 'image/png', disposition: 'inline' },
      // A PNG named .pdf is a PNG.
      { name: 'photo.pdf', data: PNG, mime: 'image/png', disposition: 'inline' },
    ];
    for (const justificatif of cases) {
      const response = await postDepense(client.auth, depenseBody({ montant: '15000' }), {
        name: justificatif.name,
        data: justificatif.data,
        type: 'application/octet-stream',
      });
      expect(response.statusCode, `${justificatif.name}: ${response.body}`).toBe(201);
      const d: Depense = response.json().data;
      expect(d).toMatchObject({
        montant: 15_000,
        fichier_justificatif: justificatif.name,
        justificatif_type: justificatif.mime,
        statut: 'en_attente',
      });
      const row = await depenseRow(d.id);
      expect(row?.justificatif_path).toMatch(new RegExp(`^depenses/${d.id}/[0-9a-f-]{36}\\.(pdf|jpg|png)$`));
      await expectStoredPrivately(ctx, row?.justificatif_path ?? '');

      const served = await get(`/api/depenses/${d.id}/justificatif`, client.auth);
      expect(served.statusCode, justificatif.name).toBe(200);
      expect(served.headers['content-type']).toBe(justificatif.mime);
      expect(served.headers['content-disposition']).toBe(
        `${justificatif.disposition}; filename*=UTF-8''${encodeURIComponent(justificatif.name)}`,
      );
      expect(served.headers['cache-control']).toBe('private, no-store');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(justificatif.data)).toBe(true);
      const [audit] = await auditOf(ctx, 'depenses', d.id);
      expect(audit?.new_values).toMatchObject({ fichier_justificatif: justificatif.name });
    }
  });

  it('refuses a justificatif over 5 MB (413) and one that is not a PDF, JPEG or PNG by its bytes (415), recording nothing', async () => {
    const files = await storedFiles(ctx, 'depenses');
    const big = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024 - PDF.length, 0x20)]);
    const refused: [FileField, number, string][] = [
      [{ name: 'gros.pdf', data: big }, 413, VERSEMENT_MESSAGES.scanTooLarge],
      [
        { name: 'facture.pdf', data: Buffer.from('ceci est un texte, pas un PDF'), type: 'application/pdf' },
        415,
        VERSEMENT_MESSAGES.scanType,
      ],
      [{ name: 'ticket.gif', data: GIF, type: 'image/gif' }, 415, VERSEMENT_MESSAGES.scanType],
    ];
    for (const [justificatif, status, message] of refused) {
      const body = depenseBody();
      const response = await postDepense(client.auth, body, justificatif);
      expect(response.statusCode, justificatif.name).toBe(status);
      expect(response.json(), justificatif.name).toMatchObject({
        message,
        errors: { fichier_justificatif: message },
      });
      expect(await countByDescription(body.description)).toBe(0);
    }
    expect(await storedFiles(ctx, 'depenses')).toEqual(files);
  });
});

describe('the justificatif (GET /depenses/{id}/justificatif)', () => {
  it('serves it to its filer, the admin and the comptable; another member gets 404; 404 without one', async () => {
    const d = await file(client.auth, {}, { name: 'recu.png', data: PNG });
    for (const auth of [client.auth, admin.auth, comptable.auth]) {
      const response = await get(`/api/depenses/${d.id}/justificatif`, auth);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(PNG)).toBe(true);
    }
    const theirs = await get(`/api/depenses/${d.id}/justificatif`, outsider.auth);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(DEPENSE_MESSAGES.notFound);
    const without = await file();
    const none = await get(`/api/depenses/${without.id}/justificatif`, client.auth);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(DEPENSE_MESSAGES.justificatifNotFound);
    // A deleted expense's file is no longer served.
    expect((await deleteDepense(comptable.auth, d.id)).statusCode).toBe(200);
    expect((await get(`/api/depenses/${d.id}/justificatif`, comptable.auth)).statusCode).toBe(404);
  });
});

describe('rights (rights.ts depenses.*): each of the six roles on each endpoint', () => {
  it('lets admin, comptable and membre read the list, stats, one expense and its justificatif; 403 for the others', async () => {
    const d = await file(client.auth, {}, { name: 'recu.pdf', data: PDF });
    for (const url of [
      '/api/depenses',
      '/api/depenses/stats',
      `/api/depenses/${d.id}`,
      `/api/depenses/${d.id}/justificatif`,
    ]) {
      for (const role of ROLES_ALL) {
        const response = await get(url, tokens[role]);
        const label = `${role} GET ${url}`;
        if (READERS.includes(role)) {
          expect(response.statusCode, label).toBe(200);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json(), label).toMatchObject({ code: 'FORBIDDEN', message: MESSAGES.forbidden });
        }
      }
    }
  });

  it('lets only a membre file and edit an expense; 403 for the others, nothing recorded or changed', async () => {
    const d = await file();
    for (const role of ROLES_ALL) {
      const body = depenseBody();
      const created = await postDepense(tokens[role], body);
      const edited = await putDepense(tokens[role], d.id, depenseBody({ description: `Modifiée par ${role}` }));
      if (FILERS.includes(role)) {
        expect(created.statusCode, `${role} POST`).toBe(201);
        expect(edited.statusCode, `${role} PUT`).toBe(200);
        expect(await countByDescription(body.description)).toBe(1);
      } else {
        for (const [response, label] of [
          [created, `${role} POST`],
          [edited, `${role} PUT`],
        ] as const) {
          expect(response.statusCode, label).toBe(403);
          expect(response.json().message, label).toBe(MESSAGES.forbidden);
        }
        expect(await countByDescription(body.description), role).toBe(0);
      }
    }
    expect((await depenseRow(d.id))?.description).toBe('Modifiée par membre');
  });

  it('lets admin, comptable and membre delete; admin and comptable approve and reject; 403 for the others', async () => {
    const bank = await createBanque(ctx, comptable.auth, { solde_initial: 1_000_000 });
    const actions = {
      delete: { allowed: DELETERS, run: (auth: Auth, id: number) => deleteDepense(auth, id) },
      approve: { allowed: DECIDERS, run: (auth: Auth, id: number) => approve(auth, id) },
      reject: { allowed: DECIDERS, run: (auth: Auth, id: number) => reject(auth, id) },
    };
    for (const [action, { allowed, run }] of Object.entries(actions)) {
      for (const role of ROLES_ALL) {
        const d = await file(client.auth, { montant: 1_000, banque_id: bank.id });
        const response = await run(tokens[role], d.id);
        const row = await depenseRow(d.id);
        const label = `${role} ${action}`;
        if (allowed.includes(role)) {
          expect(response.statusCode, `${label}: ${response.body}`).toBe(200);
          if (action === 'delete') expect(row, label).toBeUndefined();
          else expect(row?.statut, label).toBe(action === 'approve' ? 'approuvee' : 'rejetee');
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json().message, label).toBe(MESSAGES.forbidden);
          expect(row, label).toMatchObject({ statut: 'en_attente', traite_par: null });
          expect(await auditOf(ctx, 'depenses', d.id), label).toHaveLength(1);
        }
      }
    }
    // Two approvals of 1,000 FCFA each (admin and comptable).
    expect((await bankState(ctx, bank.id)).solde).toBe(998_000);
  });

  it('answers 401 without a token on every expense endpoint', async () => {
    const d = await file();
    const calls: [Method, string][] = [
      ['GET', '/api/depenses'],
      ['GET', '/api/depenses/stats'],
      ['GET', `/api/depenses/${d.id}`],
      ['GET', `/api/depenses/${d.id}/justificatif`],
      ['POST', '/api/depenses'],
      ['PUT', `/api/depenses/${d.id}`],
      ['DELETE', `/api/depenses/${d.id}`],
      ['PATCH', `/api/depenses/${d.id}/approve`],
      ['PATCH', `/api/depenses/${d.id}/reject`],
    ];
    for (const [method, url] of calls) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().message).toBe(MESSAGES.tokenMissing);
    }
    expect((await depenseRow(d.id))?.statut).toBe('en_attente');
  });
});

describe('object scope: a member sees only his own expenses', () => {
  it("lists, counts, shows, edits and deletes only his own; another member's answers 404, unchanged", async () => {
    const self = await createClient(ctx);
    const mine = await file(self.auth, { montant: 12_000, categorie: 'Communication' });
    const theirs = await file(outsider.auth, {}, { name: 'recu.pdf', data: PDF });

    const list = await get('/api/depenses?limit=100', self.auth);
    expect(idsOf(list)).toEqual([mine.id]);
    expect(list.json().pagination).toMatchObject({ total: 1, totalExact: true });
    // A filter naming another's bank or a search reaches nothing more.
    expect(idsOf(await get(`/api/depenses?banque_id=${principale.id}`, self.auth))).toEqual([mine.id]);
    expect(idsOf(await get(`/api/depenses?search=${encodeURIComponent(theirs.description)}`, self.auth))).toEqual([]);
    expect(await stats(self.auth)).toEqual({
      total: 1,
      en_attente: 1,
      approuvees: 0,
      rejetees: 0,
      montant_total: 12_000,
      montant_approuve: 0,
      montant_en_attente: 12_000,
      categories: [{ categorie: 'Communication', nombre: 1 }],
    });
    expect((await get(`/api/depenses/${mine.id}`, self.auth)).statusCode).toBe(200);
    for (const response of [
      await get(`/api/depenses/${theirs.id}`, self.auth),
      await get(`/api/depenses/${theirs.id}/justificatif`, self.auth),
      await putDepense(self.auth, theirs.id, depenseBody()),
      await deleteDepense(self.auth, theirs.id),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(DEPENSE_MESSAGES.notFound);
    }
    expect(await depenseRow(theirs.id)).toMatchObject({ description: theirs.description, statut: 'en_attente' });
    expect(await auditOf(ctx, 'depenses', theirs.id)).toHaveLength(1);
    // Admin and comptable see both.
    for (const who of [admin, comptable]) {
      for (const d of [mine, theirs]) expect((await get(`/api/depenses/${d.id}`, who.auth)).statusCode).toBe(200);
    }
  });

  it('answers 404 for an unknown expense and 400 for an id that is not one', async () => {
    for (const response of [
      await get('/api/depenses/999999', comptable.auth),
      await get('/api/depenses/999999/justificatif', comptable.auth),
      await approve(comptable.auth, 999_999),
      await reject(comptable.auth, 999_999),
      await deleteDepense(comptable.auth, 999_999),
      await putDepense(client.auth, 999_999, depenseBody()),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(DEPENSE_MESSAGES.notFound);
    }
    const bad = await get('/api/depenses/abc', comptable.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors?.id).toBe(INPUT_MESSAGES.invalidId);
  });
});

describe('the list: filters, search, sort, paging; and the stats', () => {
  let tag: string;
  let bank: Banque;
  let m1: Client;
  let m2: Client;
  const p: Depense[] = [];
  let allBefore: DepenseStats;
  const counted = ['categorie=Transport', 'statut=rejetee', 'statut=en_attente&categorie=Transport', 'categorie=Autre'];
  const totalsBefore: Record<string, number> = {};

  async function total(query: string, auth: Auth = comptable.auth) {
    const response = await get(`/api/depenses?${query}&limit=1`, auth);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().pagination.total as number;
  }

  beforeAll(async () => {
    tag = uniqueTag('Q');
    bank = await createBanque(ctx, comptable.auth, { solde_initial: 1_000_000 });
    m1 = await createClient(ctx, { nom: `${tag}Assi` });
    m2 = await createClient(ctx, { nom: `${tag}Bamba` });
    allBefore = await stats(comptable.auth);
    for (const query of counted) totalsBefore[query] = await total(query);
    const b = bank.id;
    p.push(
      await file(m1.auth, { banque_id: b, montant: 10_000, date_depense: '2026-01-10', description: 'Taxi aéroport' }),
      await file(m1.auth, {
        banque_id: b,
        montant: 30_000,
        date_depense: '2026-02-15',
        categorie: 'Autre',
        categorie_autre: `Cadeaux ${tag}`,
        description: 'Fleurs pour un client',
      }),
      await file(m2.auth, {
        banque_id: b,
        montant: 20_000,
        date_depense: '2026-03-05',
        categorie: 'Formation',
        description: 'Séminaire vente',
      }),
      await file(m2.auth, { banque_id: b, montant: 5_000, date_depense: '2026-04-20', description: 'Carburant' }),
    );
    expect((await approve(comptable.auth, p[1]?.id ?? 0, { commentaire: 'Justifié' })).statusCode).toBe(200);
    expect((await reject(admin.auth, p[2]?.id ?? 0, { commentaire: 'Sans justificatif' })).statusCode).toBe(200);
  });

  /** The fixture's expenses a list answers, by their position in p (p[0] was filed first). */
  async function listed(query: string, auth: Auth = comptable.auth) {
    const response = await get(`/api/depenses?${query}`, auth);
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    const ids: number[] = idsOf(response);
    return { order: ids.map((id) => p.findIndex((d) => d.id === id)), pagination: response.json().pagination };
  }

  it('filters by status, category and bank (an empty filter is none)', async () => {
    const b = `banque_id=${bank.id}`;
    expect((await listed(b)).order).toEqual([3, 2, 1, 0]);
    expect((await listed(`${b}&statut=&categorie=`)).order).toEqual([3, 2, 1, 0]);
    expect((await listed(`${b}&statut=en_attente`)).order).toEqual([3, 0]);
    expect((await listed(`${b}&statut=approuvee`)).order).toEqual([1]);
    expect((await listed(`${b}&statut=rejetee`)).order).toEqual([2]);
    expect((await listed(`${b}&categorie=Transport`)).order).toEqual([3, 0]);
    expect((await listed(`${b}&categorie=Autre`)).order).toEqual([1]);
    expect((await listed(`${b}&categorie=Formation&statut=rejetee`)).order).toEqual([2]);
    expect((await listed(`${b}&categorie=Maintenance`)).order).toEqual([]);
    // A member's own, filtered.
    expect((await listed('statut=en_attente', m1.auth)).order).toEqual([0]);
    expect((await listed('categorie=Autre', m1.auth)).order).toEqual([1]);
  });

  it('searches the description, the category (and its precision) and the filer’s name, with exact totals', async () => {
    const b = `banque_id=${bank.id}`;
    expect((await listed(`${b}&search=aéroport`)).order).toEqual([0]);
    expect((await listed(`${b}&search=CARBURANT`)).order).toEqual([3]);
    expect((await listed(`${b}&search=formation`)).order).toEqual([2]);
    expect((await listed(`search=${encodeURIComponent(`cadeaux ${tag}`)}`)).order).toEqual([1]);
    expect((await listed(`search=${tag}Assi`)).order).toEqual([1, 0]);
    expect((await listed(`search=${encodeURIComponent(`Awa ${tag}Bamba`)}`)).order).toEqual([3, 2]);
    const found = await listed(`search=${tag}&statut=en_attente`);
    expect(found.order).toEqual([3, 0]);
    expect(found.pagination).toMatchObject({ total: 2, totalExact: true });
    // A wildcard typed in the box is a character, not a pattern.
    expect((await listed(`${b}&search=%25`)).order).toEqual([]);
    expect((await listed(`${b}&search=_`)).order).toEqual([]);
    // Within a member's scope.
    expect((await listed(`search=${tag}`, m2.auth)).order).toEqual([3, 2]);
  });

  it('sorts by expense date (newest first by default), creation and amount, both ways', async () => {
    const b = `banque_id=${bank.id}`;
    expect((await listed(`${b}&sortBy=date_depense&sortOrder=asc`)).order).toEqual([0, 1, 2, 3]);
    expect((await listed(`${b}&sortBy=created_at`)).order).toEqual([3, 2, 1, 0]);
    expect((await listed(`${b}&sortBy=created_at&sortOrder=asc`)).order).toEqual([0, 1, 2, 3]);
    expect((await listed(`${b}&sortBy=montant&sortOrder=asc`)).order).toEqual([3, 0, 2, 1]);
    expect((await listed(`${b}&sortBy=montant&sortOrder=desc`)).order).toEqual([1, 2, 0, 3]);
  });

  it('pages with the real total, 20 a page by default, past the last page and within a scope', async () => {
    const b = `banque_id=${bank.id}`;
    expect((await listed(b)).pagination).toEqual({ page: 1, limit: 20, total: 4, totalPages: 1, totalExact: true });
    const first = await listed(`${b}&limit=3`);
    expect(first.order).toEqual([3, 2, 1]);
    expect(first.pagination).toEqual({ page: 1, limit: 3, total: 4, totalPages: 2, totalExact: true });
    expect((await listed(`${b}&limit=3&page=2`)).order).toEqual([0]);
    const past = await listed(`${b}&limit=3&page=5`);
    expect(past.order).toEqual([]);
    expect(past.pagination.total).toBe(4);
    const own = await listed('limit=1&page=2', m1.auth);
    expect(own.order).toEqual([0]);
    expect(own.pagination).toMatchObject({ total: 2, totalPages: 2, totalExact: true });
  });

  it("counts everyone's list under its filters (kept counters) exactly", async () => {
    const added: Record<string, number> = {
      'categorie=Transport': 2,
      'statut=rejetee': 1,
      'statut=en_attente&categorie=Transport': 2,
      'categorie=Autre': 1,
    };
    for (const query of counted) {
      expect((await total(query)) - (totalsBefore[query] ?? 0), query).toBe(added[query]);
    }
  });

  it('answers each row with its filer, bank and approver', async () => {
    const response = await get(`/api/depenses/${p[1]?.id}`, m1.auth);
    expect(response.statusCode).toBe(200);
    const d: Depense = response.json().data;
    expect(d).toMatchObject({
      statut: 'approuvee',
      commentaire: 'Justifié',
      categorie: 'Autre',
      categorie_autre: `Cadeaux ${tag}`,
      createur: { id: m1.utilisateur_id, nom: `${tag}Assi`, prenom: 'Awa' },
      banque: { id: bank.id, nom: bank.nom },
      approbateur: { id: comptable.account.id, nom: 'Kouamé', prenom: 'Awa' },
      date_rejet: null,
    });
    expect(d.date_approbation).not.toBeNull();
    const rejected: Depense = (await get(`/api/depenses/${p[2]?.id}`, admin.auth)).json().data;
    expect(rejected).toMatchObject({
      statut: 'rejetee',
      commentaire: 'Sans justificatif',
      date_approbation: null,
      approbateur: { id: admin.account.id },
    });
    expect(rejected.date_rejet).not.toBeNull();
  });

  it('refuses an unknown filter value or sort field with 400', async () => {
    for (const query of [
      'statut=approuve',
      'categorie=Loisirs',
      'sortBy=description',
      'sortOrder=up',
      'banque_id=abc',
      'limit=0',
      'limit=5000',
      'page=0',
    ]) {
      expect((await get(`/api/depenses?${query}`, comptable.auth)).statusCode, query).toBe(400);
    }
  });

  it("counts a member's own expenses, and everyone's for admin and comptable, with the categories present", async () => {
    expect(await stats(m1.auth)).toEqual({
      total: 2,
      en_attente: 1,
      approuvees: 1,
      rejetees: 0,
      montant_total: 40_000,
      montant_approuve: 30_000,
      montant_en_attente: 10_000,
      categories: [
        { categorie: 'Autre', nombre: 1 },
        { categorie: 'Transport', nombre: 1 },
      ],
    });
    expect((await stats(m2.auth)).categories).toEqual([
      { categorie: 'Formation', nombre: 1 },
      { categorie: 'Transport', nombre: 1 },
    ]);
    const fixture = {
      total: 4,
      en_attente: 2,
      approuvees: 1,
      rejetees: 1,
      montant_total: 65_000,
      montant_approuve: 30_000,
      montant_en_attente: 15_000,
    };
    const count = (s: DepenseStats, categorie: string) =>
      s.categories.find((c) => c.categorie === categorie)?.nombre ?? 0;
    for (const who of [comptable, admin]) {
      const after = await stats(who.auth);
      const { categories, ...totals } = after;
      const delta = Object.fromEntries(
        Object.entries(totals).map(([k, v]) => [k, v - (allBefore[k as keyof typeof totals] as number)]),
      );
      expect(delta, who.account.role).toEqual(fixture);
      expect(count(after, 'Transport') - count(allBefore, 'Transport')).toBe(2);
      expect(count(after, 'Autre') - count(allBefore, 'Autre')).toBe(1);
      expect(count(after, 'Formation') - count(allBefore, 'Formation')).toBe(1);
      // Most used first; only the categories present.
      const nombres = categories.map((c) => c.nombre);
      expect(nombres).toEqual([...nombres].sort((x, y) => y - x));
      expect(categories.every((c) => c.nombre > 0)).toBe(true);
    }
  });
});

describe('editing (PUT /depenses/{id})', () => {
  it('lets the member change his pending expense, answers the spec message, and audits old and new values', async () => {
    const bank = await createBanque(ctx, comptable.auth);
    const d = await file(client.auth, { montant: 8_000, categorie: 'Transport', numero_recu: 'T-1' });
    const response = await putDepense(
      client.auth,
      d.id,
      depenseBody({
        montant: 9_500,
        categorie: 'Autre',
        categorie_autre: 'Parking',
        description: 'Parking Plateau',
        date_depense: '2026-10-31',
        banque_id: bank.id,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(DEPENSE_MESSAGES.updated);
    expect(response.json().data).toMatchObject({
      id: d.id,
      montant: 9_500,
      categorie: 'Autre',
      categorie_autre: 'Parking',
      description: 'Parking Plateau',
      date_depense: '2026-10-31',
      numero_recu: null,
      banque: { id: bank.id },
      statut: 'en_attente',
    });
    const audits = await auditOf(ctx, 'depenses', d.id);
    expect(audits.map((a) => a.action)).toEqual(['created', 'updated']);
    expect(audits[1]).toMatchObject({ user_id: client.utilisateur_id });
    expect(audits[1]?.old_values).toMatchObject({ montant: 8_000, categorie: 'Transport', numero_recu: 'T-1' });
    expect(audits[1]?.new_values).toMatchObject({ montant: 9_500, categorie: 'Autre', banque_id: bank.id });
    // Without a bank named it goes back to the principal bank.
    const back = await putDepense(client.auth, d.id, depenseBody({ description: 'Parking Plateau' }));
    expect(back.json().data.banque_id).toBe(principale.id);
  });

  it('checks an edit like a filing, changing nothing when refused', async () => {
    const d = await file(client.auth, { montant: 7_000 });
    for (const [overrides, field, message] of [
      [{ montant: 0 }, 'montant', DEPENSE_MESSAGES.montantInvalid],
      [{ categorie: 'Autre', categorie_autre: '' }, 'categorie_autre', DEPENSE_MESSAGES.categorieAutreRequired],
      [{ description: '' }, 'description', DEPENSE_MESSAGES.descriptionRequired],
      [{ date_depense: undefined }, 'date_depense', DEPENSE_MESSAGES.dateRequired],
    ] as [Fields, string, string][]) {
      const response = await putDepense(client.auth, d.id, depenseBody(overrides));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors?.[field], field).toBe(message);
    }
    expect(await depenseRow(d.id)).toMatchObject({ montant: '7000', description: d.description });
    expect(await auditOf(ctx, 'depenses', d.id)).toHaveLength(1);
  });

  it('replaces the justificatif with a new file (the old one gone from disk) and keeps it when none is sent', async () => {
    const d = await file(client.auth, {}, { name: 'ancien.pdf', data: PDF });
    const oldPath = (await depenseRow(d.id))?.justificatif_path ?? '';
    expect(await storedFiles(ctx, `depenses/${d.id}`)).toEqual([oldPath]);

    // No file: the old one stays.
    const kept = await send(
      'PUT',
      `/api/depenses/${d.id}`,
      client.auth,
      depenseBody({ montant: 1_111 }),
      undefined,
      true,
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ fichier_justificatif: 'ancien.pdf', montant: 1_111 });
    expect((await depenseRow(d.id))?.justificatif_path).toBe(oldPath);

    const replaced = await putDepense(client.auth, d.id, depenseBody({ montant: 2_222 }), {
      name: 'nouveau.png',
      data: PNG,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({
      fichier_justificatif: 'nouveau.png',
      justificatif_type: 'image/png',
      montant: 2_222,
    });
    const newPath = (await depenseRow(d.id))?.justificatif_path ?? '';
    expect(newPath).not.toBe(oldPath);
    expect(await storedFiles(ctx, `depenses/${d.id}`)).toEqual([newPath]);
    const served = await get(`/api/depenses/${d.id}/justificatif`, client.auth);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await auditOf(ctx, 'depenses', d.id)).at(-1)?.new_values).toMatchObject({
      fichier_justificatif: 'nouveau.png',
    });

    // A refused file changes nothing.
    const refused = await putDepense(client.auth, d.id, depenseBody(), { name: 'x.pdf', data: GIF });
    expect(refused.statusCode).toBe(415);
    expect(await storedFiles(ctx, `depenses/${d.id}`)).toEqual([newPath]);
  });

  it('refuses to edit an expense once decided (409), changing nothing', async () => {
    const approved = await file(client.auth, { montant: 3_000 });
    const rejected = await file(client.auth, { montant: 4_000 });
    expect((await approve(comptable.auth, approved.id)).statusCode).toBe(200);
    expect((await reject(comptable.auth, rejected.id)).statusCode).toBe(200);
    for (const d of [approved, rejected]) {
      const before = await depenseRow(d.id);
      const response = await putDepense(client.auth, d.id, depenseBody({ montant: 99_000 }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'CONFLICT', message: DEPENSE_MESSAGES.onlyPendingEdit });
      expect(await depenseRow(d.id)).toEqual(before);
      expect(await auditOf(ctx, 'depenses', d.id)).toHaveLength(2);
    }
  });
});

describe('deleting (DELETE /depenses/{id})', () => {
  it('lets the member withdraw his pending expense: row and file gone, audited, no money moved', async () => {
    const before = await bankState(ctx, principale.id);
    const d = await file(client.auth, { montant: 6_000 }, { name: 'recu.pdf', data: PDF });
    expect(await storedFiles(ctx, `depenses/${d.id}`)).toHaveLength(1);
    const response = await deleteDepense(client.auth, d.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: DEPENSE_MESSAGES.deleted });
    expect(await depenseRow(d.id)).toBeUndefined();
    expect(await storedFiles(ctx, `depenses/${d.id}`)).toEqual([]);
    expect((await get(`/api/depenses/${d.id}`, comptable.auth)).statusCode).toBe(404);
    const last = (await auditOf(ctx, 'depenses', d.id)).at(-1);
    expect(last).toMatchObject({ action: 'deleted', user_id: client.utilisateur_id });
    expect(last?.old_values).toMatchObject({
      montant: 6_000,
      statut: 'en_attente',
      description: d.description,
      fichier_justificatif: 'recu.pdf',
    });
    expect(await bankState(ctx, principale.id)).toEqual(before);
    // Deleted once: a second time it is not found.
    expect((await deleteDepense(client.auth, d.id)).statusCode).toBe(404);
  });

  it('lets admin and comptable delete a pending or a rejected expense', async () => {
    for (const who of [admin, comptable]) {
      const pendingOne = await file(client.auth);
      const rejectedOne = await file(client.auth);
      expect((await reject(comptable.auth, rejectedOne.id)).statusCode).toBe(200);
      for (const d of [pendingOne, rejectedOne]) {
        const response = await deleteDepense(who.auth, d.id);
        expect(response.statusCode, `${who.account.role}: ${response.body}`).toBe(200);
        expect(await depenseRow(d.id)).toBeUndefined();
        expect((await auditOf(ctx, 'depenses', d.id)).at(-1)).toMatchObject({
          action: 'deleted',
          user_id: who.account.id,
        });
      }
    }
  });

  it('keeps a member to his pending expenses: his rejected one is not his to delete (409)', async () => {
    const d = await file(client.auth);
    expect((await reject(comptable.auth, d.id)).statusCode).toBe(200);
    const response = await deleteDepense(client.auth, d.id);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().code).toBe('CONFLICT');
    expect(await depenseRow(d.id)).toMatchObject({ statut: 'rejetee' });
  });

  it('never deletes an approved expense (409 for anyone), its debit staying on the ledger', async () => {
    const bank = await createBanque(ctx, comptable.auth, { solde_initial: 50_000 });
    const d = await file(client.auth, { montant: 20_000, banque_id: bank.id });
    expect((await approve(admin.auth, d.id)).statusCode).toBe(200);
    const before = { bank: await bankState(ctx, bank.id), row: await depenseRow(d.id) };
    for (const who of [client.auth, admin.auth, comptable.auth]) {
      const response = await deleteDepense(who, d.id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'CONFLICT', message: DEPENSE_MESSAGES.approvedFinal });
    }
    expect({ bank: await bankState(ctx, bank.id), row: await depenseRow(d.id) }).toEqual(before);
    expect(before.bank.solde).toBe(30_000);
    expect((await auditOf(ctx, 'depenses', d.id)).map((a) => a.action)).toEqual(['created', 'updated']);
  });
});

describe('approval and rejection', () => {
  it('approves: debits the expense’s bank with its movement, stamps the approver, audits', async () => {
    const bank = await createBanque(ctx, comptable.auth, { solde_initial: 500_000 });
    const principalBefore = await bankState(ctx, principale.id);
    const d = await file(client.auth, { montant: 120_000, banque_id: bank.id, categorie: 'Maintenance' });
    const start = Date.now();
    const response = await approve(comptable.auth, d.id, { commentaire: 'Facture vérifiée' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(DEPENSE_MESSAGES.approved);
    const data: Depense = response.json().data;
    expect(data).toMatchObject({
      statut: 'approuvee',
      commentaire: 'Facture vérifiée',
      approbateur: { id: comptable.account.id },
      date_rejet: null,
    });
    const stamped = Date.parse(data.date_approbation ?? '');
    expect(stamped).toBeGreaterThanOrEqual(start - 1000);
    expect(stamped).toBeLessThanOrEqual(Date.now() + 1000);

    const state = await bankState(ctx, bank.id);
    expect(state.solde).toBe(380_000);
    expect(state.mouvements).toHaveLength(1);
    expect((await get(`/api/banques/${bank.id}`, comptable.auth)).json().data).toMatchObject({
      solde: 380_000,
      nombre_mouvements: 1,
    });
    const [move, ...others] = await mouvementsOf(bank.id);
    expect(others).toEqual([]);
    expect(move).toMatchObject({
      type: 'debit',
      operation: 'depense_approuvee',
      montant: 120_000,
      solde_apres: 380_000,
      source_table: 'depenses',
      source_id: d.id,
      auteur: { id: comptable.account.id },
    });
    // Only the expense's bank moved.
    expect(await bankState(ctx, principale.id)).toEqual(principalBefore);

    const audits = await auditOf(ctx, 'depenses', d.id);
    expect(audits.map((a) => a.action)).toEqual(['created', 'updated']);
    expect(audits[1]).toMatchObject({ user_id: comptable.account.id });
    expect(audits[1]?.old_values).toMatchObject({ statut: 'en_attente' });
    expect(audits[1]?.new_values).toMatchObject({
      statut: 'approuvee',
      montant: 120_000,
      banque_id: bank.id,
      solde_banque: 380_000,
    });
  });

  it('approves with no body at all, and debits the principal bank for an expense filed without a bank', async () => {
    const before = (await bankState(ctx, principale.id)).solde;
    const d = await file(client.auth, { montant: 2_500 });
    const response = await approve(admin.auth, d.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      statut: 'approuvee',
      commentaire: null,
      approbateur: { id: admin.account.id },
    });
    expect((await bankState(ctx, principale.id)).solde).toBe(before - 2_500);
    expect((await mouvementsOf(principale.id))[0]).toMatchObject({ operation: 'depense_approuvee', source_id: d.id });
  });

  it("refuses with 409 'Solde insuffisant' an approval its bank cannot pay; nothing changes, no audit row", async () => {
    const bank = await createBanque(ctx, comptable.auth, { solde_initial: 10_000 });
    const d = await file(client.auth, { montant: 10_001, banque_id: bank.id });
    const before = {
      bank: await bankState(ctx, bank.id),
      row: await depenseRow(d.id),
      audits: await auditOf(ctx, 'depenses', d.id),
    };
    const response = await approve(comptable.auth, d.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      message: BANQUE_MESSAGES.soldeInsuffisant,
      errors: { montant: BANQUE_MESSAGES.soldeInsuffisant },
    });
    expect({
      bank: await bankState(ctx, bank.id),
      row: await depenseRow(d.id),
      audits: await auditOf(ctx, 'depenses', d.id),
    }).toEqual(before);
    expect(before.bank).toMatchObject({ solde: 10_000, mouvements: [] });
    // Exactly the balance goes to zero.
    const exact = await file(client.auth, { montant: 10_000, banque_id: bank.id });
    expect((await approve(comptable.auth, exact.id)).statusCode).toBe(200);
    expect((await bankState(ctx, bank.id)).solde).toBe(0);
  });

  it('rejects with its reason only: the comment is required (400 on the field), no money moves, audited', async () => {
    const bank = await createBanque(ctx, comptable.auth, { solde_initial: 1_000 });
    const d = await file(client.auth, { montant: 500, banque_id: bank.id });
    for (const body of [{}, { commentaire: '   ' }, { commentaire: null }, undefined]) {
      const response = await decide('reject', comptable.auth, d.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors?.commentaire, JSON.stringify(body)).toBe(DEPENSE_MESSAGES.commentaireRequired);
    }
    expect(await depenseRow(d.id)).toMatchObject({ statut: 'en_attente', date_rejet: null });
    const response = await reject(admin.auth, d.id, { commentaire: 'Dépense non prévue' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(DEPENSE_MESSAGES.rejected);
    expect(response.json().data).toMatchObject({
      statut: 'rejetee',
      commentaire: 'Dépense non prévue',
      date_approbation: null,
      approbateur: { id: admin.account.id },
    });
    expect(response.json().data.date_rejet).not.toBeNull();
    expect(await bankState(ctx, bank.id)).toMatchObject({ solde: 1_000, mouvements: [] });
    const audits = await auditOf(ctx, 'depenses', d.id);
    expect(audits.map((a) => a.action)).toEqual(['created', 'updated']);
    expect(audits[1]?.new_values).toMatchObject({ statut: 'rejetee', commentaire: 'Dépense non prévue' });
  });

  it('decides an expense once: a second approval or rejection answers 409 and changes nothing', async () => {
    const bank = await createBanque(ctx, comptable.auth, { solde_initial: 100_000 });
    const approved = await file(client.auth, { montant: 7_000, banque_id: bank.id });
    const rejected = await file(client.auth, { montant: 3_000, banque_id: bank.id });
    expect((await approve(comptable.auth, approved.id)).statusCode).toBe(200);
    expect((await reject(comptable.auth, rejected.id)).statusCode).toBe(200);
    const snapshot = async () => ({
      bank: await bankState(ctx, bank.id),
      approved: await depenseRow(approved.id),
      rejected: await depenseRow(rejected.id),
      audits:
        (await auditOf(ctx, 'depenses', approved.id)).length + (await auditOf(ctx, 'depenses', rejected.id)).length,
    });
    const before = await snapshot();
    for (const call of [
      () => approve(admin.auth, approved.id),
      () => reject(comptable.auth, approved.id),
      () => approve(comptable.auth, rejected.id),
      () => reject(admin.auth, rejected.id),
    ]) {
      const response = await call();
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'CONFLICT', message: DEPENSE_MESSAGES.alreadyDecided });
    }
    expect(await snapshot()).toEqual(before);
    expect(before.bank.solde).toBe(93_000);
  });

  it('debits once when two approvers approve the same expense at once', async () => {
    const bank = await createBanque(ctx, comptable.auth, { solde_initial: 100_000 });
    const d = await file(client.auth, { montant: 40_000, banque_id: bank.id });
    const responses = await Promise.all([approve(comptable.auth, d.id), approve(admin.auth, d.id)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().message).toBe(DEPENSE_MESSAGES.alreadyDecided);
    const state = await bankState(ctx, bank.id);
    expect(state.solde).toBe(60_000);
    expect(state.mouvements).toHaveLength(1);
    expect((await auditOf(ctx, 'depenses', d.id)).map((a) => a.action)).toEqual(['created', 'updated']);
  });
});

// Two connections that wait on one another: PGlite has a single connection, so only PostgreSQL can.
describe.runIf(process.env.DATABASE_URL)('on PostgreSQL: decisions held back, then released together', () => {
  it('debits once when two approvals wait on the same expense and then run together', async () => {
    const bank = await createBanque(ctx, comptable.auth, { solde_initial: 100_000 });
    const d = await file(client.auth, { montant: 33_000, banque_id: bank.id });
    let racing: Promise<{ statusCode: number; json(): { message: string } }[]> | undefined;
    await ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('depenses').select('id').where('id', '=', d.id).forUpdate().execute();
      racing = Promise.all([approve(comptable.auth, d.id), approve(admin.auth, d.id)]);
      await heldBack(ctx.db, trx, 2);
    });
    const responses = (await racing) ?? [];
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().message).toBe(DEPENSE_MESSAGES.alreadyDecided);
    const state = await bankState(ctx, bank.id);
    expect(state.solde).toBe(67_000);
    expect(state.mouvements).toHaveLength(1);
    expect(state.mouvements[0]).toMatchObject({ operation: 'depense_approuvee', source_id: d.id });
  });

  it('keeps one decision when an approval and a rejection wait on the same expense', async () => {
    const bank = await createBanque(ctx, comptable.auth, { solde_initial: 100_000 });
    const d = await file(client.auth, { montant: 9_000, banque_id: bank.id });
    let racing: Promise<{ statusCode: number }[]> | undefined;
    await ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('depenses').select('id').where('id', '=', d.id).forUpdate().execute();
      racing = Promise.all([approve(comptable.auth, d.id), reject(admin.auth, d.id)]);
      await heldBack(ctx.db, trx, 2);
    });
    const [approval, rejection] = (await racing) ?? [];
    expect([approval?.statusCode, rejection?.statusCode].sort()).toEqual([200, 409]);
    const row = await depenseRow(d.id);
    expect(row?.statut).toBe(approval?.statusCode === 200 ? 'approuvee' : 'rejetee');
    expect((await bankState(ctx, bank.id)).solde).toBe(row?.statut === 'approuvee' ? 91_000 : 100_000);
  });
});
