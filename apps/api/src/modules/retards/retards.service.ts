import {
  addDays,
  type MembreEnRetard,
  paginate,
  type RetardsPage,
  type RetardsQuery,
  TRANCHES_RETARD,
} from '@app/shared';
import type { Caller } from '../../caller.ts';
import type { Database } from '../../db/database.ts';
import { todayInCompany } from '../echeanciers/echeanciers.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  advanceRetards,
  listRetards,
  type RetardRow,
  type RetardsFilter,
  retardsTotals,
} from './retards.repository.ts';

function toMembreEnRetard(row: RetardRow): MembreEnRetard {
  return {
    membre_id: row.membre_id,
    code_esv: row.code_esv,
    nom: row.nom,
    prenom: row.prenom,
    telephone: row.telephone,
    produit: row.produit,
    site: row.site_id === null ? null : { id: row.site_id, nom: row.site_nom ?? '' },
    gestionnaire:
      row.gestionnaire_id === null
        ? null
        : { id: row.gestionnaire_id, nom: row.gestionnaire_nom ?? '', prenom: row.gestionnaire_prenom ?? '' },
    montant_retard: Number(row.montant_retard),
    penalite: Number(row.penalite),
    echeance_impayee: row.echeance_impayee,
    jours: row.jours,
    tranche: row.tranche,
    dernier_versement: row.dernier_versement,
  };
}

/** Members in arrears (issue 15's 'Retards'): admin and comptable all, a gestionnaire his clients. */
export class RetardsService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
  ) {}

  private async filter(query: RetardsQuery): Promise<RetardsFilter & { graceDays: number }> {
    const { recouvrement } = await this.settings.get();
    const today = await todayInCompany(this.db);
    const date = query.date ?? today;
    const kept = date === today;
    if (kept) await advanceRetards(this.db);
    return {
      date,
      limite: addDays(date, -recouvrement.graceDays),
      kept,
      tranche: query.tranche,
      site_id: query.site_id,
      gestionnaire_id: query.gestionnaire_id,
      penaltyBp: Math.round(recouvrement.penaltyRate * 100),
      graceDays: recouvrement.graceDays,
    };
  }

  async list(caller: Caller, query: RetardsQuery): Promise<RetardsPage> {
    const filter = await this.filter(query);
    const [rows, totals] = await Promise.all([
      listRetards(this.db, caller.scope, filter, { limit: query.limit, offset: (query.page - 1) * query.limit }),
      retardsTotals(this.db, caller.scope, filter),
    ]);
    const totaux = TRANCHES_RETARD.map((tranche) => {
      const row = totals.find((t) => t.tranche === tranche);
      return { tranche, membres: Number(row?.membres ?? 0), montant: Number(row?.montant ?? 0) };
    });
    const total = totaux
      .filter((t) => !filter.tranche || t.tranche === filter.tranche)
      .reduce((sum, t) => sum + t.membres, 0);
    return {
      success: true,
      data: rows.map(toMembreEnRetard),
      pagination: paginate(query.page, query.limit, total),
      date: filter.date,
      delai_grace: filter.graceDays,
      totaux,
    };
  }

  /** Every late member for the filters, in the list's order, and the day they are late on: what the export writes. */
  async allRows(caller: Caller, query: RetardsQuery): Promise<{ date: string; rows: MembreEnRetard[] }> {
    const filter = await this.filter(query);
    return { date: filter.date, rows: (await listRetards(this.db, caller.scope, filter, null)).map(toMembreEnRetard) };
  }
}
