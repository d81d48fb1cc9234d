import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from './file-store.ts';

/**
 * Copies a media folder into a file store, file by file, skipping each one already there with the
 * same size: run again after an interruption, it goes on where it stopped. The folder is left as
 * it is. Answers how many files were copied and how many were there already.
 */
export async function migrerMedias(
  root: string,
  store: FileStore,
  progress: (done: number, total: number) => void = () => {},
): Promise<{ copies: number; presents: number }> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  let copies = 0;
  let presents = 0;
  for (const [i, relative] of files.entries()) {
    const { size } = await stat(path.join(root, relative));
    if ((await store.size(relative)) === size) presents += 1;
    else {
      await store.put(relative, createReadStream(path.join(root, relative)), size);
      copies += 1;
    }
    progress(i + 1, files.length);
  }
  return { copies, presents };
}
