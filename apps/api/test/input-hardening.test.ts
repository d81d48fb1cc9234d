import { connect } from 'node:net';
import { ERROR_CODES, INPUT_MESSAGES, MESSAGES } from '@app/shared';
import Fastify, { type InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../src/plugins/errors.ts';
import { multipart, PNG, PRODUIT_FIELDS, SITE_FIELDS } from './catalogue-helpers.ts';
import { buildTestApp, loginAs, type TestContext } from './helpers.ts';

let ctx: TestContext;
let auth: Record<string, string>;
let siteId: number;
let produitId: number;
beforeAll(async () => {
  // The server's own parser and socket: behind nginx, nginx answers malformed requests itself.
  ctx = await buildTestApp({}, { alone: true });
  auth = (await loginAs(ctx, 'admin')).auth;
  const site = await ctx.db
    .insertInto('sites')
    .values({ nom_site: 'Cité Durcie', adresse_site: 'Rue 1', ville_site: 'Grand-Bassam', prix_metre_carre: 40000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  siteId = site.id;
  const produit = await ctx.db
    .insertInto('produits')
    .values({
      site_id: siteId,
      titre: 'Villa Durcie',
      description: 'Test',
      type: 'logement',
      superficie: 200,
      prix_vente: 9_000_000,
      nombre_chambre: 3,
      nombre_salon: 1,
      nombre_cuisine: 1,
      nombre_toilette: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  produitId = produit.id;
});
afterAll(async () => {
  await ctx.close();
});

async function send(options: InjectOptions) {
  return ctx.app.inject(options);
}

/** A French 400 in the product's envelope, never the framework's words. */
function expectBadRequest(response: { statusCode: number; json(): unknown }, message?: string) {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { success: boolean; code: string; message: string };
  expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  if (message) expect(body.message).toBe(message);
  return body;
}

const json = (payload: string) => ({ payload, headers: { ...auth, 'content-type': 'application/json' } });

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL byte in the sign-in form with 400, before any account is read', async () => {
    const response = await send({
      method: 'POST',
      url: '/api/personnel-auth/login',
      payload: '{"identifier":"a\\u0000b","password":"x"}',
      headers: { 'content-type': 'application/json' },
    });
    const body = expectBadRequest(response, INPUT_MESSAGES.invalidCharacters);
    expect(body).toMatchObject({ errors: { identifier: INPUT_MESSAGES.invalidCharacters } });
  });

  it('refuses a NUL byte in a search and in a filter of the query string', async () => {
    expectBadRequest(await send({ method: 'GET', url: '/api/produits?search=a%00b', headers: auth }));
    expectBadRequest(await send({ method: 'GET', url: '/api/sites?ville_site=%00', headers: auth }));
    expectBadRequest(await send({ method: 'GET', url: '/api/membres?search=x%00', headers: auth }));
  });

  it('refuses a lone surrogate in a site edit and leaves the site and the audit unchanged', async () => {
    const response = await send({ method: 'PUT', url: `/api/sites/${siteId}`, ...json('{"nom_site":"x\\ud800y"}') });
    expectBadRequest(response, INPUT_MESSAGES.invalidCharacters);
    const site = await ctx.db.selectFrom('sites').select('nom_site').where('id', '=', siteId).executeTakeFirstOrThrow();
    expect(site.nom_site).toBe('Cité Durcie');
  });

  it('refuses a lone surrogate in a key of a JSON body', async () => {
    expectBadRequest(await send({ method: 'PUT', url: `/api/sites/${siteId}`, ...json('{"\\udc00":"x"}') }));
  });

  it('refuses a NUL byte in a multipart field and in a file name', async () => {
    const field = multipart({ ...SITE_FIELDS, nom_site: 'Cité\u0000' });
    expectBadRequest(
      await send({ method: 'POST', url: '/api/sites', payload: field.payload, headers: { ...auth, ...field.headers } }),
      INPUT_MESSAGES.invalidCharacters,
    );
    const file = multipart({ titre: 'Villa' }, [{ field: 'image', name: 'a\u0000.png', data: PNG }]);
    expectBadRequest(
      await send({
        method: 'PUT',
        url: `/api/produits/${produitId}`,
        payload: file.payload,
        headers: { ...auth, ...file.headers },
      }),
    );
  });
});

describe('ids and numbers', () => {
  it.each(['2147483648', '9007199254740991', '0', '0x10', '1e3'])('answers 400 to GET /api/produits/%s', async (id) => {
    expectBadRequest(
      await send({ method: 'GET', url: `/api/produits/${id}`, headers: auth }),
      INPUT_MESSAGES.invalidId,
    );
  });

  it('still finds a product at its id', async () => {
    expect((await send({ method: 'GET', url: `/api/produits/${produitId}`, headers: auth })).statusCode).toBe(200);
  });

  it('refuses ids out of the integer range in a body', async () => {
    const bulk = await send({
      method: 'PUT',
      url: '/api/membres/gestionnaire',
      payload: { membre_ids: [2_147_483_648], gestionnaire_id: 1 },
      headers: auth,
    });
    expectBadRequest(bulk);
    const favori = await send({ method: 'POST', url: '/api/favoris', payload: { produit_id: 2 ** 40 }, headers: auth });
    expectBadRequest(favori, 'Produit invalide');
  });

  it.each(['0x10', '1e3', '%207%20', '-1', ''])('refuses page=%s and accepts page=2', async (page) => {
    expectBadRequest(await send({ method: 'GET', url: `/api/produits?page=${page}`, headers: auth }));
    expect((await send({ method: 'GET', url: '/api/produits?page=2', headers: auth })).statusCode).toBe(200);
  });

  it('refuses a repeated query parameter (an array) for a number', async () => {
    expectBadRequest(await send({ method: 'GET', url: '/api/produits?limit=5&limit=6', headers: auth }));
  });

  it('refuses a number sent as an array, hex or exponent text in a product edit', async () => {
    for (const payload of ['{"prix_vente":[7]}', '{"prix_vente":"0x10"}', '{"prix_vente":"1e3"}']) {
      const response = await send({ method: 'PUT', url: `/api/produits/${produitId}`, ...json(payload) });
      expectBadRequest(response);
    }
    const after = await ctx.db
      .selectFrom('produits')
      .select('prix_vente')
      .where('id', '=', produitId)
      .executeTakeFirst();
    expect(Number(after?.prix_vente)).toBe(9_000_000);
  });
});

describe('bodies that broke the parsers', () => {
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

  it.each(['produits', 'sites'])('refuses JSON nested 5,000 deep on PUT /api/%s/:id', async (domain) => {
    const id = domain === 'produits' ? produitId : siteId;
    const response = await send({ method: 'PUT', url: `/api/${domain}/${id}`, ...json(`{"titre":${deep(5000)}}`) });
    expectBadRequest(response, INPUT_MESSAGES.tooDeep);
  });

  it('refuses a JSON body carrying __proto__ or constructor.prototype (prototype poisoning)', async () => {
    for (const poison of ['"__proto__":{"x":1}', '"constructor":{"prototype":{"x":1}}']) {
      const payload = `{"identifier":"nobody@test.example","password":"Faux@2026",${poison}}`;
      const response = await send({
        method: 'POST',
        url: '/api/personnel-auth/login',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expectBadRequest(response);
    }
  });

  it('counts brackets inside strings as text, not nesting', async () => {
    const response = await send({
      method: 'PUT',
      url: `/api/sites/${siteId}`,
      ...json(JSON.stringify({ localisation_site: `${'['.repeat(100)}\\"{` })),
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['POST', '/api/produits'],
    ['PUT', '/api/produits/:produit'],
    ['POST', '/api/sites'],
    ['PUT', '/api/sites/:site'],
  ])('answers 400 to a multipart body cut before its closing boundary on %s %s', async (method, path) => {
    const url = path.replace(':produit', String(produitId)).replace(':site', String(siteId));
    const form = multipart({ ...PRODUIT_FIELDS, site_id: siteId }, [{ field: 'image', name: 'a.png', data: PNG }]);
    const cut = form.payload.subarray(0, form.payload.length - 40);
    const response = await send({ method: method as 'PUT', url, payload: cut, headers: { ...auth, ...form.headers } });
    expectBadRequest(response, INPUT_MESSAGES.malformedForm);
  });
});

describe('LIKE filters', () => {
  it('takes a trailing backslash and % in the city filter literally', async () => {
    for (const ville of ['%5C', 'Grand%5C', '%25', '_rand-Bassam']) {
      const response = await send({ method: 'GET', url: `/api/produits/site/${siteId}?ville=${ville}`, headers: auth });
      expect(response.statusCode, ville).toBe(200);
      expect(response.json().data, ville).toEqual([]);
    }
    const exact = await send({ method: 'GET', url: `/api/produits/site/${siteId}?ville=grand-bassam`, headers: auth });
    expect(exact.json().data.map((p: { id: number }) => p.id)).toEqual([produitId]);
  });

  it('takes % literally in the sites city filter and a backslash in searches', async () => {
    const all = await send({ method: 'GET', url: '/api/sites?ville_site=%25', headers: auth });
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toEqual([]);
    for (const url of ['/api/sites?search=%5C', '/api/produits?search=%5C', '/api/membres?search=%5C']) {
      expect((await send({ method: 'GET', url, headers: auth })).statusCode, url).toBe(200);
    }
  });
});

describe('errors answered before any route', () => {
  it('answers 414 in the envelope to a path parameter over the maximum length, without echoing it', async () => {
    const response = await send({ method: 'GET', url: `/api/produits/${'1'.repeat(500)}`, headers: auth });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ success: false, message: INPUT_MESSAGES.uriTooLong, code: 'URI_TOO_LONG' });
  });

  it('answers 400 in the envelope to a malformed URL', async () => {
    const response = await send({ method: 'GET', url: '/api/produits/%E0%A4%A', headers: auth });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: INPUT_MESSAGES.malformedRequest,
      code: 'VALIDATION_ERROR',
    });
  });

  it("answers Node's parser errors (431, malformed HTTP) in the envelope on a real socket", async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk.toString('utf8');
        });
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
    const big = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).toEqual({
      success: false,
      message: INPUT_MESSAGES.headersTooLarge,
      code: 'HEADERS_TOO_LARGE',
    });
    const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(garbage.slice(garbage.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('keeps the error codes the web app knows in one list', () => {
    for (const code of ['URI_TOO_LONG', 'HEADERS_TOO_LARGE', 'REQUEST_TIMEOUT']) expect(ERROR_CODES).toContain(code);
  });
});

describe('the safety net for values PostgreSQL refuses', () => {
  it.each([
    ['22021 (NUL in text)', sql`SELECT ${'a\u0000b'}::text AS v`],
    ['22003 (integer out of range)', sql`SELECT ${'2147483648'}::integer AS v`],
    ['22P02 (not a number)', sql`SELECT ${'0x'}::integer AS v`],
    ['22025 (trailing escape in LIKE)', sql`SELECT 'a' ILIKE ${'\\'} AS v`],
  ])('answers 400 with a French message to SQLSTATE %s', async (_label, query) => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/', async () => (await query.execute(ctx.db)).rows);
    const response = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    expect(response.json()).toEqual({
      success: false,
      message: INPUT_MESSAGES.rejectedByDatabase,
      code: 'VALIDATION_ERROR',
    });
    expect(response.statusCode).toBe(400);
    expect(MESSAGES.internalError).not.toBe(response.json().message);
  });
});
