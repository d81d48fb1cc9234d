import {
  addMonths,
  allocate,
  DUREE_MAX_MOIS,
  ECHEANCIER_MESSAGES,
  type Echeance,
  type Echeancier,
  type EcheancierDebut,
  fullName,
  RESCHEDULING_TOO_LONG,
  type Reechelonnement,
  reschedule,
  reschedulingLength,
  retardDe,
} from '@app/shared';
import type { Caller } from '../../caller.ts';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import { findMembre, findOwnMembre } from '../membres/membres.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  findCurrentEcheancier,
  hasValidatedPayment,
  insertVersion,
  listEcheances,
  listSettlingPayments,
  listVersions,
  lockMembreTerms,
  refundedTotal,
  todayInCompany,
} from './echeanciers.repository.ts';

const notFound = () => new AppError('NOT_FOUND', 'Membre non trouvé');
const fieldError = (field: string, message: string) => new AppError('VALIDATION_ERROR', message, { [field]: message });

/**
 * A member's stored schedule settled by his validated payments (oldest instalment first, refunds
 * from the latest money), as of `today`, with its arrears and the penalty apart.
 */
export async function loadEcheancier(
  db: Executor,
  membreId: number,
  { today, graceDays, penaltyRate }: { today: string; graceDays: number; penaltyRate: number },
): Promise<Echeancier | null> {
  const current = await findCurrentEcheancier(db, membreId);
  if (!current) return null;
  const [schedule, payments, refunded, versions, locked] = await Promise.all([
    listEcheances(db, current.id),
    listSettlingPayments(db, membreId),
    refundedTotal(db, membreId),
    listVersions(db, membreId),
    hasValidatedPayment(db, membreId),
  ]);
  const paidOn = new Map(payments.map((p) => [p.id, p.date_versement]));
  const { echeances, excedent } = allocate(
    schedule,
    payments.map((p) => ({ id: p.id, montant: Number(p.montant) })),
    { today, refunded, graceDays },
  );
  const total = schedule.reduce((sum, e) => sum + e.montant, 0);
  const paye = echeances.reduce((sum, e) => sum + e.paye, 0);
  const next = echeances.find((e) => e.reste > 0 && e.statut !== 'en_retard');
  return {
    membre_id: membreId,
    version: current.version,
    premiere_echeance: current.premiere_echeance,
    total,
    paye,
    reste: total - paye,
    excedent,
    payees: echeances.filter((e) => e.statut === 'paye').length,
    debut_modifiable: !locked,
    prochaine: next ? { numero: next.numero, date: next.date, montant: next.reste } : null,
    retard: retardDe(echeances, today, penaltyRate),
    delai_grace: graceDays,
    taux_penalite: penaltyRate,
    echeances: echeances.map(({ reglements, ...e }) => ({
      ...e,
      reglements: reglements.map((r) => ({
        versement_id: r.versementId,
        montant: r.montant,
        date_versement: paidOn.get(r.versementId) ?? '',
      })),
    })),
    historique: versions.map((v) => ({
      version: v.version,
      premiere_echeance: v.premiere_echeance,
      echeances: Number(v.echeances),
      motif: v.motif,
      cree_par: v.nom === null || v.prenom === null ? null : fullName({ nom: v.nom, prenom: v.prenom }),
      created_at: v.created_at.toISOString(),
      remplace_le: v.remplace_le?.toISOString() ?? null,
    })),
  };
}

