import type { PersonnelListQuery } from '@app/shared';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { type ListQuery, listOf, pageOf } from '../../db/paging.ts';
import type { PersonnelTable } from '../../db/schema.ts';
import { containsPattern } from '../../db/search.ts';

const SORT_COLUMNS = {
  nom: 'u.nom',
  prenom: 'u.prenom',
  email: 'u.email',
  role: 'u.role',
  departement: 'p.departement',
  date_embauche: 'p.date_embauche',
  created_at: 'p.created_at',
} as const;

function personnelFrom(db: Executor) {
  return db.selectFrom('personnel as p').innerJoin('utilisateurs as u', 'u.id', 'p.utilisateur_id');
}

function personnelSelect(db: Executor) {
  return personnelFrom(db).select([
    'p.id',
    'p.utilisateur_id',
    'p.code_employe',
    'p.num_cni',
    'u.nom',
    'u.prenom',
    'u.email',
    'u.telephone',
    'u.photo_profil',
    'u.role',
    'u.statut',
    'u.date_derniere_connexion',
    'p.departement',
    'p.poste',
    'p.date_embauche',
    'p.salaire',
    'p.created_at',
    'p.updated_at',
  ]);
}

export type PersonnelRow = NonNullable<Awaited<ReturnType<typeof findPersonnel>>>;

type Filters = Partial<Pick<PersonnelListQuery, 'search' | 'role' | 'departement' | 'statut'>>;

function filtered(db: Executor, filters: Filters) {
  let select = personnelFrom(db);
  if (filters.role) select = select.where('u.role', '=', filters.role);
  if (filters.departement) select = select.where('p.departement', '=', filters.departement);
  if (filters.statut) select = select.where('u.statut', '=', filters.statut);
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    select = select.where((eb) =>
      eb.or([
        eb('u.nom', 'ilike', pattern),
        eb('u.prenom', 'ilike', pattern),
        eb(sql`u.prenom || ' ' || u.nom`, 'ilike', pattern),
        eb('u.email', 'ilike', pattern),
        eb('p.code_employe', 'ilike', pattern),
        eb('p.poste', 'ilike', pattern),
        eb('p.num_cni', 'ilike', pattern),
      ]),
    );
  }
  return select;
}

export function personnelList(db: Executor, query: ListQuery<PersonnelListQuery>) {
  return listOf({
    matching: filtered(db, query),
    key: 'p.id',
    order: [
      [SORT_COLUMNS[query.sortBy], query.sortOrder],
      ['p.id', query.sortOrder],
    ],
    details: (inPage) => personnelSelect(db).where(inPage),
    // The staff are a few dozen: counted.
    total: 'count',
  });
}

export async function listPersonnel(db: Executor, query: PersonnelListQuery) {
  return pageOf(db, { ...personnelList(db, query), page: query.page, limit: query.limit });
}

export async function searchPersonnel(db: Executor, search: string, limit: number) {
  return personnelSelect(db)
    .where('p.id', 'in', filtered(db, { search }).select('p.id'))
    .orderBy('u.nom')
    .orderBy('u.prenom')
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/** Active gestionnaires, the managers a demande can be given to (their account id is `gere_par`). */
export async function listActiveGestionnaires(db: Executor) {
  return db
    .selectFrom('utilisateurs as u')
    .innerJoin('personnel as p', 'p.utilisateur_id', 'u.id')
    .select(['u.id', 'u.nom', 'u.prenom', 'p.poste', 'p.departement'])
    .where('u.role', '=', 'gestionnaire')
    .where('u.statut', '=', 'actif')
    .orderBy('u.nom')
    .orderBy('u.prenom')
    .orderBy('u.id')
    .execute();
}

/** A staff member by his account id, the one id the API gives him. */
export async function findPersonnel(db: Executor, utilisateurId: number) {
  return personnelSelect(db).where('p.utilisateur_id', '=', utilisateurId).executeTakeFirst();
}

export async function personnelStats(db: Executor) {
  const [totals, roles, departements] = await Promise.all([
    db
      .selectFrom('personnel as p')
      .innerJoin('utilisateurs as u', 'u.id', 'p.utilisateur_id')
      .select([
        sql<string>`count(*)`.as('total'),
        sql<string>`count(*) FILTER (WHERE u.statut = 'actif')`.as('actifs'),
        sql<string>`count(*) FILTER (WHERE u.statut = 'inactif')`.as('inactifs'),
        sql<string>`count(*) FILTER (WHERE u.statut = 'suspendu')`.as('suspendus'),
        sql<string>`count(DISTINCT p.departement)`.as('departements'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('personnel as p')
      .innerJoin('utilisateurs as u', 'u.id', 'p.utilisateur_id')
      .select(['u.role as key', sql<string>`count(*)`.as('count')])
      .groupBy('u.role')
      .execute(),
    db
      .selectFrom('personnel')
      .select(['departement as key', sql<string>`count(*)`.as('count')])
      .groupBy('departement')
      .execute(),
  ]);
  return { totals, roles, departements };
}

export async function hasStaffFile(db: Executor, utilisateurId: number): Promise<boolean> {
  const row = await db
    .selectFrom('personnel')
    .select('id')
    .where('utilisateur_id', '=', utilisateurId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function codeEmployeExists(db: Executor, code: string): Promise<boolean> {
  const row = await db.selectFrom('personnel').select('id').where('code_employe', '=', code).executeTakeFirst();
  return row !== undefined;
}

export async function insertPersonnel(db: Executor, values: Insertable<PersonnelTable>) {
  return db.insertInto('personnel').values(values).returning('id').executeTakeFirstOrThrow();
}

/** Changes the staff file of an account. */
export async function updatePersonnel(db: Executor, utilisateurId: number, values: Updateable<PersonnelTable>) {
  await db
    .updateTable('personnel')
    .set({ ...values, updated_at: new Date() })
    .where('utilisateur_id', '=', utilisateurId)
    .execute();
}
