import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  creneauxSauvegarde,
  type DashboardAlert,
  type DeclenchementSauvegarde,
  delaiAlerteSauvegarde,
  type EtapeSauvegarde,
  paginate,
  SAUVEGARDE_EN_COURS,
  type Sauvegarde,
  type SauvegardesEtat,
  type Settings,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller, Visitor } from '../../caller.ts';
import type { Config } from '../../config.ts';
import { type Database, migrateToLatest, openDatabase } from '../../db/database.ts';
import { PGDATA_TEMPLATE } from '../../db/template.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { backupStoreFor, type FileStore } from '../../media/file-store.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import { notifier } from '../notifications/notifications.repository.ts';
import { zonedDateTime } from '../recus/pdf.ts';
import { SettingsService } from '../settings/settings.service.ts';
import { archiverAPart, type PlanArchive, verifierAPart } from './a-part.ts';
import { ArchiveError, archiveExtension } from './archive.ts';
import { currentSchema } from './dump.repository.ts';
import { EchecSauvegarde, lireBase, sqlFileOf } from './ecriture.ts';
import {
  activeAdminEmails,
  backupHistory,
  beatSauvegarde,
  claimAlertKey,
  claimFailureAlert,
  countSauvegardes,
  deleteSauvegarde,
  failInterrupted,
  findSauvegarde,
  finishSauvegarde,
  insertSauvegarde,
  lastVerifiedEnd,
  listSauvegardes,
  runningSauvegarde,
  sauvegardesByAge,
  unalertedFailures,
} from './sauvegardes.repository.ts';

/** A running backup beats this often; one silent for STALE_MS was interrupted (its process is gone). */
const BEAT_MS = 1_000;
const STALE_MS = 60_000;
const SYSTEM: Visitor = { ip: null, userAgent: null };

function toSauvegarde(row: Awaited<ReturnType<typeof listSauvegardes>>[number]): Sauvegarde {
  return {
    id: row.id,
    debut: row.debut.toISOString(),
    fin: row.fin?.toISOString() ?? null,
    declenchement: row.declenchement,
    statut: row.statut,
    motif: row.motif,
    taille: row.taille === null ? null : Number(row.taille),
    chiffree: row.chiffree,
    etape: row.statut === 'en_cours' ? row.etape : null,
    progression: row.statut === 'en_cours' ? row.progression : null,
    fichier: row.fichier,
  };
}

/** `sauvegarde-000012-2026-11-28T02-00-00Z`: the id first, so that a backup's files are known by it. */
const baseName = (id: number, debut: Date) =>
  `sauvegarde-${String(id).padStart(6, '0')}-${debut.toISOString().slice(0, 19).replaceAll(':', '-')}Z`;

/**
 * Backups (issue 24, docs/decisions/0023-sauvegardes.md): taking one (the admin's, the schedule's,
 * the command line's), proving it by a restore in a process of its own, listing and serving them,
 * retention, and the admins' alerts.
 */
export class SauvegardesService {
  private running: Promise<void> | null = null;
  private runningId: number | null = null;

  constructor(
    private readonly db: Database,
    private readonly kind: 'pglite' | 'postgres',
    private readonly config: Config,
    private readonly settings: SettingsService,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
    private readonly mailer?: Mailer,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.rangees = backupStoreFor(config);
  }

  /** Where written backups are kept: BACKUP_DIR, or the S3 store shared by the instances. */
  private readonly rangees: FileStore;

  async list(query: { page: number; limit: number }) {
    const rows = await listSauvegardes(this.db, query.limit, (query.page - 1) * query.limit);
    return {
      data: rows.map(toSauvegarde),
      pagination: paginate(query.page, query.limit, await countSauvegardes(this.db)),
      etat: await this.etat(),
    };
  }

  async etat(): Promise<SauvegardesEtat> {
    const settings = await this.settings.get();
    const prochaine = settings.system.backupEnabled
      ? creneauxSauvegarde(this.now(), planOf(settings)).prochain.toISOString()
      : null;
    return { chiffrement: this.config.backupKey !== undefined, prochaine };
  }

  /** When the last verified backup ended. */
  derniereVerifiee(): Promise<Date | null> {
    return lastVerifiedEnd(this.db);
  }

