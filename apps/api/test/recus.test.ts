import { randomBytes } from 'node:crypto';
import { type Banque, INPUT_MESSAGES, MESSAGES, RECU_MESSAGES, type Role, VERSEMENT_MESSAGES } from '@app/shared';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerBreaches } from '../src/modules/banques/ledger.repository.ts';
import { RecuSigner } from '../src/modules/recus/recu-token.ts';
import { VERIFICATION_RATE_LIMIT } from '../src/modules/recus/recus.routes.ts';
import { buildTestApp, loginAs, type TestContext } from './helpers.ts';
import {
  type Auth,
  type Client,
  createBanque,
  createClient,
  declare,
  deleteVersement,
  rejectVersement,
  uniqueTag,
  validateVersement,
  versementBody,
} from './money-helpers.ts';

const SECRET = randomBytes(32).toString('hex');
const COMPANY = {
  companyName: 'Société Ivoirienne d’Autopromotion',
  slogan: 'Bâtir ensemble, à votre rythme',
  address: 'Rue des Jardins, Cocody, Abidjan',
  phone: '+225 27 22 00 11 22',
  email: 'contact@sia.test',
};

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let comptable: Awaited<ReturnType<typeof loginAs>>;
let gestionnaire: Awaited<ReturnType<typeof loginAs>>;
let autreGestionnaire: Awaited<ReturnType<typeof loginAs>>;
let tokens: Record<Role, Auth>;
let banque: Banque;
/** The gestionnaire's client, the 'membre' of the rights matrices. */
let client: Client;
/** A member of nobody's portfolio. */
let outsider: Client;

