import { type SqlBool, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** The movements with their sources: a payment or a refund and its member, an expense. */
function avecSources(db: Executor) {
  return db
    .selectFrom('mouvements_bancaires as mv')
    .leftJoin('versements as v', (join) =>
      join.on('mv.source_table', '=', 'versements').onRef('v.id', '=', 'mv.source_id'),
    )
    .leftJoin('remboursements as r', (join) =>
      join.on('mv.source_table', '=', 'remboursements').onRef('r.id', '=', 'mv.source_id'),
    )
    .leftJoin('membres as m', (join) => join.on(sql<SqlBool>`m.id = coalesce(v.membre_id, r.membre_id)`))
    .leftJoin('depenses as d', (join) =>
      join.on('mv.source_table', '=', 'depenses').onRef('d.id', '=', 'mv.source_id'),
    );
}

/**
 * The bank movements of a period (by value date) with what their entries need: a payment's receipt
 * and member, a refund's member, an expense's category. In the order of the journal.
 */
export function mouvementsComptables(db: Executor, debut: string, fin: string) {
  return avecSources(db)
    .select([
      'mv.id',
      'mv.banque_id',
      'mv.operation',
      'mv.montant',
      'mv.date_valeur',
      'mv.source_id',
      'mv.commentaire',
      'mv.compte_contrepartie',
      'v.numero_recu',
      'm.code_esv',
      'd.categorie',
    ])
    .where('mv.date_valeur', '>=', debut)
    .where('mv.date_valeur', '<=', fin)
    .orderBy('mv.date_valeur')
    .orderBy('mv.id');
}

/**
 * The movements of a period (all of them without one) summed by what decides their accounts: bank,
 * operation, member, expense category, a manual operation's counterpart. As many groups as members and banks, whatever the rows.
 */
export async function groupesComptables(db: Executor, periode?: { debut: string; fin: string }) {
  let query = avecSources(db)
    .select([
      'mv.banque_id',
      'mv.operation',
      'm.code_esv',
      'd.categorie',
      'mv.compte_contrepartie',
      sql<string>`sum(mv.montant)`.as('montant'),
      sql<string>`count(*)`.as('nombre'),
    ])
    .groupBy(['mv.banque_id', 'mv.operation', 'm.code_esv', 'd.categorie', 'mv.compte_contrepartie']);
  if (periode) {
    query = query.where('mv.date_valeur', '>=', periode.debut).where('mv.date_valeur', '<=', periode.fin);
  }
  return query.execute();
}
