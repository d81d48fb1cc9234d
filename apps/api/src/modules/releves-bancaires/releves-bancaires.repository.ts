import type { ColonnesReleve, LigneReleveListQuery, LigneReleveLue, ReleveFormat } from '@app/shared';
import { sql } from 'kysely';
import { counterKey } from '../../db/counters.ts';
import type { Executor } from '../../db/database.ts';
import { type ListQuery, listOf, pageOf } from '../../db/paging.ts';

export interface NewReleve {
  banque_id: number;
  format: ReleveFormat;
  nom_fichier: string;
  lignes_lues: number;
  date_debut: string;
  date_fin: string;
  solde_final: number | null;
  importe_par: number;
}

export async function insertReleve(db: Executor, releve: NewReleve): Promise<number> {
  const { id } = await db
    .insertInto('releves_bancaires')
    .values({ ...releve, lignes_nouvelles: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function setLignesNouvelles(db: Executor, id: number, count: number) {
  await db.updateTable('releves_bancaires').set({ lignes_nouvelles: count }).where('id', '=', id).execute();
}

/**
 * Adds the statement's lines the bank has not reported before (by `identite`) in one statement,
 * however many (a JSON array, not one parameter per value), and answers how many were new.
 */
export async function insertLignes(
  db: Executor,
  banqueId: number,
  releveId: number,
  lignes: readonly (LigneReleveLue & { identite: string })[],
): Promise<number> {
  const rows = lignes.map((l) => ({
    identite: l.identite,
    date_operation: l.date_operation,
    date_valeur: l.date_valeur,
    libelle: l.libelle,
    reference: l.reference,
    sens: l.sens,
    montant: l.montant,
    solde: l.solde,
  }));
  const { rows: result } = await sql<{ n: string }>`
    WITH nouvelles AS (
      INSERT INTO lignes_releve
        (banque_id, releve_id, identite, date_operation, date_valeur, libelle, reference, sens, montant, solde)
      SELECT ${banqueId}, ${releveId}, x.identite, x.date_operation, x.date_valeur, x.libelle, x.reference,
        x.sens, x.montant, x.solde
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x (identite text, date_operation date,
        date_valeur date, libelle text, reference text, sens text, montant bigint, solde bigint)
      ON CONFLICT (banque_id, identite) DO NOTHING
      RETURNING 1
    )
    SELECT count(*) AS n FROM nouvelles`.execute(db);
  return Number(result[0]?.n ?? 0);
}

export async function saveColonnes(db: Executor, banqueId: number, colonnes: ColonnesReleve) {
  await db
    .updateTable('banques')
    .set({ releve_colonnes: JSON.stringify(colonnes) })
    .where('id', '=', banqueId)
    .execute();
}

/** A bank's statement lines, newest first; the total is kept by status, counted (capped) within dates. */
export function lignesList(db: Executor, banqueId: number, query: ListQuery<LigneReleveListQuery>) {
  let matching = db.selectFrom('lignes_releve as l').where('l.banque_id', '=', banqueId);
  if (query.statut) matching = matching.where('l.statut', '=', query.statut);
  if (query.date_debut) matching = matching.where('l.date_operation', '>=', query.date_debut);
  if (query.date_fin) matching = matching.where('l.date_operation', '<=', query.date_fin);
  return listOf({
    matching,
    key: 'l.id',
    order: [
      ['l.date_operation', 'desc'],
      ['l.id', 'desc'],
    ],
    details: (inPage) => db.selectFrom('lignes_releve as l').selectAll('l').where(inPage),
    total:
      query.date_debut || query.date_fin
        ? 'search'
        : { counter: counterKey('lignes_releve', { banque_id: banqueId, statut: query.statut }) },
  });
}

export async function listLignes(db: Executor, banqueId: number, query: LigneReleveListQuery) {
  return pageOf(db, { ...lignesList(db, banqueId, query), page: query.page, limit: query.limit });
}

export type LigneReleveRow = Awaited<ReturnType<typeof listLignes>>['rows'][number];
