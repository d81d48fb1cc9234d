import { can, ROLES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx.close();
});

// An id no row has: the matrix checks rights, it must not change (or delete) the accounts it signs in with.
const concrete = (url: string) => url.replace(/:[a-zA-Z_]+/g, '999999').replace(/\*$/, 'index.html');
const apiRoutes = () => ctx.app.routeRights.filter((r) => !r.url.startsWith('/api/docs'));

interface Schema {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Operation {
  operationId?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, unknown>;
}
/** The operations of the OpenAPI document, each with its method and path. */
const operations = () =>
  Object.entries((ctx.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> }).paths).flatMap(
    ([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ label: `${method.toUpperCase()} ${path}`, operation })),
  );

describe('route registry', () => {
  it('has no /api route that declares neither a right nor public', () => {
    const open = apiRoutes().filter((r) => !r.public && !r.right);
    expect(open).toEqual([]);
    expect(apiRoutes().length).toBeGreaterThan(10);
  });

  it('gives every /api route a success response schema and the error shape of a 500', () => {
    for (const route of apiRoutes().filter((r) => r.url !== '/api/openapi.json')) {
      expect(
        route.responses.some((s) => s.startsWith('2')),
        `${route.method} ${route.url}`,
      ).toBe(true);
      expect(route.responses, `${route.method} ${route.url}`).toContain('500');
    }
  });

  it('says security: [] on exactly the public operations of the OpenAPI document', () => {
    const publicOperations = new Set(
      apiRoutes()
        .filter((r) => r.public)
        .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`),
    );
    for (const { label, operation } of operations()) {
      expect(operation.security, label).toEqual(publicOperations.has(label) ? [] : undefined);
    }
    expect(operations().filter(({ operation }) => operation.security).length).toBeGreaterThan(10);
  });

  it('lists 413 and 415 on exactly the operations that take a request body', () => {
    for (const { label, operation } of operations()) {
      const statuses = Object.keys(operation.responses).filter((s) => s === '413' || s === '415');
      expect(statuses, label).toEqual(operation.requestBody ? ['413', '415'] : []);
    }
  });

  it('documents a form as multipart with its files, and as JSON too unless a file is required', () => {
    const content = (label: string) => operations().find((o) => o.label === label)?.operation.requestBody?.content;
    const versement = content('POST /api/versements');
    expect(Object.keys(versement ?? {})).toEqual(['multipart/form-data', 'application/json']);
    expect(versement?.['multipart/form-data']?.schema.properties?.scan_recu).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    expect(versement?.['multipart/form-data']?.schema.required).toEqual(
      expect.arrayContaining(['produit_id', 'montant', 'banque_id', 'numero_recu', 'date_recu']),
    );
    expect(versement?.['application/json']?.schema.properties?.scan_recu).toBeUndefined();
    // A new site needs its photos: multipart only; its edit sends only what changes.
    const site = content('POST /api/sites');
    expect(Object.keys(site ?? {})).toEqual(['multipart/form-data']);
    expect(site?.['multipart/form-data']?.schema.required).toEqual(expect.arrayContaining(['nom_site', 'photo']));
    expect(site?.['multipart/form-data']?.schema.properties?.photo).toMatchObject({ type: 'array', maxItems: 5 });
    expect(content('PUT /api/produits/{id}')?.['application/json']?.schema.required).toBeUndefined();
    // Every multipart body has its file fields.
    for (const { label, operation } of operations()) {
      const multipart = operation.requestBody?.content['multipart/form-data']?.schema;
      if (!multipart) continue;
      const files = Object.values(multipart.properties ?? {}).filter(
        (p) => p.format === 'binary' || (p as { items?: Schema }).items?.format === 'binary',
      );
      expect(files.length, label).toBeGreaterThan(0);
    }
  });

  it('lists 401 on a public operation only where it signs in', () => {
    const signIn = apiRoutes().filter((r) => r.public && r.responses.includes('401'));
    expect(signIn.map((r) => r.url).sort()).toEqual([
      '/api/membre-auth/login',
      '/api/personnel-auth/2fa/verification',
      '/api/personnel-auth/login',
      '/api/personnel-auth/refresh',
      '/api/personnel-auth/refresh-token',
    ]);
  });

  it('names every operation of the OpenAPI document with its own camelCase operationId', () => {
    expect(operations().length).toBeGreaterThan(100);
    const unnamed = operations().filter(
      ({ operation }) => !/^[a-z]+(?:[A-Z][a-z]+)*$/.test(operation.operationId ?? ''),
    );
    expect(unnamed.map(({ label }) => label)).toEqual([]);
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('answers 401 without a token on every protected route', async () => {
    for (const route of apiRoutes().filter((r) => !r.public)) {
      const response = await ctx.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().code).toBe('TOKEN_MISSING');
      expect(route.responses, `${route.method} ${route.url}`).toContain('401');
    }
  });

  it('enforces the rights table on every protected route for each of the six roles', async () => {
    const tokens = Object.fromEntries(
      await Promise.all(ROLES.map(async (role) => [role, (await loginAs(ctx, role)).auth] as const)),
    );
    // Session-ending routes last, so the matrix keeps its tokens.
    const routes = apiRoutes()
      .filter((r) => !r.public && r.right)
      .sort((a, b) => Number(a.url.endsWith('logout')) - Number(b.url.endsWith('logout')));
    for (const route of routes) {
      for (const role of ROLES) {
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: tokens[role],
          payload: route.method === 'GET' ? undefined : {},
        });
        const label = `${role} ${route.method} ${route.url} → ${response.statusCode}`;
        // Whatever it answers (403, 404 for the unknown id, 400 for the empty body) is in its document.
        if (response.statusCode >= 400) expect(route.responses, label).toContain(String(response.statusCode));
        if (route.right && can(role, route.right)) {
          expect([401, 403], label).not.toContain(response.statusCode);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json().message, label).toBe('Accès refusé – Rôle insuffisant.');
        }
      }
    }
  });

  it('answers 503 in maintenance, as documented, on every route a role other than the admin may call', async () => {
    const admin = (await loginAs(ctx, 'admin')).auth;
    const tokens = Object.fromEntries(
      await Promise.all(
        ROLES.filter((role) => role !== 'admin').map(async (role) => [role, (await loginAs(ctx, role)).auth] as const),
      ),
    );
    const maintenance = (on: boolean) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: admin,
        payload: { system: { maintenanceMode: on } },
      });
    expect((await maintenance(true)).statusCode).toBe(200);
    try {
      for (const route of apiRoutes().filter((r) => !r.public && r.right)) {
        const role = ROLES.find((r) => r !== 'admin' && route.right && can(r, route.right));
        const label = `${role} ${route.method} ${route.url}`;
        if (!role) {
          expect(route.responses, label).not.toContain('503');
          continue;
        }
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: tokens[role],
          payload: route.method === 'GET' ? undefined : {},
        });
        expect(response.statusCode, label).toBe(503);
        expect(route.responses, label).toContain('503');
      }
    } finally {
      await maintenance(false);
    }
  });

  it('answers 404 in the error shape for an unknown /api path', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/inconnu' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Ressource non trouvée', code: 'NOT_FOUND' });
  });
});
