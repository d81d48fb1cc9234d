import { can, type Favori } from '@app/shared';
import type { Caller } from '../../caller.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import { findProduit, firstPhotos } from '../produits/produits.repository.ts';
import { deleteAllFavoris, deleteFavori, type FavoriSort, insertFavori, listFavoris } from './favoris.repository.ts';

type FavoriRow = Awaited<ReturnType<typeof listFavoris>>['rows'][number];

/** A saved product with its first photo (a signed address), or none. */
function toFavori(row: FavoriRow, photo: string | null): Favori {
  return {
    produit_id: row.produit_id,
    created_at: row.created_at.toISOString(),
    produit: {
      id: row.produit_id,
      titre: row.titre,
      type: row.type,
      prix_vente: Number(row.prix_vente),
      surface: Number(row.superficie),
      photo,
      disponibilite: row.disponibilite,
      site: { id: row.site_id, nom_site: row.nom_site, ville_site: row.ville_site },
    },
  };
}

/** A product withdrawn from the catalogue leaves the favourites of those who may not see it. */
const seesInactive = (caller: Caller) => can(caller.role, 'produits.manage');

/** Favourites, stored per account on the server (decisions §5); each change is audited. */
export class FavorisService {
  constructor(
    private readonly db: Database,
    private readonly media: MediaStore,
  ) {}

  /** The caller's own favourites, whatever his role. */
  async list(
    caller: Caller,
    options: { search?: string | undefined; sort: FavoriSort; page: number; limit: number; produitId?: number },
  ) {
    const { rows, pagination } = await listFavoris(this.db, caller.id, {
      ...options,
      onlyActive: !seesInactive(caller),
    });
    const photos = await firstPhotos(
      this.db,
      rows.map((r) => r.produit_id),
    );
    const data = rows.map((row) => {
      const photo = photos.find((p) => p.produit_id === row.produit_id);
      return toFavori(row, photo ? this.media.url(photo.path) : null);
    });
    return { data, pagination };
  }

  async add(caller: Caller, produitId: number): Promise<Favori> {
    await this.db.transaction().execute(async (trx) => {
      const produit = await findProduit(trx, produitId);
      if (!produit || (!(produit.est_actif && produit.site_actif) && !seesInactive(caller))) {
        throw new AppError('NOT_FOUND', 'Produit non trouvé');
      }
      const inserted = await insertFavori(trx, caller.id, produitId);
      if (inserted) {
        await insertAudit(trx, caller, {
          action: 'created',
          table_name: 'favoris',
          record_id: produitId,
          new_values: { produit_id: produitId },
        });
      }
    });
    const { data } = await this.list(caller, { sort: 'recent', page: 1, limit: 1, produitId });
    const favori = data[0];
    if (!favori) throw new AppError('NOT_FOUND', 'Produit non trouvé');
    return favori;
  }

  async remove(caller: Caller, produitId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if ((await deleteFavori(trx, caller.id, produitId)) === 0) {
        throw new AppError('NOT_FOUND', 'Ce produit n’est pas dans vos favoris');
      }
      await insertAudit(trx, caller, {
        action: 'deleted',
        table_name: 'favoris',
        record_id: produitId,
        old_values: { produit_id: produitId },
      });
    });
  }

  async clear(caller: Caller): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const count = await deleteAllFavoris(trx, caller.id);
      if (count > 0) {
        await insertAudit(trx, caller, { action: 'deleted', table_name: 'favoris', old_values: { count } });
      }
      return count;
    });
  }
}
