import {
  AMOUNT_MESSAGES,
  BANQUE_MESSAGES,
  type Banque,
  INPUT_MESSAGES,
  MESSAGES,
  MONTANT_MAX,
  type Mouvement,
  montantExceedsMessage,
  REMBOURSEMENT_MESSAGES,
  type Remboursement,
  type RemboursementMembre,
  type RemboursementStats,
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
  createPaidClient,
  deleteVersement,
  GIF,
  membreTotals,
  uniqueTag,
  versementRow,
  withoutPrincipal,
} from './money-helpers.ts';
import { storedFiles } from './stored-files.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let comptable: Awaited<ReturnType<typeof loginAs>>;
let gestionnaire: Awaited<ReturnType<typeof loginAs>>;
/** The principal bank: every approved refund is paid from it. */
let principale: Banque;
/** Where the members' payments are credited (not the principal bank, so that its movements are the refunds'). */
let caisse: Banque;
/** The gestionnaire's client, who has paid 5,000,000 FCFA; the 'membre' of the rights matrix. */
let client: Client;
/** A member of nobody's portfolio, who has paid 5,000,000 FCFA. */
let outsider: Client;
let tokens: Record<Role, Auth>;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await loginAs(ctx, 'admin');
  comptable = await loginAs(ctx, 'comptable');
  gestionnaire = await loginAs(ctx, 'gestionnaire');
  principale = await createBanque(ctx, comptable.auth, { est_principale: true, solde_initial: 100_000_000 });
  caisse = await createBanque(ctx, comptable.auth);
  client = await createPaidClient(ctx, comptable.auth, caisse.id, 5_000_000, {
    gestionnaire_id: gestionnaire.account.id,
  });
  outsider = await createPaidClient(ctx, comptable.auth, caisse.id, 5_000_000);
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
const READERS: Role[] = ['admin', 'gestionnaire', 'comptable', 'membre'];
const FILERS: Role[] = ['admin', 'gestionnaire', 'comptable', 'membre'];
const PROCESSORS: Role[] = ['admin', 'gestionnaire', 'comptable'];
const CANCELLERS: Role[] = ['admin', 'gestionnaire', 'comptable', 'membre'];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Fields = Record<string, string | number | null | undefined>;
type FileField = { name: string; data: Buffer; type?: string };

const get = (url: string, auth: Auth) => ctx.app.inject({ method: 'GET', url, headers: auth });
const idsOf = (response: { json(): { data: Remboursement[] } }) => response.json().data.map((r) => r.id);

/** A complete request, its reason unique. */
function rembBody(overrides: Fields = {}): Fields {
  return { montant: 10_000, raison: `Raison ${uniqueTag('R')}`, ...overrides };
}

/** POST /remboursements in JSON, or in multipart when a file is given (or `form` is asked). */
function postRemb(auth: Auth, fields: Fields, file?: FileField, form = false) {
  if (!file && !form)
    return ctx.app.inject({ method: 'POST', url: '/api/remboursements', headers: auth, payload: fields });
  const present = Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string | number] => entry[1] != null),
  );
  const body = multipart(present, file ? [{ field: 'fichier_justificatif', ...file }] : []);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/remboursements',
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
}

