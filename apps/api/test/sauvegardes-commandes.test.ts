import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../src/db/database.ts';
import { SauvegardesService } from '../src/modules/sauvegardes/sauvegardes.service.ts';
import { SettingsService } from '../src/modules/settings/settings.service.ts';
import { createAccount, emptyDatabase, testConfig } from './helpers.ts';

/**
 * npm run backup and npm run restore as an operator runs them: processes of their own on an
 * embedded DATA_DIR, and, where DATABASE_URL is set, into an empty PostgreSQL database of their own.
 */
const API = path.resolve(import.meta.dirname, '..');
let root: string;

function run(script: 'backup' | 'restore', dataDir: string, args: string[] = [], databaseUrl?: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  delete env.BACKUP_KEY;
  return new Promise<{ code: number; out: string; err: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(API, `src/${script}.ts`), ...args],
      { env, cwd: API },
      (error, out, err) => resolve({ code: error ? ((error.code as number) ?? 1) : 0, out, err }),
    );
  });
}

/** An embedded data folder with an account, a site and its photo of `photoBytes` bytes (mostly a hole). */
async function dataDirWith(dir: string, photoBytes: number) {
  const database = await openDatabase({ dataDir: dir });
  try {
    await migrateToLatest(database.db);
    const admin = await createAccount(database.db, { role: 'admin' });
    const site = await database.db
      .insertInto('sites')
      .values({
        nom_site: 'Cité Test',
        adresse_site: 'Cocody',
        ville_site: 'Abidjan',
        prix_metre_carre: 25_000,
        created_by: admin.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const relative = `sites/${site.id}/photo.jpg`;
    await database.db
      .insertInto('site_medias')
      .values({
        site_id: site.id,
        kind: 'photo',
        path: relative,
        original_name: 'photo.jpg',
        mime_type: 'image/jpeg',
        size_bytes: 4096,
        position: 0,
      })
      .execute();
    const file = path.join(dir, 'media', relative);
    await mkdir(path.dirname(file), { recursive: true });
    const handle = await open(file, 'w');
    await handle.write(Buffer.from('photo'), 0, 5, 0);
    await handle.truncate(photoBytes);
    await handle.close();
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sauvegardes-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('npm run backup, npm run restore', () => {
  it('restores onto an empty DATA_DIR with the secret; refuses a damaged file or a non-empty target untouched; --force saves what it replaces', async () => {
    const source = path.join(root, 'source');
    await dataDirWith(source, 4096);
    const backup = await run('backup', source);
    expect(backup.code, backup.err).toBe(0);
    const file = backup.out.match(/Sauvegarde vérifiée\u00a0: (.+)$/m)?.[1] as string;
    expect(existsSync(file)).toBe(true);

    // A damaged copy: refused before anything is written.
    const damaged = path.join(root, 'abimee.tar');
    const bytes = await readFile(file);
    const at = Math.floor(bytes.length / 3);
    bytes[at] = (bytes[at] as number) ^ 0xff;
    await writeFile(damaged, bytes);
    const empty = path.join(root, 'vide');
    const refused = await run('restore', empty, [damaged]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/altérée|illisible|tronqué/);
    expect(existsSync(path.join(empty, 'pgdata'))).toBe(false);

    const target = path.join(root, 'cible');
    const restored = await run('restore', target, [file]);
    expect(restored.code, restored.err + restored.out).toBe(0);
    expect(restored.out).toContain('check:ledger\u00a0: grand livre cohérent.');
    expect(restored.out).toContain('check:audit\u00a0: journal d’audit intègre.');
    expect(await readFile(path.join(target, 'jwt-secret'), 'utf8')).toBe(
      await readFile(path.join(source, 'jwt-secret'), 'utf8'),
    );
    expect(existsSync(path.join(target, 'media/sites'))).toBe(true);

    // Again onto the same, now non-empty, folder: refused as it is.
    const before = readdirSync(path.join(target, 'pgdata')).sort();
    const again = await run('restore', target, [file]);
    expect(again.code).toBe(1);
    expect(again.err).toContain('n’est pas vide');
    expect(readdirSync(path.join(target, 'pgdata')).sort()).toEqual(before);

    const forced = await run('restore', target, [file, '--force']);
    expect(forced.code, forced.err + forced.out).toBe(0);
    expect(forced.out).toContain('Contenu actuel sauvegardé');
    expect(readdirSync(path.join(target, 'backups')).some((f) => f.endsWith('.tar'))).toBe(true);
  }, 240_000);

  it.runIf(process.env.DATABASE_URL)(
    'moves an embedded office onto an empty PostgreSQL database; --force there first backs the database up',
    async () => {
      const source = path.join(root, 'vers-postgres');
      await dataDirWith(source, 4096);
      const backup = await run('backup', source);
      expect(backup.code, backup.err).toBe(0);
      const file = backup.out.match(/Sauvegarde vérifiée\u00a0: (.+)$/m)?.[1] as string;

      const target = await emptyDatabase();
      try {
        const dataDir = path.join(root, 'postgres');
        const restored = await run('restore', dataDir, [file], target.url);
        expect(restored.code, restored.err + restored.out).toBe(0);
        expect(restored.out).toContain('check:ledger\u00a0: grand livre cohérent.');
        expect(restored.out).toContain('check:audit\u00a0: journal d’audit intègre.');
        expect(await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(
          await readFile(path.join(source, 'jwt-secret'), 'utf8'),
        );
        const copy = await openDatabase({ databaseUrl: target.url });
        try {
          const sites = await copy.db.selectFrom('sites').select('nom_site').execute();
          expect(sites).toEqual([{ nom_site: 'Cité Test' }]);
        } finally {
          await copy.close();
        }

        const again = await run('restore', dataDir, [file], target.url);
        expect(again.code).toBe(1);
        expect(again.err).toContain('n’est pas vide');
        const forced = await run('restore', dataDir, [file, '--force'], target.url);
        expect(forced.code, forced.err + forced.out).toBe(0);
        expect(forced.out).toContain('Contenu actuel sauvegardé');
      } finally {
        await target.drop();
      }
    },
    240_000,
  );

  it('a kill -9 while a backup is written leaves no file taken for a good one, and the next run cleans it', async () => {
    const dir = path.join(root, 'tuee');
    await dataDirWith(dir, 512 * 1024 * 1024);
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, NODE_ENV: 'test' };
    delete env.DATABASE_URL;
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(API, 'src/backup.ts')], {
      env,
      cwd: API,
      stdio: 'ignore',
    });
    const backups = path.join(dir, 'backups');
    // Killed as soon as its archive is being written.
    for (;;) {
      if (existsSync(backups) && readdirSync(backups).some((f) => f.endsWith('.tar.partiel'))) break;
      if (child.exitCode !== null) throw new Error('la sauvegarde s’est terminée avant d’être interrompue');
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const database = await openDatabase({ dataDir: dir });
    try {
      const rows = await database.db.selectFrom('sauvegardes').select(['statut', 'fichier']).execute();
      expect(rows.map((r) => r.statut)).toEqual(['en_cours']);
      expect(readdirSync(backups).filter((f) => f.endsWith('.tar'))).toEqual([]);
      // The next run, a minute and more later: the interrupted one failed, its half-file removed.
      const settings = new SettingsService(database.db);
      await settings.update({ ip: null, userAgent: null }, { system: { backupEnabled: false } });
      const next = new SauvegardesService(
        database.db,
        'pglite',
        testConfig(dir),
        settings,
        { info() {}, error() {} },
        undefined,
        () => new Date(Date.now() + 120_000),
      );
      await next.planifier();
      await next.retention();
      const after = await database.db.selectFrom('sauvegardes').select(['statut', 'motif']).execute();
      expect(after).toEqual([{ statut: 'echec', motif: expect.stringContaining('interrompue') }]);
      expect(readdirSync(backups).filter((f) => f.includes('.partiel'))).toEqual([]);
    } finally {
      await database.close();
    }
  }, 240_000);
});
