import {
  CHANTIER_MESSAGES,
  CHANTIER_STATUTS,
  type Chantier,
  type ChantierListQuery,
  type ChantierStats,
  type ChantierStatut,
  canChangeStatut,
  chantierCreateSchema,
  chantierProgress,
  chantierUpdateSchema,
  localIsoDate,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  transitionRefusedMessage,
} from '@app/shared';
import type { z } from 'zod';
import type { Caller } from '../../caller.ts';
import type { Database, Executor } from '../../db/database.ts';
import { AppError, parseInput } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import type { ParsedForm } from '../../plugins/files.ts';
import { changedFields, insertAudit } from '../audit/audit.repository.ts';
import {
  type ChantierRow,
  chantierPhotos,
  chantierStats,
  countChantierPhotos,
  deleteChantier,
  deleteChantierPhotos,
  findChantier,
  findSiteOfProduit,
  insertChantier,
  insertChantierPhotos,
  isResponsable,
  listChantiers,
  listChantiersOfProduit,
  lockChantier,
  siteExists,
  updateChantier,
} from './chantiers.repository.ts';

type Body = z.output<typeof chantierCreateSchema> | z.output<typeof chantierUpdateSchema>;

const notFound = () => new AppError('NOT_FOUND', CHANTIER_MESSAGES.notFound);
const fieldError = (field: string, message: string) => new AppError('VALIDATION_ERROR', message, { [field]: message });

const person = (id: number | null, nom: string | null, prenom: string | null) =>
  id !== null && nom !== null && prenom !== null ? { id, nom, prenom } : null;

type Photo = Awaited<ReturnType<typeof chantierPhotos>>[number];

function toChantier(row: ChantierRow, photos: readonly Photo[], media: MediaStore): Chantier {
  return {
    id: row.id,
    nom_chantier: row.nom_chantier,
    description: row.description,
    adresse: row.adresse,
    ville: row.ville,
    pays: row.pays,
    date_debut: row.date_debut,
    date_fin_prevue: row.date_fin_prevue,
    date_debut_reelle: row.date_debut_reelle,
    date_fin_reelle: row.date_fin_reelle,
    statut: row.statut,
    budget_prevu: Number(row.budget_prevu),
    budget_utilise: Number(row.budget_utilise),
    pourcentage_avancement: row.pourcentage_avancement,
    responsable_id: row.responsable_id,
    site_id: row.site_id,
    produit_id: row.produit_id,
    video_url: row.video_url,
    photos: photos.map((p) => ({ id: p.id, url: media.url(p.path), nom: p.original_name })),
    en_retard: row.en_retard,
    responsable: person(row.responsable_id, row.responsable_nom, row.responsable_prenom),
    produit:
      row.produit_id !== null && row.produit_titre !== null
        ? {
            id: row.produit_id,
            titre: row.produit_titre,
            type: row.produit_type ?? '',
            prix_vente: Number(row.produit_prix ?? 0),
          }
        : null,
    site:
      row.site_id !== null && row.site_nom !== null
        ? { id: row.site_id, nom_site: row.site_nom, ville_site: row.site_ville ?? '' }
        : null,
    createur: person(row.created_by, row.createur_nom, row.createur_prenom),
    created_by: row.created_by,
    updated_by: row.updated_by,
    date_creation: row.date_creation.toISOString(),
    date_modification: row.date_modification.toISOString(),
  };
}

/**
 * Chantiers (spec 2 §2, §4, §5, §7): read by staff and by a member for his product or its site;
 * created, changed and deleted by admin and gestionnaire. A status changes only along
 * CHANTIER_TRANSITIONS, stamping the real start and end on the way.
 */
export class ChantiersService {
  constructor(
    private readonly db: Database,
    private readonly media: MediaStore,
  ) {}

