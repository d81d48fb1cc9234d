import type { MembreListQuery } from '@app/shared';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Scope } from '../../caller.ts';
import { counterKey, counterValue } from '../../db/counters.ts';
import type { Executor } from '../../db/database.ts';
import { enRetard } from '../../db/echeances.ts';
import { type ListQuery, listOf, pageOf, type TotalSource } from '../../db/paging.ts';
import type { MembresTable } from '../../db/schema.ts';
import { containsPattern } from '../../db/search.ts';

const SORT_COLUMNS = {
  nom: 'u.nom',
  prenom: 'u.prenom',
  email: 'u.email',
  date_inscription: 'm.date_inscription',
  statut: 'u.statut',
} as const;

/** Whose member files a caller sees: all (admin), a gestionnaire's clients, or one's own. */
function membresFrom(db: Executor, scope: Scope) {
  let query = db.selectFrom('membres as m').innerJoin('utilisateurs as u', 'u.id', 'm.utilisateur_id');
  if (scope.kind === 'clients') query = query.where('m.gestionnaire_id', '=', scope.gestionnaireId);
  if (scope.kind === 'self') query = query.where('m.utilisateur_id', '=', scope.utilisateurId);
  return query;
}

function withDetails(db: Executor, scope: Scope) {
  return membresFrom(db, scope)
    .leftJoin('utilisateurs as g', 'g.id', 'm.gestionnaire_id')
    .leftJoin('produits as p', 'p.id', 'm.produit_id')
    .leftJoin('sites as s', 's.id', 'p.site_id')
    .select([
      'm.id',
      'm.utilisateur_id',
      'm.code_esv',
      'u.nom',
      'u.prenom',
      'u.email',
      'u.telephone',
      'u.photo_profil',
      'u.statut',
      'm.date_naissance',
      'm.profession',
      'm.adresse',
      'm.ville',
      'm.pays',
      'm.num_cni',
      'm.type_membre',
      'm.date_inscription',
      'm.engagement_mensuel',
      'm.duree_paiement',
      'm.montant_total',
      'm.montant_deja_paye',
      'm.montant_du',
      'm.gestionnaire_id',
      'g.nom as gestionnaire_nom',
      'g.prenom as gestionnaire_prenom',
      'm.produit_id',
      'p.titre as produit_nom',
      'p.prix_vente as produit_prix',
      'p.type as produit_type',
      's.id as site_id',
      's.nom_site',
      's.adresse_site',
      's.ville_site',
      'm.created_at',
      'm.updated_at',
    ]);
}

export type MembreRow = NonNullable<Awaited<ReturnType<typeof findMembre>>>;

/** A kept counter, unless a search (counted up to a cap) or one's own file (a row at most). */
function membresTotal(scope: Scope, query: ListQuery<MembreListQuery>): TotalSource {
  if (query.search) return 'search';
  // Arrears change with the day: no counter keeps them; a count over the scope's members.
  if (scope.kind === 'self' || query.en_retard) return 'count';
  let gestionnaire_id = query.gestionnaire_id;
  if (scope.kind === 'clients') {
    if (gestionnaire_id !== undefined && gestionnaire_id !== scope.gestionnaireId) return 'count';
    gestionnaire_id = scope.gestionnaireId;
  }
  return {
    counter: counterKey('membres', { gestionnaire_id, statut: query.statut, type_membre: query.type_membre }),
  };
}

export function membresList(db: Executor, scope: Scope, query: ListQuery<MembreListQuery>) {
  let matching = membresFrom(db, scope);
  if (query.statut) matching = matching.where('u.statut', '=', query.statut);
  if (query.type_membre) matching = matching.where('m.type_membre', '=', query.type_membre);
  if (query.gestionnaire_id) matching = matching.where('m.gestionnaire_id', '=', query.gestionnaire_id);
  if (query.en_retard)
    matching = matching.where(query.en_retard === 'true' ? enRetard() : sql<boolean>`NOT ${enRetard()}`);
  if (query.search) {
    const pattern = containsPattern(query.search);
    // Each table's columns on their own trigram indexes; an OR across the join could use none.
    matching = matching.where('m.id', 'in', (eb) =>
      eb
        .selectFrom('membres')
        .select('id')
        .where((w) => w.or([w('code_esv', 'ilike', pattern), w('num_cni', 'ilike', pattern)]))
        .union(
          eb
            .selectFrom('membres as sm')
            .innerJoin('utilisateurs as su', 'su.id', 'sm.utilisateur_id')
            .select('sm.id')
            .where((w) =>
              w.or([
                w('su.nom', 'ilike', pattern),
                w('su.prenom', 'ilike', pattern),
                w(sql`su.prenom || ' ' || su.nom`, 'ilike', pattern),
                w('su.email', 'ilike', pattern),
                w('su.telephone', 'ilike', pattern),
              ]),
            ),
        ),
    );
  }
  return listOf({
    matching,
    key: 'm.id',
    // Ties broken by the id of the sorted column's table (one account per member): its index
    // then gives the whole order.
    order: [
      [SORT_COLUMNS[query.sortBy], query.sortOrder],
      [SORT_COLUMNS[query.sortBy].startsWith('u.') ? 'u.id' : 'm.id', query.sortOrder],
    ],
    details: (inPage) => withDetails(db, scope).where(inPage),
    total: membresTotal(scope, query),
  });
}

