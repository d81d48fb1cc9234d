import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { containsPattern } from '../../db/search.ts';

export type FavoriSort = 'recent' | 'prix' | 'titre';

export async function listFavoris(
  db: Executor,
  utilisateurId: number,
  options: {
    search?: string | undefined;
    sort: FavoriSort;
    page: number;
    limit: number;
    produitId?: number;
    onlyActive: boolean;
  },
) {
  let query = db
    .selectFrom('favoris as f')
    .innerJoin('produits as p', 'p.id', 'f.produit_id')
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .where('f.utilisateur_id', '=', utilisateurId);
  if (options.produitId) query = query.where('f.produit_id', '=', options.produitId);
  // A product withdrawn from the catalogue leaves the favourites of those who may not see it.
  if (options.onlyActive) query = query.where('p.est_actif', '=', true).where('s.est_actif', '=', true);
  if (options.search) {
    const pattern = containsPattern(options.search);
    query = query.where((eb) =>
      eb.or([
        eb('p.titre', 'ilike', pattern),
        eb('s.nom_site', 'ilike', pattern),
        eb('s.ville_site', 'ilike', pattern),
      ]),
    );
  }
  const ordered =
    options.sort === 'prix'
      ? query.orderBy('p.prix_vente', 'desc')
      : options.sort === 'titre'
        ? query.orderBy('p.titre', 'asc')
        : query.orderBy('f.created_at', 'desc');
  const rows = await ordered
    .select((eb) => [
      'f.produit_id',
      'f.created_at',
      'p.titre',
      'p.type',
      'p.prix_vente',
      'p.superficie',
      'p.site_id',
      's.nom_site',
      's.ville_site',
      sql<
        'disponible' | 'reserve'
      >`CASE WHEN EXISTS (SELECT 1 FROM membres m WHERE m.produit_id = p.id) THEN 'reserve' ELSE 'disponible' END`.as(
        'disponibilite',
      ),
      eb.fn.countAll<string>().over().as('total'),
    ])
    .orderBy('f.produit_id')
    .limit(options.limit)
    .offset((options.page - 1) * options.limit)
    .execute();
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

export async function insertFavori(db: Executor, utilisateurId: number, produitId: number) {
  return db
    .insertInto('favoris')
    .values({ utilisateur_id: utilisateurId, produit_id: produitId })
    .onConflict((oc) => oc.columns(['utilisateur_id', 'produit_id']).doNothing())
    .returning('created_at')
    .executeTakeFirst();
}

export async function deleteFavori(db: Executor, utilisateurId: number, produitId: number) {
  const result = await db
    .deleteFrom('favoris')
    .where('utilisateur_id', '=', utilisateurId)
    .where('produit_id', '=', produitId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteAllFavoris(db: Executor, utilisateurId: number) {
  const result = await db.deleteFrom('favoris').where('utilisateur_id', '=', utilisateurId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