  /** The rows with their photos, read in one query for the page. */
  private async toChantiers(rows: readonly ChantierRow[]): Promise<Chantier[]> {
    const photos = await chantierPhotos(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((row) =>
      toChantier(
        row,
        photos.filter((p) => p.chantier_id === row.id),
        this.media,
      ),
    );
  }

  async list(caller: Caller, query: ChantierListQuery) {
    const { rows, pagination } = await listChantiers(this.db, caller.scope, query);
    return { data: await this.toChantiers(rows), pagination };
  }

  async ofProduit(caller: Caller, produitId: number): Promise<Chantier[]> {
    return this.toChantiers(await listChantiersOfProduit(this.db, caller.scope, produitId));
  }

  async stats(caller: Caller): Promise<ChantierStats> {
    const { parStatut, totals, villes, avancements } = await chantierStats(this.db, caller.scope);
    const par_statut = Object.fromEntries(CHANTIER_STATUTS.map((s) => [s, 0])) as Record<ChantierStatut, number>;
    for (const { statut, total } of parStatut) par_statut[statut] = Number(total);
    const today = new Date();
    const progress = avancements.map((c) => chantierProgress(c, today));
    return {
      total: Object.values(par_statut).reduce((sum, n) => sum + n, 0),
      par_statut,
      par_ville: villes.map((v) => ({ ville: v.ville, nombre: Number(v.total) })),
      budget_prevu: Number(totals.budget_prevu),
      budget_utilise: Number(totals.budget_utilise),
      avancement_moyen: progress.length ? Math.round(progress.reduce((a, b) => a + b, 0) / progress.length) : 0,
      en_retard: Number(totals.en_retard),
    };
  }

  async get(caller: Caller, id: number): Promise<Chantier> {
    const row = await findChantier(this.db, caller.scope, id);
    if (!row) throw notFound();
    const [chantier] = await this.toChantiers([row]);
    if (!chantier) throw notFound();
    return chantier;
  }

  /** Adds photos, checked by their content, up to the chantier's ten. */
  async addPhotos(caller: Caller, id: number, form: ParsedForm): Promise<Chantier> {
    const files = form.files.photo;
    if (files.length === 0) {
      throw new AppError('VALIDATION_ERROR', MEDIA_MESSAGES.photoRequired, { photo: MEDIA_MESSAGES.photoRequired });
    }
    await this.media.transactional((save) =>
      this.db.transaction().execute(async (trx) => {
        if (!(await lockChantier(trx, id))) throw notFound();
        const { max } = MEDIA_LIMITS.chantier.photos;
        if ((await countChantierPhotos(trx, id)) + files.length > max) {
          const message = MEDIA_MESSAGES.tooMany(max, 'photos');
          throw new AppError('VALIDATION_ERROR', message, { photo: message });
        }
        await insertChantierPhotos(trx, id, await save(`chantiers/${id}`, files));
        await insertAudit(trx, caller, {
          action: 'updated',
          table_name: 'chantiers',
          record_id: id,
          new_values: { photos_ajoutees: files.map((f) => f.filename.slice(0, 255)) },
        });
      }),
    );
    return this.get(caller, id);
  }

  async removePhoto(caller: Caller, id: number, photoId: number): Promise<Chantier> {
    const removed = await this.db.transaction().execute(async (trx) => {
      if (!(await lockChantier(trx, id))) throw notFound();
      const paths = await deleteChantierPhotos(trx, id, photoId);
      if (paths.length === 0) throw new AppError('NOT_FOUND', 'Photo non trouvée');
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'chantiers',
        record_id: id,
        old_values: { photo: photoId },
      });
      return paths;
    });
    await this.media.remove(removed);
    return this.get(caller, id);
  }

  async create(caller: Caller, input: unknown): Promise<Chantier> {
    const body = parseInput(chantierCreateSchema, input);
    const id = await this.db.transaction().execute(async (trx) => {
      const links = await this.links(trx, body);
      const today = localIsoDate();
      const { id } = await insertChantier(trx, {
        ...this.columns(body),
        ...links,
        statut: body.statut,
        // Created running: it started today, unless the plan says it started earlier.
        date_debut_reelle: body.statut === 'en_cours' ? (body.date_debut < today ? body.date_debut : today) : null,
        created_by: caller.id,
        updated_by: caller.id,
      });
      await insertAudit(trx, caller, {
        action: 'created',
        table_name: 'chantiers',
        record_id: id,
        new_values: { ...body, ...links },
      });
      return id;
    });
    return this.get(caller, id);
  }

  /**
   * Changes a chantier: its fields, and its status along the allowed transitions (409 otherwise).
   * Going to en_cours stamps the real start (once); termine stamps the real end and 100 %.
   */
  async update(caller: Caller, id: number, input: unknown): Promise<Chantier> {
    const body = parseInput(chantierUpdateSchema, input);
    await this.db.transaction().execute(async (trx) => {
      const before = await lockChantier(trx, id);
      if (!before) throw notFound();
      if (!canChangeStatut(before.statut, body.statut)) {
        const message = transitionRefusedMessage(before.statut, body.statut);
        throw new AppError('CONFLICT', message, { statut: message });
      }
      const links = await this.links(trx, body);
      const today = localIsoDate();
      const patch = { ...this.columns(body), ...links, statut: body.statut };
      if (body.statut !== before.statut) {
        if ((body.statut === 'en_cours' || body.statut === 'termine') && !before.date_debut_reelle) {
          Object.assign(patch, { date_debut_reelle: today });
        }
        if (body.statut === 'termine') Object.assign(patch, { date_fin_reelle: today, pourcentage_avancement: 100 });
      }
      const { old_values, new_values } = changedFields(
        { ...before, budget_prevu: Number(before.budget_prevu), budget_utilise: Number(before.budget_utilise) },
        patch,
      );
      if (Object.keys(new_values).length === 0) return;
      await updateChantier(trx, id, { ...new_values, updated_by: caller.id });
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'chantiers',
        record_id: id,
        old_values,
        new_values,
      });
    });
    return this.get(caller, id);
  }

  async remove(caller: Caller, id: number): Promise<void> {
    const photos = await this.db.transaction().execute(async (trx) => {
      const before = await lockChantier(trx, id);
      if (!before) throw notFound();
      const photos = await deleteChantierPhotos(trx, id);
      await deleteChantier(trx, id);
      await insertAudit(trx, caller, {
        action: 'deleted',
        table_name: 'chantiers',
        record_id: id,
        old_values: { nom_chantier: before.nom_chantier, statut: before.statut, ville: before.ville },
      });
      return photos;
    });
    await this.media.remove(photos);
  }

  /**
   * The responsible (an active staff account), the site and the product, each checked; a product
   * alone brings its site, a product and a site must agree.
   */
  private async links(db: Executor, body: Body) {
    if (body.responsable_id !== undefined && !(await isResponsable(db, body.responsable_id))) {
      throw fieldError('responsable_id', CHANTIER_MESSAGES.responsableNotFound);
    }
    let site_id = body.site_id ?? null;
    if (site_id !== null && !(await siteExists(db, site_id)))
      throw fieldError('site_id', CHANTIER_MESSAGES.siteNotFound);
    if (body.produit_id !== undefined) {
      const produit = await findSiteOfProduit(db, body.produit_id);
      if (!produit) throw fieldError('produit_id', CHANTIER_MESSAGES.produitNotFound);
      if (site_id !== null && produit.site_id !== site_id) {
        throw fieldError('produit_id', CHANTIER_MESSAGES.produitNotOnSite);
      }
      site_id = produit.site_id;
    }
    return { responsable_id: body.responsable_id ?? null, site_id, produit_id: body.produit_id ?? null };
  }

  private columns(body: Body) {
    return {
      nom_chantier: body.nom_chantier,
      description: body.description,
      adresse: body.adresse,
      ville: body.ville,
      pays: body.pays,
      date_debut: body.date_debut,
      date_fin_prevue: body.date_fin_prevue,
      budget_prevu: body.budget_prevu,
      budget_utilise: body.budget_utilise,
      pourcentage_avancement: body.pourcentage_avancement,
      video_url: body.video_url ?? null,
    };
  }
}
