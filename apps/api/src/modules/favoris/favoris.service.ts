import { can, type Favori, paginate, type Role } from '@app/shared';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { type AuditActor, insertAudit } from '../audit/audit.repository.ts';
import { findProduit, firstPhotos } from '../produits/produits.repository.ts';
import { deleteAllFavoris, deleteFavori, type FavoriSort, insertFavori, listFavoris } from './favoris.repository.ts';

/** Favourites, stored per account on the server (decisions §5); each change is audited. */
export class FavorisService {
  constructor(
    private readonly db: Database,
    private readonly media: MediaStore,
  ) {}

  async list(
    user: { id: number; role: Role },
    options: { search?: string | undefined; sort: FavoriSort; page: number; limit: number; produitId?: number },
  ) {
    const { rows, total } = await listFavoris(this.db, user.id, {
      ...options,
      onlyActive: !can(user.role, 'produits.manage'),
    });
    const photos = await firstPhotos(
      this.db,
      rows.map((r) => r.produit_id),
    );
    const data: Favori[] = rows.map((row) => {
      const photo = photos.find((p) => p.produit_id === row.produit_id);
      return {
        produit_id: row.produit_id,
        created_at: row.created_at.toISOString(),
        produit: {
          id: row.produit_id,
          titre: row.titre,
          type: row.type,
          prix_vente: Number(row.prix_vente),
          surface: Number(row.superficie),
          photo: photo ? this.media.url(photo.path) : null,
          disponibilite: row.disponibilite,
          site: { id: row.site_id, nom_site: row.nom_site, ville_site: row.ville_site },
        },
      };
    });
    return { data, pagination: paginate(options.page, options.limit, total) };
  }

  async add(userId: number, role: Role, produitId: number, actor: AuditActor): Promise<Favori> {
    await this.db.transaction().execute(async (trx) => {
      const produit = await findProduit(trx, produitId);
      if (!produit || (!(produit.est_actif && produit.site_actif) && !can(role, 'produits.manage'))) {
        throw new AppError('NOT_FOUND', 'Produit non trouvé');
      }
      const inserted = await insertFavori(trx, userId, produitId);
      if (inserted) {
        await insertAudit(trx, actor, {
          action: 'created',
          table_name: 'favoris',
          record_id: produitId,
          new_values: { produit_id: produitId },
        });
      }
    });
    const { data } = await this.list({ id: userId, role }, { sort: 'recent', page: 1, limit: 1, produitId });
    const favori = data[0];
    if (!favori) throw new AppError('NOT_FOUND', 'Produit non trouvé');
    return favori;
  }

  async remove(userId: number, produitId: number, actor: AuditActor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if ((await deleteFavori(trx, userId, produitId)) === 0) {
        throw new AppError('NOT_FOUND', "Ce produit n'est pas dans vos favoris");
      }
      await insertAudit(trx, actor, {
        action: 'deleted',
        table_name: 'favoris',
        record_id: produitId,
        old_values: { produit_id: produitId },
      });
    });
  }

  async clear(userId: number, actor: AuditActor): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const count = await deleteAllFavoris(trx, userId);
      if (count > 0) {
        await insertAudit(trx, actor, { action: 'deleted', table_name: 'favoris', old_values: { count } });
      }
      return count;
    });
  }
}
