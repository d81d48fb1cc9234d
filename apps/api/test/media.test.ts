import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { LocalFiles } from '../src/media/file-store.ts';
import { MediaStore } from '../src/media/media-store.ts';
import { PDF, PNG } from './catalogue-helpers.ts';
import { buildTestApp, type TestContext, testConfig } from './helpers.ts';

let ctx: TestContext;
let app: App;
let store: MediaStore;
beforeAll(async () => {
  ctx = await buildTestApp();
  const jwtSecret = randomBytes(32).toString('hex');
  app = await buildApp({ config: testConfig(ctx.dataDir, { jwtSecret }), db: ctx.db, logger: false });
  store = new MediaStore(new LocalFiles(path.join(ctx.dataDir, 'media')), jwtSecret);
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

async function served(file: { extension: string; mimeType: string; data: Buffer }) {
  const [stored] = await store.transactional((save) =>
    save('produits/1', [{ filename: `x.${file.extension}`, ...file }]),
  );
  return app.inject({ method: 'GET', url: store.url(stored?.path ?? '') });
}

describe('signed media addresses', () => {
  it('send an uploaded document (a PDF plan, which may carry scripts) as an attachment, never sniffed', async () => {
    const response = await served({ extension: 'pdf', mimeType: 'application/pdf', data: PDF });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, max-age=86400, immutable');
  });

  it('show a photo inline', async () => {
    const response = await served({ extension: 'png', mimeType: 'image/png', data: PNG });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answer an unsigned address 404 with no-store', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/media/produits/1/${'0'.repeat(36)}.pdf?exp=1&sig=x`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
