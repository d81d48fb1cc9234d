import {
  chmodSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/** Stops a start: the data folder is another process's (its message is meant for the console). */
export class DataDirError extends Error {}

interface Holder {
  pid: number;
  command: string;
}

const held = new Set<string>();

/**
 * Holds the data folder for this process alone (the embedded database must never be opened by two
 * processes: both would write over each other). A lock of a process that is gone is taken over.
 * Returns the release, also run at exit.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'data.lock');
  const mine: Holder = { pid: process.pid, command: commandOf(process.pid) ?? process.argv.join(' ') };
  if (held.has(file)) throw lockedError(dataDir, mine);
  // Written aside, then linked into place: the lock appears whole or not at all.
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, JSON.stringify(mine), { mode: 0o600 });
  try {
    for (;;) {
      try {
        linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(file);
      if (holder && isRunning(holder)) throw lockedError(dataDir, holder);
      takeOver(file, holder);
    }
  } finally {
    rmSync(draft, { force: true });
  }
  held.add(file);
  const release = () => {
    process.off('exit', release);
    held.delete(file);
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}

/**
 * Removes a dead process's lock. Moved aside first, so that of two processes taking it over at
 * once only one removes it; the other, having moved the winner's fresh lock, puts it back.
 */
function takeOver(file: string, stale: Holder | undefined) {
  const aside = `${file}.stale.${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readHolder(aside);
  if (moved && moved.pid !== stale?.pid) {
    try {
      linkSync(aside, file);
    } catch {
      // A third process took the place meanwhile: the next turn reads its lock.
    }
  }
  rmSync(aside, { force: true });
}

function readHolder(file: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Holder;
    return Number.isSafeInteger(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** Alive and, where /proc tells, still the same program (a PID is reused after a restart, PID 1 in a container). */
function isRunning(holder: Holder): boolean {
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const command = commandOf(holder.pid);
  return command === undefined || command === holder.command;
}

function commandOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return undefined;
  }
}

function lockedError(dataDir: string, holder: Holder) {
  const command = holder.command ? ` (${holder.command})` : '';
  return new DataDirError(
    `Le dossier de données ${dataDir} est déjà utilisé par le processus ${holder.pid}${command}. ` +
      'Arrêtez ce processus, ou donnez un autre DATA_DIR à celui-ci.',
  );
}

/**
 * The data folder and everything in it readable by this user only: the folder is created 0700 and
 * what an earlier version or another umask left open to the group or others is closed.
 */
export function secureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  closeToOthers(dataDir);
  for (const entry of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() || entry.isDirectory()) closeToOthers(path.join(entry.parentPath, entry.name));
  }
}

function closeToOthers(file: string) {
  const mode = statSync(file).mode & 0o7777;
  if (mode & 0o077) chmodSync(file, mode & ~0o077);
}
