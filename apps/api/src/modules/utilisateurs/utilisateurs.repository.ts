import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { NewUtilisateur, UtilisateurUpdate } from '../../db/schema.ts';

export async function findUtilisateurById(db: Executor, id: number) {
  return db.selectFrom('utilisateurs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUtilisateurByEmail(db: Executor, email: string) {
  return db
    .selectFrom('utilisateurs')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Sign-in identifier: e-mail, employee code or member code (decisions §3). */
export async function findUtilisateurByIdentifier(db: Executor, identifier: string) {
  const value = identifier.trim();
  return db
    .selectFrom('utilisateurs as u')
    .leftJoin('personnel as p', 'p.utilisateur_id', 'u.id')
    .leftJoin('membres as m', 'm.utilisateur_id', 'u.id')
    .selectAll('u')
    .where((eb) =>
      eb.or([
        eb(sql`lower(u.email)`, '=', value.toLowerCase()),
        eb('p.code_employe', '=', value.toUpperCase()),
        eb('m.code_esv', '=', value.toUpperCase()),
      ]),
    )
    .executeTakeFirst();
}

export async function insertUtilisateur(db: Executor, values: NewUtilisateur) {
  return db.insertInto('utilisateurs').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateUtilisateur(db: Executor, id: number, values: UtilisateurUpdate) {
  return db
    .updateTable('utilisateurs')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function countUtilisateurs(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('utilisateurs')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Counts a failure; at the limit, locks the account for 15 minutes and starts counting again. */
export async function recordFailedLogin(db: Executor, id: number, maxAttempts: number) {
  return db
    .updateTable('utilisateurs')
    .set((eb) => ({
      failed_login_count: sql<number>`CASE WHEN ${eb.ref('failed_login_count')} + 1 >= ${maxAttempts} THEN 0 ELSE ${eb.ref('failed_login_count')} + 1 END`,
      locked_until: sql<Date | null>`CASE WHEN ${eb.ref('failed_login_count')} + 1 >= ${maxAttempts} THEN now() + interval '15 minutes' ELSE ${eb.ref('locked_until')} END`,
    }))
    .where('id', '=', id)
    .returning(['failed_login_count', 'locked_until'])
    .executeTakeFirstOrThrow();
}

/** Clears the failure count and stamps the sign-in, unless the account is locked (then undefined). */
export async function recordSuccessfulLogin(db: Executor, id: number) {
  return db
    .updateTable('utilisateurs')
    .set({ failed_login_count: 0, locked_until: null, date_derniere_connexion: new Date() })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<Date>`now()`)]))
    .returningAll()
    .executeTakeFirst();
}
