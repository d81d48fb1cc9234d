import {
  BANQUE_MESSAGES,
  type Banque,
  type BanqueChoix,
  type BanqueListQuery,
  type BanqueTotaux,
  type banqueCreateSchema,
  type banqueSoldeSchema,
  type banqueUpdateSchema,
  type Mouvement,
  type MouvementListQuery,
} from '@app/shared';
import type { z } from 'zod';
import type { Caller } from '../../caller.ts';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { changedFields, insertAudit } from '../audit/audit.repository.ts';
import {
  type BanqueRow,
  banqueTotaux,
  clearPrincipale,
  deleteBanque,
  findBanque,
  findPrincipale,
  hasPendingDecisions,
  insertBanque,
  isBanqueReferenced,
  listBanques,
  listBanquesChoix,
  lockBanque,
  updateBanque,
} from './banques.repository.ts';
import { listMouvements, type MouvementRow, postMouvement } from './ledger.repository.ts';

type CreateBody = z.output<typeof banqueCreateSchema>;
type UpdateBody = z.output<typeof banqueUpdateSchema>;
type SoldeBody = z.output<typeof banqueSoldeSchema>;

const notFound = () => new AppError('NOT_FOUND', BANQUE_MESSAGES.notFound);
export const soldeInsuffisant = () =>
  new AppError('CONFLICT', BANQUE_MESSAGES.soldeInsuffisant, { montant: BANQUE_MESSAGES.soldeInsuffisant });

