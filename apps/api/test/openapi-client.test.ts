import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduit, PDF } from './catalogue-helpers.ts';
import { buildTestApp, loginAs, PASSWORD, type TestContext } from './helpers.ts';
import { createBanque, uniqueTag } from './money-helpers.ts';
import { createMembre } from './people-helpers.ts';

/**
 * What a third party does with /api/openapi.json: generate types with openapi-typescript, then call
 * the API through openapi-fetch. The calls below are type-checked against the generated types (a
 * misuse must not compile) and then run against the server listening on a port.
 */

/** Signs in as a member, reads his payments, declares one with its receipt scan, reads them again. */
const JOURNEY = `
import createClient from 'openapi-fetch';
import type { operations, paths } from './paths.ts';

type ListQuery = NonNullable<operations['listVersements']['parameters']['query']>;

export async function journey(baseUrl: string, identifier: string, password: string, produitId: number, banqueId: number, scan: Blob) {
  const api = createClient<paths>({ baseUrl });
  const signIn = await api.POST('/api/personnel-auth/login', { body: { identifier, password } });
  if (!signIn.data) throw new Error(\`sign-in: \${signIn.response.status}\`);
  // An account with two factors answers the code step instead of a session (not this member).
  if ('deux_facteurs_requis' in signIn.data.data) throw new Error('sign-in: a code is asked');
  const headers = { authorization: \`Bearer \${signIn.data.data.token}\` };
  const query: ListQuery = { page: 1, limit: 10, statut: 'en_attente' };
  const before = await api.GET('/api/versements', { headers, params: { query } });
  const declared = await api.POST('/api/versements', {
    headers,
    body: { produit_id: produitId, montant: 150000, banque_id: banqueId, numero_recu: 'R-${uniqueTag()}', date_recu: '2026-11-02', scan_recu: scan },
    bodySerializer: (body) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(body)) form.append(name, value instanceof Blob ? value : String(value));
      return form;
    },
  });
  if (!declared.data) throw new Error(\`declaration: \${declared.response.status} \${JSON.stringify(declared.error)}\`);
  const after = await api.GET('/api/versements', { headers, params: { query } });
  return { before: before.data?.pagination.total, declared: declared.data.data, after: after.data?.data.map((v) => v.id) };
}
`;

/** Calls the document does not allow: each line must be a type error. */
const MISUSES = `
import createClient from 'openapi-fetch';
import type { paths } from './paths.ts';

const api = createClient<paths>({ baseUrl: 'http://localhost' });
await api.GET('/api/inexistant');
await api.POST('/api/versements', { body: { montant: 150000 } });
await api.GET('/api/versements', { params: { query: { statut: 'payé' } } });
await api.POST('/api/personnel-auth/login', { body: { identifier: 'a@b.ci' } });
`;

let ctx: TestContext;
let dir: string;
let baseUrl: string;
beforeAll(async () => {
  ctx = await buildTestApp();
  // Through the proxy when the file's instances are behind one.
  baseUrl = ctx.url ?? (await ctx.app.listen({ port: 0, host: '127.0.0.1' }));
  // Inside the repository so that openapi-fetch resolves; a dot folder, which the type check and lint of the repo skip.
  dir = await mkdtemp(path.join(import.meta.dirname, '.client-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await ctx.close();
});

const BLOB = ts.factory.createTypeReferenceNode('Blob');

/** The compiler's errors for the files, with the repository's compiler options. */
function typeErrors(files: string[]) {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(import.meta.dirname, '../tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  const program = ts.createProgram(files, config?.options ?? {});
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${path.basename(d.file?.fileName ?? '')}:${d.file?.getLineAndCharacterOfPosition(d.start ?? 0).line}`);
}

describe('a client generated from the OpenAPI document', () => {
  // Generating and compiling the types take a few seconds each, many more on a busy machine.
  it('is typed by openapi-typescript, compiles, and with openapi-fetch signs in, lists and uploads a scan', {
    timeout: 120_000,
  }, async () => {
    const ast = await openapiTS(ctx.app.swagger() as unknown as OpenAPI3, {
      silent: true,
      // A file part is a Blob (FormData's own type), not a string.
      transform: (schema) => (schema.format === 'binary' ? BLOB : undefined),
    });
    await writeFile(path.join(dir, 'paths.ts'), astToString(ast));
    await writeFile(path.join(dir, 'journey.ts'), JOURNEY);
    await writeFile(path.join(dir, 'misuses.ts'), MISUSES);

    // The journey compiles; the types bind: an unknown path, a missing required field, a value outside
    // an enum, a missing password.
    expect(typeErrors([path.join(dir, 'journey.ts'), path.join(dir, 'misuses.ts')])).toEqual([
      'misuses.ts:5',
      'misuses.ts:6',
      'misuses.ts:7',
      'misuses.ts:8',
    ]);

    const admin = await loginAs(ctx, 'admin');
    const banque = await createBanque(ctx, admin.auth);
    const produitId = await createProduit(ctx.db);
    const membre = await createMembre(ctx.db, { produit_id: produitId });
    const { journey } = await import(path.join(dir, 'journey.ts'));
    const result = await journey(
      baseUrl,
      membre.account.email,
      PASSWORD,
      produitId,
      banque.id,
      new File([PDF], 'recu.pdf', { type: 'application/pdf' }),
    );
    expect(result.before).toBe(0);
    expect(result.declared).toMatchObject({
      membre_id: membre.id,
      montant: 150_000,
      statut: 'en_attente',
      scan_recu: 'recu.pdf',
      scan_type: 'application/pdf',
    });
    expect(result.after).toEqual([result.declared.id]);
  });
});
