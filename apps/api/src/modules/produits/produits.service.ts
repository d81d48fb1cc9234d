import {
  can,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  type Produit,
  type ProduitListQuery,
  produitBodySchema,
  type produitStatsSchema,
} from '@app/shared';
import type { z } from 'zod';
import type { Caller } from '../../caller.ts';
import type { Database, Executor } from '../../db/database.ts';
import type { MediaKind } from '../../db/schema.ts';
import { AppError, parseInput } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import type { ParsedForm } from '../../plugins/files.ts';
import { changedFields, insertAudit } from '../audit/audit.repository.ts';
import { siteMedias } from '../sites/sites.repository.ts';
import {
  deleteProduit,
  deleteProduitMedias,
  findProduit,
  insertProduit,
  insertProduitMedias,
  listProduits,
  type ProduitRow,
  produitMedias,
  produitStats,
  siteIsActive,
  updateProduit,
} from './produits.repository.ts';

const notFound = () => new AppError('NOT_FOUND', 'Produit non trouvé');

type ProduitStats = z.infer<typeof produitStatsSchema>;
type ProduitMedia = Awaited<ReturnType<typeof produitMedias>>[number];
type SiteMedia = Awaited<ReturnType<typeof siteMedias>>[number];

/**
 * A product with its site; `medias` are the product's own rows and `siteMediaRows` its site's, in
 * order, turned into signed addresses by `url`. Its authors only for `withAuthors` (staff).
 */
function toProduit(
  row: ProduitRow,
  medias: readonly ProduitMedia[],
  siteMediaRows: readonly SiteMedia[],
  url: (path: string) => string,
  withAuthors: boolean,
): Produit {
  const urls = (rows: readonly { kind: MediaKind; path: string }[], kind: MediaKind) =>
    rows.filter((m) => m.kind === kind).map((m) => url(m.path));
  const superficie = Number(row.superficie);
  const prix = Number(row.prix_vente);
  return {
    id: row.id,
    site_id: row.site_id,
    site: {
      id: row.site_id,
      nom_site: row.nom_site,
      adresse_site: row.adresse_site,
      ville_site: row.ville_site,
      prix_metre_carre: Number(row.prix_metre_carre),
      localisation_site: row.localisation_site,
      photo_site: urls(siteMediaRows, 'photo')[0] ?? null,
      plan_site: urls(siteMediaRows, 'plan')[0] ?? null,
      video_site: row.video_site,
      created_at: row.site_created_at.toISOString(),
      updated_at: row.site_updated_at.toISOString(),
    },
    titre: row.titre,
    description: row.description,
    type: row.type,
    superficie,
    surface: superficie,
    nombre_chambre: row.nombre_chambre,
    nombre_salon: row.nombre_salon,
    nombre_cuisine: row.nombre_cuisine,
    nombre_toilette: row.nombre_toilette,
    delais_construction: row.delais_construction,
    prix_vente: prix,
    caution: Number(row.caution),
    prix_m2: Math.round(prix / superficie),
    photos_logement: urls(medias, 'photo'),
    plan_logement: urls(medias, 'plan'),
    video_logement: row.video_logement,
    disponibilite: row.disponibilite,
    est_actif: row.est_actif,
    date_creation: row.date_creation.toISOString(),
    date_modification: row.date_modification.toISOString(),
    ...(withAuthors ? { created_by: row.created_by, updated_by: row.updated_by } : {}),
  };
}

function toProduitStats(row: Awaited<ReturnType<typeof produitStats>>): ProduitStats {
  const total = Number(row.total);
  return {
    total,
    logements: Number(row.logements),
    terrains: Number(row.terrains),
    reserves: Number(row.reserves),
    disponibles: total - Number(row.reserves),
    prix_moyen: row.prix_moyen === null ? null : Number(row.prix_moyen),
  };
}

/** Inactive products (or of an inactive site) are shown to the roles that manage the catalogue only. */
export const seesInactive = (caller: Caller) => can(caller.role, 'produits.manage');

function checkCounts(form: ParsedForm, creating: boolean) {
  const { photos, plans } = MEDIA_LIMITS.produit;
  const errors: Record<string, string> = {};
  const images = form.files.photo.length;
  const planCount = form.files.plan.length;
  if (creating && images < photos.min) errors.image = MEDIA_MESSAGES.imageRequired;
  if (images > photos.max) errors.image = MEDIA_MESSAGES.tooMany(photos.max, 'images');
  if (creating && planCount < plans.min) errors.plan = MEDIA_MESSAGES.planRequired;
  if (planCount > plans.max) errors.plan = MEDIA_MESSAGES.tooMany(plans.max, 'plans');
  const first = Object.values(errors)[0];
  if (first) throw new AppError('VALIDATION_ERROR', first, errors);
}

export class ProduitsService {
  constructor(
    private readonly db: Database,
    private readonly media: MediaStore,
  ) {}

  /** The rows with their media and their sites' media, read in two queries for the page. */
  private async toProduits(caller: Caller, rows: readonly ProduitRow[]): Promise<Produit[]> {
    const [medias, siteMediaRows] = await Promise.all([
      produitMedias(
        this.db,
        rows.map((r) => r.id),
      ),
      siteMedias(this.db, [...new Set(rows.map((r) => r.site_id))]),
    ]);
    const url = (path: string) => this.media.url(path);
    const withAuthors = can(caller.role, 'catalogue.management_info');
    return rows.map((row) =>
      toProduit(
        row,
        medias.filter((m) => m.produit_id === row.id),
        siteMediaRows.filter((m) => m.site_id === row.site_id),
        url,
        withAuthors,
      ),
    );
  }

