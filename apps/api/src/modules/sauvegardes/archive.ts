import {
  type CipherGCM,
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { appendFile, open, rename, rm, stat } from 'node:fs/promises';
import { PassThrough, type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';

/**
 * A backup's file (docs/decisions/0023-sauvegardes.md): a tar of its parts, the manifest last. With
 * BACKUP_KEY the tar is encrypted with AES-256-GCM (Node's OpenSSL), its key derived from the
 * passphrase by scrypt with a random salt: the file is the header below, the ciphertext, then the
 * 16-byte authentication tag. The header (authenticated as additional data) carries a check value
 * of the key, so a wrong key is told apart from a damaged file before anything is read.
 */
const MAGIC = Buffer.from('AUTOPROMO-SAUVEGARDE-CHIFFREE-1\n');
const SALT_BYTES = 16;
const IV_BYTES = 12;
const CHECK_BYTES = 32;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + SALT_BYTES + IV_BYTES + CHECK_BYTES;
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** A file that cannot be read as a backup, or not with this key: its message is for the admin. */
export class ArchiveError extends Error {}

function deriveKey(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(passphrase, salt, 32, SCRYPT, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

const keyCheck = (key: Buffer) => createHmac('sha256', key).update('cle-de-sauvegarde').digest();

/** The name a backup file gets: `.tar`, or `.tar.chiffre` when encrypted. */
export const archiveExtension = (encrypted: boolean) => (encrypted ? '.tar.chiffre' : '.tar');

/** Counts and hashes what passes through. */
class Digest extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    done(null, chunk);
  }
}

/**
 * Writes a backup beside its final name (`.partiel`, private to the server's user) and renames it
 * once whole: a crash never leaves a file under a backup's name. Parts are streamed in one at a time.
 */
export class ArchiveWriter {
  private readonly pack = tar.pack();
  private readonly done: Promise<void>;

  private constructor(
    private readonly partial: string,
    private readonly final: string,
    private readonly cipher: CipherGCM | undefined,
  ) {
    // Appended after the header open() wrote.
    const out = createWriteStream(partial, { flags: 'a', mode: 0o600 });
    this.done = cipher ? pipeline(this.pack, cipher, out) : pipeline(this.pack, out);
    // Seen when finish() or abort() awaits it.
    this.done.catch(() => {});
  }

  /** Starts the file `${final}.partiel`; with a passphrase, encrypted. */
  static async open(final: string, passphrase: string | undefined): Promise<ArchiveWriter> {
    const partial = `${final}.partiel`;
    const handle = await open(partial, 'wx', 0o600);
    try {
      if (!passphrase) return new ArchiveWriter(partial, final, undefined);
      const salt = randomBytes(SALT_BYTES);
      const iv = randomBytes(IV_BYTES);
      const key = await deriveKey(passphrase, salt);
      const header = Buffer.concat([MAGIC, salt, iv, keyCheck(key)]);
      await handle.write(header);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(header);
      return new ArchiveWriter(partial, final, cipher);
    } finally {
      await handle.close();
    }
  }

  /** Adds one part of `size` bytes; answers its sha256 (hex). */
  async add(name: string, size: number, source: Readable | Buffer): Promise<string> {
    const digest = new Digest();
    const entry = this.pack.entry({ name, size, mode: 0o600, mtime: new Date(0) });
    const input = Buffer.isBuffer(source) ? PassThrough.from([source]) : source;
    // tar-stream's entries are streamx streams, which Node's pipeline drives like its own.
    await pipeline(input, digest, entry as unknown as NodeJS.WritableStream);
    if (digest.bytes !== size) throw new Error(`${name}\u00a0: ${digest.bytes} octets lus au lieu de ${size}`);
    return digest.hash.digest('hex');
  }

  /** Closes the tar, writes the tag, flushes to disk and gives the file its name; answers its size. */
  async finish(): Promise<number> {
    this.pack.finalize();
    await this.done;
    if (this.cipher) await appendFile(this.partial, this.cipher.getAuthTag());
    const handle = await open(this.partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(this.partial, this.final);
    return (await stat(this.final)).size;
  }

  /** Gives up: the half-written file is removed. */
  async abort(): Promise<void> {
    this.pack.destroy();
    await this.done.catch(() => {});
    await rm(this.partial, { force: true });
  }
}

/** Whether a file is an encrypted backup (its first bytes). */
async function isEncrypted(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && head.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/** One part as it is read: its name, size, and its bytes (to be consumed before the next). */
export type PartReader = (name: string, size: number, content: AsyncIterable<Buffer>) => Promise<void>;

/**
 * Reads a backup's parts in order, decrypting with the passphrase when the file is encrypted. A
 * wrong key is refused before any part is read; a damaged or truncated file fails (the tag is
 * checked at the end: the caller must treat what it read as unproven until this resolves).
 */
export async function readArchive(file: string, passphrase: string | undefined, onPart: PartReader): Promise<void> {
  const { size } = await stat(file);
  let source: Readable;
  let decipher: NodeJS.ReadWriteStream | undefined;
  if (await isEncrypted(file)) {
    if (!passphrase) {
      throw new ArchiveError(
        'Cette sauvegarde est chiffrée\u00a0: définissez BACKUP_KEY avec la phrase de passe qui l’a chiffrée.',
      );
    }
    if (size < HEADER_BYTES + TAG_BYTES) throw new ArchiveError('Fichier de sauvegarde tronqué.');
    const handle = await open(file, 'r');
    const header = Buffer.alloc(HEADER_BYTES);
    const tag = Buffer.alloc(TAG_BYTES);
    try {
      await handle.read(header, 0, HEADER_BYTES, 0);
      await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
    } finally {
      await handle.close();
    }
    const ivAt = MAGIC.length + SALT_BYTES;
    const salt = header.subarray(MAGIC.length, ivAt);
    const iv = header.subarray(ivAt, ivAt + IV_BYTES);
    const check = header.subarray(ivAt + IV_BYTES, HEADER_BYTES);
    const key = await deriveKey(passphrase, salt);
    if (!timingSafeEqual(keyCheck(key), check)) {
      throw new ArchiveError('BACKUP_KEY ne correspond pas à la clé de cette sauvegarde.');
    }
    const gcm = createDecipheriv('aes-256-gcm', key, iv);
    gcm.setAAD(header);
    gcm.setAuthTag(tag);
    source = createReadStream(file, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 });
    decipher = gcm;
  } else {
    source = createReadStream(file);
  }
  const extract = tar.extract();
  // What the caller's reading of a part threw is its own error, not the file's.
  let partFailure: { error: unknown } | undefined;
  const reading = (async () => {
    for await (const entry of extract) {
      try {
        await onPart(entry.header.name, entry.header.size ?? 0, entry as AsyncIterable<Buffer>);
      } catch (error) {
        partFailure = { error };
        throw error;
      }
      entry.resume();
    }
  })();
  try {
    const sink = extract as unknown as NodeJS.WritableStream;
    await Promise.all([decipher ? pipeline(source, decipher, sink) : pipeline(source, sink), reading]);
  } catch (error) {
    if (partFailure) throw partFailure.error;
    if (error instanceof ArchiveError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    if (/unsupported state|authenticate/i.test(reason)) {
      throw new ArchiveError('Fichier de sauvegarde altéré\u00a0: son authentification a échoué.');
    }
    throw new ArchiveError(`Fichier de sauvegarde illisible ou tronqué (${reason}).`);
  }
}
