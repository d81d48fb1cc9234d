import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { pageOf } from '../../db/paging.ts';
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
  const from = () =>
    db
      .selectFrom('favoris as f')
      .innerJoin('produits as p', 'p.id', 'f.produit_id')
      .innerJoin('sites as s', 's.id', 'p.site_id')
      .where('f.utilisateur_id', '=', utilisateurId);
  let matching = from();
  if (options.produitId) matching = matching.where('f.produit_id', '=', options.produitId);
  // A product withdrawn from the catalogue leaves the favourites of those who may not see it.
  if (options.onlyActive) matching = matching.where('p.est_actif', '=', true).where('s.est_actif', '=', true);
  if (options.search) {
    const pattern = containsPattern(options.search);
    matching = matching.where((eb) =>
      eb.or([
        eb('p.titre', 'ilike', pattern),
        eb('s.nom_site', 'ilike', pattern),
        eb('s.ville_site', 'ilike', pattern),
      ]),
    );
  }
  const first = {
    prix: ['p.prix_vente', 'desc'],
    titre: ['p.titre', 'asc'],
    recent: ['f.created_at', 'desc'],
  } as const;
  return pageOf(db, {
    matching,
    key: 'f.produit_id',
    order: [first[options.sort], ['f.produit_id', 'asc']],
    details: (inPage) =>
      from()
        .where(inPage)
        .select([
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
        ]),
    // One account's favourites: counted.
    total: 'count',
    page: options.page,
    limit: options.limit,
  });
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
