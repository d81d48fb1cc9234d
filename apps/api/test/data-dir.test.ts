import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataDirError, lockDataDir, secureDataDir } from '../src/db/data-dir.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { LocalFiles } from '../src/media/file-store.ts';
import { MediaStore } from '../src/media/media-store.ts';
import { PNG } from './catalogue-helpers.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const tempDir = () => mkdtemp(path.join(os.tmpdir(), 'data-dir-'));
const commandOf = (pid: number) =>
  readFile(`/proc/${pid}/cmdline`, 'utf8').then((c) => c.split('\0').filter(Boolean).join(' '));

/** Every file and folder under dir (itself included) whose mode lets the group or others in. */
async function openToOthers(dir: string) {
  const entries = [dir, ...(await readdir(dir, { recursive: true })).map((e) => path.join(dir, e))];
  const open: string[] = [];
  for (const entry of entries) if ((await stat(entry)).mode & 0o077) open.push(entry);
  return open;
}

describe('data folder lock', () => {
  it('refuses a folder held by a running process, naming its PID and command', async () => {
    const dir = await tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    cleanups.push(() => holder.kill());
    await new Promise((resolve) => holder.once('spawn', resolve));
    const pid = holder.pid ?? 0;
    const command = await commandOf(pid);
    await writeFile(path.join(dir, 'data.lock'), JSON.stringify({ pid, command }));
    expect(() => lockDataDir(dir)).toThrow(DataDirError);
    expect(() => lockDataDir(dir)).toThrow(
      `Le dossier de données ${dir} est déjà utilisé par le processus ${pid} (${command}).`,
    );
  });

  it('takes over the lock of a process that is gone, and of a PID now running another program', async () => {
    const dir = await tempDir();
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    await writeFile(path.join(dir, 'data.lock'), JSON.stringify({ pid: gone, command: 'node dist/server.js' }));
    const release = lockDataDir(dir);
    expect(JSON.parse(await readFile(path.join(dir, 'data.lock'), 'utf8')).pid).toBe(process.pid);
    release();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    cleanups.push(() => other.kill());
    await new Promise((resolve) => other.once('spawn', resolve));
    await writeFile(path.join(dir, 'data.lock'), JSON.stringify({ pid: other.pid, command: 'node dist/server.js' }));
    lockDataDir(dir)();
  });

  it('is held once, readable by its owner only, and released', async () => {
    const dir = await tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(`par le processus ${process.pid}`);
    expect((await stat(path.join(dir, 'data.lock'))).mode & 0o777).toBe(0o600);
    release();
    expect(existsSync(path.join(dir, 'data.lock'))).toBe(false);
    expect(await readdir(dir)).toEqual([]);
    lockDataDir(dir)();
  });
});

describe('data folder permissions', () => {
  it('closes to the group and others what an earlier start left open', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, 'pgdata/base'), { recursive: true });
    await writeFile(path.join(dir, 'pgdata/base/1'), 'x', { mode: 0o666 });
    await writeFile(path.join(dir, 'jwt-secret'), 'x', { mode: 0o644 });
    await chmod(path.join(dir, 'pgdata/base/1'), 0o666);
    await chmod(path.join(dir, 'jwt-secret'), 0o644);
    await chmod(dir, 0o755);
    await chmod(path.join(dir, 'pgdata'), 0o777);
    secureDataDir(dir);
    expect(await openToOthers(dir)).toEqual([]);
    expect((await stat(path.join(dir, 'pgdata/base/1'))).mode & 0o777).toBe(0o600);
  });

  it('writes mail (reset codes, temporary passwords) and media for the owner only', async () => {
    const dir = await tempDir();
    const log = { info() {} } as never;
    await createMailer({ from: 'a@test.example', dataDir: dir, log }).send({
      to: 'b@test.example',
      subject: 'Code',
      text: 'Code : 123456',
    });
    await new MediaStore(new LocalFiles(path.join(dir, 'media')), 'secret').save('produits/1', {
      filename: 'a.png',
      mimeType: 'image/png',
      extension: 'png',
      data: PNG,
    });
    expect(await openToOthers(dir)).toEqual([]);
    expect((await readdir(path.join(dir, 'mail'))).length).toBe(1);
  });

  it('keeps both of two messages to one address written in the same millisecond', async () => {
    const dir = await tempDir();
    const mailer = createMailer({ from: 'a@test.example', dataDir: dir, log: { info() {} } as never });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await Promise.all(
        ['Rappel', 'Avis'].map((subject) => mailer.send({ to: 'b@test.example', subject, text: subject })),
      );
    } finally {
      vi.useRealTimers();
    }
    const folder = path.join(dir, 'mail');
    const files = await readdir(folder);
    const subjects = await Promise.all(
      files.map(async (f) => (await readFile(path.join(folder, f), 'utf8')).match(/^Subject: (.*)$/m)?.[1]),
    );
    expect(subjects.sort()).toEqual(['Avis', 'Rappel']);
  });
});
