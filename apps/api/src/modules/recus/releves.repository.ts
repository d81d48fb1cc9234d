import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** The first instant of a calendar day in a time zone. */
const startOf = (day: string, timeZone: string) => sql<Date>`(${day}::date::timestamp AT TIME ZONE ${timeZone})`;
/** The first instant after a calendar day in a time zone. */
const endOf = (day: string, timeZone: string) => sql<Date>`((${day}::date + 1)::timestamp AT TIME ZONE ${timeZone})`;

/** What a member had paid, net, before a day began: his validated payments less his approved refunds. */
export async function findSoldeAvant(db: Executor, membreId: number, day: string, timeZone: string) {
  return db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('versements as v')
        .select(sql<string>`coalesce(sum(v.montant), 0)`.as('total'))
        .where('v.membre_id', '=', membreId)
        .where('v.statut', '=', 'valide')
        .where('v.date_suppression', 'is', null)
        .where('v.date_validation', '<', startOf(day, timeZone))
        .as('verse'),
      eb
        .selectFrom('remboursements as r')
        .select(sql<string>`coalesce(sum(r.montant), 0)`.as('total'))
        .where('r.membre_id', '=', membreId)
        .where('r.statut', '=', 'approuve')
        .where('r.date_traitement', '<', startOf(day, timeZone))
        .as('rembourse'),
    ])
    .executeTakeFirstOrThrow();
}

/**
 * A member's validated payments and approved refunds between two days (both included, in the time
 * zone), in the order they counted: by their instant, then payments before refunds, then by id.
 */
export async function listOperations(db: Executor, membreId: number, du: string, au: string, timeZone: string) {
  const versements = db
    .selectFrom('versements as v')
    .innerJoin('banques as b', 'b.id', 'v.banque_id')
    .select([
      sql<'versement' | 'remboursement'>`'versement'`.as('kind'),
      sql<number>`0`.as('rang'),
      'v.id',
      sql<Date>`v.date_validation`.as('at'),
      'v.montant',
      sql<string | null>`v.type_versement::text`.as('type_versement'),
      sql<string>`v.numero_recu`.as('reference'),
      sql<string | null>`b.nom`.as('banque'),
    ])
    .where('v.membre_id', '=', membreId)
    .where('v.statut', '=', 'valide')
    .where('v.date_suppression', 'is', null)
    .where('v.date_validation', '>=', startOf(du, timeZone))
    .where('v.date_validation', '<', endOf(au, timeZone));
  const remboursements = db
    .selectFrom('remboursements as r')
    .select([
      sql<'versement' | 'remboursement'>`'remboursement'`.as('kind'),
      sql<number>`1`.as('rang'),
      'r.id',
      sql<Date>`r.date_traitement`.as('at'),
      'r.montant',
      sql<string | null>`NULL`.as('type_versement'),
      sql<string>`r.raison`.as('reference'),
      sql<string | null>`NULL`.as('banque'),
    ])
    .where('r.membre_id', '=', membreId)
    .where('r.statut', '=', 'approuve')
    .where('r.date_traitement', '>=', startOf(du, timeZone))
    .where('r.date_traitement', '<', endOf(au, timeZone));
  return versements.unionAll(remboursements).orderBy('at').orderBy('rang').orderBy('id').execute();
}