  async get(id: number): Promise<Sauvegarde> {
    const row = await findSauvegarde(this.db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Sauvegarde introuvable.');
    return toSauvegarde(row);
  }

  /**
   * Starts a backup and answers its id at once; it runs on. One at a time, whoever asks: a second
   * is refused (409). A scheduled one names its slot: a slot already taken answers undefined.
   */
  async demarrer(
    who: Caller | null,
    declenchement: DeclenchementSauvegarde,
    creneau?: Date,
  ): Promise<number | undefined> {
    await this.interrompues();
    let row: { id: number; debut: Date } | undefined;
    try {
      row = await this.db.transaction().execute(async (trx) => {
        const created = await insertSauvegarde(trx, {
          declenchement,
          creneau: creneau ?? null,
          demandeur_id: who?.id ?? null,
          chiffree: this.config.backupKey !== undefined,
        });
        if (created) {
          await insertAudit(trx, who ?? SYSTEM, {
            action: 'created',
            table_name: 'sauvegardes',
            record_id: created.id,
            new_values: { declenchement, creneau: creneau?.toISOString() ?? null },
          });
        }
        return created;
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new AppError('CONFLICT', SAUVEGARDE_EN_COURS);
      throw error;
    }
    if (!row) return undefined;
    const { id, debut } = row;
    this.runningId = id;
    // Its outcome is recorded on its row; what fails after (the database gone) is logged, never thrown.
    const run = this.executer(id, debut)
      .catch((error: unknown) => this.log.error({ err: error, sauvegarde: id }, 'sauvegarde non enregistrée'))
      .finally(() => {
        this.running = null;
        this.runningId = null;
      });
    this.running = run;
    return id;
  }

  /** Resolves when the backup under way (if any) has ended. */
  async termine(): Promise<void> {
    await this.running;
  }

  private async executer(id: number, debut: Date): Promise<void> {
    const fichier = `${baseName(id, debut)}${archiveExtension(this.config.backupKey !== undefined)}`;
    const file = path.join(this.config.backupDir, fichier);
    let state: { etape: EtapeSauvegarde; progression: number } = { etape: 'base', progression: 0 };
    const beat = () =>
      beatSauvegarde(this.db, id, state).catch((error: unknown) =>
        this.log.error({ err: error, sauvegarde: id }, 'progression de sauvegarde non écrite'),
      );
    const timer = setInterval(() => void beat(), BEAT_MS);
    timer.unref();
    const started = Date.now();
    let outcome: { statut: 'verifiee' | 'echec'; motif: string | null; taille: number | null; manifeste: unknown };
    try {
      await mkdir(this.config.backupDir, { recursive: true, mode: 0o700 });
      const media = { dataDir: this.config.dataDir, s3: this.config.s3 };
      // PostgreSQL is read by the archiving process itself; the embedded database, only here.
      const plan: PlanArchive =
        this.kind === 'postgres' && this.config.databaseUrl
          ? { file, media, kind: 'postgres', schema: await currentSchema(this.db) }
          : { file, media, lecture: await lireBase({ db: this.db, kind: this.kind }, file) };
      const archived = await archiverAPart(
        plan,
        { secret: this.config.jwtSecret, passphrase: this.config.backupKey, databaseUrl: this.config.databaseUrl },
        (progression) => {
          state = { etape: 'medias', progression };
        },
      );
      if ('motif' in archived) throw new EchecSauvegarde(archived.motif);
      state = { etape: 'verification', progression: 0 };
      await beat();
      const verdict = await verifierAPart(file, this.config.backupKey, this.config.databaseUrl);
      const { size } = await stat(file);
      if (this.rangees.kind === 's3') {
        // Sent whole, verified: any instance serves it; nothing stays on this one's disk.
        await this.rangees.put(fichier, createReadStream(file), size);
        await rm(file, { force: true });
      }
      outcome = {
        statut: verdict.ok ? 'verifiee' : 'echec',
        motif: verdict.ok ? null : (verdict.motif ?? 'Vérification en échec.'),
        taille: size,
        manifeste: archived.resume,
      };
    } catch (error) {
      const known = error instanceof EchecSauvegarde || error instanceof ArchiveError;
      if (!known) this.log.error({ err: error, sauvegarde: id }, 'sauvegarde en échec');
      outcome = {
        statut: 'echec',
        motif: known ? error.message : `Sauvegarde impossible\u00a0: ${error instanceof Error ? error.message : error}`,
        taille: null,
        manifeste: null,
      };
      await rm(file, { force: true });
      await rm(sqlFileOf(file), { force: true });
    } finally {
      clearInterval(timer);
    }
    const written = outcome.taille !== null;
    await this.db.transaction().execute(async (trx) => {
      await finishSauvegarde(trx, id, {
        statut: outcome.statut,
        motif: outcome.motif,
        taille: outcome.taille,
        fichier: written ? fichier : null,
        manifeste: outcome.manifeste === null ? null : JSON.stringify(outcome.manifeste),
      });
      await insertAudit(trx, SYSTEM, {
        action: 'updated',
        table_name: 'sauvegardes',
        record_id: id,
        new_values: { statut: outcome.statut, motif: outcome.motif, taille: outcome.taille },
      });
    });
    this.log.info(
      { sauvegarde: id, statut: outcome.statut, duree_ms: Date.now() - started, taille: outcome.taille },
      'sauvegarde terminée',
    );
    await this.retention();
  }

  /** The file of a backup for the admin's download, and where it is kept; audited. */
  async fichier(caller: Caller, id: number): Promise<{ files: FileStore; name: string }> {
    const row = await findSauvegarde(this.db, id);
    if (!row?.fichier) throw new AppError('NOT_FOUND', 'Fichier de sauvegarde introuvable.');
    await this.db
      .transaction()
      .execute((trx) => insertAudit(trx, caller, { action: 'downloaded', table_name: 'sauvegardes', record_id: id }));
    return { files: this.rangees, name: row.fichier };
  }

  /**
   * Keeps the newest `backupRetention` backups and always the last verified one; removes the others
   * with their files, and the files a crash left half-written (any `.partiel` but the running
   * backup's).
   */
  async retention(): Promise<void> {
    const { system } = await this.settings.get();
    const rows = await sauvegardesByAge(this.db);
    const lastVerified = rows.find((r) => r.statut === 'verifiee')?.id;
    const removed = rows
      .filter((r) => r.statut !== 'en_cours')
      .slice(system.backupRetention)
      .filter((r) => r.id !== lastVerified);
    for (const row of removed) {
      if (row.fichier) await this.rangees.remove([row.fichier]);
      await this.db.transaction().execute(async (trx) => {
        await deleteSauvegarde(trx, row.id);
        await insertAudit(trx, SYSTEM, {
          action: 'deleted',
          table_name: 'sauvegardes',
          record_id: row.id,
          old_values: { fichier: row.fichier, statut: row.statut },
        });
      });
    }
    const enCours = await runningSauvegarde(this.db);
    const keep = enCours ? baseName(enCours.id, enCours.debut) : null;
    const names = await readdir(this.config.backupDir).catch(() => [] as string[]);
    for (const name of names) {
      if (name.endsWith('.partiel') && !(keep && name.startsWith(keep))) {
        await rm(path.join(this.config.backupDir, name), { force: true });
      }
    }
  }

  /** A backup whose process stopped beating (a crash, a kill) is failed, so that the next may run. */
  private async interrompues(): Promise<void> {
    await failInterrupted(
      this.db,
      new Date(this.now().getTime() - STALE_MS),
      this.runningId,
      'Sauvegarde interrompue\u00a0: le serveur s’est arrêté pendant qu’elle s’écrivait.',
    );
  }

  /**
   * The schedule's look (the job's, every minute): the interrupted ones failed, the current slot's
   * backup started if none was, and the admins told of a failure or of a backup gone missing.
   */
  async planifier(): Promise<void> {
    const settings = await this.settings.fresh();
    await this.interrompues();
    if (settings.system.backupEnabled && !this.running) {
      const { dernier } = creneauxSauvegarde(this.now(), planOf(settings));
      try {
        await this.demarrer(null, 'planifiee', dernier);
      } catch (error) {
        // Another backup runs (an admin's): the slot is taken at a later look.
        if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
      }
    }
    await this.alerter(settings);
  }

  /** Tells the active admins, once each: a failed backup, or none verified within its period. */
  private async alerter(settings: Settings): Promise<void> {
    if (!this.mailer) return;
    for (const row of await unalertedFailures(this.db)) {
      if (!(await claimFailureAlert(this.db, row.id))) continue;
      await this.envoyer(
        `echec:${row.id}`,
        'Sauvegarde en échec',
        `La sauvegarde n° ${row.id} du ${formatDate(row.debut, settings)} a échoué\u00a0: ${row.motif ?? 'motif inconnu'}`,
      );
    }
    const missing = await alerteSauvegarde(this.db, settings, this.now());
    if (missing?.alerte.key === 'sauvegarde_absente') {
      if (await claimAlertKey(this.db, missing.cle)) {
        await this.envoyer(missing.cle, missing.alerte.title, missing.alerte.message);
      }
    }
  }

  /** An alert to the admins: in their notifications, and by e-mail whatever their choices (their data is at stake). */
  private async envoyer(cle: string, subject: string, message: string) {
    await notifier(
      this.db,
      { type: 'systeme', cle: `sauvegarde:${cle}`, titre: subject, message, lien: '/sauvegardes' },
      { roles: ['admin'], courriel: false },
    );
    const text = `${message}\n\nVoir les sauvegardes\u00a0: ${this.config.publicUrl}/sauvegardes`;
    for (const email of await activeAdminEmails(this.db)) {
      await this.mailer?.send({ to: email, subject, text }).catch((error: unknown) => {
        this.log.error({ err: error }, 'alerte de sauvegarde non envoyée');
      });
    }
  }
}

const planOf = (settings: Settings) => ({
  frequency: settings.system.backupFrequency,
  time: settings.system.backupTime,
  timeZone: settings.general.timeZone,
});

const formatDate = (date: Date, settings: Settings) => zonedDateTime(date, settings.general.timeZone);

/**
 * The admin's dashboard alert about backups, if any: the last one failed, or, backups being on,
 * none verified within its period (and an hour); `cle` names the case, for the e-mail sent once.
 */
export async function alerteSauvegarde(
  db: Database,
  settings: Settings,
  now: Date,
): Promise<{ alerte: DashboardAlert; cle: string } | null> {
  const { last, verified, first } = await backupHistory(db);
  if (last?.statut === 'echec') {
    return {
      cle: `echec:${last.id}`,
      alerte: {
        key: 'sauvegarde_echec',
        title: 'Dernière sauvegarde en échec',
        message: last.motif ?? 'La dernière sauvegarde a échoué.',
        to: '/sauvegardes',
      },
    };
  }
  if (!settings.system.backupEnabled) return null;

  const since = verified?.fin ?? first?.debut;
  if (!since || now.getTime() - since.getTime() <= delaiAlerteSauvegarde(settings.system.backupFrequency)) return null;
  return {
    cle: `absente:${verified?.id ?? 0}`,
    alerte: {
      key: 'sauvegarde_absente',
      title: 'Aucune sauvegarde récente',
      message: verified
        ? `Aucune sauvegarde vérifiée depuis le ${formatDate(since, settings)}.`
        : 'Aucune sauvegarde n’a encore été vérifiée.',
      to: '/sauvegardes',
    },
  };
}

/**
 * npm run backup, and the backup `restore --force` takes of what it replaces: one backup of the
 * configured database, written and verified. Answers its file; a failure throws its reason.
 */
export async function sauvegardeEnLigneDeCommande(config: Config): Promise<string> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    template: PGDATA_TEMPLATE,
  });
  try {
    await migrateToLatest(database.db);
    const quiet = { info: () => {}, error: () => {} };
    const service = new SauvegardesService(database.db, database.kind, config, new SettingsService(database.db), quiet);
    const id = (await service.demarrer(null, 'manuelle')) as number;
    await service.termine();
    const done = await service.get(id);
    if (done.statut !== 'verifiee') throw new ArchiveError(`Sauvegarde en échec\u00a0: ${done.motif}`);
    return config.s3
      ? `s3://${config.s3.bucket}/sauvegardes/${done.fichier}`
      : path.join(config.backupDir, done.fichier as string);
  } finally {
    await database.close();
  }
}