/** Schedules (issue 15): read in the member file's scope, changed by an admin only, audited. */
export class EcheanciersService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
  ) {}

  private async load(membreId: number): Promise<Echeancier> {
    const { recouvrement } = await this.settings.get();
    const today = await todayInCompany(this.db);
    const echeancier = await loadEcheancier(this.db, membreId, { today, ...recouvrement });
    if (!echeancier) throw notFound();
    return echeancier;
  }

  async get(caller: Caller, membreId: number): Promise<Echeancier> {
    if (!(await findMembre(this.db, caller.scope, membreId))) throw notFound();
    return this.load(membreId);
  }

  async own(caller: Caller): Promise<Echeancier> {
    const membre = await findOwnMembre(this.db, caller.scope);
    if (!membre) throw notFound();
    return this.load(membre.id);
  }

  /** Before any validated payment, the admin may move the first due date; the amounts stay. */
  async changeDebut(caller: Caller, membreId: number, { premiere_echeance }: EcheancierDebut): Promise<Echeancier> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await lockMembreTerms(trx, membreId))) throw notFound();
      if (await hasValidatedPayment(trx, membreId)) throw new AppError('CONFLICT', ECHEANCIER_MESSAGES.debutLocked);
      const today = await todayInCompany(trx);
      if (premiere_echeance < today) throw fieldError('premiere_echeance', ECHEANCIER_MESSAGES.premierePast);
      const current = await this.current(trx, membreId);
      const next = current.schedule.map((e, i) => ({ ...e, date: addMonths(premiere_echeance, i) }));
      await this.write(trx, caller, membreId, current, next, { premiere_echeance, motif: 'Date de début modifiée' });
    });
    return this.load(membreId);
  }

  /** What remains is spread anew (new duration or new monthly amount); the paid instalments and the total stay. */
  async reschedule(caller: Caller, membreId: number, body: Reechelonnement): Promise<Echeancier> {
    await this.db.transaction().execute(async (trx) => {
      const membre = await lockMembreTerms(trx, membreId);
      if (!membre) throw notFound();
      const today = await todayInCompany(trx);
      if (body.premiere_echeance < today) throw fieldError('premiere_echeance', ECHEANCIER_MESSAGES.premierePast);
      const current = await this.current(trx, membreId);
      const paid = Number(membre.montant_deja_paye);
      if (reschedulingLength(current.schedule, paid, body) > DUREE_MAX_MOIS) {
        throw fieldError('montant', RESCHEDULING_TOO_LONG);
      }
      const next = reschedule(current.schedule, paid, {
        premiere: body.premiere_echeance,
        duree: body.duree,
        montant: body.montant,
      });
      const kept = next.filter((e, i) => current.schedule[i] === e);
      if (kept.length === current.schedule.length) throw new AppError('CONFLICT', ECHEANCIER_MESSAGES.nothingLeft);
      const lastKept = kept.at(-1);
      if (lastKept && body.premiere_echeance <= lastKept.date)
        throw fieldError('premiere_echeance', ECHEANCIER_MESSAGES.premiereBeforeKept);
      // The version's first date stays its first instalment's, a kept one's when some were paid.
      await this.write(trx, caller, membreId, current, next, {
        premiere_echeance: next[0]?.date ?? body.premiere_echeance,
        motif: body.motif,
      });
    });
    return this.load(membreId);
  }

  private async current(db: Executor, membreId: number) {
    const echeancier = await findCurrentEcheancier(db, membreId);
    if (!echeancier) throw notFound();
    return { ...echeancier, schedule: await listEcheances(db, echeancier.id) };
  }

  private async write(
    trx: Executor,
    caller: Caller,
    membreId: number,
    current: { version: number; premiere_echeance: string; schedule: Echeance[] },
    next: Echeance[],
    version: { premiere_echeance: string; motif: string },
  ) {
    const inserted = await insertVersion(trx, membreId, { ...version, cree_par: caller.id }, next);
    const summary = (schedule: Echeance[]) => schedule.map((e) => `n°${e.numero} ${e.date} ${e.montant}`).join(', ');
    await insertAudit(trx, caller, {
      action: 'updated',
      table_name: 'echeanciers',
      record_id: membreId,
      membre_id: membreId,
      old_values: {
        version: current.version,
        premiere_echeance: current.premiere_echeance,
        echeances: summary(current.schedule),
      },
      new_values: { version: inserted.version, ...version, echeances: summary(next) },
    });
  }
}
