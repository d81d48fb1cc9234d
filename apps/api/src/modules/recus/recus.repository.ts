import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/**
 * The contract of a receipt's member and what he had paid once that payment counted: his validated
 * payments up to it in validation order (date_validation, id), and his refunds approved before it
 * (docs/decisions/0018-recus.md). Compared in SQL with the stored instants, which JavaScript dates
 * would cut to the millisecond.
 */
export async function findSoldeAuRecu(db: Executor, versementId: number) {
  return db
    .selectFrom('versements as recu')
    .innerJoin('membres as m', 'm.id', 'recu.membre_id')
    .where('recu.id', '=', versementId)
    .select(['m.engagement_mensuel', 'm.duree_paiement', 'm.montant_total'])
    .select((eb) => [
      eb
        .selectFrom('versements as v')
        .select(sql<string>`coalesce(sum(v.montant), 0)`.as('total'))
        .whereRef('v.membre_id', '=', 'recu.membre_id')
        .where('v.statut', '=', 'valide')
        .where('v.date_suppression', 'is', null)
        .where(sql<boolean>`(v.date_validation, v.id) <= (recu.date_validation, recu.id)`)
        .as('verse'),
      eb
        .selectFrom('remboursements as r')
        .select(sql<string>`coalesce(sum(r.montant), 0)`.as('total'))
        .whereRef('r.membre_id', '=', 'recu.membre_id')
        .where('r.statut', '=', 'approuve')
        .whereRef('r.date_traitement', '<', 'recu.date_validation')
        .as('rembourse'),
    ])
    .executeTakeFirst();
}

/** A payment that still stands (validated, not deleted), with its member's name for the initials. */
export async function findVerifiable(db: Executor, versementId: number) {
  return db
    .selectFrom('versements as v')
    .innerJoin('membres as m', 'm.id', 'v.membre_id')
    .innerJoin('utilisateurs as u', 'u.id', 'm.utilisateur_id')
    .select(['v.id', 'v.montant', 'v.date_validation', 'u.nom', 'u.prenom'])
    .where('v.id', '=', versementId)
    .where('v.statut', '=', 'valide')
    .where('v.date_suppression', 'is', null)
    .executeTakeFirst();
}
