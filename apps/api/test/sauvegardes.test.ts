import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { open, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_SETTINGS, type Role, type Sauvegarde } from '@app/shared';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createSchema, dropSchema, openDatabase } from '../src/db/database.ts';
import { LocalFiles } from '../src/media/file-store.ts';
import { ArchiveError } from '../src/modules/sauvegardes/archive.ts';
import {
  chargerSauvegarde,
  controles,
  ecartsAuManifeste,
  inspecterSauvegarde,
} from '../src/modules/sauvegardes/restauration.ts';
import { alerteSauvegarde, SauvegardesService } from '../src/modules/sauvegardes/sauvegardes.service.ts';
import { SettingsService } from '../src/modules/settings/settings.service.ts';
import { backupEnded, buildTestApp, loginAs, ROLES_ALL, type TestContext, testConfig } from './helpers.ts';
import { createBanque, createClient, JPEG, postVersementForm, versementBody } from './money-helpers.ts';

const KEY = 'une phrase de passe de plus de trente-deux caractères';
const QUIET = { info() {}, error() {} };

let ctx: TestContext;
afterEach(async () => {
  await ctx.close();
});

type Auth = { authorization: string };

async function takeBackup(auth: Auth): Promise<{ row: Sauvegarde; file: string }> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/sauvegardes', headers: auth });
  expect(res.statusCode, res.body).toBe(202);
  const row = await backupEnded(ctx, auth, res.json().data.id);
  return { row, file: path.join(ctx.dataDir, 'backups', row.fichier ?? '') };
}

