import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { EtapeSauvegarde } from '@app/shared';
import type { Database } from '../../db/database.ts';
import type { FileStore } from '../../media/file-store.ts';
import { ArchiveWriter } from './archive.ts';
import { cadence, sansPause } from './cadence.ts';
import { dumpDatabase } from './dump.repository.ts';
import {
  auditLink,
  FORMAT_SAUVEGARDE,
  grandLivre,
  type Manifeste,
  MEDIA_PREFIX,
  mediaPaths,
  migrationLevel,
  PART_BASE,
  PART_MANIFEST,
  PART_SECRET,
} from './manifeste.repository.ts';

/** What a backup is taken from. */
export interface SourceSauvegarde {
  db: Database;
  kind: 'pglite' | 'postgres';
}

export type Progression = (etape: EtapeSauvegarde, progression: number) => void;

/** A backup that could not be written; its message is the reason shown to the admin. */
export class EchecSauvegarde extends Error {}

/**
 * What the archive is made of once the database is read: the SQL written aside (a tar part's size
 * comes before its bytes), the media files the snapshot names, and the manifest's figures.
 */
export interface Lecture {
  file: string;
  sqlFile: string;
  medias: string[];
  started: number;
  manifeste: Omit<Manifeste, 'duree_ms' | 'chiffree' | 'parties'>;
}

/** The SQL's side file of a backup file (removed once the archive is written, or by retention). */
export const sqlFileOf = (file: string) => `${file}.base.partiel`;

/**
 * Reads the database in one snapshot as gzipped SQL into the side file, with the media it names
 * and the manifest's figures (docs/decisions/0023-sauvegardes.md). On PostgreSQL the snapshot is
 * one connection of the pool; on the embedded database the read holds its one connection for its
 * duration (the media copy, the long part, comes after).
 */
export async function lireBase(source: SourceSauvegarde, file: string): Promise<Lecture> {
  const started = Date.now();
  const sqlFile = sqlFileOf(file);
  const snapshot = await source.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const gzip = createGzip({ level: 6 });
      const written = pipeline(gzip, createWriteStream(sqlFile, { flags: 'wx', mode: 0o600 }));
      const pause = source.kind === 'postgres' ? cadence() : sansPause;
      const tables = await dumpDatabase(trx, async (line) => {
        if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
        await pause();
      });
      gzip.end();
      await written;
      return {
        tables,
        medias: await mediaPaths(trx),
        audit: await auditLink(trx),
        grand_livre: await grandLivre(trx),
        migration: await migrationLevel(trx),
      };
    });
  const { medias, ...figures } = snapshot;
  return {
    file,
    sqlFile,
    medias,
    started,
    manifeste: {
      ...figures,
      format: FORMAT_SAUVEGARDE,
      base: source.kind,
      cree_le: new Date(started).toISOString(),
    },
  };
}

/**
 * Writes the archive of a read database: its SQL, the secret, each media file from the file store
 * (hashed as it passes), the manifest last; renamed whole (archive.ts). `progress` is told the
 * share of the media files copied. The side file is removed whatever happens.
 */
export async function ecrireArchive(
  lecture: Lecture,
  files: FileStore,
  secret: string,
  passphrase: string | undefined,
  progress: (progression: number) => void,
): Promise<Manifeste> {
  let archive: ArchiveWriter | undefined;
  try {
    archive = await ArchiveWriter.open(lecture.file, passphrase);
    const parties: Manifeste['parties'] = {};
    const baseSize = (await stat(lecture.sqlFile)).size;
    parties[PART_BASE] = {
      sha256: await archive.add(PART_BASE, baseSize, createReadStream(lecture.sqlFile)),
      taille: baseSize,
    };
    const secretBytes = Buffer.from(secret);
    parties[PART_SECRET] = {
      sha256: await archive.add(PART_SECRET, secretBytes.length, secretBytes),
      taille: secretBytes.length,
    };
    let shown = -1;
    for (const [i, relative] of lecture.medias.entries()) {
      const stored = await files.get(relative);
      if (!stored) throw new EchecSauvegarde(`Fichier introuvable parmi les médias\u00a0: ${relative}`);
      parties[`${MEDIA_PREFIX}${relative}`] = {
        sha256: await archive.add(`${MEDIA_PREFIX}${relative}`, stored.size, stored.body),
        taille: stored.size,
      };
      const share = Math.floor(((i + 1) / lecture.medias.length) * 100);
      if (share !== shown) {
        shown = share;
        progress(share);
      }
    }
    const manifeste: Manifeste = {
      ...lecture.manifeste,
      duree_ms: Date.now() - lecture.started,
      chiffree: passphrase !== undefined,
      parties,
    };
    const json = Buffer.from(JSON.stringify(manifeste, null, 2));
    await archive.add(PART_MANIFEST, json.length, json);
    await archive.finish();
    archive = undefined;
    return manifeste;
  } finally {
    await archive?.abort();
    await rm(lecture.sqlFile, { force: true });
  }
}