beforeAll(async () => {
  ctx = await buildTestApp({ jwtSecret: SECRET });
  admin = await loginAs(ctx, 'admin');
  comptable = await loginAs(ctx, 'comptable');
  gestionnaire = await loginAs(ctx, 'gestionnaire');
  autreGestionnaire = await loginAs(ctx, 'gestionnaire');
  await ctx.db
    .updateTable('utilisateurs')
    .set({ nom: 'Diabaté', prenom: 'Mariam' })
    .where('id', '=', comptable.account.id)
    .execute();
  const settings = await ctx.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: admin.auth,
    payload: { general: COMPANY },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  // The principal bank pays the refunds; the members' payments go to the other one.
  await createBanque(ctx, comptable.auth, { est_principale: true, solde_initial: 100_000_000 });
  banque = await createBanque(ctx, comptable.auth, { nom: `Banque Atlantique Côte d’Ivoire ${uniqueTag()}` });
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
afterEach(async () => {
  expect(await ledgerBreaches(ctx.db)).toEqual([]);
});

/** The text of a PDF, its runs of spaces (no-break ones included) made one. */
async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** A payment of the member, declared by him and validated by the comptable. */
async function paid(member: Client, montant: number, overrides: object = {}) {
  const versement = await declare(ctx, member.auth, versementBody(member, banque.id, { montant, ...overrides }));
  const response = await validateVersement(ctx, comptable.auth, versement.id);
  expect(response.statusCode, response.body).toBe(200);
  return versement;
}

const getRecu = (id: number, auth: Auth) =>
  ctx.app.inject({ method: 'GET', url: `/api/versements/${id}/recu`, headers: auth });

/** The receipt's text; it must be there. */
async function recuText(id: number, auth: Auth = comptable.auth): Promise<string> {
  const response = await getRecu(id, auth);
  expect(response.statusCode, response.body).toBe(200);
  return pdfText(response.rawPayload);
}

const verificationOf = (text: string) => {
  const token = /http:\/\/backoffice\.test\/verification\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`pas d’adresse de vérification dans\u00a0: ${text}`);
  return token;
};

const verify = (token: string, remoteAddress?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/recus/verification/${token}`,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** A refund asked by the member and approved by the comptable. */
async function refund(member: Client, montant: number) {
  const asked = await ctx.app.inject({
    method: 'POST',
    url: '/api/remboursements',
    headers: member.auth,
    payload: { montant, raison: 'Trop-perçu sur apport' },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const id: number = asked.json().data.id;
  const approved = await ctx.app.inject({
    method: 'PUT',
    url: `/api/remboursements/${id}/traiter`,
    headers: comptable.auth,
    payload: { statut: 'approuve' },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return id;
}

/** Moves a decision back in time, as if it had been taken then. */
async function backdate(table: 'versements' | 'remboursements', id: number, at: string) {
  if (table === 'versements') {
    await ctx.db
      .updateTable('versements')
      .set({ date_validation: new Date(at) })
      .where('id', '=', id)
      .execute();
  } else {
    await ctx.db
      .updateTable('remboursements')
      .set({ date_traitement: new Date(at) })
      .where('id', '=', id)
      .execute();
  }
}

const numeroOf = (id: number, year = 2026) => `REC-${year}-${String(id).padStart(6, '0')}`;

describe('receipt PDF', () => {
  it('writes a validated payment’s receipt in French with its figures, its words and its verification address', async () => {
    const member = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id, nom: 'Kouassi' });
    const numero_recu = uniqueTag('BQ-');
    const versement = await paid(member, 250_000, { numero_recu, date_recu: '2026-11-02' });
    const response = await getRecu(versement.id, comptable.auth);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="recu-${numeroOf(versement.id)}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(response.rawPayload);
    for (const expected of [
      COMPANY.companyName,
      COMPANY.slogan,
      COMPANY.address,
      COMPANY.phone,
      COMPANY.email,
      'REÇU DE VERSEMENT',
      `N° ${numeroOf(versement.id)}`,
      'Awa Kouassi',
      `Code membre : ${member.code_esv}`,
      'Montant reçu 250 000 FCFA',
      'Arrêté à la somme de : deux cent cinquante mille francs CFA',
      'Type de versement Mensualité',
      'Date du versement 02/11/2026',
      'Date de validation',
      `Banque ${banque.nom}`,
      `N° du bordereau bancaire ${numero_recu}`,
      'Validé par Mariam Diabaté',
      // 150,000 × 60 = 9,000,000; 250,000 paid.
      'Montant total du contrat 9 000 000 FCFA (150 000 FCFA × 60 mois)',
      'Total versé, net des remboursements 250 000 FCFA',
      'Reste à payer 8 750 000 FCFA',
      'Vérifier ce reçu',
    ]) {
      expect(text).toContain(expected);
    }
    // The narrow spaces of fr-FR never turn into another glyph (a U+202F would draw " /").
    expect(text).not.toMatch(/\d \/\d|\?/);
    expect(verificationOf(text)).toMatch(/^[A-Za-z0-9_-]{28}$/);
  });

  it('counts the remaining balance in validation order, less the refunds approved before the payment', async () => {
    const member = await createClient(ctx);
    const first = await paid(member, 1_000_000);
    await refund(member, 200_000);
    // Declared first, validated last: its receipt counts the other one.
    const later = await declare(ctx, member.auth, versementBody(member, banque.id, { montant: 300_000 }));
    const sooner = await paid(member, 500_000);
    expect((await validateVersement(ctx, comptable.auth, later.id)).statusCode).toBe(200);

    // 9,000,000 − 1,000,000 (the refund came after it).
    expect(await recuText(first.id)).toContain('Reste à payer 8 000 000 FCFA');
    // 9,000,000 − 1,500,000 + 200,000.
    const soonerText = await recuText(sooner.id);
    expect(soonerText).toContain('Total versé, net des remboursements 1 300 000 FCFA');
    expect(soonerText).toContain('Reste à payer 7 700 000 FCFA');
    // 9,000,000 − 1,800,000 + 200,000.
    expect(await recuText(later.id)).toContain('Reste à payer 7 400 000 FCFA');
    // A later payment never changes an earlier receipt.
    await paid(member, 100_000);
    expect(await recuText(sooner.id)).toContain('Reste à payer 7 700 000 FCFA');
  });

  it('answers 404 for a pending, rejected or deleted payment: only a validated one has a receipt', async () => {
    const pending = await declare(ctx, client.auth, versementBody(client, banque.id));
    const noRecu = await getRecu(pending.id, comptable.auth);
    expect(noRecu.statusCode).toBe(404);
    expect(noRecu.json()).toEqual({ success: false, code: 'NOT_FOUND', message: RECU_MESSAGES.noRecu });
    expect((await rejectVersement(ctx, comptable.auth, pending.id)).statusCode).toBe(200);
    expect((await getRecu(pending.id, comptable.auth)).json().message).toBe(RECU_MESSAGES.noRecu);

    const deleted = await paid(client, 10_000);
    expect((await deleteVersement(ctx, comptable.auth, deleted.id)).statusCode).toBe(200);
    const gone = await getRecu(deleted.id, comptable.auth);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(VERSEMENT_MESSAGES.notFound);
    expect((await getRecu(2_147_483_647, comptable.auth)).statusCode).toBe(404);
    expect((await getRecu(0, comptable.auth)).json().message).toBe(INPUT_MESSAGES.invalidId);
  });

  it('lets each role download a receipt as the payments’ rights say, within its scope', async () => {
    const own = await paid(client, 75_000);
    const expected: Record<Role, number> = {
      admin: 200,
      gestionnaire: 200,
      comptable: 200,
      membre: 200,
      commercial: 403,
      demandeur: 403,
    };
    for (const [role, status] of Object.entries(expected) as [Role, number][]) {
      const response = await getRecu(own.id, tokens[role]);
      expect(response.statusCode, `${role} → ${response.body.slice(0, 80)}`).toBe(status);
      if (status === 403) expect(response.json().message).toBe(MESSAGES.forbidden);
    }
    // Outside the scope it is not there: another gestionnaire, another member.
    const foreign = await paid(outsider, 60_000);
    expect((await getRecu(own.id, autreGestionnaire.auth)).statusCode).toBe(404);
    expect((await getRecu(foreign.id, gestionnaire.auth)).statusCode).toBe(404);
    expect((await getRecu(foreign.id, client.auth)).statusCode).toBe(404);
    expect((await getRecu(own.id, outsider.auth)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/versements/${own.id}/recu` })).statusCode).toBe(401);
  });
});

