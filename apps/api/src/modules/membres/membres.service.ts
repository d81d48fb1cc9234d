import {
  type Membre,
  type MembreListQuery,
  type MembreStats,
  type MembreUpdate,
  PEOPLE_MESSAGES,
  paginate,
  TYPES_MEMBRE,
} from '@app/shared';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, changedFields, insertAudit } from '../audit/audit.repository.ts';
import type { RequestUser } from '../auth/auth.service.ts';
import { setAccountStatut } from '../utilisateurs/accounts.ts';
import { findActiveGestionnaire } from '../utilisateurs/utilisateurs.repository.ts';
import {
  assignGestionnaire,
  countMembres,
  findMembre,
  findMembreFile,
  listMembres,
  type MembreRow,
  type MembreScope,
  membreStats,
  updateMembre,
} from './membres.repository.ts';

const notFound = () => new AppError('NOT_FOUND', 'Membre non trouvé');

/** Fields kept on the account (identity, contact, status) rather than on the member file. */
const ACCOUNT_FIELDS = ['nom', 'prenom', 'email', 'telephone', 'statut'] as const;

/** Admin: every member; gestionnaire: his clients; membre: himself (decisions §4). */
export function membreScope(user: Pick<RequestUser, 'id' | 'role'>): MembreScope {
  if (user.role === 'admin') return { kind: 'all' };
  if (user.role === 'gestionnaire') return { kind: 'gestionnaire', id: user.id };
  return { kind: 'self', utilisateurId: user.id };
}

function toMembre(row: MembreRow): Membre {
  const engagement = Number(row.engagement_mensuel);
  return {
    id: row.id,
    utilisateur_id: row.utilisateur_id,
    code_esv: row.code_esv,
    nom: row.nom,
    prenom: row.prenom,
    email: row.email,
    telephone: row.telephone,
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
    montant_total: engagement * row.duree_paiement,
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

export class MembresService {
  constructor(private readonly db: Database) {}

  async list(user: RequestUser, query: MembreListQuery) {
    const { rows, total } = await listMembres(this.db, membreScope(user), query);
    return { data: rows.map(toMembre), pagination: paginate(query.page, query.limit, total) };
  }

  async stats(user: RequestUser): Promise<MembreStats> {
    const row = await membreStats(this.db, membreScope(user));
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

  async get(user: Pick<RequestUser, 'id' | 'role'>, id: number): Promise<Membre> {
    const row = await findMembre(this.db, membreScope(user), id);
    if (!row) throw notFound();
    return toMembre(row);
  }

  /** Changes the fields sent (admin); a member set inactive or suspended is signed out at once. */
  async update(id: number, patch: MembreUpdate, actor: AuditActor): Promise<Membre> {
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
      if (Object.keys(identity).length > 0) {
        await trx
          .updateTable('utilisateurs')
          .set({ ...identity, updated_by: actor.user_id, updated_at: new Date() })
          .where('id', '=', before.utilisateur_id)
          .execute();
      }
      if (statut) await setAccountStatut(trx, before.utilisateur_id, statut, actor.user_id);
      if (Object.keys(file).length > 0) await updateMembre(trx, id, file);
      await insertAudit(trx, actor, {
        action: 'updated',
        table_name: 'membres',
        record_id: id,
        membre_id: id,
        old_values,
        new_values,
      });
    });
    return this.get({ id: 0, role: 'admin' }, id);
  }

  /** Assigns one or many members to an active gestionnaire, one audit row per member moved. */
  async assign(membreIds: readonly number[], gestionnaireId: number, actor: AuditActor): Promise<number> {
    const ids = [...new Set(membreIds)];
    return this.db.transaction().execute(async (trx) => {
      const gestionnaire = await findActiveGestionnaire(trx, gestionnaireId);
      if (!gestionnaire) {
        const message = "Ce gestionnaire n'existe pas ou n'est pas actif";
        throw new AppError('VALIDATION_ERROR', message, { gestionnaire_id: message });
      }
      if ((await countMembres(trx, ids)) !== ids.length) throw notFound();
      const moved = await assignGestionnaire(trx, ids, gestionnaireId);
      for (const row of moved) {
        await insertAudit(trx, actor, {
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
  async remove(id: number): Promise<never> {
    if (!(await findMembreFile(this.db, id))) throw notFound();
    throw new AppError('CONFLICT', PEOPLE_MESSAGES.membreNeverDeleted);
  }
}
