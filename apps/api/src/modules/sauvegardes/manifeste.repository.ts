import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { auditHead } from '../audit/audit.repository.ts';

/** The parts of a backup file, by name. */
export const PART_BASE = 'base.sql.gz';
export const PART_SECRET = 'secret/jwt-secret';
export const PART_MANIFEST = 'manifeste.json';
export const MEDIA_PREFIX = 'media/';
/** The file format; a restore refuses one it does not know. */
export const FORMAT_SAUVEGARDE = 1;

/** What a backup holds and what its restore must find (docs/decisions/0023-sauvegardes.md). */
export interface Manifeste {
  format: number;
  /** The product's level: its last migration, which the data is loaded at. */
  migration: string;
  /** Where it was taken: 'pglite' or 'postgres'. */
  base: string;
  cree_le: string;
  /** Time taken to write it, verification excluded. */
  duree_ms: number;
  chiffree: boolean;
  /** Each part's sha256 (hex) and size, the manifest excepted. */
  parties: Record<string, { sha256: string; taille: number }>;
  /** Rows per table. */
  tables: Record<string, number>;
  /** The audit chain's last link. */
  audit: { position: string; empreinte: string } | null;
  grand_livre: GrandLivre;
}

/** The ledger's totals, as text (FCFA, exact). */
export interface GrandLivre {
  soldes_banques: string;
  mouvements: string;
  paye_membres: string;
  versements_valides: string;
}

/** Every media file the database names, relative to the media folder. */
export async function mediaPaths(db: Executor): Promise<string[]> {
  const { rows } = await sql<{ path: string }>`
    SELECT path FROM site_medias
    UNION SELECT path FROM produit_medias
    UNION SELECT scan_path FROM versements WHERE scan_path IS NOT NULL
    UNION SELECT justificatif_path FROM depenses WHERE justificatif_path IS NOT NULL
    UNION SELECT justificatif_path FROM remboursements WHERE justificatif_path IS NOT NULL
    ORDER BY 1`.execute(db);
  return rows.map((r) => r.path);
}

export async function grandLivre(db: Executor): Promise<GrandLivre> {
  const { rows } = await sql<GrandLivre>`
    SELECT
      (SELECT coalesce(sum(solde), 0)::text FROM banques) AS soldes_banques,
      (SELECT count(*)::text FROM mouvements_bancaires) AS mouvements,
      (SELECT coalesce(sum(montant_deja_paye), 0)::text FROM membres) AS paye_membres,
      (SELECT coalesce(sum(montant), 0)::text FROM versements WHERE statut = 'valide') AS versements_valides`.execute(
    db,
  );
  return rows[0] as GrandLivre;
}

export async function auditLink(db: Executor): Promise<Manifeste['audit']> {
  const head = await auditHead(db);
  return head ? { position: String(head.position), empreinte: head.empreinte } : null;
}

/** The last migration applied to the current schema. */
export async function migrationLevel(db: Executor): Promise<string> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(
    db,
  );
  if (!rows[0]) throw new Error('base non migrée');
  return rows[0].name;
}

/** A table's rows, counted (a restored copy against its manifest). */
export async function rowCount(db: Executor, table: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n);
}