/** A request filed through the API (201 expected). */
async function request(auth: Auth, overrides: Fields = {}, file?: FileField): Promise<Remboursement> {
  const response = await postRemb(auth, rembBody(overrides), file);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const traiter = (auth: Auth, id: number, body?: object) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/remboursements/${id}/traiter`,
    headers: auth,
    ...(body ? { payload: body } : {}),
  });
const approve = (auth: Auth, id: number, commentaire?: string) =>
  traiter(auth, id, { statut: 'approuve', ...(commentaire ? { commentaire } : {}) });
const reject = (auth: Auth, id: number, commentaire = 'Pièces manquantes') =>
  traiter(auth, id, { statut: 'rejete', commentaire });
const cancel = (auth: Auth, id: number) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/remboursements/${id}`, headers: auth });
const total = (auth: Auth, membreId: number, payload?: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/remboursements/total/${membreId}`,
    headers: auth,
    ...(payload ? { payload } : {}),
  });

async function rembRow(id: number) {
  return ctx.db.selectFrom('remboursements').selectAll().where('id', '=', id).executeTakeFirst();
}

async function countByRaison(raison: unknown) {
  const rows = await ctx.db.selectFrom('remboursements').select('id').where('raison', '=', String(raison)).execute();
  return rows.length;
}

async function stats(auth: Auth): Promise<RemboursementStats> {
  const response = await get('/api/remboursements/stats', auth);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function membres(auth: Auth, query = ''): Promise<RemboursementMembre[]> {
  const response = await get(`/api/remboursements/membres?${query}`, auth);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** What may still be refunded to a member, as /remboursements/membres answers it to the comptable. */
async function remboursable(membre: Client) {
  const [row] = await membres(comptable.auth, `search=${membre.code_esv}`);
  return row?.montant_remboursable;
}

async function mouvementsOf(banqueId: number): Promise<Mouvement[]> {
  const response = await get(`/api/banques/${banqueId}/mouvements?limit=100`, comptable.auth);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** A member who has paid `montant` at the caisse, optionally the gestionnaire's client. */
const paidMember = (montant: number, gestionnaire_id?: number) =>
  createPaidClient(ctx, comptable.auth, caisse.id, montant, gestionnaire_id ? { gestionnaire_id } : {});

describe('requesting a refund (POST /remboursements)', () => {
  it('records a member’s request for himself, whatever membre_id he sends, as pending, and audits it', async () => {
    const m = await paidMember(300_000);
    const bankBefore = await bankState(ctx, principale.id);
    const body = rembBody({ montant: 120_000, commentaire: 'Déménagement' });
    const response = await postRemb(m.auth, {
      ...body,
      membre_id: outsider.id,
      statut: 'approuve',
      traite_par: admin.account.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(REMBOURSEMENT_MESSAGES.created);
    const r: Remboursement = response.json().data;
    expect(r).toMatchObject({
      membre_id: m.id,
      montant: 120_000,
      raison: body.raison,
      commentaire: 'Déménagement',
      statut: 'en_attente',
      commentaire_traitement: null,
      date_traitement: null,
      traite_par: null,
      traitant: null,
      banque: null,
      fichier_justificatif: null,
      justificatif_type: null,
      depose_par: { id: m.utilisateur_id, nom: m.nom, prenom: 'Awa' },
      membre: { id: m.id, nom: m.nom, prenom: 'Awa', code_esv: m.code_esv },
    });
    expect(r.membre.email).toMatch(/@test\.example$/);
    // Requesting moves no money; what may be refunded goes down by the pending amount.
    expect(await membreTotals(ctx, m.id)).toMatchObject({ montant_deja_paye: 300_000 });
    expect(await bankState(ctx, principale.id)).toEqual(bankBefore);
    expect(await remboursable(m)).toBe(180_000);
    const [audit, ...more] = await auditOf(ctx, 'remboursements', r.id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ action: 'created', user_id: m.utilisateur_id, membre_id: m.id });
    expect(audit?.new_values).toMatchObject({ montant: 120_000, membre_id: m.id, raison: body.raison });
  });

  it('records a processor’s request for the member he picks', async () => {
    for (const who of [admin, comptable, gestionnaire]) {
      const response = await postRemb(who.auth, rembBody({ membre_id: client.id, montant: 1_000 }));
      expect(response.statusCode, `${who.account.role}: ${response.body}`).toBe(201);
      expect(response.json().data).toMatchObject({
        membre_id: client.id,
        statut: 'en_attente',
        depose_par: { id: who.account.id },
      });
    }
  });

  it('asks a processor for the member (400 on membre_id); 404 outside a gestionnaire’s clients or unknown', async () => {
    for (const membre_id of [undefined, '', null]) {
      const body = rembBody({ membre_id });
      const response = await postRemb(comptable.auth, body);
      expect(response.statusCode, String(membre_id)).toBe(400);
      expect(response.json().errors?.membre_id, String(membre_id)).toBe(REMBOURSEMENT_MESSAGES.membreRequired);
      expect(await countByRaison(body.raison)).toBe(0);
    }
    for (const [who, membre_id] of [
      [gestionnaire, outsider.id],
      [gestionnaire, 999_999],
      [comptable, 999_999],
    ] as const) {
      const body = rembBody({ membre_id });
      const response = await postRemb(who.auth, body);
      expect(response.statusCode, `${who.account.role} ${membre_id}`).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: REMBOURSEMENT_MESSAGES.membreNotFound,
        errors: { membre_id: REMBOURSEMENT_MESSAGES.membreNotFound },
      });
      expect(await countByRaison(body.raison)).toBe(0);
    }
  });

  it("answers each missing or invalid field with the spec's message, on its field, recording nothing", async () => {
    const cases: [Fields, string, string][] = [
      [{ montant: undefined }, 'montant', REMBOURSEMENT_MESSAGES.montantInvalid],
      [{ montant: 0 }, 'montant', REMBOURSEMENT_MESSAGES.montantInvalid],
      [{ montant: -10 }, 'montant', REMBOURSEMENT_MESSAGES.montantInvalid],
      [{ montant: 'mille' }, 'montant', REMBOURSEMENT_MESSAGES.montantInvalid],
      [{ montant: 1_000.5 }, 'montant', AMOUNT_MESSAGES.whole],
      [{ montant: MONTANT_MAX + 1 }, 'montant', AMOUNT_MESSAGES.tooLarge(MONTANT_MAX)],
      [{ raison: undefined }, 'raison', REMBOURSEMENT_MESSAGES.raisonRequired],
      [{ raison: '   ' }, 'raison', REMBOURSEMENT_MESSAGES.raisonRequired],
      [{ membre_id: 'abc' }, 'membre_id', REMBOURSEMENT_MESSAGES.membreRequired],
    ];
    for (const [overrides, field, message] of cases) {
      const body = rembBody({ membre_id: client.id, ...overrides });
      const label = `${field} ${JSON.stringify(overrides)}`;
      const response = await postRemb(comptable.auth, body);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().errors?.[field], label).toBe(message);
      expect(await countByRaison(body.raison), label).toBe(0);
    }
    // A member's empty multipart form names both required fields.
    const empty = await postRemb(client.auth, {}, undefined, true);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      montant: REMBOURSEMENT_MESSAGES.montantInvalid,
      raison: REMBOURSEMENT_MESSAGES.raisonRequired,
    });
  });

  it('refuses more than may be refunded (paid − approved − pending) with 400 on montant and the amount allowed', async () => {
    const m = await paidMember(500_000, gestionnaire.account.id);
    const approved = await request(m.auth, { montant: 100_000 });
    expect((await approve(comptable.auth, approved.id)).statusCode).toBe(200);
    await request(gestionnaire.auth, { membre_id: m.id, montant: 50_000 });
    expect(await membreTotals(ctx, m.id)).toMatchObject({ montant_deja_paye: 400_000 });
    expect(await remboursable(m)).toBe(350_000);

    for (const [auth, extra] of [
      [m.auth, {}],
      [comptable.auth, { membre_id: m.id }],
    ] as const) {
      const body = rembBody({ montant: 350_001, ...extra });
      const response = await postRemb(auth, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: montantExceedsMessage(350_000),
        errors: { montant: montantExceedsMessage(350_000) },
      });
      expect(await countByRaison(body.raison)).toBe(0);
    }
    // Exactly what remains is accepted; then nothing more.
    await request(m.auth, { montant: 350_000 });
    expect(await remboursable(m)).toBe(0);
    const more = await postRemb(m.auth, rembBody({ montant: 1 }));
    expect(more.statusCode).toBe(400);
    expect(more.json().errors).toEqual({ montant: montantExceedsMessage(0) });
    // A member who paid nothing may ask for nothing.
    const none = await createClient(ctx);
    const nothing = await postRemb(none.auth, rembBody({ montant: 1_000 }));
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors).toEqual({ montant: montantExceedsMessage(0) });
  });

  it('takes a multipart request with its justificatif, told by its bytes, stored privately and served back', async () => {
    const m = await paidMember(100_000);
    const cases = [
      { name: 'attestation.pdf', data: PDF, mime: 'application/pdf', disposition: 'attachment' },
      // A PNG named .pdf is a PNG.
      { name: 'photo.pdf', data: PNG, mime: 'image/png', disposition: 'inline' },
    ];
    for (const file of cases) {
      const response = await postRemb(m.auth, rembBody({ montant: '2000' }), {
        ...file,
        type: 'application/octet-stream',
      });
      expect(response.statusCode, `${file.name}: ${response.body}`).toBe(201);
      const r: Remboursement = response.json().data;
      expect(r).toMatchObject({ montant: 2_000, fichier_justificatif: file.name, justificatif_type: file.mime });
      const row = await rembRow(r.id);
      expect(row?.justificatif_path).toMatch(new RegExp(`^remboursements/${r.id}/[0-9a-f-]{36}\\.(pdf|png)$`));
      const served = await get(`/api/remboursements/${r.id}/justificatif`, m.auth);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(file.mime);
      expect(served.headers['content-disposition']).toBe(
        `${file.disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      );
      expect(served.headers['cache-control']).toBe('private, no-store');
      expect(served.rawPayload.equals(file.data)).toBe(true);
    }
    // A processor's multipart request names the member in a field.
    const byProcessor = await postRemb(comptable.auth, rembBody({ membre_id: m.id, montant: 1_000 }), {
      name: 'piece.pdf',
      data: PDF,
    });
    expect(byProcessor.statusCode, byProcessor.body).toBe(201);
    expect(byProcessor.json().data).toMatchObject({ membre_id: m.id, fichier_justificatif: 'piece.pdf' });
  });

  it('refuses a justificatif over 5 MB (413) or not a PDF, JPEG or PNG by its bytes (415), recording nothing', async () => {
    const files = await storedFiles(ctx, 'remboursements');
    const big = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024 - PDF.length, 0x20)]);
    const refused: [FileField, number, string][] = [
      [{ name: 'gros.pdf', data: big }, 413, VERSEMENT_MESSAGES.scanTooLarge],
      [
        { name: 'attestation.pdf', data: Buffer.from('du texte, pas un PDF'), type: 'application/pdf' },
        415,
        VERSEMENT_MESSAGES.scanType,
      ],
      [{ name: 'image.gif', data: GIF, type: 'image/gif' }, 415, VERSEMENT_MESSAGES.scanType],
    ];
    for (const [file, status, message] of refused) {
      const body = rembBody({ montant: 1_000 });
      const response = await postRemb(client.auth, body, file);
      expect(response.statusCode, file.name).toBe(status);
      expect(response.json(), file.name).toMatchObject({ message, errors: { fichier_justificatif: message } });
      expect(await countByRaison(body.raison)).toBe(0);
    }
    expect(await storedFiles(ctx, 'remboursements')).toEqual(files);
  });
});

