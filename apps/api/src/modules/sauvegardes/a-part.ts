import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { MediaConfig } from '../../media/file-store.ts';
import type { Lecture } from './ecriture.ts';
import type { Manifeste } from './manifeste.repository.ts';
import type { Verdict } from './verification.ts';

/**
 * The long parts of a backup run in a process of their own (`restore --archiver`, `restore
 * --verifier`): the media's hashing and copying and the scratch database's work neither block the
 * server's requests nor grow its memory. The process says what it does one JSON line at a time.
 */

/** The processes' niceness (0 is the server's, 19 the lowest). */
const BACKUP_PRIORITY = 10;

/**
 * The restore command's file beside this module: built (dist/restore.js) or source (run with tsx);
 * `RESTORE_SCRIPT` names a built one for a source checkout whose build is fresh (the API tests build
 * it once rather than compile the sources at every backup).
 */
function restoreEntry(): { file: string; loader: string[] } {
  if (process.env.RESTORE_SCRIPT) return { file: process.env.RESTORE_SCRIPT, loader: [] };
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    return { file: path.resolve(path.dirname(here), '../../restore.ts'), loader: ['--import', 'tsx'] };
  }
  return { file: path.join(path.dirname(here), 'restore.js'), loader: [] };
}

/** Runs `restore <args>` with only the environment given (the server's own secrets stay out); answers its last line. */
function run(args: string[], env: NodeJS.ProcessEnv, onLine: (line: string) => void = () => {}): Promise<unknown> {
  const entry = restoreEntry();
  const own: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'NODE_ENV'] as const) if (process.env[name]) own[name] = process.env[name];
  for (const [name, value] of Object.entries(env)) if (value) own[name] = value;
  const child = spawn(process.execPath, [...entry.loader, entry.file, ...args], {
    env: own,
    cwd: process.cwd(),
    // Its standard input is how it knows its parent is gone (restore.ts stops then).
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // A backup yields the processor to the requests.
  if (child.pid) os.setPriority(child.pid, BACKUP_PRIORITY);
  let last = '';
  let stderr = '';
  createInterface({ input: child.stdout }).on('line', (line) => {
    last = line;
    onLine(line);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000);
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      try {
        resolve(JSON.parse(last));
      } catch {
        const reason = stderr.trim().split('\n').at(-1) || `code de sortie ${code}`;
        resolve({ motif: `Processus interrompu\u00a0: ${reason.slice(0, 300)}` });
      }
    });
  });
}

/**
 * Writes the archive of a database just read (ecrireArchive) in its own process: the plan (the
 * media's list, the manifest's figures) goes by a private file beside the backup, the secret and
 * the key by the environment. Answers the manifest, or the reason it failed.
 */
export async function archiverAPart(
  plan: PlanArchive,
  env: { secret: string; passphrase: string | undefined; databaseUrl: string | undefined },
  progress: (progression: number) => void,
): Promise<{ resume: ResumeManifeste } | { motif: string }> {
  const planFile = `${plan.file}.plan.partiel`;
  await writeFile(planFile, JSON.stringify(plan), { mode: 0o600, flag: 'wx' });
  const answer = await run(
    ['--archiver', planFile],
    { SAUVEGARDE_SECRET: env.secret, BACKUP_KEY: env.passphrase, DATABASE_URL: env.databaseUrl },
    (line) => {
      const said = line.startsWith('{"progression"') ? (JSON.parse(line) as { progression: number }) : undefined;
      if (said) progress(said.progression);
    },
  );
  return answer as { resume: ResumeManifeste } | { motif: string };
}

/**
 * What the archiving process is given: the database already read (the embedded one, which only the
 * server may open), or, on PostgreSQL, the schema it reads itself on a connection of its own.
 */
export type PlanArchive = { file: string; media: MediaConfig } & (
  | { lecture: Lecture }
  | { kind: 'postgres'; schema: string }
);

/** What the server keeps of a manifest (its parts' list stays in the file). */
export type ResumeManifeste = Pick<Manifeste, 'tables' | 'audit' | 'grand_livre'>;

/** Verifies a backup (verifierSauvegarde) in its own process; its verdict. */
export async function verifierAPart(
  file: string,
  passphrase: string | undefined,
  databaseUrl: string | undefined,
): Promise<Verdict> {
  const answer = (await run(['--verifier', file], { BACKUP_KEY: passphrase, DATABASE_URL: databaseUrl })) as
    | Verdict
    | { motif: string };
  return 'ok' in answer ? answer : { ok: false, motif: `Vérification interrompue\u00a0: ${answer.motif}` };
}
