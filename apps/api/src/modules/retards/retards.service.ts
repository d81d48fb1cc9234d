import {
  addDays,
  formatDate,
  type MembreEnRetard,
  paginate,
  type RetardsPage,
  type RetardsQuery,
  TRANCHE_LABELS,
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

/**
 * A CSV field: quoted, inner quotes doubled, and text a spreadsheet would run as a formula defused
 * (a phone number such as +225 07 … stays as it is).
 */
function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=@\t\r]|^[+-](?![\d\s]+$)/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
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

  /** Every late member for the filters, as a spreadsheet opens it (UTF-8 with BOM, semicolons, French headers). */
  async csv(caller: Caller, query: RetardsQuery): Promise<{ date: string; body: string }> {
    const filter = await this.filter(query);
    const rows = (await listRetards(this.db, caller.scope, filter, null)).map(toMembreEnRetard);
    const header = [
      'Code ESV',
      'Nom',
      'Prénom',
      'Téléphone',
      'Produit',
      'Site',
      'Gestionnaire',
      'Plus ancienne échéance impayée',
      'Jours de retard',
      'Tranche',
      'Montant en retard (FCFA)',
      'Pénalité (FCFA)',
      'Dernier versement',
    ];
    const lines = rows.map((r) =>
      [
        r.code_esv,
        r.nom,
        r.prenom,
        r.telephone,
        r.produit,
        r.site?.nom ?? null,
        r.gestionnaire ? `${r.gestionnaire.prenom} ${r.gestionnaire.nom}` : null,
        formatDate(r.echeance_impayee),
        r.jours,
        TRANCHE_LABELS[r.tranche],
        r.montant_retard,
        r.penalite,
        r.dernier_versement ? formatDate(r.dernier_versement) : null,
      ]
        .map(csvField)
        .join(';'),
    );
    return { date: filter.date, body: `\uFEFF${[header.map(csvField).join(';'), ...lines].join('\r\n')}\r\n` };
  }
}
