import { ELEMENTS_EN_SUSPENS_MAX } from '@app/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { pageOf } from '../../db/paging.ts';
import { libelleMouvement } from './rapprochements.repository.ts';
import type { LigneReleveRow } from './releves-bancaires.repository.ts';

const signedMouvement = sql<string>`CASE WHEN mv.type = 'credit' THEN mv.montant ELSE -mv.montant END`;
const signedLigne = sql<string>`CASE WHEN l.sens = 'credit' THEN l.montant ELSE -l.montant END`;

/** The bank's ledger balance at the end of a day, by value dates: today's less what is dated after. */
export async function soldeComptableAu(db: Executor, banqueId: number, date: string): Promise<number | null> {
  const row = await db
    .selectFrom('banques as b')
    .select(
      sql<string>`b.solde - coalesce((SELECT sum(${signedMouvement}) FROM mouvements_bancaires mv
        WHERE mv.banque_id = b.id AND mv.date_valeur > ${date}::date), 0)`.as('solde'),
    )
    .where('b.id', '=', banqueId)
    .executeTakeFirst();
  return row ? Number(row.solde) : null;
}

/**
 * The statement's balance at the end of a day, from the closing balance of an import: the first one
 * ending on or after the day, less its lines after it; else the last one before, plus the lines
 * since. Null when no import gave a balance.
 */
export async function soldeReleveAu(db: Executor, banqueId: number, date: string): Promise<number | null> {
  const { rows } = await sql<{ solde: string }>`
    SELECT a.solde_final + CASE WHEN a.date_fin >= ${date}::date
      THEN -coalesce((SELECT sum(${signedLigne}) FROM lignes_releve l
        WHERE l.banque_id = a.banque_id AND l.date_operation > ${date}::date AND l.date_operation <= a.date_fin), 0)
      ELSE coalesce((SELECT sum(${signedLigne}) FROM lignes_releve l
        WHERE l.banque_id = a.banque_id AND l.date_operation > a.date_fin AND l.date_operation <= ${date}::date), 0)
    END AS solde
    FROM (
      SELECT banque_id, date_fin, solde_final FROM releves_bancaires
      WHERE banque_id = ${banqueId} AND solde_final IS NOT NULL
      ORDER BY date_fin >= ${date}::date DESC,
        CASE WHEN date_fin >= ${date}::date THEN date_fin END ASC, date_fin DESC, id DESC
      LIMIT 1
    ) a`.execute(db);
  return rows[0] ? Number(rows[0].solde) : null;
}

/**
 * The items on one side only at the end of a day: movements dated by then and lines booked by then
 * that are in no match, or in one with an item after the day. A match whose items are all dated by
 * then counts alike on both sides; the others' items explain the difference until they are.
 */
export async function enSuspensAu(db: Executor, banqueId: number, date: string) {
  const ouverts = sql`(
    SELECT l.rapprochement_id FROM lignes_releve l
    WHERE l.banque_id = ${banqueId} AND l.date_operation > ${date}::date AND l.rapprochement_id IS NOT NULL
    UNION
    SELECT rm.rapprochement_id FROM mouvements_bancaires mv
    JOIN rapprochement_mouvements rm ON rm.mouvement_id = mv.id
    WHERE mv.banque_id = ${banqueId} AND mv.date_valeur > ${date}::date)`;
  const mouvements = sql`
    SELECT mv.id, mv.type, mv.operation, mv.montant, mv.date_valeur, ${libelleMouvement} AS libelle
    FROM mouvements_bancaires mv
    LEFT JOIN rapprochement_mouvements rm ON rm.mouvement_id = mv.id
    WHERE mv.banque_id = ${banqueId} AND mv.date_valeur <= ${date}::date
      AND (rm.rapprochement_id IS NULL OR rm.rapprochement_id IN ${ouverts})`;
  const lignes = sql`
    SELECT l.* FROM lignes_releve l
    WHERE l.banque_id = ${banqueId} AND l.date_operation <= ${date}::date
      AND (l.rapprochement_id IS NULL OR l.rapprochement_id IN ${ouverts})`;
  const [totaux, mouvementsListe, lignesListe] = await Promise.all([
    sql<{ mv_nombre: string; mv_total: string; l_nombre: string; l_total: string }>`
      SELECT
        (SELECT count(*) FROM (${mouvements}) mv) AS mv_nombre,
        (SELECT coalesce(sum(${signedMouvement}), 0) FROM (${mouvements}) mv) AS mv_total,
        (SELECT count(*) FROM (${lignes}) l) AS l_nombre,
        (SELECT coalesce(sum(${signedLigne}), 0) FROM (${lignes}) l) AS l_total`.execute(db),
    sql<{
      id: string;
      type: 'credit' | 'debit';
      operation: string;
      montant: string;
      date_valeur: string;
      libelle: string;
    }>`${mouvements} ORDER BY mv.date_valeur DESC, mv.id DESC LIMIT ${ELEMENTS_EN_SUSPENS_MAX}`.execute(db),
    sql<LigneReleveRow>`${lignes} ORDER BY l.date_operation DESC, l.id DESC LIMIT ${ELEMENTS_EN_SUSPENS_MAX}`.execute(
      db,
    ),
  ]);
  const t = totaux.rows[0];
  return {
    mouvements: { nombre: Number(t?.mv_nombre ?? 0), total: Number(t?.mv_total ?? 0), rows: mouvementsListe.rows },
    lignes: { nombre: Number(t?.l_nombre ?? 0), total: Number(t?.l_total ?? 0), rows: lignesListe.rows },
  };
}