  async list(caller: Caller, query: ProduitListQuery) {
    const { rows, pagination } = await listProduits(this.db, query, !seesInactive(caller));
    return { data: await this.toProduits(caller, rows), pagination };
  }

  async get(caller: Caller, id: number): Promise<Produit> {
    const row = await findProduit(this.db, id);
    if (!row || (!(row.est_actif && row.site_actif) && !seesInactive(caller))) throw notFound();
    return (await this.toProduits(caller, [row]))[0] as Produit;
  }

  async stats(caller: Caller): Promise<ProduitStats> {
    return toProduitStats(await produitStats(this.db, !seesInactive(caller)));
  }

  private async assertSite(db: Executor, siteId: number) {
    const active = await siteIsActive(db, siteId);
    if (active === undefined) {
      throw new AppError('VALIDATION_ERROR', 'Site introuvable', { site_id: 'Veuillez sélectionner un site' });
    }
    if (!active) {
      const message = 'Ce site est désactivé : activez-le ou choisissez-en un autre';
      throw new AppError('VALIDATION_ERROR', message, { site_id: message });
    }
  }

  async create(caller: Caller, form: ParsedForm): Promise<Produit> {
    const body = parseInput(produitBodySchema, form.fields);
    checkCounts(form, true);
    const id = await this.media.transactional((save) =>
      this.db.transaction().execute(async (trx) => {
        await this.assertSite(trx, body.site_id);
        const { id } = await insertProduit(trx, { ...body, created_by: caller.id, updated_by: caller.id });
        await insertProduitMedias(trx, id, 'photo', await save(`produits/${id}`, form.files.photo));
        await insertProduitMedias(trx, id, 'plan', await save(`produits/${id}`, form.files.plan));
        await insertAudit(trx, caller, {
          action: 'created',
          table_name: 'produits',
          record_id: id,
          new_values: { ...body, images: form.files.photo.length, plans: form.files.plan.length },
        });
        return id;
      }),
    );
    return this.get(caller, id);
  }

  /** Changes the given fields; images or plans sent replace the current ones. */
  async update(caller: Caller, id: number, form: ParsedForm): Promise<Produit> {
    checkCounts(form, false);
    const replaced = await this.media.transactional((save) =>
      this.db.transaction().execute(async (trx) => {
        const before = await findProduit(trx, id);
        if (!before) throw notFound();
        // The room rules depend on the type: the change is checked as a whole product.
        const merged = parseInput(produitBodySchema, { ...before, ...form.fields });
        const patch = Object.fromEntries(
          Object.keys(form.fields)
            .filter((key) => key in merged)
            .map((key) => [key, merged[key as keyof typeof merged]]),
        );
        if (patch.site_id !== undefined) await this.assertSite(trx, merged.site_id);
        const { old_values, new_values } = changedFields(before as Record<string, unknown>, patch);
        const replaced: string[] = [];
        for (const [kind, label] of [
          ['photo', 'images'],
          ['plan', 'plans'],
        ] as const) {
          const files = form.files[kind];
          if (files.length === 0) continue;
          replaced.push(...(await deleteProduitMedias(trx, id, kind)));
          await insertProduitMedias(trx, id, kind, await save(`produits/${id}`, files));
          new_values[label] = files.length;
        }
        if (Object.keys(new_values).length === 0) return replaced;
        await updateProduit(trx, id, { ...patch, updated_by: caller.id });
        await insertAudit(trx, caller, {
          action: 'updated',
          table_name: 'produits',
          record_id: id,
          old_values,
          new_values,
        });
        return replaced;
      }),
    );
    await this.media.remove(replaced);
    return this.get(caller, id);
  }

  async remove(caller: Caller, id: number): Promise<void> {
    const removed = await this.db.transaction().execute(async (trx) => {
      const before = await findProduit(trx, id);
      if (!before) throw notFound();
      if (before.disponibilite === 'reserve') {
        throw new AppError('CONFLICT', 'Ce produit est réservé par un membre : il ne peut pas être supprimé.');
      }
      const paths = await deleteProduitMedias(trx, id);
      await deleteProduit(trx, id);
      await insertAudit(trx, caller, {
        action: 'deleted',
        table_name: 'produits',
        record_id: id,
        old_values: { titre: before.titre, type: before.type, prix_vente: before.prix_vente, site_id: before.site_id },
      });
      return paths;
    });
    await this.media.remove(removed);
  }

  async setActive(caller: Caller, id: number, active: boolean): Promise<Produit> {
    await this.db.transaction().execute(async (trx) => {
      const before = await findProduit(trx, id);
      if (!before) throw notFound();
      if (before.est_actif === active) return;
      await updateProduit(trx, id, { est_actif: active, updated_by: caller.id });
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'produits',
        record_id: id,
        old_values: { est_actif: before.est_actif },
        new_values: { est_actif: active },
      });
    });
    return this.get(caller, id);
  }
}