export async function listMembres(db: Executor, scope: Scope, query: MembreListQuery) {
  return pageOf(db, { ...membresList(db, scope, query), page: query.page, limit: query.limit });
}

/** A member's own file: the one row his 'self' scope reaches (none for another scope). */
export async function findOwnMembre(db: Executor, scope: Scope) {
  if (scope.kind !== 'self') return undefined;
  return withDetails(db, scope).executeTakeFirst();
}

export async function findMembre(db: Executor, scope: Scope, id: number) {
  return withDetails(db, scope).where('m.id', '=', id).executeTakeFirst();
}

/** The tiles: kept counters, and this month's new members on the inscription index. */
export async function membreStats(db: Executor, scope: Scope) {
  if (scope.kind !== 'self') {
    const gestionnaire_id = scope.kind === 'clients' ? scope.gestionnaireId : undefined;
    const kept = (filters: { statut?: string; type_membre?: string }) =>
      counterValue(counterKey('membres', { gestionnaire_id, ...filters }));
    let nouveaux = db
      .selectFrom('membres')
      .select(sql<string>`count(*)`.as('n'))
      .where('date_inscription', '>=', sql<string>`date_trunc('month', current_date)::date`);
    if (gestionnaire_id !== undefined) nouveaux = nouveaux.where('gestionnaire_id', '=', gestionnaire_id);
    return db
      .selectNoFrom([
        kept({}).as('total'),
        kept({ statut: 'actif' }).as('actifs'),
        kept({ statut: 'inactif' }).as('inactifs'),
        kept({ statut: 'suspendu' }).as('suspendus'),
        kept({ type_membre: 'standard' }).as('standard'),
        kept({ type_membre: 'premium' }).as('premium'),
        kept({ type_membre: 'vip' }).as('vip'),
        nouveaux.as('nouveaux_mois'),
      ])
      .executeTakeFirstOrThrow();
  }
  return membresFrom(db, scope)
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) FILTER (WHERE u.statut = 'actif')`.as('actifs'),
      sql<string>`count(*) FILTER (WHERE u.statut = 'inactif')`.as('inactifs'),
      sql<string>`count(*) FILTER (WHERE u.statut = 'suspendu')`.as('suspendus'),
      sql<string>`count(*) FILTER (WHERE m.type_membre = 'standard')`.as('standard'),
      sql<string>`count(*) FILTER (WHERE m.type_membre = 'premium')`.as('premium'),
      sql<string>`count(*) FILTER (WHERE m.type_membre = 'vip')`.as('vip'),
      sql<string>`count(*) FILTER (WHERE m.date_inscription >= date_trunc('month', current_date))`.as('nouveaux_mois'),
    ])
    .executeTakeFirstOrThrow();
}

/** The member file's own columns, for the audit's old values and the scope checks. */
export async function findMembreFile(db: Executor, id: number) {
  return db
    .selectFrom('membres as m')
    .innerJoin('utilisateurs as u', 'u.id', 'm.utilisateur_id')
    .select([
      'm.id',
      'm.utilisateur_id',
      'm.gestionnaire_id',
      'm.date_naissance',
      'm.profession',
      'm.adresse',
      'm.ville',
      'm.pays',
      'm.num_cni',
      'm.type_membre',
      'u.nom',
      'u.prenom',
      'u.email',
      'u.telephone',
      'u.statut',
    ])
    .where('m.id', '=', id)
    .executeTakeFirst();
}

export async function updateMembre(db: Executor, id: number, values: Updateable<MembresTable>) {
  await db
    .updateTable('membres')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** A member file holding this CNI, if any. */
export async function findMembreByCni(db: Executor, numCni: string) {
  return db.selectFrom('membres').select('id').where('num_cni', '=', numCni).executeTakeFirst();
}

/** Assigns members to a gestionnaire; returns the ids that changed with their former gestionnaire. */
export async function assignGestionnaire(db: Executor, membreIds: readonly number[], gestionnaireId: number) {
  return db
    .updateTable('membres as m')
    .from('membres as before')
    .set({ gestionnaire_id: gestionnaireId, updated_at: new Date() })
    .whereRef('before.id', '=', 'm.id')
    .where('m.id', 'in', membreIds)
    .where((eb) => eb.or([eb('m.gestionnaire_id', 'is', null), eb('m.gestionnaire_id', '!=', gestionnaireId)]))
    .returning(['m.id', 'before.gestionnaire_id as previous'])
    .execute();
}

export async function countMembres(db: Executor, ids: readonly number[]): Promise<number> {
  const row = await db
    .selectFrom('membres')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countClients(db: Executor, gestionnaireId: number): Promise<number> {
  const row = await db
    .selectFrom('membres')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('gestionnaire_id', '=', gestionnaireId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The next member code, ESV-{year}-{5-digit sequence} (decisions §5). */
export function nextCodeEsv() {
  return sql<string>`'ESV-' || extract(year FROM now())::int || '-' || lpad(nextval('membres_code_esv_seq')::text, 5, '0')`;
}

/** A new member file, with the next member code. */
export async function insertMembre(db: Executor, values: Omit<Insertable<MembresTable>, 'code_esv'>) {
  return db
    .insertInto('membres')
    .values({ ...values, code_esv: nextCodeEsv() })
    .returning(['id', 'code_esv'])
    .executeTakeFirstOrThrow();
}