function toBanque(row: BanqueRow): Banque {
  return {
    id: row.id,
    nom: row.nom,
    code_banque: row.code_banque,
    numero_compte: row.numero_compte,
    adresse: row.adresse,
    telephone: row.telephone,
    email: row.email,
    site_web: row.site_web,
    contact_principal: row.contact_principal,
    iban: row.iban,
    swift: row.swift,
    devise: row.devise,
    type_compte: row.type_compte,
    statut: row.statut,
    est_actif: row.statut === 'active',
    est_principale: row.est_principale,
    solde_initial: Number(row.solde_initial),
    solde: Number(row.solde),
    nombre_mouvements: Number(row.nombre_mouvements ?? 0),
    releve_colonnes: row.releve_colonnes,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toMouvement(row: MouvementRow): Mouvement {
  return {
    id: Number(row.id),
    banque_id: row.banque_id,
    type: row.type,
    operation: row.operation,
    montant: Number(row.montant),
    solde_apres: Number(row.solde_apres),
    source_table: row.source_table,
    source_id: row.source_id,
    commentaire: row.commentaire,
    auteur:
      row.created_by !== null && row.auteur_nom !== null && row.auteur_prenom !== null
        ? { id: row.created_by, nom: row.auteur_nom, prenom: row.auteur_prenom }
        : null,
    date_valeur: row.date_valeur,
    rapprochement_id: row.rapprochement_id,
    created_at: row.created_at.toISOString(),
  };
}

/** Banks and their ledger (spec 3 §2.6; decisions §5): admin and comptable manage them. */
export class BanquesService {
  constructor(private readonly db: Database) {}

  async list(_caller: Caller, query: BanqueListQuery) {
    const [{ rows, pagination }, totaux] = await Promise.all([listBanques(this.db, query), banqueTotaux(this.db)]);
    const counted: BanqueTotaux = {
      nombre: Number(totaux.nombre),
      actives: Number(totaux.actives),
      solde_total: Number(totaux.solde_total),
    };
    return { data: rows.map(toBanque), pagination, totaux: counted };
  }

  async choix(_caller: Caller): Promise<BanqueChoix[]> {
    return listBanquesChoix(this.db);
  }

  async get(_caller: Caller, id: number): Promise<Banque> {
    const row = await findBanque(this.db, id);
    if (!row) throw notFound();
    return toBanque(row);
  }

  async principale(_caller: Caller): Promise<Banque> {
    const row = await findPrincipale(this.db);
    if (!row) throw new AppError('NOT_FOUND', BANQUE_MESSAGES.noPrincipale);
    return toBanque(row);
  }

  /** A new bank with its opening balance; made principal, it takes the place of the former one. */
  async create(caller: Caller, body: CreateBody): Promise<Banque> {
    const id = await this.db.transaction().execute(async (trx) => {
      if (body.est_principale) await this.demotePrincipale(trx, caller);
      const { id } = await insertBanque(trx, {
        ...body,
        solde: body.solde_initial,
        created_by: caller.id,
        updated_by: caller.id,
      });
      await insertAudit(trx, caller, { action: 'created', table_name: 'banques', record_id: id, new_values: body });
      return id;
    });
    return this.get(caller, id);
  }

  /** Changes the fields sent; the balance never changes here (a movement does). */
  async update(caller: Caller, id: number, patch: UpdateBody): Promise<Banque> {
    await this.db.transaction().execute(async (trx) => {
      const before = await lockBanque(trx, id);
      if (!before) throw notFound();
      if (before.est_principale && patch.est_principale === false) {
        throw new AppError('CONFLICT', BANQUE_MESSAGES.principaleRequired, {
          est_principale: BANQUE_MESSAGES.principaleRequired,
        });
      }
      const principale = patch.est_principale ?? before.est_principale;
      const statut = patch.statut ?? before.statut;
      if (principale && statut !== 'active') {
        throw new AppError('CONFLICT', BANQUE_MESSAGES.principaleActive, { statut: BANQUE_MESSAGES.principaleActive });
      }
      if (before.statut === 'active' && statut !== 'active' && (await hasPendingDecisions(trx, id))) {
        throw new AppError('CONFLICT', BANQUE_MESSAGES.pendingDecisions, {
          statut: BANQUE_MESSAGES.pendingDecisions,
        });
      }
      const { old_values, new_values } = changedFields(before as Record<string, unknown>, patch);
      if (Object.keys(new_values).length === 0) return;
      if (patch.est_principale) await this.demotePrincipale(trx, caller, id);
      await updateBanque(trx, id, { ...new_values, updated_by: caller.id });
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'banques',
        record_id: id,
        old_values,
        new_values,
      });
    });
    return this.get(caller, id);
  }

  /** The former principal bank, if any, stops being one: its own audit row says so. */
  private async demotePrincipale(trx: Executor, caller: Caller, exceptId?: number) {
    const former = await clearPrincipale(trx, exceptId);
    if (former === undefined) return;
    await insertAudit(trx, caller, {
      action: 'updated',
      table_name: 'banques',
      record_id: former,
      old_values: { est_principale: true },
      new_values: { est_principale: false },
    });
  }

  /**
   * Deletes a bank nothing refers to; one with movements or payments keeps its history and is
   * deactivated instead. The principal bank stays until another takes its place.
   */
  async remove(caller: Caller, id: number): Promise<{ deleted: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      const before = await lockBanque(trx, id);
      if (!before) throw notFound();
      if (before.est_principale) throw new AppError('CONFLICT', BANQUE_MESSAGES.principaleUndeletable);
      if (await isBanqueReferenced(trx, id)) {
        if (await hasPendingDecisions(trx, id)) throw new AppError('CONFLICT', BANQUE_MESSAGES.pendingDecisions);
        if (before.statut !== 'inactive') {
          await updateBanque(trx, id, { statut: 'inactive', updated_by: caller.id });
          await insertAudit(trx, caller, {
            action: 'updated',
            table_name: 'banques',
            record_id: id,
            old_values: { statut: before.statut },
            new_values: { statut: 'inactive' },
          });
        }
        return { deleted: false };
      }
      await deleteBanque(trx, id);
      await insertAudit(trx, caller, { action: 'deleted', table_name: 'banques', record_id: id, old_values: before });
      return { deleted: true };
    });
  }

  /** A manual deposit or withdrawal on an active bank: one movement with its comment; never below zero. */
  async operation(caller: Caller, id: number, body: SoldeBody): Promise<Banque> {
    await this.db.transaction().execute(async (trx) => {
      const before = await lockBanque(trx, id);
      if (!before) throw notFound();
      if (before.statut !== 'active') throw new AppError('CONFLICT', BANQUE_MESSAGES.inactive);
      const posted = await postMouvement(trx, {
        banque_id: id,
        operation: body.type === 'depot' ? 'depot' : 'retrait',
        montant: body.montant,
        source_table: 'banques',
        source_id: id,
        commentaire: body.commentaire,
        created_by: caller.id,
        date_valeur: body.date_valeur,
        compte_contrepartie: body.compte,
      });
      if (!posted) throw soldeInsuffisant();
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'banques',
        record_id: id,
        old_values: { solde: Number(before.solde) },
        new_values: {
          solde: posted.solde_apres,
          operation: body.type,
          montant: body.montant,
          commentaire: body.commentaire,
          date_valeur: body.date_valeur,
          compte: body.compte,
        },
      });
    });
    return this.get(caller, id);
  }

  async mouvements(caller: Caller, id: number, query: MouvementListQuery) {
    await this.get(caller, id);
    const { rows, pagination } = await listMouvements(this.db, id, query);
    return { data: rows.map(toMouvement), pagination };
  }
}
