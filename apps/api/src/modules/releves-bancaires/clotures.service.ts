import {
  BANQUE_MESSAGES,
  CLOTURE_MESSAGES,
  type Cloture,
  type ClotureListQuery,
  type EtatRapprochement,
  finDeMois,
} from '@app/shared';
import { sql } from 'kysely';
import type { Caller } from '../../caller.ts';
import type { Database, Executor } from '../../db/database.ts';
import { companyToday } from '../../db/echeances.ts';
import { AppError } from '../../errors.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import { findBanque, lockBanque } from '../banques/banques.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  type ClotureRow,
  clotureEnVigueur,
  enSuspensAu,
  findCloture,
  insertCloture,
  listClotures,
  reopenCloture,
  soldeComptableAu,
  soldeReleveAu,
} from './clotures.repository.ts';
import { toLigne } from './releves-bancaires.service.ts';

const notFound = () => new AppError('NOT_FOUND', BANQUE_MESSAGES.notFound);

function toCloture(row: ClotureRow): Cloture {
  return {
    id: row.id,
    banque_id: row.banque_id,
    mois: row.mois.slice(0, 7),
    solde: Number(row.solde),
    cloturee_par: row.cloturee_par_nom,
    created_at: row.created_at.toISOString(),
    rouverte_par: row.rouverte_par_nom,
    rouverte_le: row.rouverte_le?.toISOString() ?? null,
    motif_reouverture: row.motif_reouverture,
  };
}

/**
 * A bank's balance confirmed at a date, and its months closed (issue 27, decisions 0030): the
 * ledger's balance by value dates against the statement's, the unmatched items that explain their
 * difference; a past month closes when they agree, and then takes no movement until the admin
 * reopens it (the database refuses, migration 0027).
 */
export class CloturesService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
  ) {}

  async etat(_caller: Caller, banqueId: number, date: string): Promise<EtatRapprochement> {
    return this.etatIn(this.db, banqueId, date);
  }

  /**
   * The exceptions: what is still on one side only after the settings' days (`exceptionsJours`),
   * i.e. the unmatched items at the date that many days ago, with their totals.
   */
  async exceptions(caller: Caller, banqueId: number): Promise<EtatRapprochement & { jours: number }> {
    const { exceptionsJours } = (await this.settings.get()).comptabilite;
    const { rows } = await sql<{ date: string }>`
      SELECT to_char(${companyToday} - ${exceptionsJours}::integer, 'YYYY-MM-DD') AS date`.execute(this.db);
    const date = rows[0]?.date ?? '';
    return { ...(await this.etat(caller, banqueId, date)), jours: exceptionsJours };
  }

  private async etatIn(db: Executor, banqueId: number, date: string): Promise<EtatRapprochement> {
    const [soldeComptable, soldeReleve, suspens, cloture] = await Promise.all([
      soldeComptableAu(db, banqueId, date),
      soldeReleveAu(db, banqueId, date),
      enSuspensAu(db, banqueId, date),
      clotureEnVigueur(db, banqueId, date.slice(0, 7)),
    ]);
    if (soldeComptable === null) throw notFound();
    const ecart = soldeReleve === null ? null : soldeComptable - soldeReleve;
    return {
      banque_id: banqueId,
      date,
      solde_comptable: soldeComptable,
      solde_releve: soldeReleve,
      ecart,
      mouvements_en_suspens: {
        nombre: suspens.mouvements.nombre,
        total: suspens.mouvements.total,
        elements: suspens.mouvements.rows.map((m) => ({ ...m, id: Number(m.id), montant: Number(m.montant) })),
      },
      lignes_en_suspens: {
        nombre: suspens.lignes.nombre,
        total: suspens.lignes.total,
        elements: suspens.lignes.rows.map(toLigne),
      },
      ecart_inexplique: ecart === null ? null : ecart - (suspens.mouvements.total - suspens.lignes.total),
      cloture: cloture ? toCloture(cloture) : null,
    };
  }

  async list(_caller: Caller, banqueId: number, query: ClotureListQuery) {
    if (!(await findBanque(this.db, banqueId))) throw notFound();
    const { rows, pagination } = await listClotures(this.db, banqueId, query);
    return { data: rows.map(toCloture), pagination };
  }

  /**
   * Closes a past month when the ledger and the statement agree at its last day. The bank's row is
   * locked first, as a movement's posting does: no movement of the month slips in between.
   */
  async cloturer(caller: Caller, banqueId: number, mois: string): Promise<Cloture> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await lockBanque(trx, banqueId))) throw notFound();
      const { rows } = await sql<{ ecoule: boolean }>`
        SELECT ${`${mois}-01`}::date < date_trunc('month', ${companyToday})::date AS ecoule`.execute(trx);
      if (!rows[0]?.ecoule) throw new AppError('VALIDATION_ERROR', CLOTURE_MESSAGES.moisNonEcoule);
      if (await clotureEnVigueur(trx, banqueId, mois)) {
        throw new AppError('CONFLICT', CLOTURE_MESSAGES.dejaCloture(mois));
      }
      const etat = await this.etatIn(trx, banqueId, finDeMois(mois));
      if (etat.ecart === null) throw new AppError('CONFLICT', CLOTURE_MESSAGES.sansReleve(mois));
      if (etat.ecart !== 0) throw new AppError('CONFLICT', CLOTURE_MESSAGES.ecart(mois, etat.ecart));
      const id = await insertCloture(trx, {
        banque_id: banqueId,
        mois,
        solde: etat.solde_comptable,
        cloturee_par: caller.id,
      });
      await insertAudit(trx, caller, {
        action: 'created',
        table_name: 'clotures_bancaires',
        record_id: id,
        new_values: { banque_id: banqueId, mois, solde: etat.solde_comptable },
      });
      return toCloture(await findCloture(trx, id));
    });
  }

  /** The admin's reopening of a closed month, with its reason; the closure stays on record. */
  async rouvrir(caller: Caller, banqueId: number, mois: string, motif: string): Promise<Cloture> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await lockBanque(trx, banqueId))) throw notFound();
      const cloture = await clotureEnVigueur(trx, banqueId, mois);
      if (!cloture) throw new AppError('NOT_FOUND', CLOTURE_MESSAGES.nonCloture(mois));
      await reopenCloture(trx, cloture.id, caller.id, motif);
      await insertAudit(trx, caller, {
        action: 'updated',
        table_name: 'clotures_bancaires',
        record_id: cloture.id,
        old_values: { banque_id: banqueId, mois, statut: 'cloture' },
        new_values: { statut: 'rouvert', motif },
      });
      return toCloture(await findCloture(trx, cloture.id));
    });
  }
}
