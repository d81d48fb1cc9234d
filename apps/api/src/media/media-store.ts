import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FileStore } from './file-store.ts';

const DAY_MS = 86_400_000;

export interface StoredFile {
  path: string;
  original_name: string;
  mime_type: string;
  size_bytes: number;
}

export type SaveFiles = (folder: string, files: readonly IncomingFile[]) => Promise<StoredFile[]>;

export interface IncomingFile {
  filename: string;
  mimeType: string;
  extension: string;
  data: Buffer;
}

/**
 * Media files in the file store (DATA_DIR/media outside the web root, or S3). They are served
 * through the API at signed addresses: an <img> cannot send a bearer token, so the JSON that only
 * signed-in people receive carries URLs signed until the end of the next day (stable for caching).
 */
export class MediaStore {
  private readonly key: Buffer;

  constructor(
    readonly files: FileStore,
    secret: string,
  ) {
    this.key = createHmac('sha256', secret).update('media-urls').digest();
  }

  /** Writes one file as {folder}/{uuid}.{ext}; the caller removes it if its transaction fails. */
  async save(folder: string, file: IncomingFile): Promise<StoredFile> {
    const relative = `${folder}/${randomUUID()}.${file.extension}`;
    await this.files.put(relative, file.data, file.data.length);
    return {
      path: relative,
      original_name: file.filename.slice(0, 255),
      mime_type: file.mimeType,
      size_bytes: file.data.length,
    };
  }

  /**
   * Runs a change (its whole database transaction, commit included) with a `save` that records
   * each file written: if the change fails at any point, those files are removed again, so a
   * refused or failed change leaves nothing behind.
   */
  async transactional<T>(change: (save: SaveFiles) => Promise<T>): Promise<T> {
    const written: string[] = [];
    const save: SaveFiles = async (folder, files) => {
      const stored: StoredFile[] = [];
      for (const file of files) {
        const one = await this.save(folder, file);
        written.push(one.path);
        stored.push(one);
      }
      return stored;
    };
    try {
      return await change(save);
    } catch (error) {
      await this.remove(written);
      throw error;
    }
  }

  async remove(relativePaths: readonly string[]): Promise<void> {
    await this.files.remove(relativePaths);
  }

  url(relative: string, now = Date.now()): string {
    const exp = Math.floor(now / DAY_MS) * DAY_MS + 2 * DAY_MS;
    return `/api/media/${relative}?exp=${exp}&sig=${this.sign(relative, exp)}`;
  }

  verify(relative: string, exp: number, sig: string, now = Date.now()): boolean {
    if (!Number.isSafeInteger(exp) || exp < now) return false;
    const expected = Buffer.from(this.sign(relative, exp));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(relative: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${relative}:${exp}`).digest('base64url').slice(0, 32);
  }
}