describe('the justificatif (GET /remboursements/{id}/justificatif)', () => {
  it('serves it to the member, his gestionnaire, admin and comptable; 404 to another member or gestionnaire', async () => {
    const r = await request(client.auth, { montant: 1_000 }, { name: 'piece.png', data: PNG });
    for (const auth of [client.auth, gestionnaire.auth, admin.auth, comptable.auth]) {
      const response = await get(`/api/remboursements/${r.id}/justificatif`, auth);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(PNG)).toBe(true);
    }
    const otherGestionnaire = await loginAs(ctx, 'gestionnaire');
    for (const auth of [outsider.auth, otherGestionnaire.auth]) {
      const response = await get(`/api/remboursements/${r.id}/justificatif`, auth);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(REMBOURSEMENT_MESSAGES.notFound);
    }
    const without = await request(client.auth, { montant: 1_000 });
    const none = await get(`/api/remboursements/${without.id}/justificatif`, client.auth);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(REMBOURSEMENT_MESSAGES.justificatifNotFound);
  });
});

describe('rights (rights.ts remboursements.*): each of the six roles on each endpoint', () => {
  it('lets admin, gestionnaire, comptable and membre read; 403 for commercial and demandeur', async () => {
    const r = await request(client.auth, { montant: 1_000 }, { name: 'piece.pdf', data: PDF });
    for (const url of [
      '/api/remboursements',
      '/api/remboursements/stats',
      '/api/remboursements/membres',
      `/api/remboursements/${r.id}`,
      `/api/remboursements/${r.id}/justificatif`,
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

  it('lets admin, gestionnaire, comptable and membre request; 403 for the others, nothing recorded', async () => {
    for (const role of ROLES_ALL) {
      const body = rembBody({ montant: 1_000, ...(role === 'membre' ? {} : { membre_id: client.id }) });
      const response = await postRemb(tokens[role], body);
      if (FILERS.includes(role)) {
        expect(response.statusCode, `${role}: ${response.body}`).toBe(201);
        expect(response.json().data.membre_id, role).toBe(client.id);
        expect(await countByRaison(body.raison), role).toBe(1);
      } else {
        expect(response.statusCode, role).toBe(403);
        expect(response.json().message, role).toBe(MESSAGES.forbidden);
        expect(await countByRaison(body.raison), role).toBe(0);
      }
    }
  });

  it('lets admin, gestionnaire and comptable approve and reject; 403 for the others, nothing changed', async () => {
    for (const decision of ['approuve', 'rejete'] as const) {
      for (const role of ROLES_ALL) {
        const r = await request(client.auth, { montant: 1_000 });
        const response = await (decision === 'approuve' ? approve(tokens[role], r.id) : reject(tokens[role], r.id));
        const row = await rembRow(r.id);
        const label = `${role} ${decision}`;
        if (PROCESSORS.includes(role)) {
          expect(response.statusCode, `${label}: ${response.body}`).toBe(200);
          expect(row?.statut, label).toBe(decision);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json().message, label).toBe(MESSAGES.forbidden);
          expect(row, label).toMatchObject({ statut: 'en_attente', traite_par: null });
          expect(await auditOf(ctx, 'remboursements', r.id), label).toHaveLength(1);
        }
      }
    }
  });

  it('lets admin, gestionnaire and comptable ask a total refund; 403 for the others, nothing recorded', async () => {
    const m = await paidMember(7_000, gestionnaire.account.id);
    for (const role of ROLES_ALL) {
      const response = await total(tokens[role], m.id);
      const rows = await ctx.db.selectFrom('remboursements').select('montant').where('membre_id', '=', m.id).execute();
      if (PROCESSORS.includes(role)) {
        expect(response.statusCode, `${role}: ${response.body}`).toBe(201);
        expect(
          rows.map((r) => Number(r.montant)),
          role,
        ).toEqual([7_000]);
        // Withdrawn, so that the next role finds the whole amount again.
        expect((await cancel(comptable.auth, response.json().data.id)).statusCode).toBe(200);
      } else {
        expect(response.statusCode, role).toBe(403);
        expect(response.json().message, role).toBe(MESSAGES.forbidden);
        expect(rows, role).toEqual([]);
      }
    }
  });

  it('lets admin, gestionnaire, comptable and the member cancel; 403 for the others, the request kept', async () => {
    for (const role of ROLES_ALL) {
      const r = await request(client.auth, { montant: 1_000 });
      const response = await cancel(tokens[role], r.id);
      if (CANCELLERS.includes(role)) {
        expect(response.statusCode, `${role}: ${response.body}`).toBe(200);
        expect(await rembRow(r.id), role).toBeUndefined();
      } else {
        expect(response.statusCode, role).toBe(403);
        expect(response.json().message, role).toBe(MESSAGES.forbidden);
        expect((await rembRow(r.id))?.statut, role).toBe('en_attente');
      }
    }
  });

  it('answers 401 without a token on every refund endpoint', async () => {
    const r = await request(client.auth, { montant: 1_000 });
    const calls: [Method, string][] = [
      ['GET', '/api/remboursements'],
      ['GET', '/api/remboursements/stats'],
      ['GET', '/api/remboursements/membres'],
      ['GET', `/api/remboursements/${r.id}`],
      ['GET', `/api/remboursements/${r.id}/justificatif`],
      ['POST', '/api/remboursements'],
      ['POST', `/api/remboursements/total/${client.id}`],
      ['PUT', `/api/remboursements/${r.id}/traiter`],
      ['DELETE', `/api/remboursements/${r.id}`],
    ];
    for (const [method, url] of calls) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().message).toBe(MESSAGES.tokenMissing);
    }
    expect((await rembRow(r.id))?.statut).toBe('en_attente');
  });
});

describe('object scope: a member his own, a gestionnaire his clients’', () => {
  it('shows a member only his own requests and himself; another’s answers 404, unchanged', async () => {
    const self = await paidMember(50_000);
    const mine = await request(self.auth, { montant: 5_000 });
    const theirs = await request(outsider.auth, { montant: 1_000 }, { name: 'piece.pdf', data: PDF });
    expect(idsOf(await get('/api/remboursements?limit=100', self.auth))).toEqual([mine.id]);
    // Naming someone else in the filter reaches nothing more.
    expect(idsOf(await get(`/api/remboursements?membre_id=${outsider.id}`, self.auth))).toEqual([]);
    expect(await stats(self.auth)).toEqual({
      total: 1,
      en_attente: 1,
      approuves: 0,
      rejetes: 0,
      montant_approuve: 0,
      montant_en_attente: 5_000,
    });
    expect(await membres(self.auth)).toEqual([
      expect.objectContaining({ id: self.id, montant_deja_paye: 50_000, montant_remboursable: 45_000 }),
    ]);
    expect(await membres(self.auth, `search=${outsider.code_esv}`)).toEqual([]);
    for (const response of [
      await get(`/api/remboursements/${theirs.id}`, self.auth),
      await get(`/api/remboursements/${theirs.id}/justificatif`, self.auth),
      await cancel(self.auth, theirs.id),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(REMBOURSEMENT_MESSAGES.notFound);
    }
    expect((await rembRow(theirs.id))?.statut).toBe('en_attente');
    expect(await auditOf(ctx, 'remboursements', theirs.id)).toHaveLength(1);
  });

  it('keeps a gestionnaire to his clients: another’s request or member answers 404, changing nothing', async () => {
    const g = await loginAs(ctx, 'gestionnaire');
    const a = await paidMember(20_000, g.account.id);
    const ra = await request(a.auth, { montant: 2_000 });
    const theirs = await request(outsider.auth, { montant: 1_000 });
    expect(idsOf(await get('/api/remboursements?limit=100', g.auth))).toEqual([ra.id]);
    expect(idsOf(await get(`/api/remboursements?membre_id=${outsider.id}`, g.auth))).toEqual([]);
    expect((await stats(g.auth)).total).toBe(1);
    expect((await membres(g.auth)).map((m) => m.id)).toEqual([a.id]);
    for (const response of [
      await get(`/api/remboursements/${theirs.id}`, g.auth),
      await approve(g.auth, theirs.id),
      await reject(g.auth, theirs.id),
      await cancel(g.auth, theirs.id),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(REMBOURSEMENT_MESSAGES.notFound);
    }
    const outside = await total(g.auth, outsider.id);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe(REMBOURSEMENT_MESSAGES.membreNotFound);
    expect(await rembRow(theirs.id)).toMatchObject({ statut: 'en_attente', traite_par: null });
    expect(await auditOf(ctx, 'remboursements', theirs.id)).toHaveLength(1);
    // Admin and comptable see both.
    for (const who of [admin, comptable]) {
      for (const r of [ra, theirs]) expect((await get(`/api/remboursements/${r.id}`, who.auth)).statusCode).toBe(200);
    }
  });

  it('answers 404 for an unknown request and 400 for an id that is not one', async () => {
    for (const response of [
      await get('/api/remboursements/999999', comptable.auth),
      await get('/api/remboursements/999999/justificatif', comptable.auth),
      await approve(comptable.auth, 999_999),
      await cancel(comptable.auth, 999_999),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(REMBOURSEMENT_MESSAGES.notFound);
    }
    const unknownMember = await total(comptable.auth, 999_999);
    expect(unknownMember.statusCode).toBe(404);
    expect(unknownMember.json().message).toBe(REMBOURSEMENT_MESSAGES.membreNotFound);
    const bad = await get('/api/remboursements/abc', comptable.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors?.id).toBe(INPUT_MESSAGES.invalidId);
  });
});

describe('the list, the stats and the members a caller may file for', () => {
  let tag: string;
  let g: Awaited<ReturnType<typeof loginAs>>;
  let a: Client;
  let b: Client;
  const p: Remboursement[] = [];
  let allBefore: RemboursementStats;
  const counted = ['statut=en_attente', 'statut=approuve', 'statut=rejete', 'sortBy=montant'];
  const totalsBefore: Record<string, number> = {};

  async function count(query: string) {
    const response = await get(`/api/remboursements?${query}&limit=1`, comptable.auth);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().pagination.total as number;
  }

  beforeAll(async () => {
    tag = uniqueTag('Q');
    g = await loginAs(ctx, 'gestionnaire');
    a = await createPaidClient(ctx, comptable.auth, caisse.id, 1_000_000, {
      gestionnaire_id: g.account.id,
      nom: `${tag}Assi`,
    });
    b = await createPaidClient(ctx, comptable.auth, caisse.id, 1_000_000, {
      gestionnaire_id: g.account.id,
      nom: `${tag}Bamba`,
    });
    allBefore = await stats(comptable.auth);
    for (const query of counted) totalsBefore[query] = await count(query);
    p.push(
      await request(a.auth, { montant: 100_000 }),
      await request(g.auth, { membre_id: a.id, montant: 200_000 }),
      await request(b.auth, { montant: 50_000 }),
      await request(comptable.auth, { membre_id: b.id, montant: 300_000 }),
    );
    for (let i = 0; i < 8; i += 1) p.push(await request(b.auth, { montant: 1_000 }));
    expect((await approve(comptable.auth, p[1]?.id ?? 0, 'Accordé')).statusCode).toBe(200);
    expect((await reject(g.auth, p[2]?.id ?? 0, 'Déjà remboursé')).statusCode).toBe(200);
  });

  /** The fixture's requests a list answers, by their position in p (p[0] was filed first). */
  async function listed(query: string, auth: Auth = g.auth) {
    const response = await get(`/api/remboursements?${query}`, auth);
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    const ids: number[] = idsOf(response);
    return { order: ids.map((id) => p.findIndex((r) => r.id === id)), pagination: response.json().pagination };
  }

  it('pages 10 at a time by default, newest first, with the real total', async () => {
    const first = await listed('');
    expect(first.order).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(first.pagination).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2, totalExact: true });
    const second = await listed('page=2');
    expect(second.order).toEqual([1, 0]);
    expect(second.pagination).toMatchObject({ page: 2, total: 12, totalPages: 2 });
    const past = await listed('page=4');
    expect(past.order).toEqual([]);
    expect(past.pagination.total).toBe(12);
    const own = await listed('limit=1&page=2', a.auth);
    expect(own.order).toEqual([0]);
    expect(own.pagination).toMatchObject({ total: 2, totalPages: 2, totalExact: true });
  });

  it('filters by member and status (an empty status is none), with exact totals', async () => {
    expect((await listed(`membre_id=${a.id}`)).order).toEqual([1, 0]);
    expect((await listed(`membre_id=${a.id}&statut=`)).order).toEqual([1, 0]);
    expect((await listed('statut=approuve')).order).toEqual([1]);
    expect((await listed('statut=rejete')).order).toEqual([2]);
    const pending = await listed(`membre_id=${b.id}&statut=en_attente&limit=20`);
    expect(pending.order).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(pending.pagination).toMatchObject({ total: 9, totalExact: true });
    expect((await listed(`membre_id=${a.id}`, comptable.auth)).order).toEqual([1, 0]);
    expect((await listed(`membre_id=${b.id}&statut=rejete`, admin.auth)).order).toEqual([2]);
    expect((await listed(`membre_id=${b.id}`, a.auth)).order).toEqual([]);
  });

  it("counts everyone's list by status (kept counters) exactly", async () => {
    const added: Record<string, number> = {
      'statut=en_attente': 10,
      'statut=approuve': 1,
      'statut=rejete': 1,
      'sortBy=montant': 12,
    };
    for (const query of counted) expect((await count(query)) - (totalsBefore[query] ?? 0), query).toBe(added[query]);
  });

  it('sorts by amount and by creation date, both ways', async () => {
    expect((await listed(`membre_id=${b.id}&sortBy=montant&sortOrder=desc&limit=3`)).order).toEqual([3, 2, 11]);
    expect((await listed(`membre_id=${b.id}&sortBy=montant&sortOrder=asc&limit=3`)).order).toEqual([4, 5, 6]);
    expect((await listed(`membre_id=${a.id}&sortBy=montant&sortOrder=asc`)).order).toEqual([0, 1]);
    expect((await listed(`membre_id=${a.id}&sortBy=date_creation&sortOrder=asc`)).order).toEqual([0, 1]);
  });

  it('answers each request with its member, filer, processor and the bank debited', async () => {
    const approved: Remboursement = (await get(`/api/remboursements/${p[1]?.id}`, a.auth)).json().data;
    expect(approved).toMatchObject({
      membre_id: a.id,
      montant: 200_000,
      statut: 'approuve',
      commentaire_traitement: 'Accordé',
      traite_par: comptable.account.id,
      traitant: { id: comptable.account.id, nom: 'Kouamé', prenom: 'Awa' },
      depose_par: { id: g.account.id },
      banque: { id: principale.id, nom: principale.nom },
      membre: { id: a.id, nom: `${tag}Assi`, prenom: 'Awa', code_esv: a.code_esv },
    });
    expect(approved.date_traitement).not.toBeNull();
    const rejected: Remboursement = (await get(`/api/remboursements/${p[2]?.id}`, g.auth)).json().data;
    expect(rejected).toMatchObject({
      statut: 'rejete',
      commentaire_traitement: 'Déjà remboursé',
      traitant: { id: g.account.id },
      banque: null,
    });
  });

  it('refuses an unknown filter value or sort field with 400', async () => {
    for (const query of ['statut=approuvee', 'sortBy=raison', 'sortOrder=up', 'membre_id=abc', 'limit=0', 'page=0']) {
      expect((await get(`/api/remboursements?${query}`, comptable.auth)).statusCode, query).toBe(400);
    }
  });

  it("counts a member's own, a gestionnaire's clients' and everyone's requests", async () => {
    expect(await stats(a.auth)).toEqual({
      total: 2,
      en_attente: 1,
      approuves: 1,
      rejetes: 0,
      montant_approuve: 200_000,
      montant_en_attente: 100_000,
    });
    const fixture = {
      total: 12,
      en_attente: 10,
      approuves: 1,
      rejetes: 1,
      montant_approuve: 200_000,
      montant_en_attente: 408_000,
    };
    expect(await stats(g.auth)).toEqual(fixture);
    for (const who of [comptable, admin]) {
      const after = await stats(who.auth);
      const delta = Object.fromEntries(
        Object.entries(after).map(([k, v]) => [k, v - allBefore[k as keyof RemboursementStats]]),
      );
      expect(delta, who.account.role).toEqual(fixture);
    }
  });

  it('lists the members one may file for, with paid and refundable amounts, searched by name, e-mail and code', async () => {
    const mine = await membres(g.auth);
    expect(mine).toEqual([
      expect.objectContaining({
        id: a.id,
        nom: `${tag}Assi`,
        prenom: 'Awa',
        code_esv: a.code_esv,
        montant_deja_paye: 800_000,
        montant_remboursable: 700_000,
      }),
      expect.objectContaining({ id: b.id, montant_deja_paye: 1_000_000, montant_remboursable: 692_000 }),
    ]);
    const emailB = mine[1]?.email ?? '';
    expect((await membres(g.auth, `search=${tag}bam`)).map((m) => m.id)).toEqual([b.id]);
    expect((await membres(g.auth, `search=${encodeURIComponent(`Awa ${tag}Assi`)}`)).map((m) => m.id)).toEqual([a.id]);
    expect((await membres(g.auth, `search=${encodeURIComponent(emailB.toUpperCase())}`)).map((m) => m.id)).toEqual([
      b.id,
    ]);
    expect((await membres(g.auth, `search=${a.code_esv}`)).map((m) => m.id)).toEqual([a.id]);
    // A gestionnaire finds only his clients; admin and comptable anyone.
    expect(await membres(g.auth, `search=${client.code_esv}`)).toEqual([]);
    for (const who of [admin, comptable]) {
      expect((await membres(who.auth, `search=${tag}`)).map((m) => m.id)).toEqual([a.id, b.id]);
      expect((await membres(who.auth, `search=${client.code_esv}`)).map((m) => m.id)).toEqual([client.id]);
    }
    expect((await membres(comptable.auth, `search=${tag}&limit=1`)).map((m) => m.id)).toEqual([a.id]);
    // A member finds only himself.
    expect((await membres(a.auth)).map((m) => m.id)).toEqual([a.id]);
    expect(await membres(a.auth, `search=${tag}Bamba`)).toEqual([]);
    for (const query of ['limit=0', 'limit=51', 'limit=abc']) {
      expect((await get(`/api/remboursements/membres?${query}`, comptable.auth)).statusCode, query).toBe(400);
    }
    expect((await get('/api/remboursements/membres?limit=50', comptable.auth)).statusCode).toBe(200);
  });
});

describe('processing (PUT /remboursements/{id}/traiter)', () => {
  it('approves: debits the principal bank with its movement, lowers the paid total, stamps the processor, audits', async () => {
    const m = await paidMember(400_000, gestionnaire.account.id);
    const r = await request(m.auth, { montant: 150_000 });
    const before = (await bankState(ctx, principale.id)).solde;
    const caisseBefore = await bankState(ctx, caisse.id);
    expect(await membreTotals(ctx, m.id)).toEqual({ montant_deja_paye: 400_000, montant_du: 8_600_000 });
    const start = Date.now();
    const response = await approve(gestionnaire.auth, r.id, 'Accord du gestionnaire');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(REMBOURSEMENT_MESSAGES.approved);
    const data: Remboursement = response.json().data;
    expect(data).toMatchObject({
      statut: 'approuve',
      commentaire_traitement: 'Accord du gestionnaire',
      traite_par: gestionnaire.account.id,
      traitant: { id: gestionnaire.account.id },
      banque: { id: principale.id, nom: principale.nom },
    });
    const stamped = Date.parse(data.date_traitement ?? '');
    expect(stamped).toBeGreaterThanOrEqual(start - 1000);
    expect(stamped).toBeLessThanOrEqual(Date.now() + 1000);

    // The principal bank: its balance and a debit with the balance after; the caisse untouched.
    expect((await bankState(ctx, principale.id)).solde).toBe(before - 150_000);
    expect(await bankState(ctx, caisse.id)).toEqual(caisseBefore);
    const [move] = await mouvementsOf(principale.id);
    expect(move).toMatchObject({
      type: 'debit',
      operation: 'remboursement_approuve',
      montant: 150_000,
      solde_apres: before - 150_000,
      source_table: 'remboursements',
      source_id: r.id,
      auteur: { id: gestionnaire.account.id },
    });

    // The member: paid total down, amount due up, as the API shows his file.
    expect(await membreTotals(ctx, m.id)).toEqual({ montant_deja_paye: 250_000, montant_du: 8_750_000 });
    expect((await get(`/api/membres/${m.id}`, admin.auth)).json().data).toMatchObject({
      montant_deja_paye: 250_000,
      montant_du: 8_750_000,
    });
    expect((await get('/api/membres/moi', m.auth)).json().data).toMatchObject({
      montant_deja_paye: 250_000,
      montant_du: 8_750_000,
    });
    expect(await remboursable(m)).toBe(250_000);

    const audits = await auditOf(ctx, 'remboursements', r.id);
    expect(audits.map((x) => x.action)).toEqual(['created', 'updated']);
    expect(audits[1]).toMatchObject({ user_id: gestionnaire.account.id, membre_id: m.id });
    expect(audits[1]?.old_values).toMatchObject({ statut: 'en_attente' });
    expect(audits[1]?.new_values).toMatchObject({
      statut: 'approuve',
      montant: 150_000,
      banque_id: principale.id,
      solde_banque: before - 150_000,
    });
  });

  it('rejects with a comment only (400 on commentaire); asks for a decision (400 on statut); moves no money', async () => {
    const m = await paidMember(10_000);
    const r = await request(m.auth, { montant: 10_000 });
    const bankBefore = await bankState(ctx, principale.id);
    for (const body of [
      { statut: 'rejete' },
      { statut: 'rejete', commentaire: '   ' },
      { statut: 'rejete', commentaire: null },
    ]) {
      const response = await traiter(comptable.auth, r.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors?.commentaire).toBe(REMBOURSEMENT_MESSAGES.commentaireRequired);
    }
    for (const body of [{}, { statut: 'annule', commentaire: 'x' }, undefined]) {
      const response = await traiter(comptable.auth, r.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (body) expect(response.json().errors?.statut).toBe(REMBOURSEMENT_MESSAGES.decisionRequired);
    }
    expect(await rembRow(r.id)).toMatchObject({ statut: 'en_attente', traite_par: null });
    expect(await auditOf(ctx, 'remboursements', r.id)).toHaveLength(1);

    const response = await reject(comptable.auth, r.id, 'Pas de pièce justificative');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(REMBOURSEMENT_MESSAGES.rejected);
    expect(response.json().data).toMatchObject({
      statut: 'rejete',
      commentaire_traitement: 'Pas de pièce justificative',
      traitant: { id: comptable.account.id },
      banque: null,
    });
    expect(response.json().data.date_traitement).not.toBeNull();
    expect(await bankState(ctx, principale.id)).toEqual(bankBefore);
    expect(await membreTotals(ctx, m.id)).toMatchObject({ montant_deja_paye: 10_000 });
    // A rejected request no longer holds back what may be refunded.
    expect(await remboursable(m)).toBe(10_000);
    const audits = await auditOf(ctx, 'remboursements', r.id);
    expect(audits.map((x) => x.action)).toEqual(['created', 'updated']);
    expect(audits[1]?.new_values).toMatchObject({
      statut: 'rejete',
      commentaire_traitement: 'Pas de pièce justificative',
    });
  });

  it('refuses an approval by whoever filed the request (403, four eyes); a comptable can', async () => {
    const m = await paidMember(60_000, gestionnaire.account.id);
    for (const who of [gestionnaire, admin]) {
      const r = await request(who.auth, { membre_id: m.id, montant: 20_000 });
      const bankBefore = await bankState(ctx, principale.id);
      const own = await approve(who.auth, r.id);
      expect(own.statusCode, who.account.role).toBe(403);
      expect(own.json()).toMatchObject({ code: 'FORBIDDEN', message: REMBOURSEMENT_MESSAGES.ownFiling });
      expect(await rembRow(r.id)).toMatchObject({ statut: 'en_attente', traite_par: null });
      expect(await bankState(ctx, principale.id)).toEqual(bankBefore);
      expect(await auditOf(ctx, 'remboursements', r.id)).toHaveLength(1);
      const other = await approve(comptable.auth, r.id);
      expect(other.statusCode, other.body).toBe(200);
    }
    expect(await membreTotals(ctx, m.id)).toMatchObject({ montant_deja_paye: 20_000 });
  });

  it('decides a request once: a second approval or rejection answers 409 and changes nothing', async () => {
    const m = await paidMember(30_000);
    const approved = await request(m.auth, { montant: 10_000 });
    const rejected = await request(m.auth, { montant: 5_000 });
    expect((await approve(comptable.auth, approved.id)).statusCode).toBe(200);
    expect((await reject(comptable.auth, rejected.id)).statusCode).toBe(200);
    const snapshot = async () => ({
      bank: await bankState(ctx, principale.id),
      membre: await membreTotals(ctx, m.id),
      approved: await rembRow(approved.id),
      rejected: await rembRow(rejected.id),
      audits:
        (await auditOf(ctx, 'remboursements', approved.id)).length +
        (await auditOf(ctx, 'remboursements', rejected.id)).length,
    });
    const before = await snapshot();
    for (const call of [
      () => approve(admin.auth, approved.id),
      () => reject(comptable.auth, approved.id),
      () => approve(admin.auth, rejected.id),
      () => reject(admin.auth, rejected.id),
    ]) {
      const response = await call();
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'CONFLICT', message: REMBOURSEMENT_MESSAGES.alreadyDecided });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses with 409 'Solde insuffisant' an approval the principal bank cannot pay; nothing changes", async () => {
    const m = await paidMember(80_000);
    const r = await request(m.auth, { montant: 80_000 });
    // A poorer principal bank for the time of the test.
    const poor = await createBanque(ctx, comptable.auth, { est_principale: true, solde_initial: 79_999 });
    try {
      const before = {
        bank: await bankState(ctx, poor.id),
        membre: await membreTotals(ctx, m.id),
        row: await rembRow(r.id),
        audits: await auditOf(ctx, 'remboursements', r.id),
      };
      const response = await approve(comptable.auth, r.id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        message: BANQUE_MESSAGES.soldeInsuffisant,
        errors: { montant: BANQUE_MESSAGES.soldeInsuffisant },
      });
      expect({
        bank: await bankState(ctx, poor.id),
        membre: await membreTotals(ctx, m.id),
        row: await rembRow(r.id),
        audits: await auditOf(ctx, 'remboursements', r.id),
      }).toEqual(before);
      expect(before.bank).toMatchObject({ solde: 79_999, mouvements: [] });
    } finally {
      const back = await ctx.app.inject({
        method: 'PUT',
        url: `/api/banques/${principale.id}`,
        headers: comptable.auth,
        payload: { est_principale: true },
      });
      expect(back.statusCode, back.body).toBe(200);
    }
    // Paid from the principal bank again.
    expect((await approve(comptable.auth, r.id)).json().data.banque).toMatchObject({ id: principale.id });
  });

  it('refuses with 409 an approval when there is no principal bank; nothing changes', async () => {
    const m = await paidMember(5_000);
    const r = await request(m.auth, { montant: 5_000 });
    const before = {
      bank: await bankState(ctx, principale.id),
      membre: await membreTotals(ctx, m.id),
      row: await rembRow(r.id),
    };
    const response = await withoutPrincipal(ctx, () => approve(comptable.auth, r.id));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: REMBOURSEMENT_MESSAGES.noPrincipal });
    expect({
      bank: await bankState(ctx, principale.id),
      membre: await membreTotals(ctx, m.id),
      row: await rembRow(r.id),
    }).toEqual(before);
    expect(await auditOf(ctx, 'remboursements', r.id)).toHaveLength(1);
  });

  it('refuses with 409 an approval the paid total no longer covers (the payment deleted meanwhile)', async () => {
    const m = await paidMember(40_000);
    const r = await request(m.auth, { montant: 40_000 });
    expect((await deleteVersement(ctx, comptable.auth, m.versement.id)).statusCode).toBe(200);
    expect(await membreTotals(ctx, m.id)).toMatchObject({ montant_deja_paye: 0 });
    const bankBefore = await bankState(ctx, principale.id);
    const response = await approve(comptable.auth, r.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: REMBOURSEMENT_MESSAGES.paidTotalChanged });
    expect(await bankState(ctx, principale.id)).toEqual(bankBefore);
    expect(await rembRow(r.id)).toMatchObject({ statut: 'en_attente', banque_id: null });
    expect(await auditOf(ctx, 'remboursements', r.id)).toHaveLength(1);
  });

  it('refuses to delete a validated payment whose amount was refunded since (409); nothing changes', async () => {
    const m = await paidMember(100_000);
    const r = await request(m.auth, { montant: 30_000 });
    expect((await approve(comptable.auth, r.id)).statusCode).toBe(200);
    const before = {
      caisse: await bankState(ctx, caisse.id),
      membre: await membreTotals(ctx, m.id),
      versement: await versementRow(ctx, m.versement.id),
    };
    expect(before.membre.montant_deja_paye).toBe(70_000);
    const response = await deleteVersement(ctx, comptable.auth, m.versement.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: VERSEMENT_MESSAGES.alreadyRefunded });
    expect({
      caisse: await bankState(ctx, caisse.id),
      membre: await membreTotals(ctx, m.id),
      versement: await versementRow(ctx, m.versement.id),
    }).toEqual(before);
    expect(before.versement.date_suppression).toBeNull();
  });

  it('debits once when two processors approve the same request at once', async () => {
    const m = await paidMember(90_000);
    const r = await request(m.auth, { montant: 45_000 });
    const before = (await bankState(ctx, principale.id)).solde;
    const responses = await Promise.all([approve(comptable.auth, r.id), approve(admin.auth, r.id)]);
    expect(responses.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((x) => x.statusCode === 409)?.json().message).toBe(REMBOURSEMENT_MESSAGES.alreadyDecided);
    const state = await bankState(ctx, principale.id);
    expect(state.solde).toBe(before - 45_000);
    expect(state.mouvements.filter((mv) => mv.source_table === 'remboursements' && mv.source_id === r.id)).toHaveLength(
      1,
    );
    expect(await membreTotals(ctx, m.id)).toMatchObject({ montant_deja_paye: 45_000 });
  });
});

