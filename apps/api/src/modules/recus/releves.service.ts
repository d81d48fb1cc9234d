import { fullName, RECU_MESSAGES, type ReleveQuery, TYPE_VERSEMENT_LABELS, type TypeVersement } from '@app/shared';
import type { Caller } from '../../caller.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { calendarIn } from '../dashboard/dashboard.service.ts';
import { loadEcheancier } from '../echeanciers/echeanciers.service.ts';
import { findMembre, findOwnMembre, type MembreRow } from '../membres/membres.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { type PdfFile, recuNumero } from './recus.service.ts';
import { type ReleveEcheancier, type ReleveLigne, renderReleve } from './releve-pdf.ts';
import { findSoldeAvant, listOperations } from './releves.repository.ts';

/** A statement's PDF and its closing figures: paid net at the end, what remains, arrears today. */
export interface Releve extends PdfFile {
  cloture: number;
  reste: number;
  retard: ReleveEcheancier['retard'] | null;
}

/**
 * A member's statement (relevé, issue 15) for a period: what he had paid net before it, each
 * validated payment and approved refund in it with the running total, the closing total, the
 * contract and what remains, and where he stands on his schedule today.
 */
export class RelevesService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
  ) {}

  /** The statement of a member the caller may see (membreId), or the caller's own (null). */
  async releve(caller: Caller, membreId: number | null, period: ReleveQuery): Promise<PdfFile> {
    const { general } = await this.settings.get();
    if (period.au > calendarIn(general.timeZone).today)
      throw new AppError('VALIDATION_ERROR', RECU_MESSAGES.periodFuture, { au: RECU_MESSAGES.periodFuture });
    const membre: MembreRow | undefined =
      membreId === null
        ? await findOwnMembre(this.db, caller.scope)
        : await findMembre(this.db, caller.scope, membreId);
    if (!membre) throw new AppError('NOT_FOUND', RECU_MESSAGES.membreNotFound);
    return this.render(membre, period);
  }

  /** A member's statement for a period, with its closing figures (the monthly e-mail says them). */
  async render(membre: MembreRow, { du, au }: ReleveQuery): Promise<Releve> {
    const { general, recouvrement } = await this.settings.get();
    const { today } = calendarIn(general.timeZone);
    const [avant, operations, echeancier] = await Promise.all([
      findSoldeAvant(this.db, membre.id, du, general.timeZone),
      listOperations(this.db, membre.id, du, au, general.timeZone),
      loadEcheancier(this.db, membre.id, { today, ...recouvrement }),
    ]);
    const ouverture = Number(avant.verse ?? 0) - Number(avant.rembourse ?? 0);
    let cumul = ouverture;
    let credits = 0;
    let debits = 0;
    const lignes: ReleveLigne[] = operations.map((op) => {
      const montant = Number(op.montant);
      if (op.kind === 'versement') {
        credits += montant;
        cumul += montant;
        return {
          date: op.at,
          operation: `Versement – ${TYPE_VERSEMENT_LABELS[op.type_versement as TypeVersement]}${op.banque ? ` (${op.banque})` : ''}`,
          reference: `Reçu ${recuNumero(op.id, op.at)}, bordereau ${op.reference}`,
          credit: montant,
          debit: null,
          cumul,
        };
      }
      debits += montant;
      cumul -= montant;
      return { date: op.at, operation: 'Remboursement', reference: op.reference, credit: null, debit: montant, cumul };
    });
    const engagement = Number(membre.engagement_mensuel);
    const total = Number(membre.montant_total);
    const position: ReleveEcheancier | null = echeancier && {
      au: today,
      payees: echeancier.payees,
      nombre: echeancier.echeances.length,
      prochaine: echeancier.prochaine,
      retard: echeancier.retard,
    };
    const pdf = await renderReleve({
      company: general,
      emisLe: new Date(),
      du,
      au,
      membre: { nom: fullName(membre), code_esv: membre.code_esv },
      produit: membre.produit_nom,
      contrat: { engagement, duree: membre.duree_paiement, total },
      ouverture,
      lignes,
      credits,
      debits,
      cloture: cumul,
      reste: Math.max(0, total - cumul),
      echeancier: position,
    });
    return {
      fileName: `releve-${membre.code_esv}-${du}-${au}.pdf`,
      pdf,
      cloture: cumul,
      reste: Math.max(0, total - cumul),
      retard: echeancier?.retard ?? null,
    };
  }
}