describe('receipt verification', () => {
  const notGenuine = { success: false, code: 'NOT_FOUND', message: RECU_MESSAGES.notGenuine };

  it('answers a genuine receipt with its number, date, amount and the member’s initials only, without a token', async () => {
    const member = await createClient(ctx, { nom: 'Kouamé' });
    const versement = await paid(member, 250_000);
    const token = verificationOf(await recuText(versement.id));
    const response = await verify(token);
    expect(response.statusCode, response.body).toBe(200);
    const stored = await ctx.db
      .selectFrom('versements')
      .select('date_validation')
      .where('id', '=', versement.id)
      .executeTakeFirstOrThrow();
    expect(response.json()).toEqual({
      success: true,
      data: {
        authentique: true,
        numero: numeroOf(versement.id),
        date_validation: stored.date_validation?.toISOString(),
        montant: 250_000,
        initiales: 'A. K.',
      },
    });
    expect(new RecuSigner(SECRET).sign(versement.id)).toBe(token);
  });

  it('refuses an altered signature, another id, a guessed token or another key’s, revealing nothing', async () => {
    const versement = await paid(client, 40_000);
    const token = verificationOf(await recuText(versement.id));
    const bytes = Buffer.from(token, 'base64url');

    const altered = Buffer.from(bytes);
    altered[20] = (altered[20] ?? 0) ^ 0x01;
    // The same signature on the next payment's id: valid-looking, not signed for it.
    const otherId = Buffer.from(bytes);
    otherId.writeUInt32BE(versement.id + 1, 1);
    const attempts = [
      altered.toString('base64url'),
      otherId.toString('base64url'),
      randomBytes(21).toString('base64url'),
      new RecuSigner(randomBytes(32).toString('hex')).sign(versement.id),
      `${token}A`,
      token.slice(0, -1),
      'abc',
    ];
    for (const attempt of attempts) {
      const response = await verify(attempt);
      expect(response.statusCode, attempt).toBe(404);
      expect(response.json(), attempt).toEqual(notGenuine);
    }
    // Not a token's characters at all: refused as input, with the same words.
    const malformed = await verify('abc.def');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(RECU_MESSAGES.notGenuine);
    expect((await verify(token)).statusCode).toBe(200);
  });

  it('says "not genuine" once the payment is rejected or deleted', async () => {
    const signer = new RecuSigner(SECRET);
    const rejected = await declare(ctx, client.auth, versementBody(client, banque.id));
    expect((await rejectVersement(ctx, comptable.auth, rejected.id)).statusCode).toBe(200);
    expect((await verify(signer.sign(rejected.id))).json()).toEqual(notGenuine);
    const pending = await declare(ctx, client.auth, versementBody(client, banque.id));
    expect((await verify(signer.sign(pending.id))).statusCode).toBe(404);

    const deleted = await paid(client, 20_000);
    const token = verificationOf(await recuText(deleted.id));
    expect((await verify(token)).statusCode).toBe(200);
    expect((await deleteVersement(ctx, comptable.auth, deleted.id)).statusCode).toBe(200);
    expect((await verify(token)).json()).toEqual(notGenuine);
  });

  it(`limits verifications to ${VERIFICATION_RATE_LIMIT} a minute per address`, async () => {
    const token = randomBytes(21).toString('base64url');
    for (let i = 0; i < VERIFICATION_RATE_LIMIT; i++) {
      expect((await verify(token, '203.0.113.9')).statusCode).toBe(404);
    }
    const limited = await verify(token, '203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MESSAGES.tooManyRequests);
    expect((await verify(token, '203.0.113.10')).statusCode).toBe(404);
  });
});

describe('statement PDF', () => {
  const releve = (url: string, auth?: Auth) =>
    ctx.app.inject({ method: 'GET', url, ...(auth ? { headers: auth } : {}) });

  /** A client with a history: 300,000 in January 2024, 200,000 in February, 100,000 refunded in March, 400,000 in April. */
  async function history() {
    const member = await createClient(ctx, { gestionnaire_id: gestionnaire.account.id, nom: 'Bamba' });
    const slip = uniqueTag('BQ-');
    const janvier = await paid(member, 300_000);
    await backdate('versements', janvier.id, '2024-01-10T10:00:00Z');
    const fevrier = await paid(member, 200_000, { numero_recu: slip });
    await backdate('versements', fevrier.id, '2024-02-15T09:30:00Z');
    const mars = await refund(member, 100_000);
    await backdate('remboursements', mars, '2024-03-05T15:00:00Z');
    const avril = await paid(member, 400_000);
    await backdate('versements', avril.id, '2024-04-20T08:00:00Z');
    return { member, janvier, fevrier, avril, slip };
  }

  it('gives the opening balance, every operation of the period with the running total, the closing balance and what remains', async () => {
    const { member, fevrier, slip } = await history();
    const response = await releve(`/api/membres/${member.id}/releve?du=2024-02-01&au=2024-03-31`, admin.auth);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="releve-${member.code_esv}-2024-02-01-2024-03-31.pdf"`,
    );
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      COMPANY.companyName,
      'RELEVÉ DE COMPTE',
      'Du 01/02/2024 au 31/03/2024',
      'Awa Bamba',
      `Code membre : ${member.code_esv}`,
      'Contrat : 150 000 FCFA × 60 mois = 9 000 000 FCFA',
      // Opening: January's 300,000.
      '01/02/2024 Solde d’ouverture Versé net avant la période 300 000',
      // Each line with its running total: +200,000 → 500,000; −100,000 → 400,000.
      `15/02/2024 Versement – Mensualité (${banque.nom}) Reçu ${numeroOf(fevrier.id, 2024)}, bordereau ${slip} 200 000 500 000`,
      '05/03/2024 Remboursement Trop-perçu sur apport 100 000 400 000',
      '31/03/2024 Solde de clôture Versé net à la fin de la période 200 000 100 000 400 000',
      'Solde d’ouverture (versé net) 300 000 FCFA',
      'Versements de la période 200 000 FCFA',
      'Remboursements de la période 100 000 FCFA',
      'Solde de clôture (versé net) 400 000 FCFA',
      'Montant total du contrat 9 000 000 FCFA',
      'Reste à payer au 31/03/2024 8 600 000 FCFA',
    ]) {
      expect(text).toContain(expected);
    }
    // April is after the period.
    expect(text).not.toContain('20/04/2024');
    // The schedule today: 800,000 paid net settles 5 instalments of 150,000, the 6th partly.
    expect(text).toMatch(
      /Échéancier au \d\d\/\d\d\/\d{4} Échéances payées 5 sur 60 Prochaine échéance n° 6, 100 000 FCFA le \d\d\/\d\d\/\d{4} Arriérés aucun/,
    );
  });

  it('writes an empty period with its balances, and the whole history when the period covers it', async () => {
    const { member, avril } = await history();
    const empty = await pdfText(
      (await releve(`/api/membres/${member.id}/releve?du=2024-05-01&au=2024-05-31`, admin.auth)).rawPayload,
    );
    expect(empty).toContain('Solde d’ouverture Versé net avant la période 800 000');
    expect(empty).toContain('Aucune opération sur la période');
    expect(empty).toContain('Solde de clôture Versé net à la fin de la période 0 0 800 000');
    const all = await pdfText(
      (await releve(`/api/membres/${member.id}/releve?du=2024-01-01&au=2024-12-31`, admin.auth)).rawPayload,
    );
    expect(all).toContain('Solde d’ouverture Versé net avant la période 0');
    expect(all).toContain(`Reçu ${numeroOf(avril.id, 2024)}`);
    expect(all).toContain('Reste à payer au 31/12/2024 8 200 000 FCFA');
  });

  it('lets a member download his own statement, and staff who may see him', async () => {
    const { member } = await history();
    const query = 'du=2024-01-01&au=2024-06-30';
    expect((await releve(`/api/membres/moi/releve?${query}`, member.auth)).statusCode).toBe(200);
    expect((await releve(`/api/membres/${member.id}/releve?${query}`, member.auth)).statusCode).toBe(200);
    const mine = await pdfText((await releve(`/api/membres/moi/releve?${query}`, member.auth)).rawPayload);
    expect(mine).toContain(member.code_esv);

    const expected: Record<Role, number> = {
      admin: 200,
      gestionnaire: 200,
      membre: 200,
      comptable: 403,
      commercial: 403,
      demandeur: 403,
    };
    for (const [role, status] of Object.entries(expected) as [Role, number][]) {
      const response = await releve(`/api/membres/${client.id}/releve?${query}`, tokens[role]);
      expect(response.statusCode, `${role} → ${response.body.slice(0, 80)}`).toBe(status);
    }
    for (const role of ['admin', 'gestionnaire', 'comptable', 'commercial', 'demandeur'] as const) {
      expect((await releve(`/api/membres/moi/releve?${query}`, tokens[role])).statusCode, role).toBe(403);
    }
    // Outside the scope: another gestionnaire's view, another member's file.
    expect((await releve(`/api/membres/${client.id}/releve?${query}`, autreGestionnaire.auth)).statusCode).toBe(404);
    expect((await releve(`/api/membres/${outsider.id}/releve?${query}`, gestionnaire.auth)).statusCode).toBe(404);
    const foreign = await releve(`/api/membres/${member.id}/releve?${query}`, client.auth);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(RECU_MESSAGES.membreNotFound);
    expect((await releve(`/api/membres/${member.id}/releve?${query}`)).statusCode).toBe(401);
  });

  it('refuses a missing, impossible, reversed, too long or future period with a French 400', async () => {
    // The company's day (Africa/Abidjan, UTC) after today.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const monthBefore = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const cases: [string, string][] = [
      ['au=2024-01-31', RECU_MESSAGES.duRequired],
      ['du=2024-01-01', RECU_MESSAGES.auRequired],
      ['du=2024-02-30&au=2024-03-31', INPUT_MESSAGES.dateInvalid],
      ['du=01/02/2024&au=2024-03-31', INPUT_MESSAGES.dateInvalid],
      ['du=2024-03-01&au=2024-02-01', RECU_MESSAGES.periodOrder],
      ['du=2019-01-01&au=2024-01-01', RECU_MESSAGES.periodTooLong],
      [`du=${monthBefore}&au=${tomorrow}`, RECU_MESSAGES.periodFuture],
    ];
    for (const [query, message] of cases) {
      const response = await releve(`/api/membres/${client.id}/releve?${query}`, admin.auth);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe(message);
    }
    // Five years to the day is allowed.
    expect((await releve(`/api/membres/${client.id}/releve?du=2020-01-01&au=2024-12-31`, admin.auth)).statusCode).toBe(
      200,
    );
  });
});
