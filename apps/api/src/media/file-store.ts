import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/** An S3-compatible store (S3_* settings): where several instances keep the same files. */
/** A client of the S3-compatible store (the product's, and the tests' look into it). */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // A streamed body is sent as it is, with its length: the default trailing checksums
    // (aws-chunked) are not understood by every S3-compatible store, which then stores the framing.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/**
 * Where the media files' bytes live, by their path relative to the media root ('sites/1/….jpg'):
 * DATA_DIR/media on this machine, or an S3-compatible store every instance reads.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Writes a new file (paths are fresh UUIDs; locally, one already there is an error). */
  put(relative: string, body: Buffer | Readable, size: number): Promise<void>;
  remove(relatives: readonly string[]): Promise<void>;
  /** The file's bytes and size, or null when there is none. */
  get(relative: string): Promise<{ body: Readable; size: number } | null>;
  size(relative: string): Promise<number | null>;
  /** Throws when the store does not answer (the readiness check). */
  ping(): Promise<void>;
}

/** A path inside the store: relative, normalised, never climbing out ('..'). */
export function isStorePath(relative: string): boolean {
  return (
    relative !== '' &&
    !path.posix.isAbsolute(relative) &&
    path.posix.normalize(relative) === relative &&
    !relative.startsWith('..')
  );
}

/** The path under `root`, refusing anything that would leave it. */
export function within(root: string, relative: string): string {
  const resolved = path.resolve(root, relative);
  if (!resolved.startsWith(path.resolve(root) + path.sep)) throw new Error('chemin de média invalide');
  return resolved;
}

export class LocalFiles implements FileStore {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {}

  async put(relative: string, body: Buffer | Readable, _size: number): Promise<void> {
    const file = within(this.root, relative);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    if (Buffer.isBuffer(body)) {
      await writeFile(file, body, { flag: 'wx', mode: 0o600 });
      return;
    }
    await pipeline(body, createWriteStream(file, { flags: 'wx', mode: 0o600 })).catch(async (error: unknown) => {
      await rm(file, { force: true });
      throw error;
    });
  }

  async remove(relatives: readonly string[]): Promise<void> {
    await Promise.all(relatives.map((relative) => rm(within(this.root, relative), { force: true })));
  }

  async get(relative: string) {
    const size = await this.size(relative);
    return size === null ? null : { body: createReadStream(within(this.root, relative)), size };
  }

  async size(relative: string): Promise<number | null> {
    try {
      const info = await stat(within(this.root, relative));
      return info.isFile() ? info.size : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async ping(): Promise<void> {
    await stat(this.root);
  }
}

export class S3Files implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  /** `prefix`: where in the bucket this store's paths are ('sauvegardes/' for the backups). */
  constructor(
    settings: S3Settings,
    private readonly prefix = '',
  ) {
    this.bucket = settings.bucket;
    this.client = s3Client(settings);
  }

  async put(relative: string, body: Buffer | Readable, size: number): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.prefix + relative, Body: body, ContentLength: size }),
    );
  }

  async remove(relatives: readonly string[]): Promise<void> {
    for (let start = 0; start < relatives.length; start += 1000) {
      const keys = relatives.slice(start, start + 1000);
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.map((key) => ({ Key: this.prefix + key })), Quiet: true },
        }),
      );
    }
  }

  async get(relative: string) {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + relative }));
      return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof NoSuchKey || error instanceof NotFound) return null;
      throw error;
    }
  }

  async size(relative: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.prefix + relative }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') return null;
      throw error;
    }
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  close(): void {
    this.client.destroy();
  }
}

/** What names the file store (a part of Config; what a backup's own process is told). */
export interface MediaConfig {
  dataDir: string;
  s3?: S3Settings | undefined;
}

/** The store the configuration names: S3 when S3_BUCKET is set, else DATA_DIR/media. */
export function fileStoreFor(config: MediaConfig): FileStore {
  return config.s3 ? new S3Files(config.s3) : new LocalFiles(path.join(config.dataDir, 'media'));
}

/** Where backups are kept once written: the S3 store under 'sauvegardes/', else BACKUP_DIR itself. */
export function backupStoreFor(config: { backupDir: string; s3?: S3Settings | undefined }): FileStore {
  return config.s3 ? new S3Files(config.s3, 'sauvegardes/') : new LocalFiles(config.backupDir);
}