const withNames = (db: Executor) =>
  db
    .selectFrom('clotures_bancaires as c')
    .innerJoin('utilisateurs as f', 'f.id', 'c.cloturee_par')
    .leftJoin('utilisateurs as r', 'r.id', 'c.rouverte_par')
    .selectAll('c')
    .select([
      sql<string>`concat_ws(' ', f.prenom, f.nom)`.as('cloturee_par_nom'),
      sql<string | null>`CASE WHEN r.id IS NOT NULL THEN concat_ws(' ', r.prenom, r.nom) END`.as('rouverte_par_nom'),
    ]);

/** The month's closure in force (not reopened), if any. */
export async function clotureEnVigueur(db: Executor, banqueId: number, mois: string) {
  return withNames(db)
    .where('c.banque_id', '=', banqueId)
    .where('c.mois', '=', `${mois}-01`)
    .where('c.rouverte_le', 'is', null)
    .executeTakeFirst();
}

export async function findCloture(db: Executor, id: number) {
  return withNames(db).where('c.id', '=', id).executeTakeFirstOrThrow();
}

export type ClotureRow = NonNullable<Awaited<ReturnType<typeof clotureEnVigueur>>>;

/** A bank's closures, reopened ones included, newest month first; few per bank, counted. */
export async function listClotures(db: Executor, banqueId: number, query: { page: number; limit: number }) {
  return pageOf(db, {
    matching: db.selectFrom('clotures_bancaires as c').where('c.banque_id', '=', banqueId),
    key: 'c.id',
    order: [
      ['c.mois', 'desc'],
      ['c.id', 'desc'],
    ],
    details: (inPage) => withNames(db).where(inPage),
    total: 'search',
    page: query.page,
    limit: query.limit,
  });
}

export async function insertCloture(
  db: Executor,
  cloture: { banque_id: number; mois: string; solde: number; cloturee_par: number },
): Promise<number> {
  const { id } = await db
    .insertInto('clotures_bancaires')
    .values({ ...cloture, mois: `${cloture.mois}-01` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function reopenCloture(db: Executor, id: number, by: number, motif: string) {
  await db
    .updateTable('clotures_bancaires')
    .set({ rouverte_par: by, rouverte_le: new Date(), motif_reouverture: motif })
    .where('id', '=', id)
    .execute();
}

/** Whether a match has a line or a movement dated in a month closed for its bank. */
export async function rapprochementDansMoisClos(db: Executor, rapprochementId: number): Promise<boolean> {
  const { rows } = await sql<{ clos: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM rapprochements r
      JOIN clotures_bancaires c ON c.banque_id = r.banque_id AND c.rouverte_le IS NULL
      WHERE r.id = ${rapprochementId} AND (
        EXISTS (SELECT 1 FROM lignes_releve l
          WHERE l.rapprochement_id = r.id AND date_trunc('month', l.date_operation)::date = c.mois)
        OR EXISTS (SELECT 1 FROM rapprochement_mouvements rm JOIN mouvements_bancaires mv ON mv.id = rm.mouvement_id
          WHERE rm.rapprochement_id = r.id AND date_trunc('month', mv.date_valeur)::date = c.mois))
    ) AS clos`.execute(db);
  return rows[0]?.clos ?? false;
}

/** A month closed for its bank in which an import added lines, 'AAAA-MM' (the first), if any. */
export async function moisClosDuReleve(db: Executor, releveId: number): Promise<string | null> {
  const { rows } = await sql<{ mois: string }>`
    SELECT to_char(c.mois, 'YYYY-MM') AS mois FROM lignes_releve l
    JOIN clotures_bancaires c ON c.banque_id = l.banque_id AND c.rouverte_le IS NULL
      AND c.mois = date_trunc('month', l.date_operation)::date
    WHERE l.releve_id = ${releveId}
    ORDER BY c.mois LIMIT 1`.execute(db);
  return rows[0]?.mois ?? null;
}
