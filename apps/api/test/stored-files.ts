import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { expect } from 'vitest';
import { type S3Settings, s3Client } from '../src/media/file-store.ts';
import type { TestContext } from './helpers.ts';

/** What the tests look at in the app's file store: DATA_DIR/media, or its S3 bucket (through the proxy). */

const clients = new Map<string, S3Client>();
function clientOf(settings: S3Settings): S3Client {
  const key = JSON.stringify(settings);
  const client = clients.get(key) ?? s3Client(settings);
  clients.set(key, client);
  return client;
}

/** The media files under `folder` ('' for all, backups left aside), by their keys ('versements/3/….pdf'), sorted. */
export async function storedFiles(ctx: TestContext, folder = ''): Promise<string[]> {
  const s3 = ctx.config.s3;
  const found: string[] = [];
  if (s3) {
    let token: string | undefined;
    do {
      const page = await clientOf(s3).send(
        new ListObjectsV2Command({
          Bucket: s3.bucket,
          ...(folder ? { Prefix: `${folder}/` } : {}),
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && !object.Key.startsWith('sauvegardes/')) found.push(object.Key);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found.sort();
  }
  const root = path.join(ctx.dataDir, 'media');
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(path.relative(root, full));
    }
  };
  await walk(folder ? path.join(root, folder) : root);
  return found.sort();
}

/**
 * The file is stored, for the server alone: on disk, readable by its user only (0600); in an S3
 * store, an object of the bucket, whose privacy is the bucket's (never public; s3rver has no rules).
 */
export async function expectStoredPrivately(ctx: TestContext, key: string): Promise<void> {
  const s3 = ctx.config.s3;
  if (s3) {
    const head = await clientOf(s3).send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(head.ContentLength).toBeGreaterThan(0);
    return;
  }
  expect((await stat(path.join(ctx.dataDir, 'media', key))).mode & 0o777).toBe(0o600);
}