/** Money and media through the API: a bank, a member, his payment with its scan, validated. */
async function someBusiness(admin: Auth) {
  const banque = await createBanque(ctx, admin);
  const client = await createClient(ctx);
  const created = await postVersementForm(ctx, client.auth, versementBody(client, banque.id), {
    name: 'recu.jpg',
    data: JPEG,
    type: 'image/jpeg',
  });
  expect(created.statusCode, created.body).toBe(201);
  const { auth: comptable } = await loginAs(ctx, 'comptable');
  const validated = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/versements/${created.json().data.id}/validate`,
    headers: comptable,
  });
  expect(validated.statusCode, validated.body).toBe(200);
}

/**
 * What the admin reads, to compare a database with its restored copy (the audit journal grew since
 * the backup: its chain's last link is compared with the manifest's instead).
 */
const READS = [
  '/api/versements',
  '/api/banques',
  '/api/membres',
  '/api/settings',
  '/api/utilisateurs',
  '/api/dashboard',
];

// One instance's backups on its own disk (those kept in an S3 store: stockage-s3.test.ts).
describe('a backup, proven by a restore', () => {
  beforeEach(async () => {
    ctx = await buildTestApp({}, { alone: true });
  });

  it('an admin takes one: 202, written, verified; it restores into the other engine with every read the same and both checks passing', async () => {
    const { auth } = await loginAs(ctx, 'admin');
    await someBusiness(auth);
    const { row, file } = await takeBackup(auth);
    expect(row, JSON.stringify(row)).toMatchObject({ statut: 'verifiee', motif: null, chiffree: false });
    expect(row.taille).toBe((await stat(file)).size);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const manifeste = await inspecterSauvegarde(file, undefined);
    expect(manifeste.tables.versements).toBe(1);
    expect(Object.keys(manifeste.parties).some((p) => p.startsWith('media/versements/'))).toBe(true);

    // Onto the other engine: PostgreSQL when the tests run on it, else a second PGlite (in CI, both).
    const databaseUrl = process.env.DATABASE_URL;
    const schema = databaseUrl ? `r_${randomBytes(6).toString('hex')}` : undefined;
    if (databaseUrl && schema) {
      const admin = await openDatabase({ databaseUrl });
      await createSchema(admin.db, schema);
      await admin.close();
    }
    // On PostgreSQL the source was PostgreSQL: the copy goes to PGlite, and back with a second backup.
    const copy = await openDatabase({});
    // Restored into a data folder of its own: the scan served below comes from the backup.
    const restoredDir = path.join(ctx.dataDir, 'restauree');
    const secret = await chargerSauvegarde(file, undefined, manifeste, {
      db: copy.db,
      files: new LocalFiles(path.join(restoredDir, 'media')),
    });
    expect(await ecartsAuManifeste(copy.db, manifeste)).toEqual([]);
    expect(await controles(copy.db)).toEqual({ grandLivre: [], audit: null });

    const config = testConfig(restoredDir, { jwtSecret: secret });
    const restoredApp = await buildApp({ config, db: copy.db, dbKind: 'pglite', logger: false });
    try {
      // The same token works: sessions and the secret came back with the data.
      for (const url of READS) {
        const [before, after] = await Promise.all([
          ctx.app.inject({ method: 'GET', url, headers: auth }),
          restoredApp.inject({ method: 'GET', url, headers: auth }),
        ]);
        expect(before.statusCode, url).toBe(200);
        expect(after.json(), url).toEqual(before.json());
      }
      // The scan is there, with its bytes.
      const versement = (await restoredApp.inject({ method: 'GET', url: '/api/versements', headers: auth })).json()
        .data[0];
      const scan = await restoredApp.inject({
        method: 'GET',
        url: `/api/versements/${versement.id}/scan`,
        headers: auth,
      });
      expect(scan.statusCode, scan.body).toBe(200);
      expect(scan.rawPayload.equals(JPEG)).toBe(true);
    } finally {
      await restoredApp.close();
      await copy.close();
    }
    if (databaseUrl && schema) {
      // PGlite's copy → PostgreSQL: the backup also loads into a schema of its own there.
      const pg = await openDatabase({ databaseUrl, schema });
      try {
        await chargerSauvegarde(file, undefined, manifeste, { db: pg.db, schema });
        expect(await ecartsAuManifeste(pg.db, manifeste)).toEqual([]);
        expect(await controles(pg.db)).toEqual({ grandLivre: [], audit: null });
      } finally {
        await dropSchema(pg.db, schema);
        await pg.close();
      }
    }
  }, 180_000);

  it('with BACKUP_KEY the file is encrypted: refused without the key or with a wrong one, read with it', async () => {
    await ctx.close();
    ctx = await buildTestApp({ backupKey: KEY }, { alone: true });
    const { auth } = await loginAs(ctx, 'admin');
    const list = await ctx.app.inject({ method: 'GET', url: '/api/sauvegardes', headers: auth });
    expect(list.json().etat.chiffrement).toBe(true);
    const { row, file } = await takeBackup(auth);
    expect(row).toMatchObject({ statut: 'verifiee', chiffree: true });
    expect(file.endsWith('.tar.chiffre')).toBe(true);
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 31).toString()).toBe('AUTOPROMO-SAUVEGARDE-CHIFFREE-1');
    // Neither the secret nor any SQL readable in the file.
    expect(bytes.includes(Buffer.from('INSERT INTO'))).toBe(false);
    await expect(inspecterSauvegarde(file, undefined)).rejects.toThrow(/chiffrée.*BACKUP_KEY/);
    await expect(inspecterSauvegarde(file, `${KEY}!`)).rejects.toThrow(
      'BACKUP_KEY ne correspond pas à la clé de cette sauvegarde.',
    );
    expect((await inspecterSauvegarde(file, KEY)).chiffree).toBe(true);
  }, 120_000);

  it('a flipped byte or a truncated file is refused, encrypted or not', async () => {
    await ctx.close();
    for (const backupKey of [undefined, KEY]) {
      ctx = await buildTestApp({ backupKey }, { alone: true });
      const { auth } = await loginAs(ctx, 'admin');
      await someBusiness(auth);
      const { file } = await takeBackup(auth);
      const { size } = await stat(file);
      const damaged = `${file}.abime`;
      // A byte in the middle (media or data), then one near the end (the manifest, or the tag).
      for (const at of [Math.floor(size / 2), size - 20]) {
        await writeFile(damaged, await readFile(file));
        const handle = await open(damaged, 'r+');
        const one = Buffer.alloc(1);
        await handle.read(one, 0, 1, at);
        one[0] = (one[0] as number) ^ 0xff;
        await handle.write(one, 0, 1, at);
        await handle.close();
        await expect(inspecterSauvegarde(damaged, backupKey), `octet ${at}`).rejects.toBeInstanceOf(ArchiveError);
      }
      await writeFile(damaged, await readFile(file));
      await truncate(damaged, Math.floor(size * 0.7));
      await expect(inspecterSauvegarde(damaged, backupKey)).rejects.toBeInstanceOf(ArchiveError);
      await ctx.close();
    }
    ctx = await buildTestApp({}, { alone: true });
  }, 180_000);
});

describe('the calls', () => {
  beforeEach(async () => {
    ctx = await buildTestApp({}, { alone: true });
  });

  it('the admin alone lists, takes, reads and downloads backups; the five other roles get 403', async () => {
    const { auth: admin } = await loginAs(ctx, 'admin');
    const { row } = await takeBackup(admin);
    for (const role of ROLES_ALL.filter((r): r is Exclude<Role, 'admin'> => r !== 'admin')) {
      const { auth } = await loginAs(ctx, role);
      for (const [method, url] of [
        ['GET', '/api/sauvegardes'],
        ['POST', '/api/sauvegardes'],
        ['GET', `/api/sauvegardes/${row.id}`],
        ['GET', `/api/sauvegardes/${row.id}/fichier`],
      ] as const) {
        const res = await ctx.app.inject({ method, url, headers: auth });
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    const list = await ctx.app.inject({ method: 'GET', url: '/api/sauvegardes', headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ data: [{ id: row.id, statut: 'verifiee' }], etat: { chiffrement: false } });
    const download = await ctx.app.inject({ method: 'GET', url: `/api/sauvegardes/${row.id}/fichier`, headers: admin });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${row.fichier}"`);
    expect(download.rawPayload.length).toBe(row.taille);
    const audited = await ctx.db
      .selectFrom('audit')
      .select('action')
      .where('table_name', '=', 'sauvegardes')
      .where('record_id', '=', String(row.id))
      .execute();
    expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(['created', 'updated', 'downloaded']));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/sauvegardes/999999', headers: admin })).statusCode).toBe(
      404,
    );
  }, 120_000);

  it('one backup at a time: a second asked while one runs is a 409 in French', async () => {
    const { auth } = await loginAs(ctx, 'admin');
    const first = await ctx.app.inject({ method: 'POST', url: '/api/sauvegardes', headers: auth });
    expect(first.statusCode).toBe(202);
    const second = await ctx.app.inject({ method: 'POST', url: '/api/sauvegardes', headers: auth });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'CONFLICT', message: 'Une sauvegarde est déjà en cours.' });
    await backupEnded(ctx, auth, first.json().data.id);
  }, 120_000);

  it('the settings take the Sauvegardes group, checked in French', async () => {
    const { auth } = await loginAs(ctx, 'admin');
    const ok = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth,
      payload: { system: { backupEnabled: true, backupFrequency: 'weekly', backupTime: '23:30', backupRetention: 30 } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.system).toMatchObject({
      backupFrequency: 'weekly',
      backupTime: '23:30',
      backupRetention: 30,
    });
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth,
      payload: { system: { backupFrequency: 'yearly', backupTime: '24:00', backupRetention: 0 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.values(bad.json().errors ?? {}).join(' | ')).toContain('L’heure de sauvegarde s’écrit HH:MM');
  });
});

