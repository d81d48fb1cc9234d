import { ROLES, type UtilisateurListQuery } from '@app/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { pageOf } from '../../db/paging.ts';
import type { NewUtilisateur, UtilisateurUpdate } from '../../db/schema.ts';
import { containsPattern } from '../../db/search.ts';

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

/** An active gestionnaire account, the only kind members can be assigned to. */
export async function findActiveGestionnaire(db: Executor, id: number) {
  return db
    .selectFrom('utilisateurs')
    .select(['id', 'nom', 'prenom'])
    .where('id', '=', id)
    .where('role', '=', 'gestionnaire')
    .where('statut', '=', 'actif')
    .executeTakeFirst();
}

/** Removes an account; its staff file, sessions and favourites go with it (ON DELETE CASCADE). */
export async function deleteUtilisateur(db: Executor, id: number) {
  await db.deleteFrom('utilisateurs').where('id', '=', id).execute();
}

const ACCOUNT_SORTS = {
  nom: 'u.nom',
  prenom: 'u.prenom',
  email: 'u.email',
  role: 'u.role',
  statut: 'u.statut',
  created_at: 'u.created_at',
  date_derniere_connexion: 'u.date_derniere_connexion',
} as const;

/** Accounts with the code of their staff or member file, for the users page. */
function accountSelect(db: Executor) {
  return db
    .selectFrom('utilisateurs as u')
    .leftJoin('personnel as p', 'p.utilisateur_id', 'u.id')
    .leftJoin('membres as m', 'm.utilisateur_id', 'u.id')
    .select([
      'u.id',
      'u.nom',
      'u.prenom',
      'u.email',
      'u.telephone',
      'u.role',
      'u.statut',
      'u.must_change_password',
      'u.date_derniere_connexion',
      'u.created_by',
      'u.updated_by',
      'u.created_at',
      'u.updated_at',
      sql<string | null>`coalesce(p.code_employe, m.code_esv)`.as('code'),
    ]);
}

export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

export async function findAccount(db: Executor, id: number) {
  return accountSelect(db).where('u.id', '=', id).executeTakeFirst();
}

export async function listAccounts(db: Executor, query: UtilisateurListQuery) {
  let select = accountSelect(db);
  if (query.role) select = select.where('u.role', '=', query.role);
  if (query.statut) select = select.where('u.statut', '=', query.statut);
  if (query.search) {
    const pattern = containsPattern(query.search);
    select = select.where((eb) =>
      eb.or([
        eb('u.nom', 'ilike', pattern),
        eb('u.prenom', 'ilike', pattern),
        eb(sql`u.prenom || ' ' || u.nom`, 'ilike', pattern),
        eb('u.email', 'ilike', pattern),
        eb('u.telephone', 'ilike', pattern),
        eb('p.code_employe', 'ilike', pattern),
        eb('m.code_esv', 'ilike', pattern),
      ]),
    );
  }
  return pageOf(select, query, (q) =>
    q.orderBy(ACCOUNT_SORTS[query.sortBy], query.sortOrder).orderBy('u.id', query.sortOrder),
  );
}

export async function accountStats(db: Executor) {
  return db
    .selectFrom('utilisateurs')
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) FILTER (WHERE statut = 'actif')`.as('actifs'),
      sql<string>`count(*) FILTER (WHERE statut = 'inactif')`.as('inactifs'),
      sql<string>`count(*) FILTER (WHERE statut = 'suspendu')`.as('suspendus'),
      ...ROLES.map((role) => sql<string>`count(*) FILTER (WHERE role = ${role})`.as(role)),
    ])
    .executeTakeFirstOrThrow();
}
