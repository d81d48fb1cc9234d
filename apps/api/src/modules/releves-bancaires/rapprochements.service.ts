import {
  BANQUE_MESSAGES,
  CLOTURE_MESSAGES,
  can,
  RAPPROCHEMENT_MESSAGES,
  type Rapprochement,
  type rapprochementCreateSchema,
  type Suggestion,
  type SuggestionListQuery,
} from '@app/shared';
import type { z } from 'zod';
import type { Caller } from '../../caller.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import { findBanque, lockBanque } from '../banques/banques.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { VersementsService } from '../versements/versements.service.ts';
import { rapprochementDansMoisClos } from './clotures.repository.ts';
import {
  banquesDesLignes,
  deleteRapprochement,
  findRapprochement,
  insertRapprochement,
  lockLignesLibres,
  mouvementDuVersement,
  mouvementsLibres,
  suggestions,
} from './rapprochements.repository.ts';
import { listLignes } from './releves-bancaires.repository.ts';
import { toLigne } from './releves-bancaires.service.ts';

type CreateBody = z.output<typeof rapprochementCreateSchema>;

const signed = (row: { sens?: 'credit' | 'debit'; type?: 'credit' | 'debit'; montant: string | number }) =>
  (row.sens ?? row.type) === 'debit' ? -Number(row.montant) : Number(row.montant);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const unique = (values: number[]) => [...new Set(values)];

function toRapprochement(match: NonNullable<Awaited<ReturnType<typeof findRapprochement>>>): Rapprochement {
  return {
    id: match.id,
    banque_id: match.banque_id,
    montant: Number(match.montant),
    lignes: match.lignes,
    mouvements: match.mouvements,
    created_at: match.created_at.toISOString(),
  };
}

/**
 * Reconciliation (issue 27, decisions 0029): a bank's statement lines matched to its ledger
 * movements, one to many either way, when their sums are equal; pending payments matched are
 * validated in the same transaction (by someone other than their declarer).
 */
export class RapprochementsService {
  constructor(
    private readonly db: Database,
    private readonly versements: VersementsService,
    private readonly settings: SettingsService,
  ) {}

  async create(caller: Caller, body: CreateBody): Promise<Rapprochement> {
    const lignesIds = unique(body.lignes);
    const mouvementsIds = unique(body.mouvements);
    const versementsIds = unique(body.versements);
    // Matching a pending payment validates it: only those who may validate payments may.
    if (versementsIds.length > 0 && !can(caller.role, 'versements.validate')) {
      throw new AppError('FORBIDDEN', RAPPROCHEMENT_MESSAGES.validationInterdite);
    }
    const id = await this.db.transaction().execute(async (trx) => {
      const banques = await banquesDesLignes(trx, lignesIds);
      if (banques.length > 1) throw new AppError('VALIDATION_ERROR', RAPPROCHEMENT_MESSAGES.uneBanque);
      const banqueId = banques[0] ?? 0;
      const lignes = await lockLignesLibres(trx, banqueId, lignesIds);
      if (lignes.length !== lignesIds.length) {
        throw new AppError('CONFLICT', RAPPROCHEMENT_MESSAGES.ligneIndisponible);
      }
      const mouvements = await mouvementsLibres(trx, banqueId, mouvementsIds);
      if (mouvements.length !== mouvementsIds.length) {
        throw new AppError('CONFLICT', RAPPROCHEMENT_MESSAGES.mouvementIndisponible);
      }
      // The pending payments are validated first (each checked as a validation is), and their credits join the match.
      const validated: (string | number)[] = [];
      for (const versementId of versementsIds) {
        await this.versements.validateIn(trx, caller, versementId, banqueId);
        validated.push(await mouvementDuVersement(trx, versementId));
      }
      const fromValidated = await mouvementsLibres(trx, banqueId, validated);
      const totalLignes = sum(lignes.map(signed));
      const totalMouvements = sum([...mouvements, ...fromValidated].map(signed));
      if (totalLignes !== totalMouvements) {
        throw new AppError('VALIDATION_ERROR', RAPPROCHEMENT_MESSAGES.ecart(totalLignes, totalMouvements));
      }
      const all = [...mouvements.map((m) => m.id), ...validated];
      const id = await insertRapprochement(
        trx,
        { banque_id: banqueId, montant: totalLignes, created_by: caller.id },
        lignesIds,
        all,
      );
      await insertAudit(trx, caller, {
        action: 'created',
        table_name: 'rapprochements',
        record_id: id,
        new_values: {
          banque_id: banqueId,
          montant: totalLignes,
          lignes: lignesIds,
          mouvements: all.map(Number),
          versements_valides: versementsIds,
        },
      });
      return id;
    });
    for (const versementId of versementsIds) await this.versements.validated(caller, versementId);
    return this.get(id);
  }

  private async get(id: number): Promise<Rapprochement> {
    const match = await findRapprochement(this.db, id);
    if (!match) throw new AppError('NOT_FOUND', RAPPROCHEMENT_MESSAGES.notFound);
    return toRapprochement(match);
  }

  /** Undoes a match; the payments it validated stay validated (their credit is real). */
  async remove(caller: Caller, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const match = await findRapprochement(trx, id);
      if (!match) throw new AppError('NOT_FOUND', RAPPROCHEMENT_MESSAGES.notFound);
      // Under the bank's lock, as a closure takes it: the month cannot close between the check and the undo.
      await lockBanque(trx, match.banque_id);
      if (await rapprochementDansMoisClos(trx, id)) throw new AppError('CONFLICT', CLOTURE_MESSAGES.rapprochementClos);
      await deleteRapprochement(trx, id);
      await insertAudit(trx, caller, {
        action: 'deleted',
        table_name: 'rapprochements',
        record_id: id,
        old_values: toRapprochement(match),
      });
    });
  }

  /** A page of the bank's unmatched lines, newest first, each with what it may be. */
  async suggestions(_caller: Caller, banqueId: number, query: SuggestionListQuery) {
    if (!(await findBanque(this.db, banqueId))) throw new AppError('NOT_FOUND', BANQUE_MESSAGES.notFound);
    const { rows, pagination } = await listLignes(this.db, banqueId, { ...query, statut: 'non_rapprochee' });
    const { comptabilite } = await this.settings.get();
    const found = await suggestions(
      this.db,
      rows.map((r) => Number(r.id)),
      comptabilite.fenetreRapprochementJours,
    );
    const byLine = new Map(found.map((f) => [Number(f.ligne_id), f]));
    const data: Suggestion[] = rows.map((row) => {
      const f = byLine.get(Number(row.id));
      return {
        ligne: toLigne(row),
        mouvements: (f?.mouvements ?? []).map((m) => ({ ...m, id: Number(m.id), montant: Number(m.montant) })),
        versements: (f?.versements ?? []).map((v) => ({ ...v, montant: Number(v.montant) })),
      };
    });
    return { data, pagination };
  }
}
