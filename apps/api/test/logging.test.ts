import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { loggerOptions } from '../src/logger.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { buildTestApp, type TestContext, testConfig } from './helpers.ts';

let ctx: TestContext;
let app: App;
const lines: string[] = [];
let hash: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  hash = await hashPassword('Secret@2026!');
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({
    config: testConfig(ctx.dataDir, { logLevel: 'info' }),
    db: ctx.db,
    logger: { ...loggerOptions('info'), stream },
  });
  // A query that fails with the hash among its values: the database error carries them (params, detail).
  app.get('/api/test-echec', { config: { public: true } }, async () => {
    await ctx.db
      .insertInto('utilisateurs')
      .values({
        email: 'fuite@test.example',
        password_hash: hash,
        role: 'admin',
        nom: null as never,
        prenom: 'Awa',
        telephone: null,
        photo_profil: null,
      })
      .execute();
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe('log lines', () => {
  it("keep a failed query's values (a password hash) and the request's secrets out", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/test-echec?token=jeton-secret&page=2',
      headers: { authorization: 'Bearer jeton-porteur' },
    });
    expect(response.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('erreur non gérée');
    expect(log).toContain('23502');
    for (const secret of [hash, hash.split('$').at(-1) ?? '', 'fuite@test.example', 'jeton-secret', 'jeton-porteur']) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain('/api/test-echec?token=%5Bmasqu%C3%A9%5D&page=2');
  });

  it('mask secrets logged by name, however deep, and an error cause', () => {
    const cause = Object.assign(new Error('refus'), { params: ['motdepasse-en-clair'], detail: 'Failing row (x)' });
    app.log.warn(
      {
        password: 'motdepasse-1',
        body: { newPassword: 'motdepasse-2', user: { password_hash: hash } },
        code: '123456',
        err: new Error('échec', { cause }),
      },
      'essai',
    );
    const line = lines.at(-1) ?? '';
    for (const secret of ['motdepasse-1', 'motdepasse-2', 'motdepasse-en-clair', hash, '123456', 'Failing row']) {
      expect(line).not.toContain(secret);
    }
    expect(JSON.parse(line).err.cause.message).toBe('refus');
  });
});
