import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { type Database, migrateUpTo } from '../../db/database.ts';
import { migrations } from '../../db/migrations/index.ts';
import { type FileStore, isStorePath } from '../../media/file-store.ts';
import { firstBrokenLink } from '../audit/audit.repository.ts';
import { ledgerBreaches } from '../banques/ledger.repository.ts';
import { ArchiveError, readArchive } from './archive.ts';
import { type Pause, sansPause } from './cadence.ts';
import { analyze, loadDatabase, sqlLines } from './dump.repository.ts';
import {
  auditLink,
  FORMAT_SAUVEGARDE,
  grandLivre,
  type Manifeste,
  MEDIA_PREFIX,
  mediaPaths,
  PART_BASE,
  PART_MANIFEST,
  PART_SECRET,
  rowCount,
} from './manifeste.repository.ts';

/**
 * Reading a backup back (docs/decisions/0023-sauvegardes.md): first the whole file is read once
 * and every part checked against the manifest (a damaged or truncated file, a wrong key, a newer
 * product's backup are refused here, before anything is written), then it is loaded.
 */
export async function inspecterSauvegarde(file: string, passphrase: string | undefined): Promise<Manifeste> {
  const seen = new Map<string, { sha256: string; taille: number }>();
  let manifeste: Manifeste | undefined;
  await readArchive(file, passphrase, async (name, size, content) => {
    if (name === PART_MANIFEST) {
      const chunks: Buffer[] = [];
      for await (const chunk of content) chunks.push(chunk);
      try {
        manifeste = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifeste;
      } catch {
        throw new ArchiveError('Manifeste de la sauvegarde illisible.');
      }
      return;
    }
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of content) {
      hash.update(chunk);
      bytes += chunk.length;
    }
    if (bytes !== size) throw new ArchiveError(`Partie ${name} tronquée.`);
    seen.set(name, { sha256: hash.digest('hex'), taille: bytes });
  });
  if (!manifeste) throw new ArchiveError('Fichier de sauvegarde tronqué\u00a0: son manifeste manque.');
  if (manifeste.format !== FORMAT_SAUVEGARDE) {
    throw new ArchiveError(`Format de sauvegarde inconnu (${manifeste.format}).`);
  }
  if (!(manifeste.migration in migrations)) {
    throw new ArchiveError(
      `Cette sauvegarde vient d’une version plus récente du produit (niveau ${manifeste.migration})\u00a0: mettez le produit à jour avant de la restaurer.`,
    );
  }
  for (const [name, expected] of Object.entries(manifeste.parties)) {
    const found = seen.get(name);
    if (!found) throw new ArchiveError(`Partie absente du fichier\u00a0: ${name}.`);
    if (found.sha256 !== expected.sha256 || found.taille !== expected.taille) {
      throw new ArchiveError(`Partie altérée (empreinte différente)\u00a0: ${name}.`);
    }
  }
  for (const name of seen.keys()) {
    if (!(name in manifeste.parties)) throw new ArchiveError(`Partie inconnue du manifeste\u00a0: ${name}.`);
  }
  if (!manifeste.parties[PART_BASE] || !manifeste.parties[PART_SECRET]) {
    throw new ArchiveError('Sauvegarde incomplète\u00a0: la base ou le secret manque.');
  }
  return manifeste;
}

/** Where a backup is loaded: an empty database (and its schema on PostgreSQL), a file store or none. */
export interface CibleRestauration {
  db: Database;
  schema?: string | undefined;
  /** Where the media files go; omitted, they are only read (a verification). */
  files?: FileStore | undefined;
  /** Between two statements loaded: a verification on PostgreSQL keeps out of the server's way. */
  pause?: Pause | undefined;
}

/**
 * Loads an inspected backup into an empty database: its migrations up to the backup's level, its
 * data in one transaction, its media files. Answers the server secret it holds.
 */
export async function chargerSauvegarde(
  file: string,
  passphrase: string | undefined,
  manifeste: Manifeste,
  cible: CibleRestauration,
): Promise<string> {
  await migrateUpTo(cible.db, manifeste.migration, cible.schema);
  let secret = '';
  await readArchive(file, passphrase, async (name, size, content) => {
    if (name === PART_BASE) {
      const lines = sqlLines(Readable.from(content).pipe(createGunzip()));
      await cible.db.transaction().execute((trx) => loadDatabase(trx, lines, cible.pause ?? sansPause));
      await analyze(cible.db, Object.keys(manifeste.tables));
    } else if (name === PART_SECRET) {
      const chunks: Buffer[] = [];
      for await (const chunk of content) chunks.push(chunk);
      secret = Buffer.concat(chunks).toString('utf8');
    } else if (name.startsWith(MEDIA_PREFIX) && cible.files) {
      const relative = name.slice(MEDIA_PREFIX.length);
      if (!isStorePath(relative)) throw new ArchiveError(`Chemin de média invalide\u00a0: ${name}.`);
      await cible.files.put(relative, Readable.from(content), size);
    }
  });
  return secret;
}

/**
 * Compares a database just loaded with its manifest: rows per table, the audit chain's last link,
 * the ledger's totals, and every media file it names present in the backup. Answers what differs.
 */
export async function ecartsAuManifeste(db: Database, manifeste: Manifeste): Promise<string[]> {
  const ecarts: string[] = [];
  for (const [table, expected] of Object.entries(manifeste.tables)) {
    const found = await rowCount(db, table);
    if (found !== expected) ecarts.push(`table ${table}\u00a0: ${found} lignes au lieu de ${expected}`);
  }
  const audit = await auditLink(db);
  if (JSON.stringify(audit) !== JSON.stringify(manifeste.audit))
    ecarts.push('dernier maillon du journal d’audit différent');
  if (JSON.stringify(await grandLivre(db)) !== JSON.stringify(manifeste.grand_livre))
    ecarts.push('totaux du grand livre différents');
  for (const relative of await mediaPaths(db)) {
    if (!manifeste.parties[`${MEDIA_PREFIX}${relative}`])
      ecarts.push(`fichier absent de la sauvegarde\u00a0: ${relative}`);
  }
  return ecarts;
}

/** check:ledger and check:audit on a database: what breaks, in French. */
export async function controles(db: Database): Promise<{ grandLivre: string[]; audit: string | null }> {
  const breaches = await ledgerBreaches(db);
  const broken = await firstBrokenLink(db);
  return {
    grandLivre: breaches.map((b) => `[${b.invariant}] ${b.detail}`),
    audit: broken ? `journal d’audit altéré à la position ${broken.position} (${broken.raison})` : null,
  };
}
