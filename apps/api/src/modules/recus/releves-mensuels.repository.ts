import { RAPPEL_TENTATIVES, type StatutRappel } from '@app/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** A member a month's statement is due to. */
export interface ReleveDu {
  membre_id: number;
  prenom: string;
  email: string;
}

/**
 * The next members, after `afterId` in id order, due the statement of the month starting `mois` and
 * ending `au`: their account active, e-mail notices not turned off, a member by the month's end;
 * less those whose statement was sent, is being sent or failed too often. The member's primary key
 * walked with the unique (membre_id, mois) looked up: a batch costs its size, not the table's.
 */
export async function listRelevesDus(
  db: Executor,
  { mois, au, afterId, limit }: { mois: string; au: string; afterId: number; limit: number },
): Promise<ReleveDu[]> {
  const { rows } = await sql<ReleveDu>`
    SELECT m.id AS membre_id, u.prenom, u.email
    FROM membres m
    JOIN utilisateurs u ON u.id = m.utilisateur_id AND u.statut = 'actif'
    LEFT JOIN preferences pr ON pr.utilisateur_id = u.id
    WHERE m.id > ${afterId} AND m.date_inscription <= ${au}::date
      AND (pr.value -> 'emailNotifications') IS DISTINCT FROM 'false'::jsonb
      AND NOT EXISTS (
        SELECT 1 FROM releves_mensuels r
        WHERE r.membre_id = m.id AND r.mois = ${mois}::date
          AND NOT (r.statut = 'echec' AND r.tentatives < ${RAPPEL_TENTATIVES}))
    ORDER BY m.id
    LIMIT ${limit}`.execute(db);
  return rows;
}

/** Takes a member's statement of the month for sending (see claimRappel): its id, or undefined. */
export async function claimReleve(db: Executor, releve: ReleveDu, mois: string): Promise<number | undefined> {
  const row = await db
    .insertInto('releves_mensuels')
    .values({ membre_id: releve.membre_id, mois, email: releve.email })
    .onConflict((oc) =>
      oc
        .columns(['membre_id', 'mois'])
        .doUpdateSet({
          email: (eb) => eb.ref('excluded.email'),
          statut: 'en_cours',
          tentatives: sql`releves_mensuels.tentatives + 1`,
          sent_at: sql`now()`,
        })
        .where('releves_mensuels.statut', '=', 'echec')
        .where('releves_mensuels.tentatives', '<', RAPPEL_TENTATIVES),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function recordReleveOutcome(db: Executor, id: number, statut: Exclude<StatutRappel, 'en_cours'>) {
  await db.updateTable('releves_mensuels').set({ statut, sent_at: sql`now()` }).where('id', '=', id).execute();
}
