import { ROLES, type UtilisateurListQuery } from '@app/shared';
import { sql } from 'kysely';
import { counterKey, counterValue } from '../../db/counters.ts';
import type { Executor } from '../../db/database.ts';
import { type ListQuery, listOf, pageOf } from '../../db/paging.ts';
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

/** The active admins, locked until the transaction ends (two admins cannot demote each other at once). */
export async function lockActiveAdmins(db: Executor) {
  return db
    .selectFrom('utilisateurs')
    .select('id')
    .where('role', '=', 'admin')
    .where('statut', '=', 'actif')
    .forUpdate()
    .execute();
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
      'u.photo_profil',
      'u.role',
      'u.statut',
      'u.must_change_password',
      sql<boolean>`u.totp_active_at IS NOT NULL`.as('deux_facteurs'),
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

export function accountsList(db: Executor, query: ListQuery<UtilisateurListQuery>) {
  let matching = db.selectFrom('utilisateurs as u');
  if (query.role) matching = matching.where('u.role', '=', query.role);
  if (query.statut) matching = matching.where('u.statut', '=', query.statut);
  if (query.search) {
    const pattern = containsPattern(query.search);
    // Each table's columns on their own trigram indexes; an OR across a join could use none.
    matching = matching.where('u.id', 'in', (eb) =>
      eb
        .selectFrom('utilisateurs')
        .select('id')
        .where((w) =>
          w.or([
            w('nom', 'ilike', pattern),
            w('prenom', 'ilike', pattern),
            w(sql`prenom || ' ' || nom`, 'ilike', pattern),
            w('email', 'ilike', pattern),
            w('telephone', 'ilike', pattern),
          ]),
        )
        .union(eb.selectFrom('personnel').select('utilisateur_id as id').where('code_employe', 'ilike', pattern))
        .union(eb.selectFrom('membres').select('utilisateur_id as id').where('code_esv', 'ilike', pattern)),
    );
  }
  return listOf({
    matching,
    key: 'u.id',
    order: [
      [ACCOUNT_SORTS[query.sortBy], query.sortOrder],
      ['u.id', query.sortOrder],
    ],
    details: (inPage) => accountSelect(db).where(inPage),
    total: query.search
      ? 'search'
      : { counter: counterKey('utilisateurs', { role: query.role, statut: query.statut }) },
  });
}

export async function listAccounts(db: Executor, query: UtilisateurListQuery) {
  return pageOf(db, { ...accountsList(db, query), page: query.page, limit: query.limit });
}

/** The tiles, from the kept counters. */
export async function accountStats(db: Executor) {
  const kept = (filters: { role?: string; statut?: string }) => counterValue(counterKey('utilisateurs', filters));
  return db
    .selectNoFrom([
      kept({}).as('total'),
      kept({ statut: 'actif' }).as('actifs'),
      kept({ statut: 'inactif' }).as('inactifs'),
      kept({ statut: 'suspendu' }).as('suspendus'),
      ...ROLES.map((role) => kept({ role }).as(role)),
    ])
    .executeTakeFirstOrThrow();
}
