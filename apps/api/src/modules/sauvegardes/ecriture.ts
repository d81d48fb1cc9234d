import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { EtapeSauvegarde } from '@app/shared';
import type { Database } from '../../db/database.ts';
import { ArchiveWriter } from './archive.ts';
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
  /** The media folder (DATA_DIR/media). */
  mediaRoot: string;
  /** The secret that signs tokens and receipts. */
  secret: string;
  /** BACKUP_KEY: the file is encrypted when set. */
  passphrase: string | undefined;
}

export type Progression = (etape: EtapeSauvegarde, progression: number) => void;

/** A backup that could not be written; its message is the reason shown to the admin. */
export class EchecSauvegarde extends Error {}

/**
 * Writes a backup to `file` (docs/decisions/0023-sauvegardes.md): the database read in one
 * snapshot as gzipped SQL (written aside first: a tar part's size comes before its bytes), then
 * each media file the snapshot names, streamed, the secret, and the manifest last. The server keeps
 * answering on PostgreSQL (the snapshot is one connection of the pool); on the embedded database
 * the read holds its one connection for its duration, the media copy does not.
 */
export async function ecrireSauvegarde(
  source: SourceSauvegarde,
  file: string,
  progress: Progression,
): Promise<Manifeste> {
  const started = Date.now();
  const sqlFile = `${file}.base.partiel`;
  let archive: ArchiveWriter | undefined;
  try {
    progress('base', 0);
    const snapshot = await source.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const gzip = createGzip({ level: 6 });
        const written = pipeline(gzip, createWriteStream(sqlFile, { flags: 'wx', mode: 0o600 }));
        const tables = await dumpDatabase(trx, async (line) => {
          if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
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

    progress('medias', 0);
    const sizes = await Promise.all(
      snapshot.medias.map(async (relative) => {
        try {
          return (await stat(path.join(source.mediaRoot, relative))).size;
        } catch {
          throw new EchecSauvegarde(`Fichier introuvable dans le dossier des médias\u00a0: ${relative}`);
        }
      }),
    );
    const total = sizes.reduce((a, b) => a + b, 0) || 1;
    archive = await ArchiveWriter.open(file, source.passphrase);
    const parties: Manifeste['parties'] = {};
    const baseSize = (await stat(sqlFile)).size;
    parties[PART_BASE] = {
      sha256: await archive.add(PART_BASE, baseSize, createReadStream(sqlFile)),
      taille: baseSize,
    };
    const secret = Buffer.from(source.secret);
    parties[PART_SECRET] = { sha256: await archive.add(PART_SECRET, secret.length, secret), taille: secret.length };
    let copied = 0;
    for (const [i, relative] of snapshot.medias.entries()) {
      const size = sizes[i] as number;
      const name = `${MEDIA_PREFIX}${relative}`;
      parties[name] = {
        sha256: await archive.add(name, size, createReadStream(path.join(source.mediaRoot, relative))),
        taille: size,
      };
      copied += size;
      progress('medias', Math.floor((copied / total) * 100));
    }
    const manifeste: Manifeste = {
      format: FORMAT_SAUVEGARDE,
      migration: snapshot.migration,
      base: source.kind,
      cree_le: new Date(started).toISOString(),
      duree_ms: Date.now() - started,
      chiffree: source.passphrase !== undefined,
      parties,
      tables: snapshot.tables,
      audit: snapshot.audit,
      grand_livre: snapshot.grand_livre,
    };
    const json = Buffer.from(JSON.stringify(manifeste, null, 2));
    await archive.add(PART_MANIFEST, json.length, json);
    await archive.finish();
    archive = undefined;
    return manifeste;
  } finally {
    await archive?.abort();
    await rm(sqlFile, { force: true });
  }
}