describe('cancelling (DELETE /remboursements/{id})', () => {
  it('lets the member cancel his pending request: row and file gone, audited, refundable again', async () => {
    const m = await paidMember(20_000);
    const r = await request(m.auth, { montant: 20_000 }, { name: 'piece.pdf', data: PDF });
    expect(await remboursable(m)).toBe(0);
    expect(await storedFiles(ctx, `remboursements/${r.id}`)).toHaveLength(1);
    const response = await cancel(m.auth, r.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: REMBOURSEMENT_MESSAGES.cancelled });
    expect(await rembRow(r.id)).toBeUndefined();
    expect(await storedFiles(ctx, `remboursements/${r.id}`)).toEqual([]);
    expect((await get(`/api/remboursements/${r.id}`, comptable.auth)).statusCode).toBe(404);
    expect(await remboursable(m)).toBe(20_000);
    const last = (await auditOf(ctx, 'remboursements', r.id)).at(-1);
    expect(last).toMatchObject({ action: 'deleted', user_id: m.utilisateur_id, membre_id: m.id });
    expect(last?.old_values).toMatchObject({
      statut: 'en_attente',
      montant: 20_000,
      fichier_justificatif: 'piece.pdf',
    });
    expect((await cancel(m.auth, r.id)).statusCode).toBe(404);
  });

  it('lets a processor in scope cancel: the gestionnaire his client’s, admin and comptable anyone’s', async () => {
    for (const [who, target] of [
      [gestionnaire, client],
      [admin, outsider],
      [comptable, outsider],
    ] as const) {
      const r = await request(target.auth, { montant: 1_000 });
      const response = await cancel(who.auth, r.id);
      expect(response.statusCode, `${who.account.role}: ${response.body}`).toBe(200);
      expect(await rembRow(r.id)).toBeUndefined();
      expect((await auditOf(ctx, 'remboursements', r.id)).at(-1)).toMatchObject({
        action: 'deleted',
        user_id: who.account.id,
      });
    }
  });

  it('refuses to cancel a decided request (409), changing nothing', async () => {
    const m = await paidMember(10_000);
    const approved = await request(m.auth, { montant: 4_000 });
    const rejected = await request(m.auth, { montant: 3_000 });
    expect((await approve(comptable.auth, approved.id)).statusCode).toBe(200);
    expect((await reject(comptable.auth, rejected.id)).statusCode).toBe(200);
    for (const r of [approved, rejected]) {
      const before = await rembRow(r.id);
      for (const auth of [m.auth, comptable.auth]) {
        const response = await cancel(auth, r.id);
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ code: 'CONFLICT', message: REMBOURSEMENT_MESSAGES.onlyPendingCancel });
      }
      expect(await rembRow(r.id)).toEqual(before);
      expect(await auditOf(ctx, 'remboursements', r.id)).toHaveLength(2);
    }
  });
});

