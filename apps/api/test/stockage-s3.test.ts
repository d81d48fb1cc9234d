import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../deploy/local.ts';
import { type App, buildApp } from '../src/app.ts';
import { S3Files, type S3Settings } from '../src/media/file-store.ts';
import { MediaStore } from '../src/media/media-store.ts';
import { migrerMedias } from '../src/media/migration.ts';
import { inspecterSauvegarde } from '../src/modules/sauvegardes/restauration.ts';
import { multipart, PDF, PNG, SITE_FIELDS } from './catalogue-helpers.ts';
import { backupEnded, buildTestApp, loginAs, type TestContext } from './helpers.ts';

/**
 * Files in an S3-compatible store (issue 25), here s3rver on a port of its own: what one instance
 * stores, another serves; nothing is written on the instance's disk; nothing is left by a failed change.
 */
let s3: S3rver;
let directory: string;
let settings: S3Settings;

async function startS3(port: number) {
  s3 = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'medias', configs: [] }],
  });
  await s3.run();
}

/** The keys the bucket holds. */
async function keys(): Promise<string[]> {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
    return (listed.Contents ?? []).map((object) => object.Key as string).sort();
  } finally {
    client.destroy();
  }
}

let ctx: TestContext;
let other: App;
beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const port = await freePort();
  await startS3(port);
  settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'medias',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  ctx = await buildTestApp({ s3: settings }, { alone: true });
  // Another instance on the same database and store, with a data folder of its own.
  other = await buildApp({
    config: { ...ctx.config, dataDir: await mkdtemp(path.join(os.tmpdir(), 'autre-instance-')) },
    db: ctx.db,
    logger: false,
  });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await ctx?.close();
  await s3?.close();
  await rm(directory, { recursive: true, force: true });
});

/** A site with its photo, created by the admin through the first instance. */
async function createSite(auth: { authorization: string }) {
  const form = multipart(SITE_FIELDS, [{ field: 'photo', name: 'entree.png', data: PNG }]);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/sites',
    headers: { ...auth, ...form.headers },
    payload: form.payload,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data;
}

describe('files in an S3-compatible store', () => {
  it('serves through one instance the photo uploaded through the other, nothing on either disk', async () => {
    const { auth } = await loginAs(ctx, 'admin');
    const site = await createSite(auth);
    expect(await keys()).toEqual([expect.stringMatching(/^sites\/\d+\/[0-9a-f-]{36}\.png$/)]);

    const seen = await other.inject({ method: 'GET', url: `/api/sites/${site.id}`, headers: auth });
    expect(seen.statusCode, seen.body).toBe(200);
    const photo = await other.inject({ method: 'GET', url: seen.json().data.photo_site });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['content-length']).toBe(String(PNG.length));
    expect(photo.rawPayload.equals(PNG)).toBe(true);
    expect(existsSync(path.join(ctx.dataDir, 'media', 'sites'))).toBe(false);

    // Deleted through the other instance: gone from the store.
    const removed = await other.inject({ method: 'DELETE', url: `/api/sites/${site.id}`, headers: auth });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await keys()).toEqual([]);
  });

  it('leaves nothing in the store when a change fails after its files were sent', async () => {
    const store = new MediaStore(new S3Files(settings), 'secret');
    await expect(
      store.transactional(async (save) => {
        await save('produits/1', [{ filename: 'a.png', mimeType: 'image/png', extension: 'png', data: PNG }]);
        expect(await keys()).toHaveLength(1);
        throw new Error('COMMIT refusé');
      }),
    ).rejects.toThrow('COMMIT refusé');
    expect(await keys()).toEqual([]);
  });

  it('backs the store’s files up, verifies the backup and keeps it in the store, served by either instance', async () => {
    const { auth } = await loginAs(ctx, 'admin');
    await createSite(auth);
    const takeBackup = async () => {
      const started = await ctx.app.inject({ method: 'POST', url: '/api/sauvegardes', headers: auth });
      expect(started.statusCode, started.body).toBe(202);
      return backupEnded(ctx, auth, started.json().data.id);
    };
    const first = await takeBackup();
    expect(first, first.motif ?? '').toMatchObject({ statut: 'verifiee', motif: null });
    expect(await keys()).toContain(`sauvegardes/${first.fichier}`);
    expect(readdirSync(path.join(ctx.dataDir, 'backups')).filter((f) => f.endsWith('.tar'))).toEqual([]);

    // Downloaded through the other instance: the whole file, which reads back.
    const download = await other.inject({ method: 'GET', url: `/api/sauvegardes/${first.id}/fichier`, headers: auth });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(first.taille);
    const copy = path.join(ctx.dataDir, 'telechargee.tar');
    await writeFile(copy, download.rawPayload);
    expect((await inspecterSauvegarde(copy, undefined)).tables.sites).toBe(1);

    // Retention at one: the next backup's arrival removes the first from the store.
    await ctx.app.settings.update({ ip: null, userAgent: null }, { system: { backupRetention: 1 } });
    const second = await takeBackup();
    expect(second.statut).toBe('verifiee');
    const kept = (await keys()).filter((key) => key.startsWith('sauvegardes/'));
    expect(kept).toEqual([`sauvegardes/${second.fichier}`]);
  }, 180_000);

  it('copies an office’s media folder into the store once, however often it is run (npm run media:migrate)', async () => {
    const root = path.join(ctx.dataDir, 'ancien-dossier');
    await mkdir(path.join(root, 'versements/7'), { recursive: true });
    await writeFile(path.join(root, 'versements/7/recu.png'), PNG);
    await writeFile(path.join(root, 'versements/7/recu.pdf'), PDF);
    const store = new S3Files(settings);
    try {
      expect(await migrerMedias(root, store)).toEqual({ copies: 2, presents: 0 });
      expect(await keys()).toEqual(expect.arrayContaining(['versements/7/recu.pdf', 'versements/7/recu.png']));
      const copied = await store.get('versements/7/recu.pdf');
      expect(copied?.size).toBe(PDF.length);
      expect(await migrerMedias(root, store)).toEqual({ copies: 0, presents: 2 });
    } finally {
      store.close();
    }
  });

  it('tells the proxy’s check whether the store answers', async () => {
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json()).toEqual({ success: true, data: { database: 'ok', redis: 'absent', stockage: 'ok' } });
    const port = Number(new URL(settings.endpoint as string).port);
    await s3.close();
    const down = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json().data.stockage).toBe('erreur');
    await startS3(port);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});
