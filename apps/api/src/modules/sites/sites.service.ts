import {
  can,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  type Site,
  type SiteListQuery,
  siteBodySchema,
  type siteStatsSchema,
} from '@app/shared';
import type { z } from 'zod';
import type { Caller } from '../../caller.ts';
import type { Database } from '../../db/database.ts';
import { AppError, parseInput } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import type { ParsedForm } from '../../plugins/files.ts';
import { changedFields, insertAudit } from '../audit/audit.repository.ts';
import {
  deleteSite,
  deleteSiteMedias,
  findSite,
  insertSite,
  insertSiteMedias,
  listSites,
  type SiteRow,
  siteMedias,
  siteStats,
  updateSite,
} from './sites.repository.ts';

const notFound = () => new AppError('NOT_FOUND', 'Site non trouvé');

type SiteStats = z.infer<typeof siteStatsSchema>;

type SiteMedia = Awaited<ReturnType<typeof siteMedias>>[number];

/**
 * A site with its photos and plans (`medias`: the site's own rows, in order) as signed addresses;
 * its authors only for `withAuthors` (staff).
 */
function toSite(row: SiteRow, medias: readonly SiteMedia[], url: (path: string) => string, withAuthors: boolean): Site {
  const photos = medias.filter((m) => m.kind === 'photo').map((m) => url(m.path));
  const plans = medias.filter((m) => m.kind === 'plan').map((m) => url(m.path));
  return {
    id: row.id,
    nom_site: row.nom_site,
    adresse_site: row.adresse_site,
    ville_site: row.ville_site,
    prix_metre_carre: Number(row.prix_metre_carre),
    localisation_site: row.localisation_site,
    video_site: row.video_site,
    photo_site: photos[0] ?? null,
    plan_site: plans[0] ?? null,
    photos_site: photos,
    plans_site: plans,
    est_actif: row.est_actif,
    nombre_produits: Number(row.nombre_produits),
    ...(withAuthors ? { created_by: row.created_by, updated_by: row.updated_by } : {}),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toSiteStats(row: Awaited<ReturnType<typeof siteStats>>): SiteStats {
  return {
    total: Number(row.total),
    actifs: Number(row.actifs),
    villes: Number(row.villes),
    prix_moyen_m2: row.prix_moyen_m2 === null ? null : Number(row.prix_moyen_m2),
    prix_min_m2: row.prix_min_m2 === null ? null : Number(row.prix_min_m2),
  };
}

/** Inactive sites are shown to the roles that manage the catalogue only. */
export const seesInactiveSites = (caller: Caller) => can(caller.role, 'sites.manage');

function checkPhotoCount(count: number, required: boolean) {
  const { min, max } = MEDIA_LIMITS.site.photos;
  if (required && count < min) {
    throw new AppError('VALIDATION_ERROR', MEDIA_MESSAGES.photoRequired, { photo: MEDIA_MESSAGES.photoRequired });
  }
  if (count > max) {
    const message = MEDIA_MESSAGES.tooMany(max, 'photos');
    throw new AppError('VALIDATION_ERROR', message, { photo: message });
  }
}

function checkPlanCount(count: number) {
  const { max } = MEDIA_LIMITS.site.plans;
  if (count > max) {
    const message = MEDIA_MESSAGES.tooMany(max, 'plans');
    throw new AppError('VALIDATION_ERROR', message, { plan: message });
  }
}

export class SitesService {
  constructor(
    private readonly db: Database,
    private readonly media: MediaStore,
  ) {}

  /** The rows with their media, read in one query for the page. */
  private async toSites(caller: Caller, rows: readonly SiteRow[]): Promise<Site[]> {
    const medias = await siteMedias(
      this.db,
      rows.map((r) => r.id),
    );
    const url = (path: string) => this.media.url(path);
    const withAuthors = can(caller.role, 'catalogue.management_info');
    return rows.map((row) =>
      toSite(
        row,
        medias.filter((m) => m.site_id === row.id),
        url,
        withAuthors,
      ),
    );
  }

  async list(caller: Caller, query: SiteListQuery) {
    const { rows, pagination } = await listSites(this.db, query, !seesInactiveSites(caller));
    return { data: await this.toSites(caller, rows), pagination };
  }

  async get(caller: Caller, id: number): Promise<Site> {
    const row = await findSite(this.db, id);
    if (!row || (!row.est_actif && !seesInactiveSites(caller))) throw notFound();
    const [site] = await this.toSites(caller, [row]);
    if (!site) throw notFound();
    return site;
  }

  async stats(caller: Caller): Promise<SiteStats> {
    return toSiteStats(await siteStats(this.db, !seesInactiveSites(caller)));
  }

  async create(caller: Caller, form: ParsedForm): Promise<Site> {
    const body = parseInput(siteBodySchema, form.fields);
    checkPhotoCount(form.files.photo.length, true);
    checkPlanCount(form.files.plan.length);
    const id = await this.media.transactional((save) =>
      this.db.transaction().execute(async (trx) => {
        const { id } = await insertSite(trx, { ...body, created_by: caller.id, updated_by: caller.id });
        await insertSiteMedias(trx, id, 'photo', await save(`sites/${id}`, form.files.photo));
        await insertSiteMedias(trx, id, 'plan', await save(`sites/${id}`, form.files.plan));
        await insertAudit(trx, caller, {
          action: 'created',
          table_name: 'sites',
          record_id: id,
          new_values: { ...body, photos: form.files.photo.length, plans: form.files.plan.length },
        });
        return id;
      }),
    );
    return this.get(caller, id);
  }

  /** Changes the given fields; photos or plans sent replace the current ones. */
  async update(caller: Caller, id: number, form: ParsedForm): Promise<Site> {
    const patch = parseInput(siteBodySchema.partial(), form.fields);
    checkPhotoCount(form.files.photo.length, false);
    checkPlanCount(form.files.plan.length);
    const replaced = await this.media.transactional((save) =>
      this.db.transaction().execute(async (trx) => {
        const before = await findSite(trx, id);
        if (!before) throw notFound();
        const { old_values, new_values } = changedFields(before as Record<string, unknown>, patch);
        const replaced: string[] = [];
        for (const kind of ['photo', 'plan'] as const) {
          const files = form.files[kind];
          if (files.length === 0) continue;
          replaced.push(...(await deleteSiteMedias(trx, id, kind)));
          await insertSiteMedias(trx, id, kind, await save(`sites/${id}`, files));
          new_values[`${kind}s`] = files.length;
        }
        if (Object.keys(new_values).length === 0) return replaced;
        await updateSite(trx, id, { ...patch, updated_by: caller.id });
        await insertAudit(trx, caller, {
          action: 'updated',
          table_name: 'sites',
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
      const before = await findSite(trx, id);
      if (!before) throw notFound();
      if (Number(before.nombre_produits) > 0) {
        throw new AppError(
          'CONFLICT',
          `Ce site contient encore ${before.nombre_produits} produit(s) : supprimez-les ou désactivez le site.`,
        );
      }
      const paths = [...(await deleteSiteMedias(trx, id, 'photo')), ...(await deleteSiteMedias(trx, id, 'plan'))];
      await deleteSite(trx, id);
      await insertAudit(trx, caller, {
        action: 'deleted',
        table_name: 'sites',
        record_id: id,
        old_values: { nom_site: before.nom_site, ville_site: before.ville_site },
      });
      return paths;
    });
    await this.media.remove(removed);
  }

  async setActive(caller: Caller, id: number, active: boolean): Promise<Site> {
    await this.db.transaction().execute(async (trx) => {
      const before = await findSite(trx, id);
      if (!before) throw notFound();
      if (before.est_actif === active) return;
      await updateSite(trx, id, { est_actif: active, updated_by: caller.id });
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'sites',
        record_id: id,
        old_values: { est_actif: before.est_actif },
        new_values: { est_actif: active },
      });
    });
    return this.get(caller, id);
  }
}
