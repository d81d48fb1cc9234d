import { mkdtemp, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('configuration', () => {
  it('starts on embedded PGlite with demo data and a JWT secret generated once into DATA_DIR', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first).toMatchObject({ port: 3000, databaseUrl: undefined, seedDemo: true, sessionHours: 8 });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
    expect(await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
    expect((await stat(path.join(dataDir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
  });

  it('never seeds PostgreSQL unless asked', () => {
    const env = { DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(env).seedDemo).toBe(false);
    expect(loadConfig({ ...env, SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('stops with a French message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    let message = '';
    try {
      loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://x', SMTP_URL: 'pas une url' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Configuration invalide/);
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL : doit commencer par postgres://');
    expect(message).toContain('SMTP_URL');
  });

  it('reads the engines several instances share, and refuses an incomplete or bad setting in French', () => {
    const env = { DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: 'x'.repeat(40) };
    const shared = loadConfig({
      ...env,
      REDIS_URL: 'redis://cache:6379',
      S3_ENDPOINT: 'http://stockage:9000',
      S3_BUCKET: 'medias',
      S3_ACCESS_KEY_ID: 'cle',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: '1',
    });
    expect(shared.redisUrl).toBe('redis://cache:6379');
    expect(shared.s3).toEqual({
      endpoint: 'http://stockage:9000',
      bucket: 'medias',
      region: 'us-east-1',
      accessKeyId: 'cle',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig(env)).toMatchObject({ redisUrl: undefined, s3: undefined, databasePoolMax: 10 });
    expect(loadConfig({ ...env, DATABASE_POOL_MAX: '5' }).databasePoolMax).toBe(5);
    expect(() => loadConfig({ ...env, DATABASE_POOL_MAX: '0' })).toThrow(
      'DATABASE_POOL_MAX\u00a0: doit valoir au moins 1',
    );
    expect(() => loadConfig({ ...env, DATABASE_POOL_MAX: 'dix' })).toThrow(
      'DATABASE_POOL_MAX\u00a0: doit être un nombre',
    );
    expect(() => loadConfig({ ...env, REDIS_URL: 'localhost:6379' })).toThrow(
      'REDIS_URL\u00a0: doit être une adresse redis:// ou rediss://',
    );
    expect(() => loadConfig({ ...env, S3_ENDPOINT: 'http://stockage:9000' })).toThrow(
      'S3_BUCKET\u00a0: requis avec les autres réglages S3_*',
    );
    expect(() => loadConfig({ ...env, S3_BUCKET: 'medias', S3_ACCESS_KEY_ID: 'cle' })).toThrow(
      'l’un ne va pas sans l’autre',
    );
  });

  it('keeps the API reference public in development and for admins in production, unless API_DOCS says', () => {
    const dataDir = path.join(os.tmpdir(), 'config-docs');
    expect(loadConfig({ DATA_DIR: dataDir }).apiDocs).toBe('public');
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' }).apiDocs).toBe('admin');
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', API_DOCS: 'public' }).apiDocs).toBe('public');
    expect(loadConfig({ DATA_DIR: dataDir, API_DOCS: 'off' }).apiDocs).toBe('off');
    expect(() => loadConfig({ DATA_DIR: dataDir, API_DOCS: 'oui' })).toThrow(
      /API_DOCS\u00a0: doit valoir public, admin ou off/,
    );
  });

  it('requires a JWT secret with DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(/JWT_SECRET/);
  });
});
