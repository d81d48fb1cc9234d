import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalFiles, within } from '../src/media/file-store.ts';
import { MediaStore } from '../src/media/media-store.ts';
import { PNG } from './catalogue-helpers.ts';

const file = { filename: 'a.png', mimeType: 'image/png', extension: 'png', data: PNG };

async function count(dir: string) {
  return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
}

describe('MediaStore', () => {
  it('removes every file written by a change that fails, even after its last write (a failed commit)', async () => {
    const files = new LocalFiles(await mkdtemp(path.join(os.tmpdir(), 'media-')));
    const store = new MediaStore(files, 'secret');
    await expect(
      store.transactional(async (save) => {
        await save('produits/1', [file, file]);
        throw new Error('COMMIT refusé');
      }),
    ).rejects.toThrow('COMMIT refusé');
    expect(await count(files.root)).toBe(0);
    const stored = await store.transactional((save) => save('produits/2', [file]));
    expect(await count(files.root)).toBe(1);
    expect(stored[0]?.path).toMatch(/^produits\/2\/[0-9a-f-]{36}\.png$/);
  });

  it('signs addresses until the end of the next day and refuses other paths or signatures', () => {
    const store = new MediaStore(new LocalFiles('/tmp/x'), 'secret');
    const now = Date.UTC(2026, 10, 22, 15);
    const url = new URL(store.url('sites/1/abc.png', now), 'http://h');
    const exp = Number(url.searchParams.get('exp'));
    const sig = url.searchParams.get('sig') ?? '';
    expect(exp).toBe(Date.UTC(2026, 10, 24));
    expect(store.verify('sites/1/abc.png', exp, sig, now)).toBe(true);
    expect(store.verify('sites/2/abc.png', exp, sig, now)).toBe(false);
    expect(store.verify('sites/1/abc.png', exp + 1, sig, now)).toBe(false);
    expect(store.verify('sites/1/abc.png', exp, sig, exp + 1)).toBe(false);
    expect(() => within('/tmp/x', '../etc/passwd')).toThrow();
  });
});
