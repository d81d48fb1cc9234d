import {
  type Membre,
  type MembreListQuery,
  type MembreStats,
  type MembreUpdate,
  PEOPLE_MESSAGES,
  TYPES_MEMBRE,
} from '@app/shared';
import type { Caller } from '../../caller.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { changedFields, insertAudit } from '../audit/audit.repository.ts';
import { setAccountStatut, updateAccount } from '../utilisateurs/accounts.ts';
import { findActiveGestionnaire } from '../utilisateurs/utilisateurs.repository.ts';
import {
  assignGestionnaire,
  countMembres,
  findMembre,
  findMembreFile,
  findOwnMembre,
  listMembres,
  type MembreRow,
  membreStats,
  updateMembre,
} from './membres.repository.ts';

const notFound = () => new AppError('NOT_FOUND', 'Membre non trouvé');

/** Fields kept on the account (identity, contact, status) rather than on the member file. */
const ACCOUNT_FIELDS = ['nom', 'prenom', 'email', 'telephone', 'statut'] as const;

function toMembre(row: MembreRow, media: MediaStore): Membre {
  const engagement = Number(row.engagement_mensuel);
  return {
    id: row.id,
    utilisateur_id: row.utilisateur_id,
    code_esv: row.code_esv,
    nom: row.nom,
    prenom: row.prenom,
    email: row.email,
    telephone: row.telephone,
    photo_profil: row.photo_profil ? media.url(row.photo_profil) : null,
    date_naissance: row.date_naissance,
    profession: row.profession,
    adresse: row.adresse,
    ville: row.ville,
    pays: row.pays,
    num_cni: row.num_cni,
    statut: row.statut,
    type_membre: row.type_membre,
    date_inscription: row.date_inscription,
    engagement_mensuel: engagement,
    duree_paiement: row.duree_paiement,
    montant_total: Number(row.montant_total),
    montant_deja_paye: Number(row.montant_deja_paye),
    montant_du: Number(row.montant_du),
    gestionnaire_id: row.gestionnaire_id,
    gestionnaire:
      row.gestionnaire_id !== null && row.gestionnaire_nom !== null && row.gestionnaire_prenom !== null
        ? { id: row.gestionnaire_id, nom: row.gestionnaire_nom, prenom: row.gestionnaire_prenom }
        : null,
    produit_id: row.produit_id,
    produit:
      row.produit_id !== null && row.produit_nom !== null && row.site_id !== null
        ? {
            id: row.produit_id,
            nom: row.produit_nom,
            prix: Number(row.produit_prix),
            type: row.produit_type ?? '',
            site: {
              id: row.site_id,
              nom: row.nom_site ?? '',
              adresse: row.adresse_site ?? '',
              ville: row.ville_site ?? '',
            },
          }
        : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toMembreStats(row: Awaited<ReturnType<typeof membreStats>>): MembreStats {
  return {
    total: Number(row.total),
    actifs: Number(row.actifs),
    inactifs: Number(row.inactifs),
    suspendus: Number(row.suspendus),
    premium: Number(row.premium),
    vip: Number(row.vip),
    nouveaux_mois: Number(row.nouveaux_mois),
    parType: TYPES_MEMBRE.map((type_membre) => ({ type_membre, count: Number(row[type_membre]) })),
  };
}

/** Members, in the caller's scope (decisions §4): admin all, a gestionnaire his clients, a member himself. */
export class MembresService {
  constructor(
    private readonly db: Database,
    private readonly media: MediaStore,
  ) {}

  async list(caller: Caller, query: MembreListQuery) {
    const { rows, pagination } = await listMembres(this.db, caller.scope, query);
    return { data: rows.map((row) => toMembre(row, this.media)), pagination };
  }

  async stats(caller: Caller): Promise<MembreStats> {
    return toMembreStats(await membreStats(this.db, caller.scope));
  }

  /** The caller's own member file (his scope holds one at most). */
  async own(caller: Caller): Promise<Membre> {
    const row = await findOwnMembre(this.db, caller.scope);
    if (!row) throw notFound();
    return toMembre(row, this.media);
  }

  async get(caller: Caller, id: number): Promise<Membre> {
    const row = await findMembre(this.db, caller.scope, id);
    if (!row) throw notFound();
    return toMembre(row, this.media);
  }

  /** Changes the fields sent (admin); a member set inactive or suspended is signed out at once. */
  async update(caller: Caller, id: number, patch: MembreUpdate): Promise<Membre> {
    await this.db.transaction().execute(async (trx) => {
      const before = await findMembreFile(trx, id);
      if (!before) throw notFound();
      const { old_values, new_values } = changedFields(before as Record<string, unknown>, patch);
      if (Object.keys(new_values).length === 0) return;
      const account: Record<string, unknown> = {};
      const file: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(new_values)) {
        ((ACCOUNT_FIELDS as readonly string[]).includes(key) ? account : file)[key] = value;
      }
      const { statut, ...identity } = account as { statut?: Membre['statut'] };
      await updateAccount(trx, before.utilisateur_id, identity, caller.id);
      if (statut) await setAccountStatut(trx, before.utilisateur_id, statut, caller.id);
      if (Object.keys(file).length > 0) await updateMembre(trx, id, file);
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'membres',
        record_id: id,
        membre_id: id,
        old_values,
        new_values,
      });
    });
    return this.get(caller, id);
  }

  /** Assigns one or many members to an active gestionnaire (his account id), one audit row per member moved. */
  async assign(caller: Caller, membreIds: readonly number[], gestionnaireId: number): Promise<number> {
    const ids = [...new Set(membreIds)];
    return this.db.transaction().execute(async (trx) => {
      const gestionnaire = await findActiveGestionnaire(trx, gestionnaireId);
      if (!gestionnaire) {
        const message = 'Ce gestionnaire n’existe pas ou n’est pas actif';
        throw new AppError('VALIDATION_ERROR', message, { gestionnaire_id: message });
      }
      if ((await countMembres(trx, ids)) !== ids.length) throw notFound();
      const moved = await assignGestionnaire(trx, ids, gestionnaireId);
      for (const row of moved) {
        await insertAudit(trx, caller, {
          action: 'updated',
          table_name: 'membres',
          record_id: row.id,
          membre_id: row.id,
          old_values: { gestionnaire_id: row.previous },
          new_values: { gestionnaire_id: gestionnaireId },
        });
      }
      return moved.length;
    });
  }

  /** Members are never deleted: their payment history must stay (decisions §6). */
  async remove(_caller: Caller, id: number): Promise<never> {
    if (!(await findMembreFile(this.db, id))) throw notFound();
    throw new AppError('CONFLICT', PEOPLE_MESSAGES.membreNeverDeleted);
  }
}
