import { FENETRES_RAPPEL, RAPPEL_TENTATIVES, type StatutRappel, TYPES_RAPPEL, type TypeRappel } from '@app/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { pageOf } from '../../db/paging.ts';

/** An instalment a reminder is due for today, with what the e-mail says. */
export interface RappelDu {
  membre_id: number;
  prenom: string;
  email: string;
  produit: string | null;
  echeancier_id: number;
  numero: number;
  date_echeance: string;
  type_rappel: TypeRappel;
  /** Days from today to the due date (negative: past it). */
  jours: number;
  /** The instalment's amount, and what remains to pay on it. */
  montant: string;
  reste: string;
  /** What the member owes on every instalment due before today. */
  retard: string;
}

/** Each kind's window as rows (kind, first and last day from today), from the shared table. */
const fenetres = sql.join(
  TYPES_RAPPEL.map(
    (type) => sql`(${sql.lit(type)}, ${sql.lit(FENETRES_RAPPEL[type].from)}, ${sql.lit(FENETRES_RAPPEL[type].to)})`,
  ),
);

/**
 * The reminders due on `today` (the company's day): instalments of current schedules falling in a
 * kind's window (J-7: in 2 to 7 days; J-1: tomorrow or today; J+3: 3 to 9 days ago) that the paid
 * total does not cover (`cumul > montant_deja_paye`), of members whose account is active and who
 * did not turn e-mail notices off; less those already sent, being sent, or failed too often. An
 * index range on the due dates (echeances_jour_idx), whatever the number of members.
 */
export async function listRappelsDus(db: Executor, today: string): Promise<RappelDu[]> {
  const { rows } = await sql<RappelDu>`
    SELECT m.id AS membre_id, u.prenom, u.email, p.titre AS produit, e.echeancier_id, e.numero, e.date_echeance,
      k.type_rappel, e.date_echeance - ${today}::date AS jours, e.montant,
      least(e.montant, e.cumul - m.montant_deja_paye) AS reste,
      greatest(0, coalesce((
        SELECT d.cumul FROM echeances d WHERE d.echeancier_id = e.echeancier_id AND d.date_echeance < ${today}::date
        ORDER BY d.date_echeance DESC LIMIT 1), 0) - m.montant_deja_paye) AS retard
    FROM (VALUES ${fenetres}) AS k (type_rappel, du, au)
    JOIN echeances e ON e.date_echeance BETWEEN ${today}::date + k.du AND ${today}::date + k.au
    JOIN echeanciers s ON s.id = e.echeancier_id AND s.remplace_le IS NULL
    JOIN membres m ON m.id = s.membre_id
    JOIN utilisateurs u ON u.id = m.utilisateur_id AND u.statut = 'actif'
    LEFT JOIN produits p ON p.id = m.produit_id
    LEFT JOIN preferences pr ON pr.utilisateur_id = u.id
    WHERE e.cumul > m.montant_deja_paye
      AND (pr.value -> 'emailNotifications') IS DISTINCT FROM 'false'::jsonb
      AND NOT EXISTS (
        SELECT 1 FROM rappels r
        WHERE r.membre_id = m.id AND r.date_echeance = e.date_echeance AND r.type_rappel = k.type_rappel
          AND NOT (r.statut = 'echec' AND r.tentatives < ${RAPPEL_TENTATIVES}))
    ORDER BY e.date_echeance, m.id, k.type_rappel`.execute(db);
  return rows;
}

/**
 * Takes a reminder for sending: inserts its row, or takes back a failed one with attempts left.
 * Answers its id, or undefined when another run has it (sent, being sent, or failed too often):
 * only the run that took it sends it.
 */
export async function claimRappel(db: Executor, rappel: RappelDu): Promise<number | undefined> {
  const row = await db
    .insertInto('rappels')
    .values({
      membre_id: rappel.membre_id,
      echeancier_id: rappel.echeancier_id,
      numero: rappel.numero,
      date_echeance: rappel.date_echeance,
      type_rappel: rappel.type_rappel,
      montant: rappel.reste,
      email: rappel.email,
    })
    .onConflict((oc) =>
      oc
        .columns(['membre_id', 'date_echeance', 'type_rappel'])
        .doUpdateSet({
          echeancier_id: (eb) => eb.ref('excluded.echeancier_id'),
          numero: (eb) => eb.ref('excluded.numero'),
          montant: (eb) => eb.ref('excluded.montant'),
          email: (eb) => eb.ref('excluded.email'),
          statut: 'en_cours',
          tentatives: sql`rappels.tentatives + 1`,
          sent_at: sql`now()`,
        })
        .where('rappels.statut', '=', 'echec')
        .where('rappels.tentatives', '<', RAPPEL_TENTATIVES),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The mail server's answer: sent or failed, at this time. */
export async function recordOutcome(db: Executor, id: number, statut: Exclude<StatutRappel, 'en_cours'>) {
  await db.updateTable('rappels').set({ statut, sent_at: sql`now()` }).where('id', '=', id).execute();
}

/** A member's reminders, newest first, paged on his index; the total counted (a few a month). */
export async function listRappels(db: Executor, membreId: number, page: number, limit: number) {
  return pageOf(db, {
    matching: db.selectFrom('rappels as r').where('r.membre_id', '=', membreId),
    key: 'r.id',
    order: [['r.id', 'desc']],
    details: (inPage) =>
      db
        .selectFrom('rappels as r')
        .select([
          'r.id',
          'r.type_rappel',
          'r.date_echeance',
          'r.numero',
          'r.montant',
          'r.email',
          'r.statut',
          'r.tentatives',
          'r.sent_at',
        ])
        .where(inPage),
    total: 'count',
    page,
    limit,
  });
}

export type RappelRow = Awaited<ReturnType<typeof listRappels>>['rows'][number];