describe('the schedule, retention and alerts (a controlled clock)', () => {
  beforeEach(async () => {
    ctx = await buildTestApp({}, { alone: true });
  });

  function service(now: () => Date) {
    const settings = new SettingsService(ctx.db);
    const config = testConfig(ctx.dataDir);
    return new SauvegardesService(
      ctx.db,
      process.env.DATABASE_URL ? 'postgres' : 'pglite',
      config,
      settings,
      QUIET,
      ctx.mail,
      now,
    );
  }
  const rows = () => ctx.db.selectFrom('sauvegardes').selectAll().orderBy('id').execute();

  it('takes each slot once in the company’s time zone, across a restart', async () => {
    await new SettingsService(ctx.db).update(
      { ip: null, userAgent: null },
      { general: { timeZone: 'Africa/Douala' }, system: { backupFrequency: 'daily', backupTime: '02:00' } },
    );
    let now = new Date('2026-11-28T00:30:00Z'); // 01:30 in Douala: the slot is yesterday's 02:00 (01:00 UTC).
    const first = service(() => now);
    await first.planifier();
    await first.termine();
    await first.planifier();
    await first.termine();
    expect((await rows()).map((r) => [r.creneau?.toISOString(), r.statut])).toEqual([
      ['2026-11-27T01:00:00.000Z', 'verifiee'],
    ]);

    now = new Date('2026-11-28T01:00:30Z'); // 02:00:30 in Douala: today's slot.
    const restarted = service(() => now);
    await restarted.planifier();
    await restarted.termine();
    const again = service(() => now);
    await again.planifier();
    await again.termine();
    expect((await rows()).map((r) => r.creneau?.toISOString())).toEqual([
      '2026-11-27T01:00:00.000Z',
      '2026-11-28T01:00:00.000Z',
    ]);
    expect((await rows()).every((r) => r.declenchement === 'planifiee')).toBe(true);
  }, 180_000);

  it('keeps the newest and always the last verified one; removes the rest and half-written files', async () => {
    const now = new Date();
    const jobs = service(() => now);
    await new SettingsService(ctx.db).update(
      { ip: null, userAgent: null },
      { system: { backupRetention: 2, backupEnabled: false } },
    );
    const { auth } = await loginAs(ctx, 'admin');
    const verified = await takeBackup(auth);
    // Three failures after it: retention keeps the two newest and the verified one.
    for (let i = 0; i < 3; i += 1) {
      await sql`INSERT INTO sauvegardes (declenchement, statut, motif, fin, chiffree)
        VALUES ('manuelle', 'echec', 'essai', now(), false)`.execute(ctx.db);
    }
    const dir = path.join(ctx.dataDir, 'backups');
    await writeFile(path.join(dir, 'sauvegarde-000099-2026-01-01T00-00-00Z.tar.partiel'), 'moitié');
    await jobs.retention();
    const left = await rows();
    expect(left.map((r) => r.id)).toEqual([verified.row.id, left[1]?.id, left[2]?.id]);
    expect(left).toHaveLength(3);
    expect(existsSync(verified.file)).toBe(true);
    expect(readdirSync(dir).filter((f) => f.endsWith('.partiel'))).toEqual([]);
  }, 120_000);

  it('a failed backup is an alert on the admin’s dashboard and one e-mail to each admin; none verified for a period too', async () => {
    const { auth, account } = await loginAs(ctx, 'admin');
    // A media file the database names is gone: the backup cannot be whole.
    await someBusiness(auth);
    const scan = await ctx.db.selectFrom('versements').select('scan_path').executeTakeFirstOrThrow();
    await rm(path.join(ctx.dataDir, 'media', scan.scan_path as string));
    const { row } = await takeBackup(auth);
    expect(row.statut).toBe('echec');
    expect(row.motif).toContain('Fichier introuvable parmi les médias');
    const dashboard = await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: auth });
    expect(dashboard.json().data.alertes).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'sauvegarde_echec', to: '/sauvegardes' })]),
    );
    await new SettingsService(ctx.db).update({ ip: null, userAgent: null }, { system: { backupEnabled: false } });
    const jobs = service(() => new Date());
    await jobs.planifier();
    await jobs.planifier();
    const mails = ctx.mail.to(account.email).filter((m) => m.subject === 'Sauvegarde en échec');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(row.motif as string);

    // Backups on, the last verified one more than a day and an hour old.
    await new SettingsService(ctx.db).update({ ip: null, userAgent: null }, { system: { backupEnabled: true } });
    await ctx.db.updateTable('sauvegardes').set({ statut: 'verifiee', motif: null }).where('id', '=', row.id).execute();
    const dayAndTwoHours = new Date(Date.now() + 26 * 3_600_000);
    expect(await alerteSauvegarde(ctx.db, DEFAULT_SETTINGS, new Date())).toBeNull();
    expect((await alerteSauvegarde(ctx.db, DEFAULT_SETTINGS, dayAndTwoHours))?.alerte.key).toBe('sauvegarde_absente');
    const late = service(() => dayAndTwoHours);
    await late.planifier();
    await late.termine();
    await late.planifier();
    await late.termine();
    expect(ctx.mail.to(account.email).filter((m) => m.subject === 'Aucune sauvegarde récente')).toHaveLength(1);
  }, 120_000);
});