describe('the total refund (POST /remboursements/total/{membreId})', () => {
  it('files a pending request for all that may be refunded, computed by the server, and audits it', async () => {
    const m = await paidMember(250_000, gestionnaire.account.id);
    await request(m.auth, { montant: 50_000 });
    // Whatever the body says, the server computes the amount.
    const response = await total(gestionnaire.auth, m.id, { montant: 1, raison: 'Autre chose' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(REMBOURSEMENT_MESSAGES.totalCreated);
    const r: Remboursement = response.json().data;
    expect(r).toMatchObject({
      membre_id: m.id,
      montant: 200_000,
      raison: REMBOURSEMENT_MESSAGES.totalRaison,
      statut: 'en_attente',
      depose_par: { id: gestionnaire.account.id },
    });
    expect(await remboursable(m)).toBe(0);
    const [audit, ...more] = await auditOf(ctx, 'remboursements', r.id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ action: 'created', user_id: gestionnaire.account.id, membre_id: m.id });
    expect(audit?.new_values).toMatchObject({ montant: 200_000, total: true });

    // Nothing left: 409; the same for a member who paid nothing.
    const again = await total(comptable.auth, m.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: REMBOURSEMENT_MESSAGES.nothingToRefund });
    const none = await createClient(ctx);
    const nothing = await total(admin.auth, none.id);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(REMBOURSEMENT_MESSAGES.nothingToRefund);
    expect(await ctx.db.selectFrom('remboursements').select('id').where('membre_id', '=', none.id).execute()).toEqual(
      [],
    );

    // Filed by the gestionnaire, approved by the comptable: the member's paid total goes to zero.
    expect((await approve(gestionnaire.auth, r.id)).statusCode).toBe(403);
    expect((await approve(comptable.auth, r.id)).statusCode).toBe(200);
    expect(await membreTotals(ctx, m.id)).toMatchObject({ montant_deja_paye: 50_000 });
  });
});

// Two connections that wait on one another: PGlite has a single connection, so only PostgreSQL can.
describe.runIf(process.env.DATABASE_URL)('on PostgreSQL: decisions held back, then released together', () => {
  it('debits once when two approvals wait on the same request and then run together', async () => {
    const m = await paidMember(70_000);
    const r = await request(m.auth, { montant: 33_000 });
    const before = (await bankState(ctx, principale.id)).solde;
    let racing: Promise<{ statusCode: number; json(): { message: string } }[]> | undefined;
    await ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('remboursements').select('id').where('id', '=', r.id).forUpdate().execute();
      racing = Promise.all([approve(comptable.auth, r.id), approve(admin.auth, r.id)]);
      await heldBack(ctx.db, trx, 2);
    });
    const responses = (await racing) ?? [];
    expect(responses.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((x) => x.statusCode === 409)?.json().message).toBe(REMBOURSEMENT_MESSAGES.alreadyDecided);
    const state = await bankState(ctx, principale.id);
    expect(state.solde).toBe(before - 33_000);
    expect(state.mouvements.filter((mv) => mv.source_table === 'remboursements' && mv.source_id === r.id)).toHaveLength(
      1,
    );
    expect(await membreTotals(ctx, m.id)).toMatchObject({ montant_deja_paye: 37_000 });
  });

  it('never refunds more than was paid when two requests for the whole amount wait on the member', async () => {
    const m = await paidMember(60_000);
    let racing: Promise<{ statusCode: number }[]> | undefined;
    await ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('membres').select('id').where('id', '=', m.id).forUpdate().execute();
      racing = Promise.all([
        postRemb(m.auth, rembBody({ montant: 60_000 })),
        postRemb(comptable.auth, rembBody({ membre_id: m.id, montant: 60_000 })),
      ]);
      await heldBack(ctx.db, trx, 2);
    });
    const responses = (await racing) ?? [];
    expect(responses.map((x) => x.statusCode).sort()).toEqual([201, 400]);
    expect(await remboursable(m)).toBe(0);
  });

  it('keeps one outcome when a cancellation and an approval wait on the same request', async () => {
    const m = await paidMember(20_000);
    const r = await request(m.auth, { montant: 20_000 });
    let racing: Promise<{ statusCode: number }[]> | undefined;
    await ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('remboursements').select('id').where('id', '=', r.id).forUpdate().execute();
      racing = Promise.all([approve(comptable.auth, r.id), cancel(m.auth, r.id)]);
      await heldBack(ctx.db, trx, 2);
    });
    const [approval, cancellation] = (await racing) ?? [];
    const row = await rembRow(r.id);
    if (approval?.statusCode === 200) {
      expect(cancellation?.statusCode).toBe(409);
      expect(row?.statut).toBe('approuve');
      expect((await membreTotals(ctx, m.id)).montant_deja_paye).toBe(0);
    } else {
      expect(approval?.statusCode).toBe(404);
      expect(cancellation?.statusCode).toBe(200);
      expect(row).toBeUndefined();
      expect((await membreTotals(ctx, m.id)).montant_deja_paye).toBe(20_000);
    }
  });
});
